"""The desk's view of a hand: idle checks, the desk words 'check' and 'call', refusals that change nothing."""

import pytest

from tdconsole.rules import Hand, IllegalAction

from .test_betting import play, spec


def refusal(hand, action):
    with pytest.raises(IllegalAction) as info:
        hand.apply(action)
    return info.value.error


def test_an_unacted_big_blind_may_check_when_nobody_could_answer_a_raise():
    # Blinds 1/2: p3 calls all-in for exactly 2, p1 folds. The betting is closed at once (nobody could call a raise
    # by p2), yet a recorded check by p2, the unacted big blind, is accepted and changes nothing.
    hand = play([100, 100, 2], ["p3 cc", "p1 f"])
    assert hand.actor is None and hand.options() is None and hand.status == "in_progress"
    assert hand.can_apply("p2 cc") and hand.can_apply("p2 check")
    assert not hand.can_apply("p2 call") and not hand.can_apply("p2 cbr 10") and not hand.can_apply("p2 f")
    error = refusal(hand, "p2 call")
    assert (error.code, error.rule, error.action, error.action_index) == (
        "call_without_bet", "Facing a bet", "p2 cc", 2)
    assert error.message("en") == "p2 has nothing to call; the action is a check."
    assert refusal(hand, "p2 cbr 10").code == "betting_closed"
    assert refusal(hand, "p2 f").code == "betting_closed"
    assert refusal(hand, "p3 cc").code == "betting_closed"
    assert refusal(hand, "p1 cc").code == "player_folded"
    before = repr(hand)
    hand.apply("p2 check")
    assert hand.history == ["p3 cc", "p1 f", "p2 cc"]
    assert repr(hand) == before.replace("'p1 f']", "'p1 f', 'p2 cc']")
    assert not hand.can_apply("p2 cc")  # once only
    assert refusal(hand, "p2 cc").code == "betting_closed"
    assert hand.stack == [99, 98, 0] and hand.pots()[0].amount == 5


def test_the_idle_check_is_only_for_a_blind_before_the_flop():
    # The big blind is all-in from posting: he has no check to make, idle or not.
    hand = play([100, 2, 100], ["p3 f", "p1 cc"])
    assert hand.actor is None
    assert not hand.can_apply("p2 cc")
    assert refusal(hand, "p2 cc").code == "betting_closed"
    # The player who called all-in had no blind: no idle check for him.
    assert refusal(play([100, 100, 2], ["p3 cc", "p1 f"]), "p3 cc").code == "betting_closed"
    flop = play([100, 100, 2], ["p3 cc", "p1 f", "d db Qh9c4d"])
    assert not flop.can_apply("p2 cc")


@pytest.mark.parametrize(("action", "code", "params"), [
    ("p3 check", "check_facing_bet", (("player", "p3"), ("amount", 2))),
    ("p3 check # he says check", "check_facing_bet", (("player", "p3"), ("amount", 2))),
])
def test_check_facing_a_bet_is_refused_with_the_amount_to_call(action, code, params):
    hand = play([100, 100, 100], [])
    error = refusal(hand, action)
    assert (error.code, error.rule, error.params, error.action) == (code, "Facing a bet", params, "p3 cc")
    assert error.message("pt-br") == "p3 não pode dar check: há uma aposta a enfrentar (2 para pagar)."
    assert error.remedy("en") == "p3 must fold, call 2 or raise."


def test_check_facing_a_bet_bigger_than_the_stack_names_what_calling_costs():
    hand = play([100, 100, 1], [])
    assert refusal(hand, "p3 check").params == (("player", "p3"), ("amount", 1))


def test_desk_words_are_recorded_as_cc_and_act_as_check_or_call():
    hand = play([100, 100, 100], [])
    hand.apply("p3 call")
    hand.apply("p1 call")
    assert refusal(hand, "p2 call").code == "call_without_bet"
    hand.apply("p2 check")
    assert hand.history == ["p3 cc", "p1 cc", "p2 cc"]
    assert hand.bet == [2, 2, 2] and hand.stack == [98, 98, 98]


