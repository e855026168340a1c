"""Two staff members seating or moving players at the same moment (PostgreSQL row locks)."""

import pytest
from django.db import transaction

from tdconsole.seating import services
from tdconsole.seating.exceptions import SeatingError
from tdconsole.seating.selectors import balance_moves_suggest
from tdconsole.tournaments.models import Entry
from tests.races import at_once

from .conftest import make_entries, make_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def seat_in_transaction(entry_id, actor):
    def call():
        with transaction.atomic():
            entry = Entry.objects.select_related("event").get(pk=entry_id)
            return services.entry_seat_random(entry=entry, actor=actor)
    return call


def assert_no_double_seat(event):
    places = list(Entry.objects.filter(event=event, table__isnull=False).values_list("table_id", "seat"))
    assert len(places) == len(set(places))


def test_two_staff_seating_at_once_get_distinct_seats(floor_user):
    for round_ in range(5):
        event = make_event(slug=f"race{round_}", tables=1)
        services.tables_assign(event=event, numbers=[1], actor=floor_user)
        make_entries(event, 7)
        services.seats_draw_initial(event=event, actor=floor_user)
        a, b = make_entries(event, 2, start=100)
        results = at_once(seat_in_transaction(a.pk, floor_user), seat_in_transaction(b.pk, floor_user))
        assert all(isinstance(r, Entry) for r in results), results
        assert results[0].seat != results[1].seat
        assert Entry.objects.filter(event=event, table__isnull=False).count() == 9
        assert_no_double_seat(event)


def test_two_staff_racing_for_the_last_seat_one_gets_a_clean_error(floor_user):
    for round_ in range(5):
        event = make_event(slug=f"last{round_}", tables=1)
        services.tables_assign(event=event, numbers=[1], actor=floor_user)
        make_entries(event, 8)
        services.seats_draw_initial(event=event, actor=floor_user)
        a, b = make_entries(event, 2, start=100)
        results = at_once(seat_in_transaction(a.pk, floor_user), seat_in_transaction(b.pk, floor_user))
        seated = [r for r in results if isinstance(r, Entry)]
        errors = [r for r in results if isinstance(r, SeatingError)]
        assert len(seated) == 1 and len(errors) == 1, results
        assert Entry.objects.filter(event=event, table__isnull=False).count() == 9
        assert_no_double_seat(event)


def test_the_same_balancing_confirmed_twice_at_once_moves_players_once(floor_user):
    event = make_event(slug="balance-race", tables=2)
    services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
    entries = make_entries(event, 13)
    tables = {t.number: t for t in event.tables.all()}
    for i, entry in enumerate(entries):
        entry.table, entry.seat = (tables[1], i + 1) if i < 9 else (tables[2], i - 8)
    Entry.objects.bulk_update(entries, ["table", "seat"])
    plan = balance_moves_suggest(event=event, buttons={1: 1, 2: 1})
    assert len(plan.moves) == 2

    def confirm():
        return services.balance_moves_apply(event=event, moves=plan.moves, actor=floor_user)

    results = at_once(confirm, confirm)
    assert sum(isinstance(r, list) for r in results) == 1
    assert sum(isinstance(r, SeatingError) for r in results) == 1
    counts = sorted(Entry.objects.filter(event=event, table=t).count() for t in tables.values())
    assert counts == [6, 7]
    assert_no_double_seat(event)


def test_seating_while_a_table_breaks_never_doubles_a_seat(floor_user):
    event = make_event(slug="break-race", tables=3)
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 16)
    services.seats_draw_initial(event=event, actor=floor_user)  # 6, 5, 5 (table 3 breaks first)
    late = make_entries(event, 1, start=100)[0]

    def break_table():
        return services.table_break(event=event, table_number=3, actor=floor_user)

    results = at_once(break_table, seat_in_transaction(late.pk, floor_user))
    assert not any(isinstance(r, Exception) and not isinstance(r, SeatingError) for r in results), results
    assert_no_double_seat(event)
    assert not Entry.objects.filter(event=event, status="alive", table__number=3).exists() or isinstance(
        results[0], SeatingError
    )


def test_a_late_seat_opening_a_spare_table_and_another_event_taking_it_never_both_win(floor_user):
    """Event A's full tables make a late entry open A's spare table while event B's director
    assigns that same table to B: either the player sits there and B is refused, or B gets
    the table and the seat is refused cleanly; never a B table holding an A player."""
    from tdconsole.tournaments.models import Festival, Table

    outcomes = set()
    for round_ in range(6):
        a = make_event(slug=f"spare-a{round_}", tables=2)
        festival_b = Festival.objects.create(name=f"B {round_}", slug=f"fest-b{round_}", venue=a.festival.venue)
        b = make_event(slug=f"spare-b{round_}", venue=a.festival.venue, festival=festival_b)
        services.tables_assign(event=a, numbers=[1, 2], actor=floor_user)
        make_entries(a, 9)
        services.seats_draw_initial(event=a, actor=floor_user)  # nine players fill one table
        spare = Table.objects.get(event=a, entries__isnull=True)
        late = make_entries(a, 1, start=100)[0]
        results = at_once(
            seat_in_transaction(late.pk, floor_user),
            lambda b=b, number=spare.number: services.tables_assign(event=b, numbers=[number], actor=floor_user),
        )
        spare.refresh_from_db()
        late.refresh_from_db()
        if isinstance(results[0], Entry):
            assert isinstance(results[1], SeatingError), results
            assert spare.event_id == a.pk and late.table_id == spare.pk
            outcomes.add("seated")
        else:
            assert isinstance(results[0], SeatingError), results
            assert spare.event_id == b.pk and late.table_id is None
            outcomes.add("taken")
        assert not Entry.objects.filter(table=spare).exclude(event_id=spare.event_id).exists()
    assert outcomes  # at least one round ran to an outcome


def test_two_floor_staff_moving_players_into_the_same_open_seat_one_gets_a_clean_error(floor_user):
    for round_ in range(5):
        event = make_event(slug=f"move{round_}", tables=2)
        services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
        make_entries(event, 12)
        services.seats_draw_initial(event=event, actor=floor_user)  # 6 and 6
        a, b = Entry.objects.filter(event=event, table__number=1).order_by("seat")[:2]
        taken = set(Entry.objects.filter(event=event, table__number=2).values_list("seat", flat=True))
        target = min(set(range(1, 10)) - taken)
        def move(seat, event=event, target=target):
            return lambda: services.entry_move(event=event, from_table=1, from_seat=seat, to_table=2,
                                               to_seat=target, actor=floor_user)

        results = at_once(move(a.seat), move(b.seat))
        assert sum(isinstance(r, Entry) for r in results) == 1, results
        assert sum(isinstance(r, SeatingError) for r in results) == 1, results
        assert Entry.objects.filter(event=event, table__number=2, seat=target).count() == 1
        assert_no_double_seat(event)
