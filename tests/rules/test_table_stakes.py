"""Antes follow table stakes like bets; what nobody matched goes back; the big blind's idle check.

Each test names the rule it pins. Chips are small round numbers; heads-up p1 is the big blind.
"""

import pytest

from tdconsole.rules import Hand, IllegalAction, parse_phh

from .test_betting import play

RUNOUT = ["d db 2c3d9h", "d db Ks", "d db Qd"]


def deal(*holes):
    return [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]


# --- Table stakes: from each opponent a player wins only what he put in, antes included ------------------------------

def test_table_stakes_all_in_for_the_ante_wins_from_a_folder_only_what_he_matched():
    # Heads-up, antes 4: p1 (big blind) has 2 chips, all of them go in as his ante, so he posts no blind.
    # p2 puts in 4 + 2 and folds: p1 matched only 2 of them; the other 4 go back to p2.
    hand = play([2, 55], ["p2 f"], blinds=(2, 4), antes=(4, 4))
    assert hand.status == "complete"
    assert hand.finishing_stacks() == [4, 53]
    assert hand.uncalled == [(1, 4)]
    assert [(p.amount, p.eligible, p.winners) for p in hand.pots()] == [(4, (0,), (0,))]


def test_table_stakes_uncalled_ante_excess_is_returned_never_a_one_player_pot():
    # The same hand, p2 calls the full big blind instead: 8 in against p1's 2, so 6 come back to p2 and the
    # only pot is the 4 both of them matched.
    hand = play([2, 55], [*deal("AsAd", "7c2h"), "p2 cc", *RUNOUT], blinds=(2, 4), antes=(4, 4))
    assert hand.status == "complete"
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(4, (0, 1))]
    assert hand.uncalled == [(1, 6)]
    assert hand.finishing_stacks() == [4, 53]
    ruling = hand.ruling("en")
    assert ruling["uncalled"] == [{"player": "p2", "amount": 6}]
    assert [pot["eligible"] for pot in ruling["pots"]] == [["p1", "p2"]]


def test_table_stakes_antes_nobody_live_reached_go_to_the_last_of_their_contestants():
    # Three-handed, antes 4, blinds 2/4: p2 (big blind) is all-in for 2 of his ante. p3 folds, then p1 folds.
    # p2 wins 2 from each player (6). p1's 2 of small blind nobody matched come back; the 2 + 2 of ante above
    # p2's level were contested by p1 and p3 only: p3 folded first, so p1 was its last contestant and takes it.
    hand = play([100, 2, 100], ["p3 f", "p1 f"], blinds=(2, 4), antes=(4, 4, 4))
    assert hand.status == "complete"
    assert [(p.amount, p.eligible, p.winners) for p in hand.pots()] == [(6, (1,), (1,)), (4, (0,), (0,))]
    assert hand.uncalled == [(0, 2)]
    assert hand.finishing_stacks() == [100, 6, 96]
    assert ("Side pot 1 (4): only players who folded reached it; p1 folded last, when nobody else was left "
            "contesting it, and takes it. [Last live hand wins]") in hand.ruling("en")["explanation"]
    assert any(step.startswith("Pote paralelo 1 (4): só jogadores que desistiram chegaram a ele; p1 desistiu")
               for step in hand.ruling("pt-br")["explanation"])


def test_table_stakes_folded_chips_above_an_all_in_stay_in_the_side_pot_they_reached():
    # Antes 1 each; p3 is all-in for 5 pre-flop, p1 raises to 20, p2 calls, then p2 folds on the flop.
    # Nothing new for bets: p2 is no longer eligible, but his 21 stay in the pots they reached.
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cbr 5", "p1 cbr 20", "p2 cc", "d db 2c3d4h", "p1 cbr 40", "p2 f",
               "d db 9s", "d db Kh"]
    hand = play([200, 200, 6], actions, blinds=(1, 2), antes=(1, 1, 1))
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(18, (0, 2)), (30, (0,))]
    assert hand.uncalled == [(0, 40)]
    assert hand.finishing_stacks() == [227, 179, 0]


# --- TDA big blind ante, ante posted first (house rule) ------------------------------------------------------------

BBA = {"blinds": (100, 200), "antes": (0, 200, 0), "_bba_order": "ante_first"}


def test_bba_ante_first_big_blind_covering_only_the_ante_contests_the_ante_pot_and_only_it():
    checks = ["p1 cc", "p3 cc"]
    actions = [*deal("7c2h", "AsAd", "KsKd"), "p3 cc", "p1 cc", "d db 2c3d9h", *checks, "d db 4s", *checks,
               "d db Qd", *checks]
    hand = play([1000, 200, 1000], actions, **BBA)
    assert (hand.ante_paid[1], hand.blind_paid[1], hand.stack[1]) == (200, 0, 0)
    assert hand.status == "complete"
    assert [(p.amount, p.eligible, p.winners) for p in hand.pots()] == [(200, (0, 1, 2), (1,)), (400, (0, 2), (2,))]
    assert hand.finishing_stacks() == [800, 200, 1200]


