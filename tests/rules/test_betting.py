"""Betting rules, one TDA situation per test (chips in the examples are small round numbers)."""

import pytest

from tdconsole.rules import Hand, IllegalAction, spec_from_mapping, spec_from_table


def spec(stacks, blinds=(1, 2), antes=None, actions=(), min_bet=None, variant="NT", **extra):
    n = len(stacks)
    data = {
        "variant": variant,
        "starting_stacks": list(stacks),
        "blinds_or_straddles": list(blinds) + [0] * (n - len(blinds)),
        "antes": list(antes) if antes is not None else [0] * n,
        "actions": list(actions),
    }
    if variant == "NT":
        data["min_bet"] = min_bet if min_bet is not None else max(blinds)
    else:
        data["small_bet"] = extra.pop("small_bet")
        data["big_bet"] = extra.pop("big_bet")
    data.update(extra)
    return spec_from_mapping(data)


def play(stacks, actions, **kw):
    hand = Hand(spec(stacks, **kw))
    for action in actions:
        hand.apply(action)
    return hand


def code_of(hand, action):
    with pytest.raises(IllegalAction) as info:
        hand.apply(action)
    return info.value.error.code


FLOP_DEALT = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d"]


# --- TDA 43: minimum bet and raise -------------------------------------------------------------------------------

def test_tda43_min_raise_preflop_is_one_big_blind_over_the_bet():
    hand = play([1000] * 4, [], blinds=(50, 100))
    opts = hand.options()
    assert opts.player == 2 and opts.call == 100 and opts.raise_min_to == 200 and opts.raise_max_to == 1000


def test_tda43_min_raise_follows_largest_raise_of_the_round():
    hand = play([1000] * 4, ["p3 cbr 300"], blinds=(50, 100))
    assert hand.options().raise_min_to == 500  # raised by 200, so the next raise is at least 200 more


def test_tda43_raise_below_minimum_is_illegal_and_stops_before_it():
    hand = play([1000] * 4, ["p3 cbr 300"], blinds=(50, 100))
    assert code_of(hand, "p4 cbr 400") == "below_minimum_raise"
    assert hand.options().player == 3  # nothing changed


def test_tda43_bet_below_min_bet_is_illegal_unless_all_in():
    hand = play([200, 200, 30, 200], FLOP_DEALT, blinds=(1, 2), min_bet=2)
    assert code_of(hand, "p1 cbr 1") == "below_minimum_bet"
    hand2 = play([200, 200, 3, 200], ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d", "p1 cc", "p2 cc"],
                 blinds=(1, 2), min_bet=2)
    hand2.apply("p3 cbr 1")  # all-in for less than the minimum bet is always allowed
    assert hand2.stack[2] == 0


def test_wsop175_all_in_for_any_amount_is_allowed_even_below_minimum_raise():
    hand = play([1000, 1000, 1000, 250], ["p3 cbr 200"], blinds=(50, 100))
    hand.apply("p4 cbr 250")
    assert hand.stack[3] == 0


def test_tda43_straddle_counts_as_the_opening_bet():
    hand = play([1000] * 5, [], blinds=(50, 100, 200))
    opts = hand.options()
    assert opts.player == 3  # first to act is left of the straddle
    assert opts.call == 200 and opts.raise_min_to == 400


def test_straddler_keeps_the_option_when_everyone_calls():
    hand = play([1000] * 5, ["p4 cc", "p5 cc", "p1 cc", "p2 cc"], blinds=(50, 100, 200))
    opts = hand.options()
    assert opts.player == 2 and opts.check and opts.raise_min_to == 400


def test_bet_above_stack_is_table_stakes_error():
    hand = play([1000] * 3, [], blinds=(50, 100))
    assert code_of(hand, "p3 cbr 5000") == "bet_exceeds_stack"


# --- TDA 47: re-opening the betting -------------------------------------------------------------------------------

def test_tda47_short_all_in_does_not_reopen_for_bettor():
    hand = play([200, 16, 150, 180], [*FLOP_DEALT, "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cc"])
    opts = hand.options()
    assert opts.player == 0 and opts.call == 4 and opts.raise_min_to is None
    assert code_of(hand, "p1 cbr 30") == "raise_not_reopened"


def test_tda47_unacted_player_may_raise_over_short_all_in_to_all_in_plus_last_full_raise():
    hand = play([200, 16, 150, 180], [*FLOP_DEALT, "p1 cbr 10", "p2 cbr 14"])
    opts = hand.options()
    assert (opts.player, opts.call, opts.raise_min_to, opts.raise_max_to) == (2, 14, 24, 148)


def test_tda47_cumulative_short_all_ins_reopen_for_bettor():
    hand = play([200, 16, 23, 180], [*FLOP_DEALT, "p1 cbr 10", "p2 cbr 14", "p3 cbr 21", "p4 cc"])
    opts = hand.options()
    assert (opts.player, opts.call, opts.raise_min_to, opts.raise_max_to) == (0, 11, 31, 198)


