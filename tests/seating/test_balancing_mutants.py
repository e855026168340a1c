"""The tie-breaks the balancing docstring promises, each pinned by one case (no database)."""

import pytest

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


def table(number, count, break_order, capacity=9):
    return TableState(number=number, capacity=capacity, occupied={s: number * 100 + s for s in range(1, count + 1)},
                      break_order=break_order)


def test_of_two_largest_tables_breaking_together_the_lower_number_gives_the_player():
    tables = [table(2, 8, break_order=1), table(1, 8, break_order=1), table(3, 6, break_order=2)]
    assert plan_pairs(tables)[0] == TablePair(1, 3)


def test_of_two_largest_tables_the_one_that_breaks_first_gives_the_player_whatever_its_number():
    tables = [table(1, 8, break_order=2), table(2, 8, break_order=1), table(3, 6, break_order=3)]
    assert plan_pairs(tables)[0] == TablePair(2, 3)


def test_of_two_smallest_tables_the_one_that_breaks_last_takes_the_player():
    tables = [table(1, 9, break_order=3), table(2, 6, break_order=1), table(3, 6, break_order=2)]
    assert plan_pairs(tables)[0] == TablePair(1, 3)


def test_of_two_smallest_tables_breaking_together_the_lower_number_takes_the_player():
    tables = [table(1, 9, break_order=1), table(3, 6, break_order=2), table(2, 6, break_order=2)]
    assert plan_pairs(tables)[0] == TablePair(1, 2)


def test_tables_two_apart_balance_and_one_apart_do_not():
    assert plan_pairs([table(1, 8, 1), table(2, 6, 2)]) == [TablePair(1, 2)]
    assert plan_pairs([table(1, 7, 1), table(2, 6, 2)]) == []


def test_a_full_table_never_takes_a_player_even_when_smaller():
    tables = [table(1, 9, break_order=1, capacity=9), table(2, 6, break_order=2, capacity=6),
              table(3, 7, break_order=3, capacity=9)]
    assert plan_pairs(tables) == [TablePair(1, 3)]


def test_of_two_open_seats_in_one_gap_the_one_nearer_the_button_clockwise_is_chosen():
    # Button at 1, small blind 2, big blind 3; seats 4 and 5 are open between 3 and 6.
    # Both would wait the same number of hands for the big blind: seat 4 is nearer the button.
    assert worst_open_seat(occupied={1, 2, 3, 6, 7, 8, 9}, button=1, capacity=9) == 4


def test_the_nearer_seat_is_counted_clockwise_across_the_last_seat():
    # Button at 7, small blind 8, big blind 1 (seats 9 is open between them): the worst seat is 9,
    # between the blinds. With 9 taken, seats 2 and 3 share the gap after the big blind: 2 is nearer.
    assert worst_open_seat(occupied={1, 4, 5, 6, 7, 8}, button=7, capacity=9) == 9
    assert worst_open_seat(occupied={1, 4, 5, 6, 7, 8, 9}, button=7, capacity=9) == 2


def test_a_gap_that_wraps_past_the_last_seat_offers_the_seat_before_the_wrap_first():
    # Button 6, small blind 7, big blind 8; seats 9, 1 and 2 are open in the one gap after the big
    # blind. Clockwise from the button, 9 comes before 1 and 2, so 9 is chosen.
    assert worst_open_seat(occupied={3, 4, 5, 6, 7, 8}, button=6, capacity=9) == 9


def test_spread_fills_exactly_every_open_seat_and_refuses_one_player_more():
    assert spread(capacities=[3, 2], counts=[1, 1], players=3) == [2, 1]
    with pytest.raises(ValueError, match="^not enough open seats$"):
        spread(capacities=[3, 2], counts=[1, 1], players=4)


def test_spread_refuses_capacities_and_counts_of_different_lengths():
    with pytest.raises(ValueError):
        spread(capacities=[9, 9], counts=[1], players=1)


