from collections import Counter

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tdconsole.audit.models import AuditEntry
from tdconsole.seating import services
from tdconsole.seating.exceptions import SeatingError
from tdconsole.seating.models import SeatDraw, Table
from tdconsole.tournaments.models import Entry

from .conftest import make_entries, make_event

pytestmark = pytest.mark.django_db


def seated(event):
    return list(Entry.objects.filter(event=event, status="alive", table__isnull=False).select_related("table"))


def non_batch_queries(ctx):
    """The queries other than bulk_update's batches (whose number depends on the backend's limits)."""
    return [q for q in ctx.captured_queries if "CASE WHEN" not in q["sql"]]


def table_counts(event):
    return Counter(e.table.number for e in seated(event))


def test_tables_assign_sets_break_order_highest_number_first(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3, 4], actor=floor_user)
    order = dict(Table.objects.filter(event=event).values_list("number", "break_order"))
    assert order == {4: 1, 3: 2, 2: 3, 1: 4}
    assert AuditEntry.entries.filter(action="tables.assign", event_id=event.pk).count() == 1


def test_tables_assign_refuses_unknown_table(event, floor_user):
    with pytest.raises(SeatingError):
        services.tables_assign(event=event, numbers=[1, 99], actor=floor_user)
    assert not Table.objects.filter(event=event).exists()


def test_tables_assign_refuses_table_with_players_of_another_event(event, floor_user):
    other = make_event(slug="other", venue=event.festival.venue, festival=event.festival)
    services.tables_assign(event=other, numbers=[1], actor=floor_user)
    make_entries(other, 3, start=1000)
    services.seats_draw_initial(event=other, actor=floor_user)
    with pytest.raises(SeatingError):
        services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
    assert Table.objects.get(venue=event.festival.venue, number=1).event == other


def test_tables_assign_takes_over_table_of_another_event_once_empty(event, floor_user):
    other = make_event(slug="other", venue=event.festival.venue, festival=event.festival)
    services.tables_assign(event=other, numbers=[1], actor=floor_user)
    services.tables_assign(event=event, numbers=[1], actor=floor_user)
    assert Table.objects.get(venue=event.festival.venue, number=1).event == event


def test_initial_draw_spreads_evenly_over_the_fewest_tables(event, floor_user):
    services.tables_assign(event=event, numbers=list(range(1, 11)), actor=floor_user)
    make_entries(event, 40)
    draw = services.seats_draw_initial(event=event, actor=floor_user)
    counts = table_counts(event)
    assert len(counts) == 5  # 40 players need 5 tables of 9
    assert sorted(counts.values()) == [8, 8, 8, 8, 8]
    # The tables used are those that break last (the lowest numbers, by default).
    assert set(counts) == {1, 2, 3, 4, 5}
    assert draw.count == 40 and draw.method == "secrets.SystemRandom"
    assert not Entry.objects.filter(event=event, table__isnull=True).exists()


def test_initial_draw_gives_uneven_remainder_to_at_most_one_extra_each(event, floor_user):
    services.tables_assign(event=event, numbers=list(range(1, 11)), actor=floor_user)
    make_entries(event, 43)
    services.seats_draw_initial(event=event, actor=floor_user)
    counts = table_counts(event)
    assert len(counts) == 5
    assert max(counts.values()) - min(counts.values()) <= 1
    assert sum(counts.values()) == 43


def test_initial_draw_seats_are_distinct_and_within_the_table(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 27)
    services.seats_draw_initial(event=event, actor=floor_user)
    places = [(e.table_id, e.seat) for e in seated(event)]
    assert len(places) == len(set(places)) == 27
    assert all(1 <= seat <= 9 for _, seat in places)


def test_initial_draw_is_recorded_and_audited(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
    entries = make_entries(event, 12)
    draw = services.seats_draw_initial(event=event, actor=floor_user)
    recorded = {row[0]: (row[2], row[3]) for row in draw.assignments}
    actual = {e.pk: (e.table.number, e.seat) for e in seated(event)}
    assert recorded == actual and set(recorded) == {e.pk for e in entries}
    assert AuditEntry.entries.filter(action="seats.draw", event_id=event.pk).count() == 1


def test_initial_draw_refuses_when_seats_are_short(event, floor_user):
    services.tables_assign(event=event, numbers=[1], actor=floor_user)
    make_entries(event, 10)
    with pytest.raises(SeatingError):
        services.seats_draw_initial(event=event, actor=floor_user)
    assert not seated(event)
    assert not SeatDraw.objects.exists()


def test_initial_draw_query_count_does_not_grow_with_the_field(floor_user):
    counts = []
    for size, slug in ((90, "small"), (900, "large")):
        ev = make_event(slug=slug, tables=120)
        services.tables_assign(event=ev, numbers=list(range(1, 121)), actor=floor_user)
        make_entries(ev, size, start=1)
        with CaptureQueriesContext(connection) as ctx:
            services.seats_draw_initial(event=ev, actor=floor_user)
        counts.append(len(non_batch_queries(ctx)))
    assert counts[0] == counts[1]


def test_entry_seat_random_picks_a_table_with_the_fewest_players(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 20)
    services.seats_draw_initial(event=event, actor=floor_user)  # 7, 7, 6
    short = min(table_counts(event).items(), key=lambda kv: kv[1])[0]
    late = make_entries(event, 1, start=500)[0]
    with transaction.atomic():
        services.entry_seat_random(entry=late, actor=floor_user)
    late.refresh_from_db()
    assert late.table.number == short
    assert max(table_counts(event).values()) - min(table_counts(event).values()) <= 1


def test_entry_seat_random_never_doubles_a_seat(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
    make_entries(event, 10)
    services.seats_draw_initial(event=event, actor=floor_user)
    for entry in make_entries(event, 8, start=100):
        services.entry_seat_random(entry=entry, actor=floor_user)
    places = [(e.table_id, e.seat) for e in seated(event)]
    assert len(places) == len(set(places)) == 18


def test_entry_seat_random_refuses_when_full(event, floor_user):
    services.tables_assign(event=event, numbers=[1], actor=floor_user)
    make_entries(event, 9)
    services.seats_draw_initial(event=event, actor=floor_user)
    late = make_entries(event, 1, start=100)[0]
    with pytest.raises(SeatingError):
        services.entry_seat_random(entry=late, actor=floor_user)
    late.refresh_from_db()
    assert late.table is None


def test_entry_seat_random_query_count_is_constant(floor_user):
    counts = []
    for size, slug in ((30, "small"), (600, "large")):
        ev = make_event(slug=slug, tables=80)
        services.tables_assign(event=ev, numbers=list(range(1, 81)), actor=floor_user)
        make_entries(ev, size)
        services.seats_draw_initial(event=ev, actor=floor_user)
        late = make_entries(ev, 1, start=5000)[0]
        late = Entry.objects.select_related("event").get(pk=late.pk)
        with CaptureQueriesContext(connection) as ctx:
            services.entry_seat_random(entry=late, actor=floor_user)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
