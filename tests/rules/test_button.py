"""The next hand under the dead button, worked through by hand (TDA 32, 34-B, 10-A; 2024 numbering)."""

import re
import string

import pytest

from tdconsole.rules import RULES, ButtonError, NextHand, first_hand, next_hand
from tdconsole.rules.button import BUTTON_TEXTS

NINE = range(1, 10)


def positions(hand: NextHand) -> tuple[int, int | None, int]:
    return hand.button, hand.small_blind, hand.big_blind


def test_the_citations_are_the_2024_tda_numbers():
    assert RULES["dead_button"] == "TDA 32"
    assert RULES["heads_up_button"] == "TDA 34-B"
    assert RULES["new_players"] == "TDA 10-A"


def test_first_hand_puts_the_blinds_on_the_two_players_after_the_button():
    hand = first_hand([1, 2, 4, 7], button=7, seat_count=9)
    assert positions(hand) == (7, 1, 2) and not hand.dead_button and not hand.heads_up
    assert hand.dealt_in == (1, 2, 4, 7)  # the first card goes left of the button
    heads_up = first_hand([3, 8], button=8, seat_count=9)
    assert positions(heads_up) == (8, 8, 3) and heads_up.heads_up
    assert heads_up.dealt_in == (3, 8)  # heads-up the button gets the last card
    assert heads_up.rules == ("TDA 34-B",)


def test_full_table_moves_everything_one_seat():
    hand = next_hand(NINE, 4, 5, 6, seat_count=9)
    assert positions(hand) == (5, 6, 7) and hand.small_blind_seat == 6
    assert hand.rules == ("TDA 32",)


def test_small_blind_busts_and_the_button_sits_on_his_empty_seat():
    # Seat 3 had the button, 4 the small blind, 5 the big blind; seat 4 is knocked out.
    hand = next_hand(NINE, 3, 4, 5, busted=[4], seat_count=9)
    assert positions(hand) == (4, 5, 6) and hand.dead_button
    assert 4 not in hand.dealt_in and hand.dealt_in[-1] == 3  # seat 3 acts last after the flop
    assert "button is dead this hand and seat 3 acts last after the flop. [TDA 32]" in hand.explanation("en")[-1]


def test_big_blind_busts_so_no_small_blind_then_a_dead_button():
    hand = next_hand(NINE, 1, 2, 3, busted=[3], seat_count=9)
    assert positions(hand) == (2, None, 4) and hand.small_blind_seat == 3 and not hand.dead_button
    assert any("there is no small blind this hand" in step for step in hand.explanation("en"))
    after = hand.following()
    assert positions(after) == (3, 4, 5) and after.dead_button


def test_both_blinds_bust_in_one_hand():
    hand = next_hand(NINE, 1, 2, 3, busted=[2, 3], seat_count=9)
    assert positions(hand) == (2, None, 4) and hand.dead_button
    assert hand.dealt_in == (4, 5, 6, 7, 8, 9, 1)
    assert positions(hand.following()) == (3, 4, 5)
    assert hand.following().dead_button


def test_button_busts_and_nothing_else_changes():
    hand = next_hand(NINE, 1, 2, 3, busted=[1], seat_count=9)
    assert positions(hand) == (2, 3, 4) and not hand.dead_button


def test_the_big_blind_skips_empty_seats_to_the_next_player():
    hand = next_hand([1, 2, 3, 7, 8], 1, 2, 3, seat_count=9)
    assert positions(hand) == (2, 3, 7)
    assert "moves on to the next player after seat 3" in hand.explanation("en")[0]


@pytest.mark.parametrize(
    ("busted", "big_blind", "button"),
    [
        (1, 4, 7),  # the button goes: the small blind moves up to the big blind, the big blind takes the button
        (4, 1, 7),  # the small blind goes: the old button posts the big blind
        (7, 1, 4),  # the big blind goes: the old button posts it, the small blind keeps the small blind
    ],
)
def test_three_handed_to_heads_up_nobody_posts_the_big_blind_twice(busted, big_blind, button):
    hand = next_hand([1, 4, 7], 1, 4, 7, busted=[busted], seat_count=9)
    assert hand.heads_up and positions(hand) == (button, button, big_blind)
    assert hand.big_blind != 7
    assert hand.rules == ("TDA 34-B",)
    assert "Heads-up play begins" in hand.explanation("en")[-1]


def test_heads_up_the_big_blind_alternates_and_the_button_posts_the_small_blind():
    hand = first_hand([2, 6], button=2, seat_count=9)
    seen = []
    for _ in range(4):
        hand = hand.following()
        seen.append(positions(hand))
    assert seen == [(6, 6, 2), (2, 2, 6), (6, 6, 2), (2, 2, 6)]
    assert hand.explanation("en") == [
        "Heads-up: seat 2 has the button, posts the small blind and acts first before the flop; seat 6 posts the "
        "big blind. [TDA 34-B]"
    ]


