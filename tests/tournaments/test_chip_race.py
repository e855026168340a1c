"""The chip race of a colour-up (tdconsole.tournaments.chip_race): pure numbers, TDA rule 24.

The properties run derandomized (the same examples on every run, whatever the seed), with the hard cases
pinned by @example: they never pass or fail by luck.
"""

import doctest

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdconsole.rules.cards import RANKS, SUITS
from tdconsole.tournaments import chip_race
from tdconsole.tournaments.chip_race import (
    ChipRaceError,
    Holding,
    card_key,
    colour_up_plan,
    parse_odd_chips,
    race_chips,
    race_rounding,
    ratio_of,
    rounding_bounds,
    table_race,
)

DECK = [r + s for r in RANKS for s in SUITS]
# (removed chip, next chip): ratios of 2 to 5, as rooms colour up (a table's odd chips fit one deck).
PAIRS = [(25, 100), (100, 500), (500, 1000), (1000, 5000), (5, 25), (50, 100), (25, 50), (100, 200)]
PROPERTY = settings(derandomize=True, database=None, max_examples=300, deadline=None)


def test_the_module_examples_hold():
    assert doctest.testmod(chip_race).failed == 0


# --- the rule, case by case (TDA 24) -----------------------------------------------------------------


def test_cards_rank_by_rank_then_suit():
    assert sorted(["2s", "Ac", "As", "Kh", "Ad", "Ah"], key=card_key, reverse=True) == ["As", "Ah", "Ad", "Ac",
                                                                                         "Kh", "2s"]


def test_half_a_next_chip_or_more_rounds_up_and_less_is_dropped():
    # 25s raced for 100s: two odd 25s (50) are half a 100: one chip; one odd 25 is dropped.
    assert race_chips(odd_chips=2, ratio=4) == 1
    assert race_chips(odd_chips=1, ratio=4) == 0
    assert race_rounding(odd_chips=2, removed=25, next_chip=100) == 50
    assert race_rounding(odd_chips=1, removed=25, next_chip=100) == -25
    # 100s raced for 500s: 200 is less than half (dropped), 300 is more (one chip).
    assert race_chips(odd_chips=2, ratio=5) == 0 and race_chips(odd_chips=3, ratio=5) == 1
    assert rounding_bounds(25, 100) == (-25, 50)
    assert rounding_bounds(100, 500) == (-200, 200)


def test_a_next_chip_must_be_a_larger_multiple_of_the_removed_one():
    assert ratio_of(25, 100) == 4
    for removed, following in ((25, 60), (100, 100), (100, 25), (0, 100)):
        with pytest.raises(ChipRaceError) as refused:
            ratio_of(removed, following)
        assert refused.value.code == "not_multiple"


def test_a_table_race_exchanges_then_races_the_odd_chips():
    # Seat 1: 9 x 25 (two 100s and one odd 25) plus 5,000; seat 2: 3 x 25 plus 1,000; seat 4: 2 x 25 plus 900.
    holdings = [Holding(1, 9, 5000), Holding(2, 3, 1000), Holding(4, 2, 900)]
    # Seat 1 gets the first card, seat 2 the next three, seat 4 the last two.
    race = table_race(removed=25, next_chip=100, holdings=holdings, deck=["Kd", "2c", "As", "3h", "Ah", "Ks"])
    assert race.odd_chips == 6 and race.race_chips == 2  # 150 in odd chips: one 100, and 50 rounds up to one
    by_seat = {s.seat: s for s in race.seats}
    assert by_seat[1].exchanged == 2 and by_seat[1].cards == ("Kd",)
    assert by_seat[2].cards == ("2c", "As", "3h") and by_seat[4].cards == ("Ah", "Ks")
    # The ace of spades (seat 2) wins first, the ace of hearts (seat 4) second: seat 1's king gets nothing.
    assert [s.seat for s in race.seats if s.won] == [2, 4]
    assert by_seat[1].stack_after == 5000 + 200 and by_seat[2].stack_after == 1100 and by_seat[4].stack_after == 1000
    assert race.rounding == 50 and race.value_after - race.value_before == 50


def test_a_player_wins_at_most_one_chip():
    # Seat 1 holds the two best cards; the second chip goes to the next best card of another player.
    race = table_race(removed=25, next_chip=100, holdings=[Holding(1, 3, 1000), Holding(2, 3, 1000)],
                      deck=["As", "Ah", "2c", "Kd", "3c", "4c"])
    assert race.race_chips == 2
    assert [s.won for s in race.seats] == [True, True]


def test_nobody_is_raced_out():
    # Seat 3 has one 25 and nothing else; seat 5's king beats the deuce: seat 3 is given a 100 all the same.
    race = table_race(removed=25, next_chip=100, holdings=[Holding(3, 1), Holding(5, 2, 4000)],
                      deck=["2c", "Kd", "Qd"])
    seat3, seat5 = race.seats
    assert race.race_chips == 1 and seat5.won and not seat3.won
    assert seat3.given and seat3.stack_after == 100
    assert race.given_chips == 1