def test_desk_words_out_of_turn_or_malformed_are_refused_as_such():
    hand = play([100, 100, 100], [])
    error = refusal(hand, "p1 call")
    assert (error.code, error.action, error.rule) == ("not_your_turn", "p1 cc", "TDA 53")
    assert error.params == (("player", "p1"), ("expected", "p3"))
    assert refusal(hand, "p9 call").code == "malformed"
    assert refusal(hand, "p3 call 5").code == "malformed"
    assert refusal(hand, "p3 checks").code == "malformed"
    assert not hand.can_apply("p9 check") and not hand.can_apply("p3 call 5")
    assert hand.history == [] and hand.actor == 2


def test_a_refused_action_leaves_the_hand_as_it_was_and_an_invalid_replay_refuses_everything():
    hand = play([100, 100, 100], ["p3 cbr 10"])
    before = repr(hand)
    for action in ["p1 cbr 12", "p1 cbr 200", "p2 cc", "d db Qh9c4d", "p1 sm", "zz"]:
        assert not hand.can_apply(action)
        with pytest.raises(IllegalAction):
            hand.apply(action)
        assert repr(hand) == before
    broken = Hand.replay(spec([100, 100, 100], actions=["p3 cbr 10", "p2 cc", "p1 cc"]))
    assert broken.error.code == "not_your_turn" and broken.error.action_index == 1
    assert broken.history == ["p3 cbr 10"]
    assert not broken.can_apply("p1 cc")
    with pytest.raises(IllegalAction) as info:
        broken.apply("p1 cc")
    assert info.value.error is broken.error
    assert str(info.value) == "not_your_turn: It is p1's turn to act, not p2's."


def test_illegal_action_message_is_in_english_whatever_the_hand():
    hand = play([100, 100, 100], [])
    with pytest.raises(IllegalAction) as info:
        hand.apply("p3 cbr 1000")
    assert str(info.value) == "bet_exceeds_stack: p3 bets to 1,000 but has only 100 in total (table stakes)."
    assert info.value.error.remedy("pt-br") == (
        "Só valem as fichas à frente do jogador: a aposta vale como all-in de 100.")
    assert info.value.error.remedy("xx") == (
        "Only the chips in front of the player play: the bet stands as all-in for 100.")
    with pytest.raises(IllegalAction) as info:
        hand.apply("p1 cc")
    assert info.value.error.remedy("en").startswith("Action out of turn")
    with pytest.raises(IllegalAction) as info:
        hand.apply("p3 sm")
    assert info.value.error.code == "show_before_showdown" and info.value.error.remedy("en") is None


def test_no_idle_check_for_a_player_without_a_blind_or_without_chips():
    # No blinds, antes of 10: p2 and p3 are all-in from the ante, p1 is left alone with chips and nothing to do.
    alone = Hand(spec([100, 10, 10], blinds=(0, 0), antes=[10, 10, 10], min_bet=2))
    assert alone.actor is None
    assert not alone.can_apply("p1 cc") and refusal(alone, "p1 cc").code == "betting_closed"
    # The big blind all-in from posting, everyone else folded or all-in: he has no check to make either.
    broke = play([100, 2, 2], ["p3 cc", "p1 f"])
    assert broke.actor is None and broke.stack == [99, 0, 0]
    assert not broke.can_apply("p2 cc") and refusal(broke, "p2 cc").code == "betting_closed"


def test_a_big_blind_of_one_chip_has_the_idle_check_too():
    hand = play([100, 100, 1], ["p3 cc", "p1 f"], blinds=(0, 1), min_bet=1)
    assert hand.actor is None
    assert hand.can_apply("p2 cc")
    hand.apply("p2 cc")
    assert hand.history == ["p3 cc", "p1 f", "p2 cc"]


def test_a_big_blind_with_a_single_chip_left_has_the_idle_check():
    hand = play([100, 3, 2], ["p3 cc", "p1 f"])
    assert hand.actor is None and hand.stack[1] == 1
    assert hand.can_apply("p2 cc")