def test_new_player_between_button_and_small_blind_waits_for_the_button():
    # A re-entry draws seat 2; next hand the button is seat 1 and the small blind seat 3.
    seats = [1, 3, 4, 5, 6, 7, 8, 9]
    hand = next_hand(seats, 9, 1, 3, moved_in=[2], seat_count=9)
    assert positions(hand) == (1, 3, 4) and hand.waiting == (2,) and 2 not in hand.dealt_in
    assert hand.seated == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert hand.explanation("en")[-1] == (
        "Seat 2 was taken between the button and the small blind: that player is not dealt in until the button "
        "has passed him. [TDA 10-A]"
    )
    after = hand.following()
    assert positions(after) == (3, 4, 5) and 2 in after.dealt_in and after.waiting == ()


def test_new_player_in_the_seat_due_for_the_big_blind_posts_it_at_once():
    # Balancing brings a player to the worst seat: seat 4, the next one after the big blind.
    hand = next_hand([1, 2, 3, 5, 6, 7], 1, 2, 3, moved_in=[4], seat_count=9)
    assert positions(hand) == (2, 3, 4) and 4 in hand.dealt_in and hand.waiting == ()
    assert "the new player posts the big blind at once. [TDA 10-A]" in hand.explanation("en")[-3]


def test_new_player_in_the_last_big_blinds_seat_posts_the_small_blind():
    hand = next_hand(NINE, 1, 2, 3, busted=[3], moved_in=[3], seat_count=9)
    assert positions(hand) == (2, 3, 4) and 3 in hand.dealt_in


def test_new_player_on_the_dead_button_seat_takes_the_button():
    hand = next_hand(NINE, 1, 2, 3, busted=[2], moved_in=[2], seat_count=9)
    assert positions(hand) == (2, 3, 4) and not hand.dead_button and 2 in hand.dealt_in
    assert "he has the button and is dealt in. [TDA 10-A]" in hand.explanation("en")[-1]


def test_player_due_for_the_big_blind_moved_out_to_balance():
    hand = next_hand(NINE, 1, 2, 3, moved_out=[4], seat_count=9)
    assert positions(hand) == (2, 3, 5)
    assert hand.explanation("en")[0] == "Moved to another table: seat 4."


def test_heads_up_to_three_with_a_player_after_the_big_blind():
    hand = first_hand([2, 6], button=2, seat_count=9).following(moved_in=[8])
    assert positions(hand) == (2, 6, 8) and not hand.heads_up
    assert "the button stays on seat 2" in hand.explanation("en")[-1]


def test_heads_up_to_three_with_a_player_where_the_button_would_pass_over_him():
    # Seat 4 sits between the button (2) and the big blind (6): dealt in at once he would skip both blinds.
    hand = first_hand([2, 6], button=2, seat_count=9).following(moved_in=[4])
    assert hand.heads_up and positions(hand) == (6, 6, 2) and hand.waiting == (4,)
    after = hand.following()
    assert positions(after) == (6, 2, 4) and after.waiting == ()


def test_a_player_who_waited_heads_up_waits_again_while_the_button_would_still_pass_over_him():
    # Heads-up with seat 5 on the button and seat 4 in the big blind, seat 1 waiting between them.
    hand = next_hand([1, 4, 5], 5, 5, 4, waiting=[1], seat_count=7)
    assert hand.heads_up and positions(hand) == (4, 4, 5) and hand.waiting == (1,)
    assert positions(hand.following()) == (4, 5, 1)
    # Without the record of who waited, the record cannot be followed: heads-up, seat 1 was not dealt in.
    with pytest.raises(ButtonError) as caught:
        next_hand([1, 4, 5], 5, 5, 4, seat_count=7)
    assert (caught.value.code, caught.value.params) == ("heads_up_third", (("seat", 1),))
    assert caught.value.message("en").startswith("The last hand was heads-up (the button posted the small blind), "
                                                 "so seat 1, occupied but not listed as waiting,")


def test_only_the_last_big_blind_left_so_the_newcomers_play_at_once():
    hand = next_hand([1, 2, 5, 6], 1, 2, 5, busted=[1, 2, 6], moved_in=[3, 4], seat_count=8)
    assert positions(hand) == (4, 5, 3) and hand.waiting == () and hand.dealt_in == (5, 3, 4)
    assert "nobody waits for the button" in hand.explanation("en")[2]


