"""Betting at the exact edges (a stack or a raise of exactly the minimum), one TDA rule per test.

These pin down boundaries that mutation testing (`make mutate`) showed no other test fixed.
"""

from tdconsole.rules import Hand

from .test_betting import FLOP_DEALT, play, spec


def test_tda43_a_stack_of_exactly_one_minimum_raise_is_offered_a_full_raise_not_a_short_all_in():
    # Blinds 50/100: p3 may raise to 200, and 200 is all he has. That is a full raise (TDA 43),
    # not an all-in for less.
    hand = play([1000, 1000, 200, 1000], [], blinds=(50, 100))
    opts = hand.options()
    assert (opts.player, opts.raise_min_to, opts.raise_max_to) == (2, 200, 200)
    assert opts.reason_key == "opt.min_raise"


def test_tda43_a_stack_one_chip_short_of_the_minimum_raise_may_only_go_all_in():
    hand = play([1000, 1000, 199, 1000], [], blinds=(50, 100))
    opts = hand.options()
    assert (opts.raise_min_to, opts.raise_max_to) == (199, 199)
    assert opts.reason_key == "opt.all_in_only_raise"


def test_tda47_an_all_in_of_exactly_a_full_raise_reopens_the_betting():
    # Flop: p1 bets 10, p2 is all-in for 20 (a raise of exactly 10, a full raise), p3 and p4 call.
    # Back to p1, the betting is re-opened (TDA 47): he may raise to 30.
    hand = play([200, 22, 150, 180], [*FLOP_DEALT, "p1 cbr 10", "p2 cbr 20", "p3 cc", "p4 cc"])
    assert not [e for e in hand.events if e[0] == "short_all_in"]
    opts = hand.options()
    assert (opts.player, opts.call, opts.raise_min_to) == (0, 10, 30)


def test_tda43_an_opening_bet_of_exactly_the_minimum_bet_is_a_full_bet():
    # Flop, minimum bet 2: p1 bets exactly 2, so the next raise is at least 2 more (to 4).
    hand = play([200, 200, 200, 200], [*FLOP_DEALT, "p1 cbr 2"])
    assert not [e for e in hand.events if e[0] == "short_all_in"]
    assert hand.options().raise_min_to == 4


def test_tda43_an_all_in_opening_bet_below_the_minimum_is_short():
    # p1 has 1 chip left after the blinds round: his all-in bet of 1 is below the minimum bet of 2.
    hand = Hand(spec([3, 200, 200, 200]))
    for action in [*FLOP_DEALT, "p1 cbr 1"]:
        hand.apply(action)
    assert [e[0] for e in hand.events].count("short_all_in") == 1


def test_tda47b_a_fixed_limit_all_in_of_a_third_of_a_bet_is_short_and_does_not_move_the_raise():
    # Fixed limit 6/12, blinds 3/6: p3 is all-in to 8, 2 over the big blind (a third of a bet, under half): a short
    # all-in. The next raise still goes to 6 + 6 = 12, not 8 + 6.
    hand = play([100, 100, 8, 100], ["p3 cbr 8"], blinds=(3, 6), variant="FT", small_bet=6, big_bet=12)
    assert hand.events == [("short_all_in", 2, 8, 2, 6, 6)]
    opts = hand.options()
    assert (opts.player, opts.call, opts.raise_min_to, opts.raise_max_to) == (3, 8, 12, 12)
    assert ("p3 goes all-in to 8, only 2 over 6: less than a full raise of 6, so it does not reopen the betting for "
            "players who already acted. [TDA 47-B]") in hand.ruling("en")["explanation"]


def test_tda47b_a_half_bet_all_in_before_any_full_raise_reopens_for_the_caller():
    # Fixed limit 200/400, blinds 100/200: p3 calls, p4 is all-in to 300 (half a bet over the big blind), p1 and p2
    # call. Back to p3, who had acted: re-opened by the half-bet all-in, his only raise is to 500.
    hand = play([5000, 5000, 5000, 300], ["p3 cc", "p4 cbr 300", "p1 cc", "p2 cc"], blinds=(100, 200),
                variant="FT", small_bet=200, big_bet=400)
    opts = hand.options()
    assert (opts.player, opts.call, opts.raise_min_to, opts.raise_max_to) == (2, 100, 500, 500)
    assert opts.reason_key == "opt.limit_reopened" and opts.rule == "TDA 47-B"
