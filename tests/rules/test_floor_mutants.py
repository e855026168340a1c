"""Floor language at the edges mutation testing showed no other test pinned down (docs/mutation-testing.md).

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
    board = refused("flop Ah Kd 7c later")
    assert (board.code, board.column, board.token) == ("extra", 15, "later")


def test_a_politeness_word_after_the_board_adds_nothing():  # issue 27: "por favor", "please" are dropped
    assert parse_floor_action("flop Ah Kd 7c please", PLAYERS) == "d db AhKd7c"


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


# --------------------------------------------------------------------------- players named every way

# Seats out of order in the mapping; two names sharing their first word; a three-digit seat; a name typed with
# two spaces.
MANY = {8: FloorPlayer("Ana Maria", 0), 3: FloorPlayer("Ana Mara", 1), 100: FloorPlayer("Cem", 2),
        5: FloorPlayer("Zé  Carlos", 3)}


@pytest.mark.parametrize(("said", "line"), [
    ("lugar5 call", "p2 call"), ("assento5 call", "p2 call"), ("seat5 call", "p2 call"), ("a5 call", "p2 call"),
    ("s 5 call", "p2 call"), ("Ana s3 call", "p1 call"), ("Ana seat 3 call", "p1 call"), ("Ana a 3 call", "p1 call"),
    ("Ana folds!", "p1 f"), ("Ana, call", "p1 call"), ("Ana: call", "p1 call"), ("Ana !! call", "p1 call"),
    ("ZÉ CARLOS call", "p3 call"), ("x 3", "p1 check"), ("p2 check", "p2 check"), ("board Ah", "d db Ah"),
    ("river 5s 6s", "d db 5s6s"), ("3 r 1,5 mil", "p1 cbr 1500"), ("3 r 6.000.000", "p1 cbr 6000000"),
    ("Ana all-in 10000", "p1 cbr 10000"),
])
def test_more_ways_of_saying_an_action(said, line):
    assert parse_floor_action(said, PLAYERS) == line


@pytest.mark.parametrize(("said", "line"), [
    ("ana mara call", "p2 call"), ("ana maria call", "p1 call"), ("cem call", "p3 call"), ("seat 100 call", "p3 call"),
    ("100 call", "p3 call"), ("s100 call", "p3 call"), ("ze carlos call", "p4 call"), ("ze call", "p4 call"),
])
def test_names_of_several_words_and_three_digit_seats(said, line):
    assert parse_floor_action(said, MANY) == line


@pytest.mark.parametrize("said", ["ana ma call", "ana m call", "a call"])
def test_a_prefix_shared_by_two_names_lists_them_by_seat(said):
    error = refused(said, MANY)
    token = said.split()[0]
    assert (error.code, error.column, error.token) == ("ambiguous_name", 1, token)
    assert error.reason() == (f"“{token}” could be Ana Mara (seat 3), Ana Maria (seat 8): type more of the name, "
                              "or the seat.")
    assert error.reason("pt-br") == (f"“{token}” pode ser Ana Mara (assento 3), Ana Maria (assento 8): digite mais do "
                                     "nome, ou o assento.")


# said: (code, column, token, English reason, whether the action words are listed)
MORE_REFUSALS = {
    "seat 1234 call": ("no_seat", 6, "1234", "nobody sits in seat 1234 in this hand (seats: 3, 5, 7).", False),
    "1234 call": ("no_seat", 1, "1234", "nobody sits in seat 1234 in this hand (seats: 3, 5, 7).", False),
    "p3": ("missing_verb", 3, "", "the action is missing (fold, check, call, bet, raise ...).", True),
    "3": ("missing_verb", 2, "", "the action is missing (fold, check, call, bet, raise ...).", True),
    "Ana seat 5 call": ("mismatch", 5, "seat", "“seat” is Bruno (seat 5), not Ana (seat 3).", False),
    "Ana is all in": ("all_in_unknown", 8, "all",
                      "the all-in amount is not known here: write the total, e.g. seat 3 raise 12000.", False),
    "Ana is 6000": ("missing_verb", 8, "6000", "the action is missing (fold, check, call, bet, raise ...).", True),
    "Ana goes rasie": ("unknown_verb", 10, "rasie", "“rasie” is not an action. Did you mean “raise”?", True),
    "seat 3 re-rasie": ("unknown_verb", 8, "re-rasie", "“re-rasie” is not an action. Did you mean “reraise”?", True),
    "Ana all": ("unknown_verb", 5, "all", "“all” is not an action. Did you mean “call”?", True),
    "Ana zzz": ("unknown_verb", 5, "zzz", "“zzz” is not an action.", True),
    "seat 3 raise   ": ("missing_amount", 13, "",
                        "“raise” needs the amount: the total the player bets to in this round (e.g. raise 6000).",
                        False),
    "board xx": ("bad_cards", 7, "xx", "“xx” is not two cards such as Ah Kh.", False),
    "seat 3 shows Ah Kh Qh": ("bad_cards", 14, "Ah", "“Ah” is not two cards such as Ah Kh.", False),
    "aumenta mais 600": ("unknown_player", 9, "mais",
                         "“mais” is neither a seat nor a player of this hand (seats: 3, 5, 7).", False),
    "3 r 6,000.000": ("bad_amount", 5, "6,000.000",
                      "“6,000.000” is not a whole number of chips (write 6000, 6,000, 6k or 1.5k).", False),
    "3 r x k": ("bad_amount", 5, "x", "“x” is not a whole number of chips (write 6000, 6,000, 6k or 1.5k).", False),
    "seat": ("unknown_word", 1, "seat",
             "“seat” is neither an action nor a seat or a player of this hand (seats: 3, 5, 7).", True),
    "seat 3 call 5 k": ("no_amount", 13, "5", "“call” takes no amount.", False),
    "aumenta mais": ("unknown_player", 9, "mais",
                     "“mais” is neither a seat nor a player of this hand (seats: 3, 5, 7).", False),
    "seat 9 fold": ("no_seat", 6, "9", "nobody sits in seat 9 in this hand (seats: 3, 5, 7).", False),
}
VERBS_EN = "Actions: fold, check, call, bet, raise, all-in, shows, mucks."
FORMS_EN = ("Accepted forms: seat 3 raise 6000 · Ana all-in · s5 call · 3 r 6,000 · raise 7 6k · fold 7 · seat 3 shows "
            "Ah Kh · 3 AhKh · seat 3 mucks · flop Ah Kd 7c · PHH such as p3 cbr 6000.")
VERBS_PT = "Ações: desiste, passa (mesa), paga (iguala), aposta, aumenta (sobe), all in (tudo), mostra, muck."
FORMS_PT = ("Formas aceitas: assento 3 aumenta 6000 · Ana all in · a5 paga · 3 r 6.000 · aumenta 7 1,5k · desiste 7 · "
            "assento 3 mostra Ah Kh · 3 AhKh · assento 3 muck · flop Ah Kd 7c · PHH como p3 cbr 6000.")


@pytest.mark.parametrize("said", list(MORE_REFUSALS))
def test_more_refusals_with_their_place_reason_and_forms(said):
    code, column, token, reason, verbs = MORE_REFUSALS[said]
    error = refused(said)
    assert (error.code, error.column, error.position, error.token) == (code, column, column - 1, token)
    assert error.reason() == error.reason("en") == reason
    where = f"At character {column} (“{token}”): " if token else "At the end of the line: "
    assert str(error) == error.message() == f"{where}{reason} {VERBS_EN + ' ' if verbs else ''}{FORMS_EN}"
    where_pt = f"No caractere {column} (“{token}”): " if token else "No fim da linha: "
    forms_pt = f"{VERBS_PT + ' ' if verbs else ''}{FORMS_PT}"
    assert error.message("pt-br") == f"{where_pt}{error.reason('pt-br')} {forms_pt}"
    assert error.forms("pt-br") == forms_pt and error.forms() == f"{VERBS_EN + ' ' if verbs else ''}{FORMS_EN}"


def test_nothing_typed_is_refused_at_the_start():
    error = refused("  ")
    assert (error.code, error.position, error.token) == ("empty", 0, "")
    assert str(error) == f"At the end of the line: nothing was typed. {FORMS_EN}"
    assert error.message("pt-br") == f"No fim da linha: nada foi digitado. {FORMS_PT}"


def test_a_seat_named_in_words_before_the_action():
    error = refused("aumenta 9 600")
    assert (error.code, error.column, error.token) == ("no_seat", 9, "9")


def test_phh_is_passed_through_for_the_engine_to_judge():
    assert parse_floor_action("p4 call", PLAYERS) == "p4 call"  # no p4 here: the engine refuses it, not the parser
    assert parse_floor_action("d db AhKd7c", PLAYERS) == "d db AhKd7c"
    assert parse_floor_action(" p1 sm AhKh ", PLAYERS) == "p1 sm AhKh"


# --------------------------------------------------------------------------- a raise without its amount


class Offer:
    """The options() of a hand: whose turn it is and the raise sizes allowed."""

    def __init__(self, player, low, high):
        self.player, self.raise_min_to, self.raise_max_to = player, low, high


class State:
    def __init__(self, options=None, stack=(9800, 7800, 12000), bet=(100, 200, 0), showdown=False):
        self._options, self.stack, self.bet, self.showdown = options, stack, bet, showdown

    def options(self):
        return self._options


def test_a_raise_without_an_amount_takes_the_only_size_allowed():
    assert parse_floor_action("Zé raise", PLAYERS, State(Offer(2, 400, 400))) == "p3 cbr 400"
    assert parse_floor_action("Zé bets", PLAYERS, State(Offer(2, 400, 400))) == "p3 cbr 400"


@pytest.mark.parametrize("offer", [None, Offer(2, 400, 12000), Offer(0, 400, 400), Offer(2, None, None)])
def test_a_raise_without_an_amount_is_refused_unless_one_size_is_allowed_to_that_player(offer):
    error = refused("Zé raise", state=State(offer))
    assert (error.code, error.token) == ("missing_amount", "")
    assert error.reason() == ("“raise” needs the amount: the total the player bets to in this round "
                              "(e.g. raise 6000).")


def test_an_all_in_with_the_table_state():
    state = State(stack=(9800, 7800, 12000), bet=(100, 200, 0))
    assert parse_floor_action("Zé all in", PLAYERS, state) == "p3 cbr 12000"
    assert parse_floor_action("Zé all in 12000", PLAYERS, state) == "p3 cbr 12000"
    assert parse_floor_action("Ana all in", PLAYERS, State(stack=(100, 7800, 12000), bet=(100, 200, 0))) == "p1 call"
    error = refused("Zé all in 12,500", state=state)
    assert (error.code, error.column, error.token) == ("all_in_amount", 11, "12,500")
    assert error.reason() == "Zé Carlos (seat 7) is all-in for 12,000 in total this round, not 12,500."
    assert error.reason("pt-br") == "Zé Carlos (assento 7) fica all-in com 12.000 no total desta rodada, não 12.500."


# --------------------------------------------------------------------------- suggestions, exact names, no names


@pytest.mark.parametrize(("word", "suggestion"), [
    ("bett", "bet"),  # the closest word, even when a longer one is close too
    ("bxt", None),  # two letters in three are not close enough
    ("smm", None),  # the two-letter PHH verbs are never suggested
    ("a-l-l-i-nn", "allin"),  # hyphens are left out before comparing
])
def test_a_word_that_is_not_an_action_suggests_the_closest_one_if_close_enough(word, suggestion):
    error = refused(f"Ana {word}")
    assert (error.code, error.column, error.token, error.suggestion) == ("unknown_verb", 5, word, suggestion)
    told = f"“{word}” is not an action." + (f" Did you mean “{suggestion}”?" if suggestion else "")
    assert error.reason() == told


def test_an_exact_name_of_several_words_wins_over_a_longer_name_it_begins():
    players = {3: FloorPlayer("Ana Maria", 0), 8: FloorPlayer("Ana Maria Silva", 1), 5: FloorPlayer("Bia", 2)}
    assert parse_floor_action("ana maria call", players) == "p1 call"
    assert parse_floor_action("Ana Maria Silva call", players) == "p2 call"
    assert parse_floor_action("call ana maria", players) == "p1 call"
    error = refused("ana call", players)
    assert (error.code, error.column, error.token) == ("ambiguous_name", 1, "ana")
    assert error.reason() == ("“ana” could be Ana Maria (seat 3), Ana Maria Silva (seat 8): type more of the name, "
                              "or the seat.")


def test_two_players_of_the_same_name_are_refused_at_the_name():
    twins = {6: FloorPlayer("Ana Lima", 1), 2: FloorPlayer("ana lima", 0)}
    error = refused("call Ana Lima now", twins)
    assert (error.code, error.column, error.token) == ("ambiguous_name", 6, "Ana")
    assert error.reason() == "“Ana” could be Ana Lima (seat 6), ana lima (seat 2): type more of the name, or the seat."


def test_players_without_names_are_named_by_seat_only():
    players = {1: FloorPlayer(None, 0), 2: FloorPlayer(None, 1)}
    assert parse_floor_action("seat 2 call", players) == "p2 call"
    error = refused("Zeca call", players)
    assert (error.code, error.column, error.token) == ("unknown_word", 1, "Zeca")
    assert error.reason() == "“Zeca” is neither an action nor a seat or a player of this hand (seats: 1, 2)."
    error = refused("call Zeca", players)
    assert (error.code, error.column, error.token) == ("unknown_player", 6, "Zeca")


def test_candidates_for_a_prefix_are_listed_by_seat_not_by_name():
    players = {8: FloorPlayer("Ana Maria", 0), 3: FloorPlayer("Anabela", 1)}
    error = refused("ana call", players)
    assert error.reason() == "“ana” could be Anabela (seat 3), Ana Maria (seat 8): type more of the name, or the seat."


def test_an_underscore_or_a_hyphen_may_join_all_in():
    assert parse_floor_action("seat 3 all_in 10000", PLAYERS) == "p1 cbr 10000"
    assert parse_floor_action("seat 3 all-in 10000", PLAYERS) == "p1 cbr 10000"


def test_an_empty_seat_is_refused_where_it_was_typed():
    error = refused("s9 call")
    assert (error.code, error.column, error.token) == ("no_seat", 1, "s9")
    assert error.reason() == "nobody sits in seat 9 in this hand (seats: 3, 5, 7)."
    error = refused("seat 0012 call")
    assert (error.code, error.column, error.token) == ("no_seat", 6, "0012")
    assert error.reason() == "nobody sits in seat 0012 in this hand (seats: 3, 5, 7)."
    error = refused("0012 call")
    assert (error.code, error.column, error.token) == ("no_seat", 1, "0012")
    assert error.reason() == "nobody sits in seat 0012 in this hand (seats: 3, 5, 7)."


def test_a_typo_in_an_action_said_first_suggests_the_word():
    error = refused("rasie 7 6000")
    assert (error.code, error.column, error.token) == ("unknown_verb", 1, "rasie")
    assert error.reason() == "“rasie” is not an action. Did you mean “raise”?"


def test_odd_player_words_are_refused_not_crashed_on():
    assert parse_floor_action("Ana X", PLAYERS) == "p1 check"  # capital X is a check
    error = refused("p4 raise 900")  # there is no p4 in a hand of three
    assert (error.code, error.column, error.token) == ("unknown_word", 1, "p4")
    error = refused("Ana seat")
    assert (error.code, error.column, error.token) == ("unknown_verb", 5, "seat")


@pytest.mark.parametrize("lang", ["pt", "pt-BR", "pt_BR", "pt-br"])
def test_a_floor_refusal_answers_in_portuguese_for_every_spelling_of_pt_br(lang):
    error = refused("seat 3 Folds 500")
    assert error.reason(lang) == "“Folds” não leva valor."
    assert error.message(lang) == error.message("pt-br")


@pytest.mark.parametrize("lang", ["en", "en-US"])
def test_a_floor_refusal_answers_in_english_for_en(lang):
    assert refused("seat 3 Folds 500").reason(lang) == "“Folds” takes no amount."
