"""Cards dealt twice, shown over unknown cards, a bet of nothing, a hand with no blinds at all."""

import pytest

from tdconsole.rules import Hand, IllegalAction

from .test_betting import FLOP_DEALT, play, spec


def refusal(hand, action):
    with pytest.raises(IllegalAction) as info:
        hand.apply(action)
    return info.value.error


@pytest.mark.parametrize(("action", "card"), [("d dh p2 AsQd", "As"), ("d dh p2 QdQd", "Qd"), ("d dh p2 ??Kd", "Kd")])
def test_a_card_already_dealt_cannot_be_dealt_again(action, card):
    hand = play([100] * 4, ["d dh p1 AsKd"])
    error = refusal(hand, action)
    assert (error.code, error.rule, error.params) == ("duplicate_card", "Dealing order", (("card", card),))
    assert error.message("pt-br") == f"A carta {card} já saiu nesta mão."
    assert hand.hole[1] is None


def test_unknown_hole_cards_may_be_dealt_in_full_later():
    hand = play([100] * 4, ["d dh p1 ????"])
    assert hand.hole[0] == ("??", "??")
    hand.apply("d dh p1 AsQd")
    assert hand.hole[0] == ("As", "Qd")
    assert refusal(hand, "d dh p2 Qd2c").code == "duplicate_card"


def test_cards_shown_over_unknown_hole_cards_must_not_be_already_out():
    hand = play([100, 100, 100], ["d dh p1 ????", "p3 cbr 100", "p1 cc", "p2 cc", "d db Qh9c4d", "d db 5s", "d db Jd"])
    error = refusal(hand, "p1 sm Qh2c")
    assert (error.code, error.params) == ("duplicate_card", (("card", "Qh"),))
    hand.apply("p1 sm Ah2c")
    assert hand.shown[0] == ("Ah", "2c") and hand.hole[0] == ("Ah", "2c")


@pytest.mark.parametrize("variant", ["NT", "FT"])
def test_a_bet_of_nothing_is_below_the_minimum_bet(variant):
    extra = {"small_bet": 2, "big_bet": 4} if variant == "FT" else {}
    hand = play([100] * 4, FLOP_DEALT, variant=variant, **extra)
    error = refusal(hand, "p1 cbr 0")
    assert (error.code, error.rule, error.params) == ("below_minimum_bet", "TDA 43", (("amount", 0), ("minimum", 2)))
    assert error.remedy("en") == "The player must bet at least 2 (or go all-in)."


def test_without_blinds_the_first_player_opens_and_may_bet_the_minimum():
    hand = Hand(spec([100, 100, 100], blinds=(0, 0), min_bet=2))
    opts = hand.options()
    assert (opts.player, opts.check, opts.call, opts.raise_min_to, opts.raise_max_to) == (0, True, 0, 2, 100)
    assert opts.reason_key == "opt.open_bet"
    assert opts.reason_en == "Nobody has bet: p1 may check or bet at least 2."
    for action in ["p1 cc", "p2 cc", "p3 cc"]:
        hand.apply(action)
    assert hand.actor is None and hand.status == "in_progress" and hand.pots() == []


def test_hand_values_wait_for_the_showdown_and_skip_only_unknown_hands():
    actions = ["d dh p1 ????", "d dh p2 AsAd", "d dh p3 KsKd", "p3 cbr 100", "p1 cc", "p2 cc",
               "d db Qh9c4d", "d db 5s", "d db Jd"]
    hand = play([100, 100, 100], actions)
    assert hand.showdown and hand.status == "in_progress"
    assert sorted(hand.hand_values()) == [1, 2]
    ruling = hand.ruling("en")
    assert ruling["hands"] == {"p2": {"category": "pair", "best_five": ["As", "Ad", "Qh", "Jd", "9c"]},
                               "p3": {"category": "pair", "best_five": ["Ks", "Kd", "Qh", "Jd", "9c"]}}
    assert ruling["to_act"] is None and ruling["pots"][0]["winners"] == []
    # On the river, before the betting is over: no hand is valued yet.
    river = play([100, 100, 100], ["d dh p1 2c2d", "d dh p2 AsAd", "d dh p3 KsKd", "p3 cc", "p1 cc", "p2 cc",
                                   "d db Qh9c4d", "p1 cc", "p2 cc", "p3 cc", "d db 5s", "p1 cc", "p2 cc", "p3 cc",
                                   "d db Jd"])
    assert len(river.board) == 5 and not river.showdown
    assert river.hand_values() == {} and river.ruling("en")["hands"] == {}


def test_replay_remembers_every_card_dealt_in_full():
    for second in ["d dh p2 AsQd", "d dh p2 QdKd"]:
        hand = Hand.replay(spec([100, 100, 100], actions=["d dh p1 AsKd", second]))
        assert hand.error is not None and hand.error.code == "duplicate_card" and hand.error.action_index == 1
    board = Hand.replay(spec([100, 100, 100], actions=["d dh p1 AsKd", "p3 cc", "p1 cc", "p2 cc", "d db Qh9cAs"]))
    assert (board.error.code, board.error.params) == ("duplicate_card", (("card", "As"),))


