import pytest
from django.core.management import call_command

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.models import Entry, Event, Player, Structure, Table


def snapshot():
    return {
        "events": Event.objects.count(), "entries": Entry.objects.count(), "players": Player.objects.count(),
        "structures": Structure.objects.count(), "tables": Table.objects.count(),
        "audit": AuditEntry.entries.count(),
        "seats": sorted(Entry.objects.filter(table__isnull=False).values_list("pk", "table__number", "seat")),
    }


@pytest.mark.django_db
def test_load_demo_creates_the_demo_event_and_a_second_run_changes_nothing():
    call_command("load_demo", verbosity=0, stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo")
    assert event.format == Event.Format.REENTRY and event.status == Event.Status.RUNNING
    assert Table.objects.filter(venue=event.festival.venue).count() == 30
    assert 140 <= event.entries.count() <= 160
    alive = event.entries.filter(status=Entry.Status.ALIVE)
    assert alive.filter(table__isnull=True).count() == 0
    assert event.entries.filter(status=Entry.Status.BUSTED).exists()
    assert event.entries.filter(attempt__gt=1).exists()
    assert event.structure.levels.exists() and not event.structure.is_template
    assert Structure.objects.filter(is_template=True).count() == 3
    before = snapshot()
    call_command("load_demo", verbosity=0, stdout=open("/dev/null", "w"))
    assert snapshot() == before


@pytest.mark.django_db
def test_the_demo_event_has_club_money_paid_by_several_methods():
    from tdconsole.cashier.selectors import money_totals
    from tdconsole.payouts.selectors import event_prize_summary

    call_command("load_demo", verbosity=0, stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo")
    totals = money_totals(event=event)
    assert totals.buy_ins == event.entries.count() and totals.entries_without_buy_in == 0
    assert totals.rebuys > 0 and totals.kinds["staff"].count > 0
    assert {m for m, amount in totals.by_method.items() if amount} == {"cash", "pix", "card"}
    summary = event_prize_summary(event=event)
    assert summary["rebuys"] == totals.rebuys
    assert summary["staff_deduction"] > 0


@pytest.mark.django_db
def test_the_demo_event_plays_with_the_card_rooms_chips_and_their_colour_ups():
    from tdconsole.tournaments.structure_edit import specs_of_levels
    from tdconsole.tournaments.structures import smallest_chips

    call_command("load_demo", verbosity=0, stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo")
    assert event.chip_set is not None and event.chip_set.venue == event.festival.venue
    values = sorted(event.chip_set.chips.values_list("value", flat=True))
    assert values == [100, 500, 1000, 5000, 25000]
    smallest = smallest_chips(specs_of_levels(event.structure.levels.all()), values)
    # The 100s go at the third break, the 500s at the fifth: the last level plays with 1,000s at least.
    assert smallest[0] == 100 and smallest[-1] == 1000 and 500 in smallest
