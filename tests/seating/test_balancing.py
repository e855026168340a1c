"""The pure balancing module: positions, the fixed procedure, and its properties."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.seating.balancing import (
    TablePair,
    TableState,
    big_blind_next,
    hands_until_big_blind,
    plan_balance,
    plan_pairs,
    spread,
    worst_open_seat,
)


def table(number, seats, capacity=9, break_order=None, button=None):
    return TableState(number=number, capacity=capacity, occupied={s: number * 100 + s for s in seats},
                      break_order=break_order if break_order is not None else number, button=button)


def small_blind_next(occupied, button, capacity):
    """Independent reference: the first occupied seat clockwise after the button."""
    for step in range(1, capacity + 1):
        seat = (button - 1 + step) % capacity + 1
        if seat in occupied:
            return seat
    raise AssertionError("empty table")


def test_big_blind_next_is_second_player_clockwise_after_button():
    assert big_blind_next(occupied={1, 2, 3, 4, 5}, button=1, capacity=9) == 3


def test_big_blind_next_skips_empty_seats_and_wraps():
    assert big_blind_next(occupied={1, 3, 8, 9}, button=8, capacity=9) == 1


def test_big_blind_next_heads_up_is_the_player_without_the_button():
    assert big_blind_next(occupied={2, 7}, button=2, capacity=9) == 7
    assert big_blind_next(occupied={2, 7}, button=7, capacity=9) == 2


def test_hands_until_big_blind_counts_players_after_the_big_blind():
    occupied = {1, 2, 3, 4, 5, 6}
    assert hands_until_big_blind(occupied=occupied, seat=3, button=1, capacity=9) == 0
    assert hands_until_big_blind(occupied=occupied, seat=4, button=1, capacity=9) == 1
    assert hands_until_big_blind(occupied=occupied, seat=1, button=1, capacity=9) == 4
    assert hands_until_big_blind(occupied=occupied, seat=2, button=1, capacity=9) == -1  # small blind


def test_worst_seat_is_between_small_and_big_blind_when_open():
    # Button 1, small blind 2, seat 3 open, then 4 would have been the big blind.
    assert worst_open_seat(occupied={1, 2, 4, 5, 6, 7}, button=1, capacity=9) == 3


def test_worst_seat_never_is_the_small_blind():
    # Button 1; seats 2 and 3 are open before the small blind (4): a player there would post
    # the small blind, so the only legal open seat is 9, just before the button.
    assert worst_open_seat(occupied={1, 4, 5, 6, 7, 8}, button=1, capacity=9) == 9


def test_worst_seat_when_only_small_blind_seats_are_open_waits_for_the_button():
    occupied = {1, 4, 5, 6, 7, 8, 9}
    assert worst_open_seat(occupied=occupied, button=1, capacity=9) == 3
    plan = plan_balance([table(1, occupied), table(2, range(1, 10)), table(3, range(1, 10))],
                        buttons={1: 1, 2: 1, 3: 1})
    assert plan.moves[0].to_seat == 3 and plan.moves[0].waits_for_button


def test_worst_seat_prefers_the_gap_that_posts_big_blind_soonest():
    # Button 5; small blind 6, big blind 7; open seats 9 (after 8) and 3 (after 2).
    occupied = {1, 2, 4, 5, 6, 7, 8}
    seat = worst_open_seat(occupied=occupied, button=5, capacity=9)
    assert seat == 9  # 9 posts big blind after 7 and 8: sooner than 3


def test_worst_seat_on_a_table_of_one_takes_the_big_blind():
    seat = worst_open_seat(occupied={4}, button=4, capacity=9)
    assert big_blind_next(occupied={4, seat}, button=4, capacity=9) == seat


def test_plan_pairs_moves_from_the_largest_to_the_smallest_table():
    tables = [table(1, range(1, 10)), table(2, range(1, 8)), table(3, range(1, 7))]
    assert plan_pairs(tables) == [TablePair(1, 3)]


def test_plan_pairs_breaks_ties_by_break_order_then_number():
    tables = [table(1, range(1, 9), break_order=3), table(2, range(1, 9), break_order=1),
              table(3, range(1, 7), break_order=2)]
    # Tables 1 and 2 have 8; table 2 breaks first, so it gives the player.
    assert plan_pairs(tables)[0] == TablePair(2, 3)
    # Same break order: the lower number gives.
    tables = [table(4, range(1, 9), break_order=1), table(2, range(1, 9), break_order=1),
              table(3, range(1, 7), break_order=2)]
    assert plan_pairs(tables)[0] == TablePair(2, 3)


def test_plan_pairs_is_empty_when_tables_differ_by_one():
    assert plan_pairs([table(1, range(1, 9)), table(2, range(1, 8))]) == []


def test_plan_without_buttons_asks_for_the_tables_concerned():
    tables = [table(1, range(1, 10)), table(2, range(1, 8)), table(3, range(1, 7))]
    plan = plan_balance(tables)
    assert plan.needs_buttons == [1, 3]
    assert plan.moves == []


def test_plan_with_buttons_moves_the_next_big_blind_to_the_worst_seat():
    tables = [table(1, range(1, 10)), table(3, [1, 2, 4, 5, 6, 7])]
    plan = plan_balance(tables, buttons={1: 5, 3: 1})
    assert plan.needs_buttons == []
    [move] = plan.moves
    assert (move.from_table, move.from_seat) == (1, 7)  # button 5: small blind 6, big blind 7
    assert move.entry_id == 107
    assert (move.to_table, move.to_seat) == (3, 3)


def test_spread_fills_evenly_with_the_first_listed_tables_taking_the_remainder():
    assert spread(capacities=[9, 9, 9], counts=[0, 0, 0], players=20) == [7, 7, 6]
    assert spread(capacities=[9, 9], counts=[8, 2], players=4) == [0, 4]


@st.composite
def tables_st(draw):
    capacity = draw(st.integers(min_value=2, max_value=10))
    n_tables = draw(st.integers(min_value=2, max_value=8))
    tables, buttons = [], {}
    orders = draw(st.permutations(list(range(1, n_tables + 1))))
    for number in range(1, n_tables + 1):
        seats = draw(st.sets(st.integers(min_value=1, max_value=capacity), min_size=1, max_size=capacity))
        tables.append(TableState(number=number, capacity=capacity, break_order=orders[number - 1],
                                 occupied={s: number * 100 + s for s in seats}))
        buttons[number] = draw(st.sampled_from(sorted(seats)))
    return tables, buttons


@settings(max_examples=300, deadline=None)
@given(tables_st())
def test_after_the_moves_tables_differ_by_at_most_one(data):
    tables, buttons = data
    plan = plan_balance(tables, buttons=buttons)
    counts = {t.number: t.count for t in tables}
    for move in plan.moves:
        counts[move.from_table] -= 1
        counts[move.to_table] += 1
    assert max(counts.values()) - min(counts.values()) <= 1
    assert len(plan.moves) == len(plan.pairs)


@settings(max_examples=300, deadline=None)
@given(tables_st())
def test_moves_take_the_next_big_blind_and_never_give_the_small_blind(data):
    tables, buttons = data
    plan = plan_balance(tables, buttons=buttons)
    seats = {t.number: dict(t.occupied) for t in tables}
    capacity = tables[0].capacity
    for move in plan.moves:
        source = seats[move.from_table]
        order = sorted(source, key=lambda s: (s - buttons[move.from_table] - 1) % capacity)
        expected = (order[0] if order[1] == buttons[move.from_table] else order[1]) if len(order) == 2 else order[1]
        assert move.from_seat == expected
        assert source[move.from_seat] == move.entry_id
        occupant = source.pop(move.from_seat)
        target = seats[move.to_table]
        assert move.to_seat not in target and 1 <= move.to_seat <= capacity
        target[move.to_seat] = occupant
        if len(target) > 2 and not move.waits_for_button:
            assert small_blind_next(set(target), buttons[move.to_table], capacity) != move.to_seat
        if move.waits_for_button:
            # Only when every open seat would have been the small blind.
            before = set(target) - {move.to_seat}
            free = [s for s in range(1, capacity + 1) if s not in before]
            assert all(small_blind_next(before | {s}, buttons[move.to_table], capacity) == s for s in free)


@settings(max_examples=300, deadline=None)
@given(tables_st())
def test_the_worst_seat_posts_the_big_blind_no_later_than_any_other_legal_seat(data):
    tables, buttons = data
    for t in tables:
        if t.count >= t.capacity or t.count < 2:
            continue
        button = buttons[t.number]
        chosen = worst_open_seat(occupied=set(t.occupied), button=button, capacity=t.capacity)
        wait = hands_until_big_blind(occupied=set(t.occupied) | {chosen}, seat=chosen, button=button,
                                     capacity=t.capacity)
        for seat in range(1, t.capacity + 1):
            if seat in t.occupied:
                continue
            other = hands_until_big_blind(occupied=set(t.occupied) | {seat}, seat=seat, button=button,
                                          capacity=t.capacity)
            if other >= 0:
                assert wait >= 0 and wait <= other


@settings(max_examples=200, deadline=None)
@given(tables_st())
def test_the_procedure_is_deterministic_and_starts_at_the_largest_table(data):
    tables, buttons = data
    first = plan_balance(tables, buttons=buttons)
    again = plan_balance(list(reversed(tables)), buttons=buttons)
    assert first.moves == again.moves
    if first.pairs:
        largest = max(t.count for t in tables)
        source = next(t for t in tables if t.number == first.pairs[0].from_table)
        assert source.count == largest
        tied = [t for t in tables if t.count == largest]
        assert source.break_order == min(t.break_order for t in tied)