def test_the_deck_must_hold_a_card_per_odd_chip():
    with pytest.raises(ChipRaceError) as refused:
        table_race(removed=25, next_chip=100, holdings=[Holding(1, 3, 100)], deck=["As", "Ah"])
    assert refused.value.code == "deck"
    with pytest.raises(ChipRaceError):
        table_race(removed=25, next_chip=100, holdings=[Holding(1, 3, 100)], deck=["As", "As", "Ah"])


def test_a_player_without_chips_is_not_at_the_colour_up():
    with pytest.raises(ChipRaceError) as refused:
        table_race(removed=25, next_chip=100, holdings=[Holding(1, 0, 0)], deck=DECK)
    assert refused.value.code == "seat"


def test_the_odd_chips_of_a_table_read_seat_by_seat():
    assert parse_odd_chips("3 0 2 1", ratio=4) == [3, 0, 2, 1]
    assert parse_odd_chips(" 3, 0;2 ", ratio=4) == [3, 0, 2]
    for text, code in (("", "empty"), ("3 4", "whole_chip"), ("x", "not_a_number"), ("²", "not_a_number"),
                       ("1 " * 11, "too_many"), ("-1", "not_a_number"), ("9" * 500, "not_a_number")):
        with pytest.raises(ChipRaceError) as refused:
            parse_odd_chips(text, ratio=4)
        assert refused.value.code == code


def test_the_plan_of_a_field():
    plan = colour_up_plan(removed=100, next_chip=500, players=27, tables=3, chips_in_play=1_350_000,
                          average_stack=50_000, removed_chips=600)
    assert plan.ratio == 5 and plan.odd_most_per_player == 4
    assert plan.odd_most == 108 and plan.odd_expected == 54
    assert plan.race_chips_expected == 11  # 54 x 100 = 5,400: ten 500s and 400 rounding up
    assert plan.race_chips_most == 27
    assert (plan.rounding_least, plan.rounding_most) == (-600, 600)
    assert (plan.exchange_least, plan.exchange_expected, plan.exchange_most) == (99, 109, 120)
    assert plan.new_chips_most == 147
    assert colour_up_plan(removed=100, next_chip=500, players=27, tables=3, chips_in_play=1,
                          average_stack=1).new_chips_most is None


# --- properties --------------------------------------------------------------------------------------


@st.composite
def tables(draw):
    removed, following = draw(st.sampled_from(PAIRS))
    ratio = following // removed
    seats = draw(st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True))
    holdings = []
    for seat in seats:
        removed_chips = draw(st.integers(0, 6 * ratio))
        other = draw(st.integers(0, 40)) * following
        if removed_chips == 0 and other == 0:
            removed_chips = 1
        holdings.append(Holding(seat, removed_chips, other))
    deck = draw(st.permutations(DECK))
    return removed, following, holdings, deck


@PROPERTY
@given(tables())
@example((25, 100, [Holding(1, 1)], DECK))  # one player, one odd chip: raced out, given a chip
@example((25, 100, [Holding(1, 2), Holding(2, 2)], DECK))  # 100 in odd chips: exactly one chip
@example((100, 500, [Holding(s, 4, 500) for s in range(1, 11)], DECK))  # ten players, four odd 100s each
@example((25, 50, [Holding(1, 1, 50), Holding(2, 1, 50), Holding(3, 1, 0)], list(reversed(DECK))))
def test_value_is_kept_to_the_unit_but_for_the_rule_rounding(case):
    removed, following, holdings, deck = case
    race = table_race(removed=removed, next_chip=following, holdings=holdings, deck=deck)
    # What the table holds after = before + the rule's rounding + the chips given to players raced out.
    assert race.value_after - race.value_before == race.rounding + race.given_chips * following
    # The rounding is less than half a next chip taken away, or up to half of one added.
    assert -following < 2 * race.rounding <= following
    least, most = rounding_bounds(removed, following)
    assert least <= race.rounding <= most
    assert race.rounding == race.race_chips * following - race.odd_chips * removed
    ratio = following // removed
    for holding, seat in zip(sorted(holdings, key=lambda h: h.seat), race.seats, strict=True):
        # The exchange is exact: whole next chips for whole groups, the rest raced.
        assert seat.exchanged * ratio + seat.odd_chips == holding.removed_chips
        assert 0 <= seat.odd_chips < ratio
        assert len(seat.cards) == seat.odd_chips
        assert not (seat.won and seat.given)
        assert seat.stack_after == holding.other_value + (seat.exchanged + seat.won + seat.given) * following
        assert seat.stack_after > 0  # nobody is raced out
        assert seat.stack_after % following == 0  # no removed chip is left on the table


