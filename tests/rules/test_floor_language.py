"""Floor language: the phrases a floor person says or types, in English and pt-BR, read into engine lines.

A table of phrases maps each to the line the engine judges; refusals say where, why, and which forms
are accepted, in both languages. The engine stays the judge: every line read here is applied to a hand.
"""

from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.rules import (
    FloorError,
    FloorPlayer,
    Hand,
    IllegalAction,
    describe_action,
    floor_labels,
    floor_name,
    floor_players,
    parse_floor_action,
    parse_phh,
    relabel,
    spec_from_table,
)
from tests.ids import ascii_id

# Button on seat 7: Ana (seat 3) small blind, Bruno (seat 5) big blind and its ante, Zé Carlos (seat 7) acts first.
SPEC = replace(
    spec_from_table(stacks=[10000, 8000, 12000], small_blind=100, big_blind=200, ante=200,
                    players=["Ana", "Bruno", "Zé Carlos"]),
    seats=(3, 5, 7),
)
PLAYERS = floor_players(SPEC)

PHRASES = [
    # English, player first
    ("seat 3 raise 6000", "p1 cbr 6000"),
    ("Seat 3 raises to 6,000", "p1 cbr 6000"),
    ("3 r 6000", "p1 cbr 6000"),
    ("s5 call", "p2 call"),
    ("S5 CALL", "p2 call"),
    ("s 5 calls", "p2 call"),
    ("#7 call", "p3 call"),
    ("7 bets 1.5k", "p3 cbr 1500"),
    ("ana check", "p1 check"),
    ("Ana checks", "p1 check"),
    ("Bruno folds", "p2 f"),
    ("br c", "p2 call"),
    ("ze carlos raise 900", "p3 cbr 900"),
    ("ZE C re-raise 900", "p3 cbr 900"),
    ("Zé raise 900", "p3 cbr 900"),
    ("Ana (seat 3) call", "p1 call"),
    ("p3 raise 900", "p3 cbr 900"),
    ("seat 3 shows Ah Kh", "p1 sm AhKh"),
    ("seat 7 shows 10h 10d", "p3 sm ThTd"),
    ("s7 show A♥ K♥", "p3 sm AhKh"),
    ("3 AhKh", "p1 sm AhKh"),
    ("3 ah kh", "p1 sm AhKh"),
    ("seat 3 mucks", "p1 sm"),
    # English, action first
    ("fold 7", "p3 f"),
    ("raise 7 6000", "p3 cbr 6000"),
    ("raise 7 to 6k", "p3 cbr 6000"),
    ("bet 5 2,500", "p2 cbr 2500"),
    ("x 5", "p2 check"),
    ("c ana", "p1 call"),
    # the board
    ("flop Ah Kd 7c", "d db AhKd7c"),
    ("turn 5s", "d db 5s"),
    # Brazilian Portuguese
    ("assento 3 aumenta 6000", "p1 cbr 6000"),
    ("assento 3 aumenta para 6.000", "p1 cbr 6000"),
    ("a5 paga", "p2 call"),
    ("A5 PAGA", "p2 call"),
    ("desiste 7", "p3 f"),
    ("Ana desiste", "p1 f"),
    ("Bruno passa", "p2 check"),
    ("assento 5 mesa", "p2 check"),
    ("7 iguala", "p3 call"),
    ("aposta 5 1,5k", "p2 cbr 1500"),
    ("Zé sobe pra 6 mil", "p3 cbr 6000"),
    ("zé carlos aumenta 12.000", "p3 cbr 12000"),
    ("aumenta 7 1.500.000", "p3 cbr 1500000"),
    ("lugar 5 larga", "p2 f"),
    ("assento 3 mostra Ah Kh", "p1 sm AhKh"),
    ("assento 3 muck", "p1 sm"),
    ("assento 3 descarta", "p1 sm"),
    # PHH passes through unchanged
    ("p3 cbr 600", "p3 cbr 600"),
    ("p2 f", "p2 f"),
    ("p1 cc", "p1 cc"),
    ("d dh p1 AsKs", "d dh p1 AsKs"),
    ("p1 sm AhKh", "p1 sm AhKh"),
    ("p1 sm", "p1 sm"),
    ("  p3 cbr 600 # as announced ", "p3 cbr 600 # as announced"),
]


@pytest.mark.parametrize(("said", "line"), PHRASES, ids=[ascii_id(p[0]) for p in PHRASES])
def test_a_phrase_reads_as_the_engine_line(said, line):
    assert parse_floor_action(said, PLAYERS) == line


def test_the_phrase_table_covers_both_languages_and_forty_phrases():
    assert len(PHRASES) >= 40
    pt = {"assento", "aumenta", "paga", "desiste", "passa", "mesa", "iguala", "aposta", "sobe", "mostra", "muck"}
    assert sum(any(word in said.lower() for word in pt) for said, _ in PHRASES) >= 15