def test_bba_ante_first_short_big_blind_wins_his_ante_back_and_the_unmatched_small_blind_returns():
    hand = play([1000, 200, 1000], ["p3 f", "p1 f"], **BBA)
    assert hand.status == "complete"
    assert [(p.amount, p.eligible, p.winners) for p in hand.pots()] == [(200, (1,), (1,))]
    assert hand.uncalled == [(0, 100)]
    assert hand.finishing_stacks() == [1000, 200, 1000]


def test_bba_ante_first_explanation_says_the_big_blind_plays_for_the_ante_pot_only():
    hand = play([1000, 200, 1000], [], **BBA)
    for lang, words in (("en", "only the pot the ante makes"), ("pt-br", "só pode ganhar o pote que o ante forma")):
        steps = hand.ruling(lang)["explanation"]
        assert any(words in step and step.endswith("[TDA BBA]" if lang == "en" else "[TDA big blind ante]")
                   for step in steps), steps


# --- The big blind's check when nobody left can act ---------------------------------------------------------------

# Written by pokerkit 0.7.7 (HandHistory.from_game_state): p3 folds, p1 calls all-in for 3 of the big blind of 4,
# and pokerkit still gives the big blind his turn, recorded as a check.
POKERKIT_HAND = """variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [2, 4, 0]
min_bet = 4
starting_stacks = [3, 100, 100]
actions = ['d dh p1 4d5c', 'd dh p2 6hKc', 'd dh p3 TdJd', 'p3 f', 'p1 cc', 'p2 cc', 'p1 sm 4d5c', 'p2 sm 6hKc',
 'd db AcJh3c', 'd db Qh', 'd db Ts']
finishing_stacks = [0, 103, 100]
"""


def test_big_blind_check_with_nobody_left_to_act_is_accepted_as_nothing():
    hand = Hand.replay(parse_phh(POKERKIT_HAND))
    assert hand.error is None and hand.status == "complete"
    assert hand.finishing_stacks() == [0, 103, 100]
    assert hand.uncalled == [(1, 1)]  # the chip of the big blind p1 could not match
    assert "p2 cc" in hand.history


def test_big_blind_idle_check_is_accepted_once_and_only_as_a_check():
    hand = play([3, 100, 100], ["p3 f", "p1 cc"], blinds=(2, 4))
    assert hand.actor is None and hand.options() is None
    assert hand.can_apply("p2 cc") and hand.can_apply("p2 check")
    with pytest.raises(IllegalAction) as info:
        hand.apply("p2 call")
    assert info.value.error.code == "call_without_bet"
    assert not hand.can_apply("p2 cbr 10")
    before = (list(hand.stack), list(hand.total), list(hand.uncalled))
    hand.apply("p2 check")
    assert (list(hand.stack), list(hand.total), list(hand.uncalled)) == before
    assert hand.history[-1] == "p2 cc"
    with pytest.raises(IllegalAction) as info:
        hand.apply("p2 cc")
    assert info.value.error.code == "betting_closed"


def test_only_the_unacted_blind_gets_the_idle_check_and_only_before_the_flop():
    hand = play([3, 100, 100], ["p3 f", "p1 cc"], blinds=(2, 4))
    assert not hand.can_apply("p3 cc")  # folded
    assert not hand.can_apply("p1 cc")  # all-in
    hand.apply("d db 2c3d9h")
    assert not hand.can_apply("p2 cc")  # the flop is out: nothing to check any more


# --- A readable repr, for failing property tests ----------------------------------------------------------------------

def test_hand_repr_replays_the_hand_and_shows_its_state():
    from tdconsole.rules import spec_from_mapping

    hand = play([2, 55], ["p2 f"], blinds=(2, 4), antes=(4, 4))
    text = repr(hand)
    expression, state = text.split("  # ")
    again = eval(expression, {"Hand": Hand, "spec_from_mapping": spec_from_mapping})
    assert again.history == hand.history == ["p2 f"] and again.finishing_stacks() == hand.finishing_stacks()
    assert "status=complete" in state and "stack=[0, 53]" in state and "folded=['p2']" in state
    assert "uncalled=[('p2', 4)]" in state
    stopped = Hand.replay(parse_phh(POKERKIT_HAND.replace("'p2 cc'", "'p3 cc'")))
    assert "error=player_folded at 5 (p3 cc)" in repr(stopped)