@PROPERTY
@given(tables())
def test_each_race_chip_goes_to_a_higher_card_than_every_loser_holds(case):
    removed, following, holdings, deck = case
    race = table_race(removed=removed, next_chip=following, holdings=holdings, deck=deck)
    winners = [s for s in race.seats if s.won]
    assert len(winners) == race.race_chips  # every chip raced is won, one per player at most
    losers = [s for s in race.seats if s.cards and not s.won]
    if winners and losers:
        worst_winner = min(max(card_key(c) for c in s.cards) for s in winners)
        best_loser = max(max(card_key(c) for c in s.cards) for s in losers)
        assert worst_winner > best_loser


@PROPERTY
@given(st.sampled_from(PAIRS), st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=10), min_size=1,
                                         max_size=12), st.integers(0, 5000))
def test_the_plan_bounds_every_field_it_describes(pair, table_odds, extra):
    removed, following = pair
    ratio = following // removed
    odds = [[n % ratio for n in table] for table in table_odds]
    players = sum(len(t) for t in odds)
    odd_total = sum(sum(t) for t in odds)
    removed_chips = odd_total + ratio * extra
    plan = colour_up_plan(removed=removed, next_chip=following, players=players, tables=len(odds),
                          chips_in_play=removed_chips * removed, average_stack=0, removed_chips=removed_chips)
    raced = [race_chips(odd_chips=sum(t), ratio=ratio) for t in odds]
    assert sum(raced) <= plan.race_chips_most == players
    assert all(r <= len(t) for r, t in zip(raced, odds, strict=True))  # one chip per player at most
    assert odd_total <= plan.odd_most
    rounding = sum(race_rounding(odd_chips=sum(t), removed=removed, next_chip=following) for t in odds)
    assert plan.rounding_least <= rounding <= plan.rounding_most
    assert plan.exchange_least <= extra <= plan.exchange_most
    assert plan.exchange_least <= plan.exchange_expected <= plan.exchange_most
    assert plan.new_chips_most >= extra + sum(raced)


# --- every refusal says which and why (the pages word them from `code` and `params`) -----------------


@pytest.mark.parametrize(("call", "code", "message", "params"), [
    (lambda: card_key("Ax"), "card", "not a card: 'Ax'", {}),
    (lambda: card_key("1s"), "card", "not a card: '1s'", {}),
    (lambda: card_key("Ass"), "card", "not a card: 'Ass'", {}),
    (lambda: ratio_of(25, 110), "not_multiple", "a 110 chip is not a whole number of 25 chips",
     {"removed": 25, "next_chip": 110}),
    (lambda: ratio_of(0, 100), "not_multiple", "a 100 chip is not a whole number of 0 chips",
     {"removed": 0, "next_chip": 100}),
    (lambda: race_chips(odd_chips=-1, ratio=4), "negative",
     "odd chips count from 0; a next chip is worth two removed chips or more", {}),
    (lambda: race_chips(odd_chips=1, ratio=1), "negative",
     "odd chips count from 0; a next chip is worth two removed chips or more", {}),
    (lambda: table_race(removed=25, next_chip=100, holdings=[Holding(1, 1), Holding(1, 2)], deck=DECK), "seat",
     "two players in one seat", {}),
    (lambda: table_race(removed=25, next_chip=100, holdings=[Holding(4, -1, 500)], deck=DECK), "seat",
     "seat 4: a player at the colour-up holds chips", {"seat": 4}),
    (lambda: table_race(removed=25, next_chip=100, holdings=[Holding(5, 3, -100)], deck=DECK), "seat",
     "seat 5: a player at the colour-up holds chips", {"seat": 5}),
    (lambda: table_race(removed=25, next_chip=100, holdings=[Holding(1, 3), Holding(2, 2)], deck=DECK[:4]), "deck",
     "5 odd chips need 5 cards; the deck has 4", {"needed": 5, "cards": 4}),
    (lambda: table_race(removed=25, next_chip=100, holdings=[Holding(1, 1), Holding(2, 1)], deck=["As", "As"]),
     "deck", "the same card was dealt twice", {}),
    (lambda: colour_up_plan(removed=25, next_chip=100, players=-1, tables=1, chips_in_play=0, average_stack=0),
     "negative", "players, tables and chips are counted from 0", {}),
    (lambda: colour_up_plan(removed=25, next_chip=100, players=1, tables=-1, chips_in_play=0, average_stack=0),
     "negative", "players, tables and chips are counted from 0", {}),
    (lambda: colour_up_plan(removed=25, next_chip=100, players=1, tables=1, chips_in_play=-1, average_stack=0),
     "negative", "players, tables and chips are counted from 0", {}),
    (lambda: colour_up_plan(removed=25, next_chip=100, players=1, tables=1, chips_in_play=0, average_stack=-1),
     "negative", "players, tables and chips are counted from 0", {}),
    (lambda: colour_up_plan(removed=25, next_chip=100, players=1, tables=1, chips_in_play=0, average_stack=0,
                            removed_chips=-1), "negative", "removed chips are counted from 0", {}),
    (lambda: parse_odd_chips(" ,; ", ratio=4), "empty", "no odd chips given", {}),
    (lambda: parse_odd_chips("1 " * 4, ratio=4, limit=3), "too_many", "more than 3 players at one table",
     {"limit": 3}),
    (lambda: parse_odd_chips("0000", ratio=4), "not_a_number", "not a number of chips: '0000'", {"text": "0000"}),
    (lambda: parse_odd_chips("2 x7", ratio=4), "not_a_number", "not a number of chips: 'x7'", {"text": "x7"}),
    (lambda: parse_odd_chips("three-or-four-chips", ratio=4), "not_a_number", "not a number of chips: 'three-or-fou'",
     {"text": "three-or-fou"}),  # a long word is cut to 12 characters
    (lambda: parse_odd_chips("1 5", ratio=5), "whole_chip", "5 odd chips make a whole next chip: exchange 5 first",
     {"value": 5, "ratio": 5}),
])
def test_every_refusal_names_its_code_its_reason_and_its_numbers(call, code, message, params):
    with pytest.raises(ChipRaceError) as refused:
        call()
    assert (refused.value.code, str(refused.value), refused.value.params) == (code, message, params)