def test_tda47_reopening_is_per_player():
    # p1 bets 10, p2 all-in 14, p3 calls 14, p4 all-in 21, p5 calls 21. Back to p1, who put in 10 and faces
    # 11 more (a full raise over his bet): reopened. Then p3, who put in 14 and faces only 7: not reopened.
    five = ["p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc", "d db Qh9c4d"]
    hand = play([200, 16, 200, 23, 200], [*five, "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cbr 21", "p5 cc"])
    opts = hand.options()
    assert opts.player == 0 and opts.call == 11 and opts.raise_min_to == 31
    hand.apply("p1 cc")
    opts = hand.options()
    assert opts.player == 2 and opts.call == 7 and opts.raise_min_to is None


def test_full_raise_reopens_for_everyone():
    hand = play([1000] * 3, ["p3 cc", "p1 cc", "p2 cbr 300"], blinds=(50, 100))
    opts = hand.options()
    assert opts.player == 2 and opts.raise_min_to == 500


def test_raise_not_allowed_when_every_opponent_is_all_in():
    hand = play([1000, 1000, 300], ["p3 cbr 300", "p1 f"], blinds=(50, 100))
    opts = hand.options()
    assert opts.player == 1 and opts.call == 200 and opts.raise_min_to is None


# --- blinds, antes, big blind ante ---------------------------------------------------------------------------------

def test_tda_bba_short_big_blind_pays_blind_before_ante():
    hand = play([1000, 250, 1000], ["p3 f", "p1 cc"], blinds=(100, 200), antes=(0, 200, 0))
    assert hand.blind_paid[1] == 200 and hand.ante_paid[1] == 50
    for card in ["d db 2c3d4h", "d db 9s", "d db Kd"]:
        hand.apply(card)  # the big blind is all-in: no more betting
    assert [p.amount for p in hand.pots()] == [450]  # 200 + 200 + the 50 of dead ante, all in the main pot


def test_bba_ante_first_house_rule_changes_what_is_live():
    hand = play([1000, 250, 1000], ["p3 f", "p1 cc"], blinds=(100, 200), antes=(0, 200, 0), _bba_order="ante_first")
    assert hand.ante_paid[1] == 200 and hand.blind_paid[1] == 50
    assert hand.uncalled == [(0, 150)]  # only 50 of p1's call is matched by the big blind
    assert sum(p.amount for p in hand.pots()) == 300


def test_wsop154_short_big_blind_still_owes_others_the_full_blind():
    hand = play([1000, 60, 1000], [], blinds=(50, 100))
    opts = hand.options()
    assert opts.player == 2 and opts.call == 100


def test_heads_up_button_posts_small_blind_and_acts_first_preflop_last_after():
    hand = play([1000, 1000], [], blinds=(50, 100))
    assert hand.blind_paid == [100, 50]  # p1 is the big blind
    assert hand.options().player == 1
    hand.apply("p2 cc")
    hand.apply("p1 cc")
    hand.apply("d db 2c3d4h")
    assert hand.options().player == 0


def test_heads_up_big_blind_ante_goes_to_p1():
    hand = play([1000, 1000], [], blinds=(100, 200), antes=(0, 200))
    assert hand.blind_paid == [200, 100] and hand.ante_paid == [200, 0]


# --- turn order and dealing -----------------------------------------------------------------------------------------

def test_tda53_action_out_of_turn_is_illegal():
    hand = play([1000] * 4, [], blinds=(50, 100))
    assert code_of(hand, "p4 cc") == "not_your_turn"


def test_board_dealt_before_betting_closes_is_premature():
    hand = play([1000] * 3, ["p3 cc"], blinds=(50, 100))
    assert code_of(hand, "d db 2c3d4h") == "board_before_betting_closed"


def test_duplicate_card_is_illegal():
    hand = play([1000] * 3, ["d dh p1 AsKs"], blinds=(50, 100))
    assert code_of(hand, "d dh p2 AsQd") == "duplicate_card"


def test_action_after_everyone_folded_is_illegal():
    hand = play([1000] * 3, ["p3 f", "p1 f"], blinds=(50, 100))
    assert hand.status == "complete"
    assert code_of(hand, "p2 cc") == "hand_over"


def test_uncalled_bet_is_returned_not_a_pot():
    hand = play([1000] * 3, ["p3 cbr 300", "p1 f", "p2 f"], blinds=(50, 100))
    assert hand.uncalled == [(2, 200)]
    assert [p.amount for p in hand.pots()] == [250]
    assert hand.finishing_stacks() == [950, 900, 1150]


# --- fixed limit ----------------------------------------------------------------------------------------------------

def limit(stacks, actions, **kw):
    return play(stacks, actions, variant="FT", small_bet=2, big_bet=4, blinds=(1, 2), **kw)


def test_fixed_limit_raise_size_is_fixed():
    hand = limit([100] * 4, [])
    opts = hand.options()
    assert opts.raise_min_to == opts.raise_max_to == 4
    assert code_of(hand, "p3 cbr 5") == "wrong_limit_amount"


