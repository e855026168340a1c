"""Cards at the edges that mutation testing showed no other test pinned down (docs/mutation-testing.md)."""

import pytest

from tdconsole.rules.cards import CardError, best_hand, evaluate_score, split_cards


def test_a_refused_card_group_names_what_was_written():
    with pytest.raises(CardError) as odd:
        split_cards("AsK")
    assert str(odd.value) == "AsK"
    with pytest.raises(CardError) as unknown:
        split_cards("AsXx")
    assert str(unknown.value) == "Xx"


def test_a_six_high_straight_plays_the_six_down_to_the_deuce_not_the_ace():
    hand = best_hand(["6c", "5d", "4h", "3s", "2c", "Ad", "Kh"])
    assert hand.category == "straight"
    assert hand.best_five == ("6c", "5d", "4h", "3s", "2c")


def test_a_straight_flush_plays_its_own_suit_even_when_another_suit_has_the_same_ranks():
    hand = best_hand(["9h", "8h", "7h", "6h", "5h", "9s", "8s"])
    assert hand.category == "straight_flush"
    assert hand.best_five == ("9h", "8h", "7h", "6h", "5h")


def test_a_flush_plays_the_suit_with_five_cards_not_the_first_card_or_the_highest_suit():
    hand = best_hand(["As", "2h", "5h", "8h", "Jh", "Kh", "3c"])
    assert hand.category == "flush"
    assert hand.best_five == ("Kh", "Jh", "8h", "5h", "2h")


def test_the_hand_value_carries_the_score_that_decides_the_showdown():
    royal = ["As", "Ks", "Qs", "Js", "Ts"]
    quads = ["Ah", "Ad", "Ac", "As", "Kd"]
    assert best_hand(royal).score == evaluate_score(royal)
    assert best_hand(royal).score > best_hand(quads).score > best_hand(["Ah", "Kd", "Qc", "Js", "9d"]).score