@dataclass
class Table:
    """The least a caller gives the parser to resolve an all-in or a fold at the showdown."""

    stack: tuple[int, ...]
    bet: tuple[int, ...]
    showdown: bool = False

    def options(self):
        return None


@pytest.mark.parametrize("said", ["Ana all-in", "Ana all in", "ana allin", "assento 3 tudo", "allin 3",
                                  "3 vai all in", "seat 3 goes all-in", "Ana all-in 10,000", "a3 all in 10 mil"])
def test_an_all_in_raises_to_the_whole_stack(said):
    state = Table(stack=(9900, 1800, 9000), bet=(100, 200, 3000))
    assert parse_floor_action(said, PLAYERS, state) == "p1 cbr 10000"


def test_an_all_in_that_does_not_exceed_the_bet_is_a_call():
    state = Table(stack=(9900, 1800, 9000), bet=(100, 200, 3000))
    assert parse_floor_action("Bruno all-in", PLAYERS, state) == "p2 call"
    # exactly the bet is still a call
    assert parse_floor_action("Bruno all-in", PLAYERS, Table((9900, 2800, 9000), (100, 200, 3000))) == "p2 call"


def test_the_engine_judges_an_all_in_read_from_a_hand():
    hand = Hand(SPEC)
    hand.apply(parse_floor_action("Zé Carlos raise 600", PLAYERS, hand))
    line = parse_floor_action("Ana all in", PLAYERS, hand)
    assert line == "p1 cbr 10000"
    hand.apply(line)
    assert hand.stack[0] == 0 and hand.bet[0] == 10000
    # Bruno (8000, 200 in) cannot exceed 10,000: his all-in is a call for what he has
    line = parse_floor_action("assento 5 tudo", PLAYERS, hand)
    assert line == "p2 call"
    hand.apply(line)
    assert hand.stack[1] == 0


def test_check_and_call_stay_distinct_so_the_engine_refuses_a_check_facing_a_bet():
    hand = Hand(SPEC)
    with pytest.raises(IllegalAction) as refused:
        hand.apply(parse_floor_action("Zé passa", PLAYERS, hand))
    assert refused.value.error.code == "check_facing_bet"
    hand.apply(parse_floor_action("Zé paga", PLAYERS, hand))
    assert hand.history == ["p3 cc"]


@pytest.mark.parametrize("said", ["assento 3 desiste", "seat 3 folds", "fold 3"])
def test_a_fold_at_the_showdown_is_a_muck(said):
    assert parse_floor_action(said, PLAYERS, Table((0, 0, 0), (0, 0, 0), showdown=True)) == "p1 sm"
    assert parse_floor_action(said, PLAYERS, Table((10, 0, 0), (0, 0, 0), showdown=False)) == "p1 f"


def test_a_fixed_limit_raise_needs_no_amount_the_engine_knows_it():
    limit = replace(spec_from_table(stacks=[10000, 8000, 12000], small_blind=100, big_blind=200, variant="FT",
                                    players=["Ana", "Bruno", "Zé Carlos"]), seats=(3, 5, 7))
    hand = Hand(limit)
    assert parse_floor_action("Zé raise", floor_players(limit), hand) == "p3 cbr 400"
    with pytest.raises(FloorError) as refused:
        parse_floor_action("Zé raise", PLAYERS, Hand(SPEC))  # no-limit: the size must be said
    assert refused.value.code == "missing_amount"


def test_showdown_cards_by_seat_are_applied_by_the_engine():
    spec = parse_phh("""variant = "NT"
antes = [0, 0]
blinds_or_straddles = [100, 200]
min_bet = 200
starting_stacks = [1000, 1000]
players = ["Bia", "Caio"]
seats = [2, 6]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 1000", "p1 cc", "d db Ah7d2c", "d db 9s", "d db 3h"]
""")
    hand = Hand.replay(spec)
    players = floor_players(spec)
    hand.apply(parse_floor_action("assento 2 mostra As Ad", players, hand))
    hand.apply(parse_floor_action("6 KcKd", players, hand))
    assert hand.status == "complete" and hand.finishing_stacks() == [2000, 0]