def test_fixed_limit_cap_is_a_bet_and_three_raises_by_default():
    hand = limit([100] * 4, ["p3 cbr 4", "p4 cbr 6", "p1 cbr 8"])
    opts = hand.options()
    assert opts.player == 1 and opts.raise_min_to is None
    assert code_of(hand, "p2 cbr 10") == "raise_cap_reached"


def test_fixed_limit_raise_cap_zero_means_no_cap():
    hand = limit([100] * 4, ["p3 cbr 4", "p4 cbr 6", "p1 cbr 8"], _raise_cap=0)
    assert hand.options().raise_min_to == 10


def test_fixed_limit_turn_uses_big_bet():
    hand = limit([100] * 3, ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cc", "p2 cc", "p3 cc", "d db 9s"])
    assert hand.options().raise_min_to == 4


def test_tda47b_fixed_limit_half_bet_all_in_reopens():
    # Flop bet 2; p2 is all-in for 3 (half a bet more): the betting is reopened for p1, next raise to 5.
    hand = limit([100, 5, 100], ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 2", "p2 cbr 3", "p3 cc"])
    opts = hand.options()
    assert opts.player == 0 and opts.raise_min_to == 5
    assert opts.rule == "TDA 47-B" and opts.reason_key == "opt.limit_reopened"
    assert "half a bet" in opts.reason("en") and "meia aposta" in opts.reason("pt-br")


def test_tda47b_is_cited_only_where_the_half_bet_all_in_is_what_reopens():
    # p3 had not acted on the flop: every option was open anyway, the raise size is the point (TDA 43).
    hand = limit([100, 5, 100, 100], ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 2", "p2 cbr 3"])
    opts = hand.options()
    assert opts.player == 2 and opts.raise_min_to == 5 and opts.rule == "TDA 43"
    # A full raise after p1 acted reopens the betting for p1 in any case.
    hand.apply("p3 cbr 5")
    hand.apply("p4 cc")
    opts = hand.options()
    assert opts.player == 0 and opts.raise_min_to == 7 and opts.rule == "TDA 43"
    # Without a half-bet all-in a plain fixed-limit raise cites the raise amounts.
    plain = limit([100] * 3, ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 2", "p2 cbr 4", "p3 cc"])
    opts = plain.options()
    assert opts.player == 0 and opts.raise_min_to == 6 and opts.rule == "TDA 43"


def test_tda47b_fixed_limit_less_than_half_bet_all_in_does_not_reopen():
    hand = play([100, 14, 100], ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 10", "p2 cbr 12", "p3 cc"],
                variant="FT", small_bet=10, big_bet=20, blinds=(1, 2))
    opts = hand.options()
    assert opts.player == 0 and opts.call == 2 and opts.raise_min_to is None


# --- table helper ---------------------------------------------------------------------------------------------------

def test_spec_from_table_builds_bba_and_heads_up_order():
    s = spec_from_table(stacks=[500, 800], small_blind=50, big_blind=100, ante=100, players=["Button", "Big"])
    assert s.starting_stacks == (800, 500) and s.players == ("Big", "Button")
    hand = Hand(s)
    assert hand.blind_paid == [100, 50] and hand.ante_paid == [100, 0]


# --- desk words -----------------------------------------------------------------------------------------------------

def test_check_facing_a_bet_is_refused_at_the_desk():
    hand = play([1000] * 3, ["p3 cbr 300"], blinds=(50, 100))
    assert code_of(hand, "p1 check") == "check_facing_bet"
    assert not hand.can_apply("p1 check")
    hand.apply("p1 call")
    assert hand.history[-1] == "p1 cc" and hand.bet[0] == 300


def test_call_with_nothing_to_call_is_refused_and_check_is_recorded_as_cc():
    hand = play([1000] * 3, ["p3 cc", "p1 cc"], blinds=(50, 100))
    assert code_of(hand, "p2 call") == "call_without_bet"
    hand.apply("p2 check")
    assert hand.history[-1] == "p2 cc" and hand.actor is None


@pytest.mark.parametrize("lang", ["pt", "pt-BR", "pt_BR", "pt-br", "PT-br"])
def test_options_reason_answers_in_portuguese_for_every_spelling_of_pt_br(lang):
    hand = limit([100, 5, 100], ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 2", "p2 cbr 3", "p3 cc"])
    opts = hand.options()
    assert opts.reason(lang) == opts.reason_pt and "meia aposta" in opts.reason(lang)


@pytest.mark.parametrize("lang", ["en", "en-US", "en_GB", "fr", ""])
def test_options_reason_answers_in_english_otherwise(lang):
    hand = limit([100, 5, 100], ["p3 cc", "p1 cc", "p2 cc", "d db 2c3d4h", "p1 cbr 2", "p2 cbr 3", "p3 cc"])
    assert hand.options().reason(lang) == hand.options().reason_en
