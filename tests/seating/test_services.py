from collections import Counter

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tdconsole.audit.models import AuditEntry
from tdconsole.seating import services
from tdconsole.seating.exceptions import SeatingError
from tdconsole.seating.models import SeatDraw
from tdconsole.tournaments.models import Entry, Table

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


def seat_map(event):
    return {e.pk: (e.table.number, e.seat) for e in seated(event)}


def setup_tables(event, actor, layout):
    """Seat players exactly: `layout` maps table number -> seats taken."""
    services.tables_assign(event=event, numbers=sorted(layout), actor=actor)
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    total = sum(len(seats) for seats in layout.values())
    entries = make_entries(event, total)
    it = iter(entries)
    for number, seats in layout.items():
        for seat in seats:
            entry = next(it)
            entry.table, entry.seat = tables[number], seat
    Entry.objects.bulk_update(entries, ["table", "seat"])
    return entries


def test_balance_suggest_asks_for_buttons_then_names_the_moves(event, floor_user):
    from tdconsole.seating.selectors import balance_moves_suggest

    setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 8), 3: [1, 2, 4, 5, 6, 7]})
    plan = balance_moves_suggest(event=event)
    assert plan.needs_buttons == [1, 3] and not plan.moves
    plan = balance_moves_suggest(event=event, buttons={1: 5, 3: 1})
    [move] = plan.moves
    assert (move.from_table, move.from_seat, move.to_table, move.to_seat) == (1, 7, 3, 3)
    assert Entry.objects.get(pk=move.entry_id).seat == 7


def test_balance_apply_moves_the_players_and_audits(event, floor_user):
    from tdconsole.seating.selectors import balance_moves_suggest

    setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 5)})
    plan = balance_moves_suggest(event=event, buttons={1: 1, 2: 1})
    assert len(plan.moves) == 2
    services.balance_moves_apply(event=event, moves=plan.moves, actor=floor_user)
    counts = table_counts(event)
    assert sorted(counts.values()) == [6, 7]
    for move in plan.moves:
        assert seat_map(event)[move.entry_id] == (move.to_table, move.to_seat)
    assert AuditEntry.entries.filter(action="tables.balance", event_id=event.pk).count() == 1
    assert balance_moves_suggest(event=event).balanced


def test_balance_apply_refuses_stale_moves_and_changes_nothing(event, floor_user):
    from tdconsole.seating.selectors import balance_moves_suggest

    setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 5)})
    plan = balance_moves_suggest(event=event, buttons={1: 1, 2: 1})
    mover = Entry.objects.get(pk=plan.moves[1].entry_id)
    mover.table, mover.seat, mover.status = None, None, "busted"
    mover.save()
    before = seat_map(event)
    with pytest.raises(SeatingError):
        services.balance_moves_apply(event=event, moves=plan.moves, actor=floor_user)
    assert seat_map(event) == before


def test_balance_apply_refuses_a_taken_seat(event, floor_user):
    from tdconsole.seating.balancing import Move

    entries = setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 5)})
    with pytest.raises(SeatingError):
        services.balance_moves_apply(
            event=event, moves=[Move(entries[0].pk, 1, 1, 2, 3)], actor=floor_user
        )


def test_table_break_sends_players_to_open_seats_of_the_other_tables(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 8), 2: range(1, 8), 3: range(1, 5)})
    # Default break order: table 3 first.
    moves = services.table_break(event=event, table_number=3, actor=floor_user)
    assert len(moves) == 4 and {m.to_table for m in moves} <= {1, 2}
    counts = table_counts(event)
    assert set(counts) == {1, 2} and sorted(counts.values()) == [9, 9]
    places = list(seat_map(event).values())
    assert len(places) == len(set(places)) == 18
    assert Table.objects.get(venue=event.festival.venue, number=3).event is None
    assert AuditEntry.entries.filter(action="tables.break", event_id=event.pk).count() == 1
    assert SeatDraw.objects.filter(event=event, kind="break").count() == 1


def test_table_break_keeps_the_field_balanced(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 7), 2: range(1, 9), 3: range(1, 7), 4: range(1, 4)})
    services.table_break(event=event, table_number=4, actor=floor_user)
    counts = table_counts(event)
    assert max(counts.values()) - min(counts.values()) <= 1


def test_table_break_refuses_a_table_out_of_order(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 6), 2: range(1, 6), 3: range(1, 6)})
    with pytest.raises(SeatingError):
        services.table_break(event=event, table_number=1, actor=floor_user)


def test_table_break_refuses_when_the_others_lack_room(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 9)})
    with pytest.raises(SeatingError):
        services.table_break(event=event, table_number=2, actor=floor_user)
    assert sorted(table_counts(event).values()) == [8, 9]