def test_spread_stops_offering_a_table_once_it_is_full():
    # Table 1 (2 seats, 1 player) is the emptiest: it takes one player and is then full, so the
    # other two go to table 2 even though it has more players.
    assert spread(capacities=[2, 9], counts=[1, 5], players=3) == [1, 2]


def test_spread_gives_nobody_to_a_full_table_and_fills_a_table_to_its_last_seat():
    assert spread(capacities=[2, 9], counts=[2, 5], players=1) == [0, 1]
    assert spread(capacities=[3, 9], counts=[1, 5], players=3) == [2, 1]


def button_table(number, count, button):
    return TableState(number=number, capacity=9, occupied={s: number * 100 + s for s in range(1, count + 1)},
                      break_order=number, button=button)


def test_the_button_recorded_on_a_table_is_used_when_none_is_given():
    plan = plan_balance([button_table(1, 8, button=1), button_table(2, 6, button=1)])
    assert plan.needs_buttons == []
    # Button at 1: small blind 2, so the player in seat 3 (big blind next) moves.
    assert [(m.from_table, m.from_seat, m.to_table) for m in plan.moves] == [(1, 3, 2)]


def test_a_button_given_by_the_floor_wins_over_the_one_recorded_on_the_table():
    plan = plan_balance([button_table(1, 8, button=1), button_table(2, 6, button=1)], buttons={1: 5, 2: 1})
    # Button at 5: small blind 6, big blind 7 is the player who moves.
    assert [(m.from_table, m.from_seat) for m in plan.moves] == [(1, 7)]


def test_heads_up_with_the_button_on_an_empty_seat_the_second_player_clockwise_posts_the_big_blind():
    # Dead button at 5 between players in seats 3 and 7: 7 posts the small blind, 3 the big blind.
    assert big_blind_next(occupied={3, 7}, button=5, capacity=9) == 3
    # With the button on seat 3 itself, heads-up, 3 posts the small blind and 7 the big blind.
    assert big_blind_next(occupied={3, 7}, button=3, capacity=9) == 7


def test_a_table_of_one_has_no_big_blind():
    with pytest.raises(ValueError, match="^a table needs two players for a big blind$"):
        big_blind_next(occupied={3}, button=3, capacity=9)


def test_heads_up_the_big_blind_posts_at_once_and_the_small_blind_counts_as_never():
    # Button on seat 3 heads-up: 3 posts the small blind, 7 the big blind.
    assert hands_until_big_blind(occupied={3, 7}, seat=7, button=3, capacity=9) == 0
    assert hands_until_big_blind(occupied={3, 7}, seat=3, button=3, capacity=9) == -1


def test_three_handed_the_button_posts_the_big_blind_after_one_hand():
    # Button 1, small blind 2, big blind 3: the button becomes big blind when the button reaches 2.
    assert hands_until_big_blind(occupied={1, 2, 3}, seat=1, button=1, capacity=9) == 1


def test_a_full_table_has_no_open_seat_to_offer():
    with pytest.raises(ValueError, match="^no open seat$"):
        worst_open_seat(occupied=set(range(1, 10)), button=1, capacity=9)


def test_the_gap_before_a_dead_button_offers_its_first_seat_not_the_seats_at_the_button():
    # Dead button on the empty seat 1, players in 2 to 6 (2 posts the small blind, 3 the big blind).
    # Seats 7, 8, 9 and the button's own seat 1 form one gap: a newcomer anywhere in it waits four
    # hands, so the first seat clockwise from the button is offered, not 9 or 1 next to the button.
    assert worst_open_seat(occupied={2, 3, 4, 5, 6}, button=1, capacity=9) == 7


def test_a_newcomer_beside_a_lone_player_on_the_button_takes_the_seat_after_the_button():
    # Heads-up the button posts the small blind: whatever seat the newcomer takes, he posts the big
    # blind in the next hand, so the seat just after the button is offered (the nearer-seat rule).
    assert worst_open_seat(occupied={4}, button=4, capacity=9) == 5