# Refusals: the code, the position (1-based column) and the token they point at.
ANA_ANABELA = {3: FloorPlayer("Ana", 0), 8: FloorPlayer("Anabela", 1), 5: FloorPlayer(None, 2)}
REFUSALS = [
    ("seat 3 rasie 6000", PLAYERS, "unknown_verb", 8, "rasie"),
    ("rasie 7 6000", PLAYERS, "unknown_verb", 1, "rasie"),
    ("desistee 7", PLAYERS, "unknown_verb", 1, "desistee"),
    ("seat 9 call", PLAYERS, "no_seat", 6, "9"),
    ("call 4", PLAYERS, "no_seat", 6, "4"),
    ("call Zeca", PLAYERS, "unknown_player", 6, "Zeca"),
    ("Zeca call", PLAYERS, "unknown_word", 1, "Zeca"),
    ("An call", ANA_ANABELA, "ambiguous_name", 1, "An"),
    ("seat 3 raise", PLAYERS, "missing_amount", 13, ""),
    ("aumenta 7", PLAYERS, "missing_amount", 10, ""),
    ("seat 3 raise 6000x", PLAYERS, "bad_amount", 14, "6000x"),
    ("3 r 6.00", PLAYERS, "bad_amount", 5, "6.00"),
    ("3 r 6,5", PLAYERS, "bad_amount", 5, "6,5"),
    ("3 r 1.2345k", PLAYERS, "bad_amount", 5, "1.2345k"),
    ("3 r 1.500,000", PLAYERS, "bad_amount", 5, "1.500,000"),
    ("3 r " + "9" * 5000, PLAYERS, "bad_amount", 5, "9" * 5000),
    ("3 raise by 600", PLAYERS, "raise_by", 9, "by"),
    ("3 call 200", PLAYERS, "no_amount", 8, "200"),
    ("3 6000", PLAYERS, "missing_verb", 3, "6000"),
    ("seat 3", PLAYERS, "missing_verb", 7, ""),
    ("raise", PLAYERS, "missing_player", 6, ""),
    ("   ", PLAYERS, "empty", 1, ""),
    ("seat 3 shows Ah", PLAYERS, "bad_cards", 14, "Ah"),
    ("seat 3 shows", PLAYERS, "missing_cards", 13, ""),
    ("flop", PLAYERS, "bad_cards", 5, ""),
    ("3 fold now", PLAYERS, "extra", 8, "now"),
    ("Ana (seat 5) call", PLAYERS, "mismatch", 6, "seat"),
    ("Ana all-in", PLAYERS, "all_in_unknown", 5, "all-in"),
]


@pytest.mark.parametrize(("said", "players", "code", "column", "token"), REFUSALS,
                         ids=[ascii_id(r[0][:20]) for r in REFUSALS])
def test_a_refusal_names_the_position_and_the_accepted_forms(said, players, code, column, token):
    with pytest.raises(FloorError) as refused:
        parse_floor_action(said, players)
    error = refused.value
    assert (error.code, error.column, error.token) == (code, column, token)
    assert said[error.position:].startswith(token)
    en, pt = error.message("en"), error.message("pt-br")
    where_en = f"At character {column} (“{token}”)" if token else "At the end of the line"
    where_pt = f"No caractere {column} (“{token}”)" if token else "No fim da linha"
    assert en.startswith(where_en) and pt.startswith(where_pt)
    assert "Accepted forms: seat 3 raise 6000 · Ana all-in · s5 call · 3 r 6,000 · raise 7 6k · fold 7" in en
    assert "Formas aceitas: assento 3 aumenta 6000 · Ana all in · a5 paga · 3 r 6.000 · aumenta 7 1,5k" in pt
    assert str(error) == en
    assert error.reason("pt-br") in pt and error.reason("en") in en and error.reason("en") != error.reason("pt-br")


def test_a_typo_in_the_action_suggests_the_word_and_lists_the_actions():
    with pytest.raises(FloorError) as refused:
        parse_floor_action("seat 3 rasie 6000", PLAYERS)
    assert "“rasie” is not an action. Did you mean “raise”?" in refused.value.message("en")
    assert "Actions: fold, check, call, bet, raise, all-in, shows, mucks." in refused.value.message("en")
    assert "Quis dizer “raise”?" in refused.value.message("pt-br")
    assert "Ações: desiste, passa (mesa), paga (iguala)" in refused.value.message("pt-br")


def test_an_ambiguous_name_names_the_candidates_by_seat_and_an_exact_name_wins():
    with pytest.raises(FloorError) as refused:
        parse_floor_action("An call", ANA_ANABELA)
    assert "could be Ana (seat 3), Anabela (seat 8)" in refused.value.message("en")
    assert "pode ser Ana (assento 3), Anabela (assento 8)" in refused.value.message("pt-br")
    assert parse_floor_action("Ana call", ANA_ANABELA) == "p1 call"
    assert parse_floor_action("Anab call", ANA_ANABELA) == "p2 call"
    assert parse_floor_action("5 call", ANA_ANABELA) == "p3 call"
    twins = {2: FloorPlayer("Ana", 0), 6: FloorPlayer("ana", 1)}
    with pytest.raises(FloorError) as refused:
        parse_floor_action("Ana call", twins)
    assert "could be Ana (seat 2), ana (seat 6)" in refused.value.message("en")


