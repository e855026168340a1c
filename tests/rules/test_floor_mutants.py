"""Floor language at the edges mutation testing showed no other test pinned down (README "Mutation testing").

Each refusal is asserted with its code, where it points (the column and the word) and the reason told.
"""

from dataclasses import replace

import pytest

from tdconsole.rules import (
    FloorError,
    FloorPlayer,
    describe_action,
    floor_players,
    parse_floor_action,
    relabel,
    spec_from_table,
)

# Ana (seat 3) p1, Bruno (seat 5) p2, Zé Carlos (seat 7) p3.
SPEC = replace(
    spec_from_table(stacks=[10000, 8000, 12000], small_blind=100, big_blind=200, players=["Ana", "Bruno", "Zé Carlos"]),
    seats=(3, 5, 7),
)
PLAYERS = floor_players(SPEC)
LABELS = ["Ana (seat 3)", "Bruno (seat 5)", "Zé Carlos (seat 7)"]


def refused(text, players=PLAYERS, state=None):
    with pytest.raises(FloorError) as info:
        parse_floor_action(text, players, state)
    return info.value


# --------------------------------------------------------------------------- who sits where


def three(players=None, seats=None):
    base = spec_from_table(stacks=[1000, 1000, 1000], small_blind=5, big_blind=10, players=players)
    return replace(base, seats=seats)


def test_a_seat_recorded_wins_over_the_seat_in_an_old_style_name():
    got = floor_players(three(["Ana (#7)", "Bia", "Caio (#9)"], seats=(2, 5, 8)))
    assert got == {2: FloorPlayer("Ana", 0), 5: FloorPlayer("Bia", 1), 8: FloorPlayer("Caio", 2)}


def test_old_style_names_give_their_seats_and_the_others_sit_at_their_number():
    got = floor_players(three(["Ana (#3)", "Bia", "Caio (#9)"]))
    assert got == {3: FloorPlayer("Ana", 0), 2: FloorPlayer("Bia", 1), 9: FloorPlayer("Caio", 2)}


def test_seats_given_twice_fall_back_to_seat_n_for_player_n():
    got = floor_players(three(["Ana (#3)", "Bia (#3)", "Caio (#8)"]))
    assert got == {1: FloorPlayer("Ana", 0), 2: FloorPlayer("Bia", 1), 3: FloorPlayer("Caio", 2)}
    clash = floor_players(three(["Ana (#2)", "Bia", "Caio"]))  # Ana says seat 2, where Bia sits by number
    assert clash == {1: FloorPlayer("Ana", 0), 2: FloorPlayer("Bia", 1), 3: FloorPlayer("Caio", 2)}


# --------------------------------------------------------------------------- relabel, describe_action


def test_a_player_beyond_the_labels_is_left_as_written():
    assert relabel("p3 folds", ["Ana (seat 3)", "Bia (seat 5)"]) == "p3 folds"
    assert relabel("p1 (Ana) and p3 (Caio) fold", ["Ana (seat 3)", "Bia (seat 5)"], names=["Ana", "Bia", "Caio"]) \
        == "Ana (seat 3) and p3 (Caio) fold"


def test_a_line_that_is_not_phh_is_only_relabelled():
    assert describe_action("p2 raise 600", LABELS) == "Bruno (seat 5) raise 600"
    assert describe_action("p2 raise 600", LABELS, "pt-br") == "Bruno (seat 5) raise 600"


def test_hole_cards_dealt_face_up_are_named():
    assert describe_action("d dh p1 AsKs", LABELS) == "Ana (seat 3) is dealt As Ks"
    assert describe_action("d dh p1 ????", LABELS) == "Ana (seat 3) is dealt two cards face down"
    assert describe_action("d db AhKd7c", LABELS) == "Board: Ah Kd 7c"


# --------------------------------------------------------------------------- amounts


def test_a_number_and_k_as_two_words_then_something_more_is_refused_at_the_extra_word():
    assert parse_floor_action("seat 3 raise 6 k", PLAYERS) == "p1 cbr 6000"
    error = refused("seat 3 raise 6 k now")
    assert (error.code, error.column, error.token) == ("extra", 18, "now")
    assert error.reason() == "“now” is more than the action needs."


def test_amounts_up_to_eighteen_digits_are_read():
    assert parse_floor_action("seat 3 raise 123456789012345678", PLAYERS) == "p1 cbr 123456789012345678"
    error = refused("seat 3 raise 1234567890123456789")
    assert (error.code, error.column, error.token) == ("bad_amount", 14, "1234567890123456789")


def test_thousands_with_three_decimals_are_read_and_four_refused():
    assert parse_floor_action("seat 3 raise 1.234k", PLAYERS) == "p1 cbr 1234"
    assert parse_floor_action("seat 3 raise 2,5k", PLAYERS) == "p1 cbr 2500"
    assert parse_floor_action("seat 3 raise 2k", PLAYERS) == "p1 cbr 2000"
    error = refused("seat 3 raise 1.2345k")
    assert (error.code, error.token) == ("bad_amount", "1.2345k")


# --------------------------------------------------------------------------- cards and extra words


def test_cards_followed_by_another_word_are_refused_at_that_word():
    error = refused("seat 3 shows Ah Kh now")
    assert (error.code, error.column, error.token) == ("extra", 20, "now")
    board = refused("flop Ah Kd 7c please")
    assert (board.code, board.column, board.token) == ("extra", 15, "please")


def test_an_amount_after_a_fold_names_the_verb_as_typed():
    error = refused("seat 3 Folds 500")
    assert (error.code, error.column, error.token) == ("no_amount", 14, "500")
    assert error.reason() == "“Folds” takes no amount."
    assert error.reason("pt-br") == "“Folds” não leva valor."
    assert refused("fold seat 3 500").reason() == "“fold” takes no amount."


def test_a_bet_without_its_amount_names_the_verb_as_typed():
    error = refused("Ana Bets")
    assert (error.code, error.token) == ("missing_amount", "")
    assert error.reason() == ("“Bets” needs the amount: the total the player bets to in this round "
                              "(e.g. Bets 6000).")


# --------------------------------------------------------------------------- PHH verbs typed after a player


def test_the_phh_verbs_cc_and_sm_may_follow_a_floor_player():
    assert parse_floor_action("seat 3 cc", PLAYERS) == "p1 cc"
    assert parse_floor_action("Bruno cc", PLAYERS) == "p2 cc"
    assert parse_floor_action("seat 3 sm", PLAYERS) == "p1 sm"
    assert parse_floor_action("seat 3 sm Ah Kh", PLAYERS) == "p1 sm AhKh"
    error = refused("seat 3 sm 500")
    assert (error.code, error.column, error.token) == ("bad_cards", 11, "500")


def test_a_show_followed_by_a_word_that_is_not_cards_is_refused_at_that_word():
    error = refused("seat 3 shows them")
    assert (error.code, error.column, error.token) == ("bad_cards", 14, "them")
    assert error.reason() == "“them” is not two cards such as Ah Kh."
    missing = refused("seat 3 shows")
    assert (missing.code, missing.token) == ("missing_cards", "")
