"""Late entries into Day 2: refused unless the director allows them; then a normal paid entry of the main
event with the stack the director set, seated at once once Day 2 is seated, counted once in the field."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Purchase
from tdconsole.clock.selectors import clock_structure
from tdconsole.day2.imports import day2_seats_import
from tdconsole.day2.late import day2_settings_update
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.exceptions import EventSettingsError, RegistrationError
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.selectors import event_field_summary

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

LIST = "12;1;#1\n12;2;#2\n12;3;#3\n13;1;#4\n13;2;#5\n"


def enter(main, director, name="Fábio", level_position=None):
    player = player_register(festival=main.festival, name=name, actor=director)
    return entry_register_seated(event=main, player=player, actor=director, level_position=level_position)


def allow(main, director, stack=40000, until=None):
    return day2_settings_update(event=main, actor=director, late_entries=True, late_stack=stack,
                                late_until_level=until)


def test_refused_when_not_allowed(merged, director):
    with pytest.raises(RegistrationError, match="Main Event takes no late entries into Day 2."):
        enter(merged, director)
    allow(merged, director)
    day2_settings_update(event=merged, actor=director, late_entries=False, late_stack=None, late_until_level=None)
    with pytest.raises(RegistrationError, match="takes no late entries"):
        enter(merged, director)
    assert not Entry.objects.filter(event=merged, carried=False).exists()
    assert not Purchase.objects.filter(entry__event=merged).exists()


def test_refused_before_the_merge_as_before(main, flights, director):
    main.status = main.Status.RUNNING
    main.save(update_fields=["status"])
    with pytest.raises(RegistrationError, match="is played in its flights: register the player in one of them"):
        enter(main, director)


def test_a_late_entry_is_paid_counted_once_with_the_stack_and_seated(merged, director):
    day2_seats_import(event=merged, text=LIST, actor=director)
    allow(merged, director, stack=40000)
    before = event_field_summary(event=merged, addon_chips=0)["entries"]
    entry = enter(merged, director)
    entry.refresh_from_db()
    assert entry.chips == 40000 and not entry.carried and entry.number == 6
    assert entry.table.number in (12, 13) and entry.seat is not None  # seated at once
    assert Purchase.objects.filter(entry=entry).count() == 1
    assert event_field_summary(event=merged, addon_chips=0)["entries"] == before + 1
    record = AuditEntry.entries.filter(action="entry.register", event_id=merged.pk).get()
    assert record.after["chips"] == 40000 and record.after["number"] == 6
    settings_record = AuditEntry.entries.get(action="day2.settings")
    assert settings_record.after == {"late_entries": True, "late_stack": 40000}


def test_a_day2_player_cannot_enter_again_while_in(merged, director):
    allow(merged, director)
    ana = Entry.objects.get(event=merged, number=1).player
    with pytest.raises(RegistrationError, match="Ana already has an entry in play"):
        entry_register_seated(event=merged, player=ana, actor=director, level_position=None)


def test_refused_past_the_last_level(merged, director):
    allow(merged, director, until=1)
    levels = [lv for lv in clock_structure(event=merged) if not lv.is_break]
    with pytest.raises(RegistrationError, match="Late entries into Day 2 closed after level 1."):
        enter(merged, director, level_position=levels[1].position)
    assert enter(merged, director, name="Gil", level_position=levels[0].position).chips == 40000


def test_the_settings_are_checked(merged, director):
    with pytest.raises(EventSettingsError, match="Give the starting stack"):
        day2_settings_update(event=merged, actor=director, late_entries=True, late_stack=None,
                             late_until_level=None)
    with pytest.raises(EventSettingsError, match="from 1 to"):
        allow(merged, director, stack=0)
    with pytest.raises(EventSettingsError, match="blind levels: give a level from 1 to"):
        allow(merged, director, until=99)


def test_a_late_entry_moves_the_placed_busts_down(merged, director):
    from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate

    day2_seats_import(event=merged, text=LIST, actor=director)
    entries_eliminate(event=merged, table_number=13, busts=[SeatBust(seat=2, starting_stack=None)],
                      actor=director, level_position=None)
    elisa = Entry.objects.get(event=merged, number=5)
    assert elisa.place == 5
    allow(merged, director)
    enter(merged, director)
    elisa.refresh_from_db()
    assert elisa.place == 6  # six players in the field now: five still in above her