def test_an_unknown_seat_lists_the_seats_of_the_hand():
    with pytest.raises(FloorError) as refused:
        parse_floor_action("seat 9 call", PLAYERS)
    assert "nobody sits in seat 9 in this hand (seats: 3, 5, 7)" in refused.value.message("en")
    assert "ninguém está no assento 9 nesta mão (assentos: 3, 5, 7)" in refused.value.message("pt-br")


def test_an_all_in_for_another_amount_is_refused_with_the_real_total():
    with pytest.raises(FloorError) as refused:
        parse_floor_action("Ana all-in 5000", PLAYERS, Table((9900, 1800, 9000), (100, 200, 3000)))
    assert refused.value.code == "all_in_amount" and refused.value.token == "5000"
    assert "Ana (seat 3) is all-in for 10,000 in total this round, not 5,000" in refused.value.message("en")
    assert "Ana (assento 3) fica all-in com 10.000" in refused.value.message("pt-br")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("seat3 5789raiseumntodsk.,#pAhKcl-ãé()")), max_size=30) | st.text())
def test_any_text_is_read_or_refused_with_a_floor_error(said):
    try:
        line = parse_floor_action(said, PLAYERS, Table((9900, 1800, 9000), (100, 200, 3000)))
    except FloorError as error:
        assert 0 <= error.position <= len(said)
        assert error.message("pt-br") and error.message("en")
    else:
        assert isinstance(line, str) and line


# Names, as the floor says them, and the engine's text rewritten with them.
def test_players_are_named_by_name_and_seat_in_both_languages():
    assert floor_labels(PLAYERS, "en") == ["Ana (seat 3)", "Bruno (seat 5)", "Zé Carlos (seat 7)"]
    assert floor_labels(PLAYERS, "pt-br") == ["Ana (assento 3)", "Bruno (assento 5)", "Zé Carlos (assento 7)"]
    assert floor_name(None, 4, "en") == "seat 4" and floor_name(None, 4, "pt-BR") == "assento 4"


def test_seats_come_from_the_seats_field_from_older_names_or_from_the_player_number():
    assert floor_players(SPEC) == {3: ("Ana", 0), 5: ("Bruno", 1), 7: ("Zé Carlos", 2)}
    legacy = replace(SPEC, players=("Ana (#1)", "Bruno (#4)", "Zé (#7)"), seats=None)
    assert floor_players(legacy) == {1: ("Ana", 0), 4: ("Bruno", 1), 7: ("Zé", 2)}
    typed = replace(SPEC, players=None, seats=None)
    assert floor_players(typed) == {1: (None, 0), 2: (None, 1), 3: (None, 2)}
    assert floor_labels(floor_players(typed), "en") == ["seat 1", "seat 2", "seat 3"]
    assert parse_floor_action("seat 2 call", floor_players(typed)) == "p2 call"


def test_the_engines_text_names_players_as_the_floor_does():
    labels = floor_labels(PLAYERS, "en")
    assert relabel("It is p1's turn to act, not p3's.", labels) == \
        "It is Ana (seat 3)'s turn to act, not Zé Carlos (seat 7)'s."
    assert relabel("Main pot: 600, contested by p1 (Ana), p2 (Bruno) and p3 (Zé Carlos).", labels,
                   ["Ana", "Bruno", "Zé Carlos"]) == \
        "Main pot: 600, contested by Ana (seat 3), Bruno (seat 5) and Zé Carlos (seat 7)."
    assert relabel("p10 and up1 stay", labels) == "p10 and up1 stay"


@pytest.mark.parametrize(("line", "en", "pt"), [
    ("p3 cbr 6000", "Zé Carlos (seat 7) bets or raises to 6,000", "Zé Carlos (assento 7) aposta ou aumenta para 6.000"),
    ("p1 f", "Ana (seat 3) folds", "Ana (assento 3) desiste"),
    ("p2 cc", "Bruno (seat 5) checks or calls", "Bruno (assento 5) passa ou paga"),
    ("p1 sm AhKh", "Ana (seat 3) shows Ah Kh", "Ana (assento 3) mostra Ah Kh"),
    ("p1 sm", "Ana (seat 3) mucks", "Ana (assento 3) descarta sem mostrar"),
    ("d dh p2 ????", "Bruno (seat 5) is dealt two cards face down", "Bruno (assento 5) recebe duas cartas fechadas"),
    ("d db AhKd7c", "Board: Ah Kd 7c", "Mesa: Ah Kd 7c"),
])
def test_an_accepted_line_is_told_in_words(line, en, pt):
    assert describe_action(line, floor_labels(PLAYERS, "en"), "en") == en
    assert describe_action(line, floor_labels(PLAYERS, "pt-br"), "pt-br") == pt
