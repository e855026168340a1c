"""The dead button at the edges mutation testing showed no other test pinned down (README "Mutation testing")."""

import pytest

from tdconsole.rules import ButtonError, first_hand, next_hand


def refusal(call, *args, **kwargs):
    with pytest.raises(ButtonError) as info:
        call(*args, **kwargs)
    return info.value


def test_the_rule_of_a_step_is_named_in_portuguese_in_the_portuguese_explanation():
    hand = first_hand([1, 2, 3, 4], button=1, seat_count=6, big_blind_ante=True)
    assert hand.explanation("pt-br")[-1] == (
        "Big blind ante: a cadeira 3 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]"
    )
    assert hand.explanation()[-1] == (
        "Big blind ante: seat 3 pays the ante for the whole table along with the big blind. [TDA BBA]"
    )


def test_a_refusal_says_its_code_and_its_english_sentence_and_groups_thousands_in_each_language():
    error = refusal(first_hand, [1, 2], 1500, seat_count=1200)
    assert str(error) == "seat_range: Seat 1,500 does not exist at a table of 1,200 seats."
    assert error.message("pt-br") == "A cadeira 1.500 não existe numa mesa de 1.200 cadeiras."


def test_no_small_blind_recorded_and_the_seat_before_the_big_blind_taken_is_refused():
    # Seat 2, just before the big blind (3), was occupied: the small blind cannot have been dead there.
    error = refusal(next_hand, [1, 2, 3, 4, 5, 6], 1, None, 3, seat_count=6)
    assert error.code == "no_small_blind_seat"
    assert str(error) == ("no_small_blind_seat: No small blind was recorded, but no empty seat lies between the "
                          "button (1) and the big blind (3) where it could have been.")


def test_no_small_blind_recorded_and_the_button_just_before_the_big_blind_is_refused():
    error = refusal(next_hand, [3, 4, 5], 2, None, 3, seat_count=6)  # a dead button on 2, the big blind on 3
    assert error.code == "no_small_blind_seat"
    assert error.message("en").endswith("between the button (2) and the big blind (3) where it could have been.")


def test_no_small_blind_recorded_takes_the_empty_seat_before_the_big_blind():
    hand = next_hand([1, 3, 4, 5], 1, None, 3, seat_count=6)
    assert (hand.button, hand.small_blind, hand.big_blind, hand.dead_button) == (2, 3, 4, True)