def test_a_big_blind_of_one_chip_is_raised_by_at_least_one_more():
    hand = play([100, 100, 100], [], blinds=(0, 1), min_bet=1)
    opts = hand.options()
    assert (opts.call, opts.raise_min_to, opts.reason_key) == (1, 2, "opt.min_raise")


def test_scores_leave_out_the_players_who_folded_or_mucked():
    actions = ["d dh p1 2c3d", "d dh p2 AsAd", "d dh p3 KsKd", "d dh p4 7h7s", "p3 cc", "p4 f", "p1 cc", "p2 cc",
               "d db Qh9c4d", "p1 cc", "p2 cc", "p3 cc", "d db 5s", "p1 cc", "p2 cc", "p3 cc", "d db Jd",
               "p1 cc", "p2 cc", "p3 cc", "p1 sm"]
    hand = play([100] * 4, actions)
    assert hand.showdown and hand.folded[3] and hand.mucked[0]
    assert sorted(hand.scores()) == [1, 2]
    assert sorted(hand.hand_values()) == [1, 2]


def test_a_card_twice_on_one_board_line_or_in_a_half_known_hand_is_a_duplicate():
    board = Hand.replay(spec([100, 100, 100], actions=["p3 cc", "p1 cc", "p2 cc", "d db QhQh4d"]))
    assert (board.error.code, board.error.action_index, board.error.params) == ("duplicate_card", 3, (("card", "Qh"),))
    half = Hand.replay(spec([100, 100, 100], actions=["d dh p1 AsKd", "d dh p2 As??"]))
    assert (half.error.code, half.error.action_index, half.error.params) == ("duplicate_card", 1, (("card", "As"),))


def test_tda47b_the_player_reopened_by_a_half_bet_all_in_may_make_the_raise():
    # Fixed limit 200/400 on the flop: p1 bets 200, p2 is all-in to 300 (half a bet or more), p3 and p4 call.
    # p1 faces only 100, less than a bet, but the half-bet all-in re-opened the betting for him: he may raise to 500.
    actions = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d", "p1 cbr 200", "p2 cbr 300", "p3 cc", "p4 cc"]
    hand = play([5000, 500, 5000, 5000], actions, blinds=(100, 200), variant="FT", small_bet=200, big_bet=400)
    assert hand.can_apply("p1 cbr 500")
    hand.apply("p1 cbr 500")
    assert hand.bet[0] == 500 and hand.options().player == 2 and hand.options().call == 200


def test_cards_shown_by_players_never_dealt_in_the_record_become_their_hands():
    hand = Hand.replay(spec([100, 100, 100], actions=["p3 cbr 100", "p1 cc", "p2 cc", "d db Qh9c4d", "d db 5s",
                                                        "d db Jd", "p1 sm AsAd", "p2 sm KsKd", "p3 sm 7c2h"]))
    assert hand.error is None and hand.status == "complete"
    assert hand.hole == [("As", "Ad"), ("Ks", "Kd"), ("7c", "2h")]
    assert hand.finishing_stacks() == [300, 0, 0]


def test_a_card_dealt_face_up_in_a_half_known_hand_is_out_of_the_deck():
    """'As??' puts the ace of spades in that player's hand: nobody else may be dealt it, nor the board."""
    hand = play([100, 100, 100], ["d dh p1 As??"])
    assert hand.hole[0] == ("As", "??")
    assert not hand.can_apply("d dh p2 AsKd")
    error = refusal(hand, "d dh p2 AsKd")
    assert (error.code, error.params) == ("duplicate_card", (("card", "As"),))
    replayed = Hand.replay(spec([100, 100, 100], actions=["d dh p1 As??", "d dh p2 AsKd"]))
    assert (replayed.error.code, replayed.error.action_index) == ("duplicate_card", 1)
    on_board = Hand.replay(spec([100, 100, 100], actions=[
        "d dh p1 As??", "d dh p2 QdKd", "d dh p3 2c3c", "p3 cc", "p1 cc", "p2 cc", "d db AsJh9c"]))
    assert (on_board.error.code, on_board.error.action_index, on_board.error.params) == (
        "duplicate_card", 6, (("card", "As"),))


def test_a_half_known_hand_is_shown_with_its_face_up_card():
    actions = ["d dh p1 As??", "d dh p2 QdKd", "p2 cbr 100", "p1 cc", "d db Qh9c4d", "d db 5s", "d db Jd"]
    hand = play([100, 100], actions)
    error = refusal(hand, "p1 sm Kh2c")
    assert error.code == "shown_cards_differ"
    assert error.params == (("player", "p1"), ("shown", "Kh2c"), ("dealt", "As??"))
    hand.apply("p1 sm 2cAs")  # its own ace is no duplicate, in either order
    assert hand.shown[0] == ("2c", "As") and hand.hole[0] == ("2c", "As")
