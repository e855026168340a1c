"""Festivals, venues and a venue's tables as the director sets them up: each refusal names what is wrong,
nothing is written when refused, and every change is audited."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.exceptions import FestivalError
from tdconsole.tournaments.festivals import (
    festival_create,
    festival_update,
    festivals_with_events,
    number_ranges,
    table_remove,
    table_update,
    tables_add,
    venue_create,
    venue_tables,
    venue_update,
)
from tdconsole.tournaments.models import Entry, Event, Festival, Table, Venue
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def audits(action: str) -> list[AuditEntry]:
    return list(AuditEntry.entries.filter(action=action).order_by("id"))


def table(venue: Venue, number: int) -> Table:
    return Table.objects.get(venue=venue, number=number)


# --- venues ---------------------------------------------------------------------------------------


def test_a_venue_is_created_with_its_name_tidied_and_audited_outside_any_event(director):
    venue = venue_create(name="  Clube   do\tPoker ", actor=director)
    assert venue.name == "Clube do Poker"
    [record] = audits("venue.create")
    assert record.event_id is None and record.actor == director
    assert record.objects[0] == {"model": "tournaments.venue", "id": venue.pk, "label": "Clube do Poker"}


@pytest.mark.parametrize("name", ["", "   ", "\x00", "x" * 121])
def test_a_venue_without_a_usable_name_is_refused(director, name):
    with pytest.raises(FestivalError) as err:
        venue_create(name=name, actor=director)
    assert err.value.field == "name"
    assert not Venue.objects.exists() and not audits("venue.create")


def test_a_second_venue_of_the_same_name_in_another_case_is_refused(director):
    venue_create(name="Clube do Poker", actor=director)
    with pytest.raises(FestivalError, match="A venue named “CLUBE DO POKER” already exists"):
        venue_create(name="CLUBE DO POKER", actor=director)
    assert Venue.objects.count() == 1


def test_renaming_a_venue_is_audited_and_cannot_take_another_venues_name(director):
    venue = venue_create(name="Old Room", actor=director)
    venue_create(name="Big Room", actor=director)
    venue_update(venue=venue, name="New Room", actor=director)
    venue.refresh_from_db()
    assert venue.name == "New Room"
    [record] = audits("venue.update")
    assert (record.before, record.after) == ({"name": "Old Room"}, {"name": "New Room"})
    with pytest.raises(FestivalError, match="already exists"):
        venue_update(venue=venue, name="big room", actor=director)


# --- festivals ------------------------------------------------------------------------------------


def test_a_festival_at_a_chosen_venue_gets_a_slug_from_its_name(director):
    venue = factories.make_venue("Room")
    festival = festival_create(name="Série de Verão", venue=venue, actor=director)
    assert (festival.slug, festival.venue) == ("serie-de-verao", venue)
    again = festival_create(name="Série de Verão", venue=venue, actor=director)
    assert again.slug == "serie-de-verao-2"
    [first, _second] = audits("festival.create")
    assert first.after == {"name": "Série de Verão", "slug": "serie-de-verao", "venue": "Room"}


def test_a_festival_at_a_venue_typed_creates_that_venue_with_it(director):
    festival = festival_create(name="Winter Series", venue_name="  Casa  Nova ", actor=director)
    assert festival.venue.name == "Casa Nova"
    assert len(audits("venue.create")) == 1 and len(audits("festival.create")) == 1


def test_a_venue_typed_that_exists_in_another_case_is_that_venue(director):
    venue = factories.make_venue("Casa Nova")
    festival = festival_create(name="Winter Series", venue_name="casa nova", actor=director)
    assert festival.venue == venue and Venue.objects.count() == 1


@pytest.mark.parametrize(("venue", "typed", "field"), [(False, "", "venue"), (True, "Another", "venue_name")])
def test_a_festival_needs_exactly_one_venue(director, venue, typed, field):
    chosen = factories.make_venue("Room") if venue else None
    with pytest.raises(FestivalError) as err:
        festival_create(name="Series", venue=chosen, venue_name=typed, actor=director)
    assert err.value.field == field
    assert not Festival.objects.exists() and Venue.objects.count() == (1 if venue else 0)


@pytest.mark.parametrize(("slug", "message"), [
    ("taken", "A festival with this short name already exists."),
    ("new", "“new” is kept for the site's own pages"),
    ("Not A Slug", "letters, digits and hyphens"),
])
def test_a_festival_slug_typed_must_be_free_and_plain(director, slug, message):
    venue = factories.make_venue("Room")
    Festival.objects.create(name="Taken", slug="taken", venue=venue)
    with pytest.raises(FestivalError, match=message) as err:
        festival_create(name="Series", slug=slug, venue=venue, actor=director)
    assert err.value.field == "slug"


def test_a_festival_named_new_gets_a_slug_the_festival_pages_do_not_use(director):
    festival = festival_create(name="New", venue=factories.make_venue("Room"), actor=director)
    assert festival.slug == "new-2"


def test_a_festival_moves_venue_only_when_its_unfinished_events_have_no_tables_there(director):
    festival = factories.make_festival("series", venue_name="Old Room", tables=3)
    event = factories.make_event("main", festival=festival, status=Event.Status.RUNNING)
    Table.objects.filter(venue=festival.venue, number=1).update(event=event)
    new = factories.make_venue("New Room")
    with pytest.raises(FestivalError, match="Event main has tables of Old Room") as err:
        festival_update(festival=festival, name="Series", venue=new, actor=director)
    assert err.value.field == "venue"
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    festival_update(festival=festival, name="Summer Series", venue=new, actor=director)
    festival.refresh_from_db()
    assert (festival.name, festival.venue, festival.slug) == ("Summer Series", new, "series")
    [record] = audits("festival.update")
    assert record.before == {"name": "Test festival", "venue": "Old Room"}
    assert record.after == {"name": "Summer Series", "venue": "New Room"}


def test_saving_a_festival_unchanged_writes_no_audit_record(director):
    festival = factories.make_festival("series", name="Series")
    festival_update(festival=festival, name="Series", venue=festival.venue, actor=director)
    assert not audits("festival.update")


def test_the_festivals_list_reads_every_event_in_two_queries(django_assert_num_queries):
    for slug in ("a", "b"):
        festival = factories.make_festival(slug, name=f"Festival {slug}")
        for n in range(3):
            event = factories.make_event(f"{slug}{n}", festival=festival)
            factories.make_entries(event, n)
    with django_assert_num_queries(2):
        found = festivals_with_events()
        counts = {e.slug: e.n_entries for f in found for e in f.events.all()}
        venues = {f.venue.name for f in found}
    assert counts == {"a0": 0, "a1": 1, "a2": 2, "b0": 0, "b1": 1, "b2": 2}
    assert venues == {"Test venue"}


# --- tables ---------------------------------------------------------------------------------------


def test_tables_are_added_as_a_range_with_their_seats_and_audited(director):
    venue = factories.make_venue("Room")
    added = tables_add(venue=venue, first=1, last=12, seats=9, actor=director)
    assert [t.number for t in added] == list(range(1, 13))
    assert set(Table.objects.filter(venue=venue).values_list("seats", flat=True)) == {9}
    [record] = audits("tables.add")
    assert record.event_id is None and record.after == {"numbers": list(range(1, 13)), "seats": 9}
    assert record.summary_text == "Tables 1-12 added to Room (9 seats)"


def test_adding_numbers_the_venue_has_is_refused_naming_them(director):
    venue = factories.make_venue("Room", tables=5)
    with pytest.raises(FestivalError, match=r"Room already has tables 3-5\.") as err:
        tables_add(venue=venue, first=3, last=8, seats=9, actor=director)
    assert err.value.field == "first"
    assert Table.objects.filter(venue=venue).count() == 5 and not audits("tables.add")


@pytest.mark.parametrize(("first", "last", "seats", "field"), [
    (5, 4, 9, "last"), (1, 201, 9, "last"), (0, 3, 9, "first"), (1, 2**31, 9, "last"), (1, 3, 11, "seats"),
    (1, 3, 1, "seats"), (True, 3, 9, "first"), (1, 3, "9", "seats"),
])
def test_adding_tables_out_of_bounds_is_refused(director, first, last, seats, field):
    venue = factories.make_venue("Room")
    with pytest.raises(FestivalError) as err:
        tables_add(venue=venue, first=first, last=last, seats=seats, actor=director)
    assert err.value.field == field
    assert not Table.objects.exists()


def test_a_table_changes_seats_and_number_with_an_audit_record(director):
    venue = factories.make_venue("Room", tables=3)
    changed = table_update(table=table(venue, 3), number=7, seats=6, actor=director)
    assert (changed.number, changed.seats) == (7, 6)
    [record] = audits("table.update")
    assert (record.before, record.after) == ({"number": 3, "seats": 9}, {"number": 7, "seats": 6})


def test_a_number_the_venue_has_is_refused_not_a_crash(director):
    venue = factories.make_venue("Room", tables=3)
    with pytest.raises(FestivalError, match="Room already has a table 2") as err:
        table_update(table=table(venue, 3), number=2, seats=9, actor=director)
    assert err.value.field == "number"
    assert table(venue, 3).seats == 9


def test_a_table_serving_an_unfinished_event_keeps_its_number(director):
    festival = factories.make_festival("series", tables=3)
    event = factories.make_event("main", festival=festival, status=Event.Status.DRAFT)
    Table.objects.filter(number=2).update(event=event)
    with pytest.raises(FestivalError, match="Table 2 serves Event main: its number stays"):
        table_update(table=table(festival.venue, 2), number=9, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert table_update(table=table(festival.venue, 2), number=9, actor=director).number == 9


def test_a_seat_taken_keeps_the_table_from_losing_it(director):
    festival = factories.make_festival("series")
    event = factories.make_event("main", festival=festival, status=Event.Status.RUNNING)
    factories.make_entries(event, 9)
    factories.seat_field(event)
    seated = Table.objects.get(event=event)
    with pytest.raises(FestivalError, match="Seat 9 of table 1 is taken") as err:
        table_update(table=seated, seats=8, actor=director)
    assert err.value.field == "seats"
    assert table_update(table=seated, seats=10, actor=director).seats == 10


def test_a_free_table_is_removed_with_an_audit_record(director):
    venue = factories.make_venue("Room", tables=3)
    gone = table(venue, 3)
    table_remove(table=gone, actor=director)
    assert sorted(Table.objects.filter(venue=venue).values_list("number", flat=True)) == [1, 2]
    [record] = audits("table.remove")
    assert record.objects[0] == {"model": "tournaments.table", "id": gone.pk, "label": "Table 3"}
    assert record.before == {"number": 3, "seats": 9, "event": None}


def test_a_table_with_players_seated_is_not_removed(director):
    festival = factories.make_festival("series")
    event = factories.make_event("main", festival=festival, status=Event.Status.RUNNING)
    factories.make_entries(event, 4)
    factories.seat_field(event)
    with pytest.raises(FestivalError, match=r"Table 1 has 4 players seated \(Event main\): move them first\."):
        table_remove(table=Table.objects.get(event=event), actor=director)
    assert Table.objects.filter(event=event).exists() and not audits("table.remove")


def test_a_table_serving_an_unfinished_event_is_not_removed_even_empty(director):
    festival = factories.make_festival("series", tables=2)
    event = factories.make_event("main", festival=festival, status=Event.Status.REGISTERING)
    Table.objects.filter(number=2).update(event=event)
    with pytest.raises(FestivalError, match=r"Table 2 serves Event main \(Registering\): it stays"):
        table_remove(table=table(festival.venue, 2), actor=director)


def test_a_table_the_record_names_is_kept_with_a_message(director, template):
    festival = factories.make_festival("series", tables=2)
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director, tables=(1, 2),
                                           status=Event.Status.REGISTERING)
    factories.seated_at_desk(event, 4, actor=director)
    busted = Entry.objects.filter(event=event, table__isnull=False).order_by("number").first()
    entry_eliminate(event=event, table_number=busted.table.number, seat=busted.seat, actor=director,
                    level_position=None)
    named = busted.table
    # The night ends: the table is free again, nobody sits there, and an elimination still names it.
    Entry.objects.filter(table=named).update(table=None, seat=None)
    Table.objects.filter(pk=named.pk).update(event=None)
    with pytest.raises(FestivalError, match=f"Table {named.number} is named in the eliminations of Event"):
        table_remove(table=named, actor=director)
    assert Table.objects.filter(pk=named.pk).exists()


def test_the_table_of_a_finished_event_with_nobody_seated_is_removed(director):
    festival = factories.make_festival("series", tables=1)
    event = factories.make_event("main", festival=festival, status=Event.Status.FINISHED)
    Table.objects.update(event=event)
    table_remove(table=table(festival.venue, 1), actor=director)
    assert not Table.objects.exists()
    assert audits("table.remove")[0].before["event"] == "main"


def test_venue_tables_say_what_serves_sits_and_names_each_in_one_query(director, django_assert_num_queries):
    festival = factories.make_festival("series", tables=3)
    event = factories.make_event("main", festival=festival, status=Event.Status.RUNNING)
    Table.objects.filter(number=1).update(event=event)
    factories.make_entries(event, 2)
    for i, entry in enumerate(Entry.objects.filter(event=event)):
        Entry.objects.filter(pk=entry.pk).update(table=table(festival.venue, 1), seat=i + 1)
    with django_assert_num_queries(1):
        rows = venue_tables(venue=festival.venue)
        shown = [(r.table.number, r.table.event.slug if r.table.event else None, r.seated, r.removable)
                 for r in rows]
    assert shown == [(1, "main", 2, False), (2, None, 0, True), (3, None, 0, True)]


@pytest.mark.parametrize(("numbers", "text"), [
    ([], ""), ([4], "4"), ([1, 2, 3, 5, 7, 8], "1-3, 5, 7-8"), ([3, 1, 2, 2], "1-3"),
])
def test_number_ranges_say_table_numbers_in_short(numbers, text):
    assert number_ranges(numbers) == text