def test_the_edges_that_are_allowed():
    assert ratio_of(1, 5) == 5  # a chip of 1 coloured up into 5s
    assert race_chips(odd_chips=0, ratio=2) == 0
    assert parse_odd_chips("1 2 3", ratio=4, limit=3) == [1, 2, 3]  # exactly the limit
    assert parse_odd_chips("100 007", ratio=500) == [100, 7]  # three digits
    assert sorted(["Ks", "Kh", "Kd", "Kc"], key=card_key) == ["Kc", "Kd", "Kh", "Ks"]
    empty = colour_up_plan(removed=25, next_chip=100, players=0, tables=0, chips_in_play=0, average_stack=0)
    assert (empty.odd_most, empty.race_chips_most, empty.rounding_least, empty.rounding_most) == (0, 0, 0, 0)


def test_a_table_race_and_a_plan_say_what_they_were_asked():
    race = table_race(removed=25, next_chip=100, holdings=[Holding(1, 6, 100), Holding(2, 1, 200)], deck=DECK)
    assert (race.removed, race.next_chip, race.odd_chips) == (25, 100, 3)
    plan = colour_up_plan(removed=100, next_chip=500, players=27, tables=3, chips_in_play=1_350_000,
                          average_stack=50_000)
    assert (plan.removed, plan.next_chip, plan.ratio, plan.players, plan.tables, plan.chips_in_play,
            plan.average_stack, plan.odd_most_per_player) == (100, 500, 5, 27, 3, 1_350_000, 50_000, 4)


def exchanges_by_search(removed_chips: int, ratio: int, odd_most: int, odd_expected: int) -> tuple[int, int, int]:
    """The plan's exchanges worked out the long way: the field's odd chips are a total T with T = removed_chips
    (mod ratio), at most what the players can hold (odd_most) and the removed chips there are; the expected T
    is the one nearest `odd_expected` (the lower one on a tie). (least, expected, most) whole exchanges."""
    possible = [t for t in range(0, min(odd_most, removed_chips) + 1) if t % ratio == removed_chips % ratio]
    if not possible:
        possible = [removed_chips % ratio]  # fewer than a group: only the remainder
    expected = min(possible, key=lambda t: (abs(t - odd_expected), t))
    return ((removed_chips - max(possible)) // ratio, (removed_chips - expected) // ratio,
            (removed_chips - min(possible)) // ratio)


@PROPERTY
@given(st.sampled_from(PAIRS), st.integers(0, 60), st.integers(0, 400))
@example((25, 100), 90, 1001)  # a remainder of 1: the groups are counted from it
@example((100, 500), 7, 13)  # the expected total sits between two possible ones
@example((25, 100), 3, 2)  # fewer removed chips than a group
def test_the_plans_exchanges_match_a_search_of_every_possible_total(pair, players, removed_chips):
    removed, next_chip = pair
    plan = colour_up_plan(removed=removed, next_chip=next_chip, players=players, tables=max(1, players // 9),
                          chips_in_play=0, average_stack=0, removed_chips=removed_chips)
    assert (plan.exchange_least, plan.exchange_expected, plan.exchange_most) == exchanges_by_search(
        removed_chips, plan.ratio, plan.odd_most, plan.odd_expected)
