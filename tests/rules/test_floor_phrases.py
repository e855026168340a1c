"""The floor's own words (issue 27): phrases as floors say them read as the plain action line they mean.

The set lives in tests/rules/floor_phrases.py; each phrase must give exactly the engine line of its plain
form, and a line that could mean two things must be answered by a question that shows both readings.
"""

import time
from dataclasses import dataclass, replace

import pytest

from tdconsole.rules import FloorError, Hand, IllegalAction, floor_players, parse_floor_action, spec_from_table
from tdconsole.rules.engine import Options
from tests.ids import ascii_id
from tests.rules.floor_phrases import AMBIGUOUS, EN, PT_BR, WITH_STATE

NAMES = ["Ana", "Bruno", "Carla", "Diego", "Eduardo", "Fernanda", "Gustavo", "Helena", "Igor"]
SPEC = replace(spec_from_table(stacks=[10000] * 9, small_blind=100, big_blind=200, players=NAMES),
               seats=tuple(range(1, 10)))
PLAYERS = floor_players(SPEC)


@dataclass
class Table:
    """Carla (seat 3) is all-in for 5000; Ana (seat 1) has 10000 in all, Bruno (seat 2) 2000; Ana to act."""

    stack: tuple[int, ...] = (9900, 1800, 0, 10000, 10000, 10000, 10000, 10000, 10000)
    bet: tuple[int, ...] = (100, 200, 5000, 0, 0, 0, 0, 0, 0)
    showdown: bool = False
    to_act: int = 0

    def options(self):
        call = max(self.bet) - self.bet[self.to_act]
        return Options(player=self.to_act, fold=True, check=call == 0, call=call, raise_min_to=None,
                       raise_max_to=None, reason_en="", reason_pt="", rule=None)


def test_the_set_has_at_least_150_phrases_in_both_languages():
    assert len(PT_BR) + len(EN) + len(WITH_STATE) + len(AMBIGUOUS) >= 150
    assert len(PT_BR) >= 75 and len(EN) >= 50
    said = [phrase for phrase, _ in PT_BR + EN + WITH_STATE]
    assert len(set(said)) == len(said)


@pytest.mark.parametrize(("said", "plain"), PT_BR + EN, ids=[ascii_id(p[0]) for p in PT_BR + EN])
def test_a_phrase_gives_the_action_of_its_plain_form(said, plain):
    assert parse_floor_action(said, PLAYERS) == parse_floor_action(plain, PLAYERS)


@pytest.mark.parametrize(("said", "plain"), WITH_STATE, ids=[ascii_id(p[0]) for p in WITH_STATE])
def test_an_all_in_without_amount_is_read_from_the_table(said, plain):
    state = Table(to_act=1 if "Bruno" in said else 0)
    assert parse_floor_action(said, PLAYERS, state) == parse_floor_action(plain, PLAYERS)


@pytest.mark.parametrize("said", AMBIGUOUS, ids=[ascii_id(p) for p in AMBIGUOUS])
@pytest.mark.parametrize("state", [None, Table()], ids=["no-state", "state"])
def test_an_ambiguous_phrase_asks_instead_of_guessing(said, state):
    with pytest.raises(FloorError) as asked:
        parse_floor_action(said, PLAYERS, state)
    error = asked.value
    assert error.code == "ambiguous_action"
    assert " or " in error.reason("en") and " ou " in error.reason("pt-br")


def test_call_all_in_offers_the_call_and_the_shove_with_its_total():
    with pytest.raises(FloorError) as asked:
        parse_floor_action("Ana paga all-in", PLAYERS, Table())
    error = asked.value
    assert error.readings == ("p1 call", "p1 cbr 10000")
    assert (error.column, error.token) == (10, "all-in")
    assert error.reason("en") == ("“all-in” can be read two ways: Ana (seat 1) calls, or Ana (seat 1) goes all-in "
                                  "(raises to 10,000). Which one? Type it in full.")
    assert error.reason("pt-br").startswith("“all-in” tem duas leituras: Ana (assento 1) paga, ou Ana (assento 1) "
                                            "vai de all-in (aumenta para 10.000)")


def test_call_all_in_for_a_short_stack_is_the_call_both_readings_mean():
    assert parse_floor_action("Bruno paga all-in", PLAYERS, Table(to_act=1)) == "p2 call"


def test_mesa_alone_asks_check_by_the_player_to_act_or_the_board():
    with pytest.raises(FloorError) as asked:
        parse_floor_action("mesa", PLAYERS, Table(bet=(0,) * 9, to_act=3))
    assert asked.value.readings == ("p4 check", None)
    assert "Diego (seat 4) checks" in asked.value.reason("en")
    assert "as cartas da mesa" in asked.value.reason("pt-br")


def test_a_check_said_with_the_slang_is_judged_by_the_engine():
    hand = Hand(SPEC)
    line = parse_floor_action("o Diego bateu mesa", PLAYERS, hand)
    assert line == "p4 check"
    with pytest.raises(IllegalAction):  # Diego faces the big blind: the engine refuses the check
        hand.apply(line)


def test_errors_keep_their_place_word_and_closest_form():
    with pytest.raises(FloorError) as refused:
        parse_floor_action("o Diego fodlou", PLAYERS)
    assert (refused.value.code, refused.value.column, refused.value.token) == ("unknown_verb", 9, "fodlou")
    assert refused.value.suggestion == "foldou"


def test_parse_time_per_line_is_printed(capsys):
    lines = [said for said, _ in PT_BR + EN]
    start = time.perf_counter()
    for _ in range(20):
        for said in lines:
            parse_floor_action(said, PLAYERS)
    per_line = (time.perf_counter() - start) / (20 * len(lines))
    with capsys.disabled():
        print(f"\nfloor language: {per_line * 1e6:.1f} µs per line over {len(lines)} phrases")