def test_final_table_draw_seats_everyone_afresh_at_one_table(event, floor_user):
    setup_tables(event, floor_user, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]})
    draw = services.final_table_draw(event=event, actor=floor_user)
    counts = table_counts(event)
    assert counts == {1: 9}  # table 1 breaks last by default
    assert sorted(seat for _, seat in seat_map(event).values()) == list(range(1, 10))
    assert draw.kind == "final" and draw.count == 9
    assert Table.objects.get(venue=event.festival.venue, number=2).event is None


def test_final_table_draw_refuses_too_many_players(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 10), 2: [1]})
    with pytest.raises(SeatingError):
        services.final_table_draw(event=event, actor=floor_user)


def test_tables_needed_action_reports_break_final_and_balance(event, floor_user):
    from tdconsole.seating.selectors import tables_needed_action

    setup_tables(event, floor_user, {1: range(1, 10), 2: range(1, 7), 3: range(1, 4)})
    action = tables_needed_action(event=event)
    assert action["players"] == 18 and action["tables_in_play"] == 3
    assert action["break_table"] == 3 and action["balance"] and not action["final_table"]
    services.table_break(event=event, table_number=3, actor=floor_user)
    action = tables_needed_action(event=event)
    assert action["break_table"] is None and not action["balance"] and not action["final_table"]
    Entry.objects.filter(event=event, seat__gte=3).update(table=None, seat=None, status="busted")
    action = tables_needed_action(event=event)
    assert action["final_table"]


def test_balance_apply_query_count_is_constant(floor_user):
    from tdconsole.seating.selectors import balance_moves_suggest

    counts, moves = [], []
    for tables, short, slug in ((4, 6, "small"), (60, 2, "large")):
        ev = make_event(slug=slug, tables=tables)
        layout = {n: range(1, 10) for n in range(1, tables)}
        layout[tables] = range(1, short + 1)
        setup_tables(ev, floor_user, layout)
        plan = balance_moves_suggest(event=ev, buttons={n: 1 for n in range(1, tables + 1)})
        with CaptureQueriesContext(connection) as ctx:
            services.balance_moves_apply(event=ev, moves=plan.moves, actor=floor_user)
        counts.append(len(ctx.captured_queries))
        moves.append(len(plan.moves))
    assert moves[0] < moves[1]
    assert counts[0] == counts[1]


def test_initial_draw_keeps_seated_players_and_evens_out_around_them(event, floor_user):
    setup_tables(event, floor_user, {1: range(1, 8), 2: [1, 2]})
    before = seat_map(event)
    make_entries(event, 7, start=100)
    services.seats_draw_initial(event=event, actor=floor_user)
    after = seat_map(event)
    assert all(after[pk] == place for pk, place in before.items())
    assert sorted(table_counts(event).values()) == [8, 8]  # 16 players: table 1 had 7, table 2 had 2
    assert len(set(after.values())) == 16


def test_entry_seat_random_opens_the_table_that_breaks_last_when_all_in_play_are_full(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 9)
    services.seats_draw_initial(event=event, actor=floor_user)
    assert set(table_counts(event)) == {1}
    late = make_entries(event, 1, start=100)[0]
    services.entry_seat_random(entry=late, actor=floor_user)
    late.refresh_from_db()
    assert late.table.number == 2  # break order 3, 2, 1: table 2 breaks after 3


def test_balance_suggest_matches_the_plan_over_the_whole_field(floor_user):
    """The selector reads only the concerned tables' seats; its plan must equal the plan made
    from every table's seats (the straightforward reading of the field)."""
    import random

    from tdconsole.seating.balancing import plan_balance
    from tdconsole.seating.selectors import balance_moves_suggest, tables_state

    rng = random.Random(5)
    planned = 0
    for round_ in range(6):
        ev = make_event(slug=f"field-{round_}", tables=12)
        layout = {n: sorted(rng.sample(range(1, 10), rng.randint(2, 9))) for n in range(1, 13)}
        setup_tables(ev, floor_user, layout)
        buttons = {n: rng.choice(seats) for n, seats in layout.items()}
        plan = balance_moves_suggest(event=ev, buttons=buttons)
        assert plan == plan_balance(tables_state(event=ev), buttons=buttons)
        planned += len(plan.moves)
        # Without buttons, the same tables are asked for.
        assert balance_moves_suggest(event=ev).needs_buttons == plan_balance(tables_state(event=ev)).needs_buttons
    assert planned > 0


def test_balance_suggest_query_count_does_not_grow_with_the_field(floor_user):
    from tdconsole.seating.selectors import balance_moves_suggest

    counts = []
    for tables, slug in ((4, "small"), (60, "large")):
        ev = make_event(slug=slug, tables=tables)
        layout = {n: range(1, 10) for n in range(1, tables)}
        layout[tables] = range(1, 3)
        setup_tables(ev, floor_user, layout)
        with CaptureQueriesContext(connection) as ctx:
            plan = balance_moves_suggest(event=ev, buttons={n: 1 for n in range(1, tables + 1)})
        assert plan.moves
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] == 2