def test_big_blind_ante_is_paid_by_the_big_blind_even_with_no_small_blind():
    hand = next_hand(NINE, 1, 2, 3, busted=[3], seat_count=9, big_blind_ante=True)
    assert hand.explanation("en")[-1] == (
        "Big blind ante: seat 4 pays the ante for the whole table along with the big blind; the missing small "
        "blind changes nothing. [TDA BBA]"
    )
    assert hand.explanation("pt-br")[-1].startswith("Big blind ante: a cadeira 4 paga o ante da mesa inteira")


def test_small_blind_seat_taken_as_the_empty_seat_before_the_big_blind_when_not_recorded():
    hand = next_hand([1, 2, 4, 5, 6], 2, None, 4, seat_count=6)
    assert positions(hand) == (3, 4, 5) and hand.dead_button
    with pytest.raises(ButtonError) as caught:
        next_hand([1, 2, 3, 4], 2, None, 3, seat_count=6)
    assert caught.value.code == "no_small_blind_seat"


def test_explanation_in_portuguese_cites_the_same_rules():
    hand = next_hand([1, 2, 3, 4, 5, 6, 7, 8], 1, 2, 3, busted=[2, 3], moved_in=[9], seat_count=9)
    en, pt = hand.explanation("en"), hand.explanation("pt-br")
    assert len(en) == len(pt) and en != pt
    assert [re.findall(r"\[(.*?)\]", s) for s in en] == [re.findall(r"\[(.*?)\]", s) for s in pt]
    assert pt[0] == "Eliminados na última mão: cadeiras 2 e 3."
    assert "não há small blind nesta mão. [TDA 32]" in pt[3]
    assert "o button fica morto nesta mão" in pt[4]
    assert hand.explanation("pt_BR") == pt


def test_following_is_next_hand_with_this_hands_positions():
    hand = next_hand(NINE, 1, 2, 3, busted=[3], seat_count=9)
    assert hand.following(busted=[5]) == next_hand(
        hand.seated, hand.button, hand.small_blind_seat, hand.big_blind, [5], seat_count=9
    )


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: next_hand(NINE, 1, 2, 3, seat_count=1), "seat_count"),
        (lambda: next_hand(NINE, 1, 2, 3, seat_count=8), "seat_range"),
        (lambda: next_hand([1, 2, 4], 1, 2, 3, seat_count=9), "big_blind_empty"),
        (lambda: next_hand([1, 2, 3], 1, 2, 3, busted=[5], seat_count=9), "not_seated"),
        (lambda: next_hand(NINE, 1, 2, 3, busted=[5], moved_out=[5], seat_count=9), "busted_and_moved"),
        (lambda: next_hand([1, 2, 3, 5], 1, 2, 3, busted=[5], waiting=[5], seat_count=9), "busted_not_dealt"),
        (lambda: next_hand(NINE, 1, 2, 3, moved_in=[4], seat_count=9), "seat_taken"),
        (lambda: next_hand(NINE, 1, 3, 2, seat_count=9), "positions_order"),
        (lambda: next_hand([1, 2], 1, 1, 1, seat_count=9), "positions_order"),
        (lambda: next_hand([1, 2, 3, 4], 1, 2, 4, seat_count=9), "skipped"),
        (lambda: next_hand([1, 5, 7], 5, 5, 1, seat_count=9), "heads_up_third"),
        (lambda: next_hand([1, 2, 3], 1, 2, 3, busted=[1, 2], seat_count=9), "too_few_players"),
        (lambda: next_hand([1, 2, 3], 1, 2, 3, moved_out=[1, 2, 3], moved_in=[5, 6], seat_count=9),
         "no_player_left"),
        (lambda: first_hand([1, 2, 3], 5, seat_count=9), "button_empty"),
        (lambda: first_hand([1], 1, seat_count=9), "too_few_players"),
    ],
)
def test_records_that_cannot_be_followed_are_refused_in_both_languages(call, code):
    with pytest.raises(ButtonError) as caught:
        call()
    assert caught.value.code == code
    assert caught.value.message("en") != caught.value.message("pt-br")
    assert caught.value.message("pt-br").strip()


def test_every_sentence_has_both_languages_with_the_same_fields():
    for key, versions in BUTTON_TEXTS.items():
        assert set(versions) == {"en", "pt-br"}, key
        fields = [{name for _, name, _, _ in string.Formatter().parse(v) if name} for v in versions.values()]
        assert fields[0] == fields[1], key


def test_a_player_waiting_heads_up_who_is_moved_to_another_table_no_longer_waits_here():
    # Heads-up with seat 5 on the button and seat 4 in the big blind; seat 1 waited between them, then the
    # floor moved that player to another table: the next hand lists nobody waiting at this one.
    hand = next_hand([1, 4, 5], 5, 5, 4, waiting=[1], moved_out=[1], seat_count=7)
    assert hand.heads_up and positions(hand) == (4, 4, 5)
    assert hand.waiting == () and hand.dealt_in == (5, 4)
