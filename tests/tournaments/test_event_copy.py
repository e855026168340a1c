"""Copying an event for next week: a new draft with the same settings, its own structure, the same chips,
and the tables that served the original when they are free; never its players, results or seats."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.event_copy import event_copy, event_copy_defaults, tables_of
from tdconsole.tournaments.events import EVENT_FIELDS
from tdconsole.tournaments.exceptions import EventSettingsError, FestivalError
from tdconsole.tournaments.models import Entry, Event, Level, Structure, Table
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
NEXT_WEEK = datetime.date(2026, 12, 8)
LEVEL_FIELDS = ("position", "kind", "small_blind", "big_blind", "ante", "minutes", "color_up")


def levels(structure: Structure) -> list[tuple]:
    return list(Level.objects.filter(structure=structure).order_by("position").values_list(*LEVEL_FIELDS))


@pytest.fixture
def original(make_event, director):
    """A re-entry event of the test series with tables 1-3, a chip set, its own structure."""
    event = make_event(name="Thursday Turbo", slug="thursday-turbo", format=Event.Format.REENTRY, max_entries=3,
                       buy_in_prize=Decimal("250"), buy_in_fee=Decimal("30"), starting_stack=25000,
                       seats_per_table=8, ante_type=Event.AnteType.TRADITIONAL, guarantee=Decimal("10000"),
                       currency="USD", status=Event.Status.DRAFT)
    Event.objects.filter(pk=event.pk).update(chip_set=factories.make_chip_set())
    event.refresh_from_db()
    return event


def test_the_copy_is_a_draft_of_the_same_festival_with_every_setting(original, director):
    made = event_copy(event=original, name="Thursday Turbo", date=NEXT_WEEK, actor=director)
    copy = made.event
    assert copy.pk != original.pk and copy.festival == original.festival
    assert copy.status == Event.Status.DRAFT
    for name in EVENT_FIELDS:
        if name not in ("slug", "date"):
            assert getattr(copy, name) == getattr(original, name), name
    assert (copy.date, copy.slug) == (NEXT_WEEK, "thursday-turbo-2026-12-08")
    assert copy.chip_set == original.chip_set
    assert copy.public_token != original.public_token


def test_the_copy_plays_its_own_structure_with_the_same_levels(original, director):
    Level.objects.filter(structure=original.structure, position=1).update(minutes=17)
    copy = event_copy(event=original, name="Friday Turbo", date=NEXT_WEEK, actor=director).event
    assert copy.structure_id != original.structure_id
    assert copy.structure.is_template is False
    assert levels(copy.structure) == levels(original.structure)
    assert levels(copy.structure)[0][5] == 17
    # Named after the copy, not nested: "Thursday Turbo (Simple)" becomes "Friday Turbo (Simple)".
    assert original.structure.name == "Thursday Turbo (Simple)"
    assert copy.structure.name == "Friday Turbo (Simple)"


def test_the_copy_has_none_of_the_originals_players_or_state(original, director, register):
    Event.objects.filter(pk=original.pk).update(status=Event.Status.REGISTERING, hand_for_hand=True,
                                                hand_for_hand_round=3, entry_numbers_used=4)
    register(original, "Ana")
    copy = event_copy(event=original, name="Next", date=NEXT_WEEK, actor=director).event
    assert not Entry.objects.filter(event=copy).exists()
    assert (copy.hand_for_hand, copy.hand_for_hand_round, copy.entry_numbers_used) == (False, 0, 0)
    assert copy.registration_closed_at is None


def test_the_copy_is_audited_in_its_own_trail_naming_the_original(original, director):
    copy = event_copy(event=original, name="Next", date=NEXT_WEEK, actor=director).event
    [record] = AuditEntry.entries.filter(action="event.copy")
    assert record.event_id == copy.pk
    assert [o["id"] for o in record.objects] == [copy.pk, original.pk]
    assert record.after["from"] == "thursday-turbo" and record.after["chip_set"] == "House chips"
    assert record.summary_text == "Event Next created as a copy of Thursday Turbo"


def test_the_form_proposes_the_same_name_a_week_later_with_a_free_slug(original, director):
    assert event_copy_defaults(event=original) == {"name": "Thursday Turbo", "date": NEXT_WEEK,
                                                   "slug": "thursday-turbo-2026-12-08"}
    event_copy(event=original, name="Thursday Turbo", date=NEXT_WEEK, actor=director)
    assert event_copy_defaults(event=original)["slug"] == "thursday-turbo-2026-12-08-2"


def test_a_slug_an_event_has_is_refused_and_nothing_is_made(original, director):
    structures = Structure.objects.count()
    with pytest.raises(EventSettingsError, match="An event with this short name already exists") as err:
        event_copy(event=original, name="Next", slug="thursday-turbo", date=NEXT_WEEK, actor=director)
    assert err.value.field == "slug"
    assert Event.objects.count() == 1 and Structure.objects.count() == structures


@pytest.mark.parametrize(("name", "date", "error", "field"), [
    ("", NEXT_WEEK, FestivalError, "name"),
    ("x" * 121, NEXT_WEEK, FestivalError, "name"),
    ("Next", datetime.date(2205, 1, 1), EventSettingsError, "date"),
])
def test_a_copy_without_a_usable_name_or_date_is_refused(original, director, name, date, error, field):
    with pytest.raises(error) as err:
        event_copy(event=original, name=name, date=date, actor=director)
    assert err.value.field == field
    assert Event.objects.count() == 1


# --- tables ---------------------------------------------------------------------------------------


def venue_table(event: Event, number: int) -> Table:
    return Table.objects.get(venue=event.festival.venue, number=number)


def test_the_tables_that_served_a_finished_original_go_to_the_copy(original, director):
    Table.objects.filter(venue=original.festival.venue, number__in=[1, 2, 3]).update(button_seat=4,
                                                                                      small_blind_seat=5)
    Event.objects.filter(pk=original.pk).update(status=Event.Status.FINISHED)
    made = event_copy(event=original, name="Next", date=NEXT_WEEK, table_numbers=tables_of(event=original),
                      actor=director)
    assert (made.tables, made.busy) == ([1, 2, 3], [])
    mine = {t.number: t for t in Table.objects.filter(event=made.event)}
    # As the seating desk gives tables: the highest number breaks first; no button recorded yet.
    assert {n: t.break_order for n, t in mine.items()} == {3: 1, 2: 2, 1: 3}
    assert {(t.button_seat, t.small_blind_seat) for t in mine.values()} == {(None, None)}
    assert AuditEntry.entries.get(action="event.copy").after["tables"] == [1, 2, 3]


def test_tables_still_serving_an_unfinished_event_stay_there_and_are_named(original, director, make_event):
    other = make_event(name="Friday Main", slug="friday-main", tables=(5,), status=Event.Status.RUNNING)
    Event.objects.filter(pk=original.pk).update(status=Event.Status.RUNNING)
    made = event_copy(event=original, name="Next", date=NEXT_WEEK, table_numbers=[1, 2, 4, 5], actor=director)
    assert made.tables == [4]
    assert [(b.number, b.event, b.status_label) for b in made.busy] == [
        (1, "Thursday Turbo", "Running"), (2, "Thursday Turbo", "Running"), (5, "Friday Main", "Running")]
    assert venue_table(original, 1).event == original and venue_table(original, 5).event == other
    assert AuditEntry.entries.get(action="event.copy").after["tables_busy"] == [1, 2, 5]


def test_the_winner_of_a_finished_event_is_stood_up_so_the_table_serves_the_copy(original, director, register):
    Event.objects.filter(pk=original.pk).update(status=Event.Status.REGISTERING)
    winner = register(original, "Winner")
    Entry.objects.filter(pk=winner.pk).update(table=venue_table(original, 2), seat=6, place=1)
    winner.refresh_from_db()
    Event.objects.filter(pk=original.pk).update(status=Event.Status.FINISHED)
    made = event_copy(event=original, name="Next", date=NEXT_WEEK, table_numbers=[winner.table.number],
                      actor=director)
    assert made.tables == [winner.table.number]
    winner.refresh_from_db()
    assert (winner.status, winner.table, winner.seat) == (Entry.Status.ALIVE, None, None)
    [record] = AuditEntry.entries.filter(action="tables.release")
    assert record.event_id == original.pk and record.after == {"event": made.event.slug}


def test_a_table_the_venue_does_not_have_is_refused_and_nothing_is_made(original, director):
    with pytest.raises(EventSettingsError, match="Test Card Room has no table 31, 40") as err:
        event_copy(event=original, name="Next", date=NEXT_WEEK, table_numbers=[1, 31, 40], actor=director)
    assert err.value.field == "tables"
    assert Event.objects.count() == 1 and venue_table(original, 1).event == original


def test_the_tables_of_an_event_include_those_its_eliminations_name(seated_event, director):
    from tdconsole.tournaments.eliminations import entry_eliminate

    busted = Entry.objects.filter(event=seated_event, table__number=2).order_by("seat").first()
    entry_eliminate(event=seated_event, table_number=2, seat=busted.seat, actor=director, level_position=None)
    # Table 2 breaks: released, and nobody of the event sits there any more.
    Entry.objects.filter(event=seated_event, table__number=2).update(table=None, seat=None)
    Table.objects.filter(event=seated_event, number=2).update(event=None)
    assert tables_of(event=seated_event) == [1, 2, 3]
