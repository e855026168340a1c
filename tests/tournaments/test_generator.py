"""The structure generator (tdconsole/tournaments/generator.py): pure values in and out, no database.

Every structure it proposes is checked with the structure validation the desk uses
(`structures.structure_problems` against the chip set), and its expected end with the model
(`generator.expected_end`) against the target.
"""

import doctest
import subprocess
import sys
from dataclasses import asdict
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdconsole.tournaments import generator
from tdconsole.tournaments.generator import (
    BIG_BLIND_ANTE,
    TRADITIONAL,
    GeneratorError,
    Row,
    big_blind_ladder,
    chips_after,
    default_break_every,
    default_break_minutes,
    expected_end,
    generate,
    retarget,
)
from tdconsole.tournaments.structures import LevelSpec, chips_in_play, structure_problems

ROOT = Path(__file__).resolve().parents[2]
HOUSE = (25, 100, 500, 1000, 5000)
CHIP_SETS = (HOUSE, (100, 500, 1000, 5000, 25000), (5, 25, 100, 500, 1000), (25, 100, 1000, 5000, 25000, 100000))
PROPERTY = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def _fresh_ladders():
    """Work the big blind ladders out anew in each test: they are cached for the process, and a cache filled
    before a test (another test, or the mutation run's own first pass) would answer for the code under test."""
    generator.big_blind_ladder.cache_clear()
    generator._nice_multiples.cache_clear()


def specs(rows) -> list[LevelSpec]:
    return [LevelSpec(**asdict(row)) for row in rows]


def blind_levels(rows):
    return [row for row in rows if not row.is_break]


def assert_valid(rows, chips):
    assert structure_problems(specs(rows), chips) == []
    levels = blind_levels(rows)
    for before, after in pairwise(levels):
        assert after.big_blind > before.big_blind
        assert after.small_blind >= before.small_blind and after.ante >= before.ante
    for row, in_play in zip(rows, chips_in_play(specs(rows), chips), strict=True):
        if row.is_break:
            continue
        # Half the big blind, to the nearest chip.
        assert abs(row.small_blind - row.big_blind / 2) <= in_play[0] / 2 or row.small_blind >= row.big_blind / 2
    assert not rows[-1].is_break


def slack(minutes: int, break_minutes: int) -> float:
    """How far the nearest level end can be from a target: half a level and a break."""
    return (minutes + break_minutes) / 2


# --- the model -------------------------------------------------------------------------------------


def test_the_module_imports_without_django():
    code = ("import sys; import tdconsole.tournaments.generator as g; "
            "g.generate(stack=20000, entries=100, level_minutes=20, target_minutes=360, denominations=[25, 100]); "
            "print(any(n == 'django' or n.startswith('django.') for n in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_the_docstring_examples_hold():
    failures, tried = doctest.testmod(generator)
    assert tried >= 6 and failures == 0


def test_the_event_ends_in_the_first_level_whose_big_blind_is_a_twentieth_of_the_chips():
    rows = [Row("level", 20, 100, 200), Row("level", 20, 200, 400), Row("break", 15),
            Row("level", 20, 500, 1000), Row("level", 20, 1000, 2000)]
    assert expected_end(rows, 20 * 1000) == (75, 3)
    assert expected_end(rows, 20 * 1001) == (95, 4)
    assert expected_end(rows, 20 * 2001) is None


def test_a_regular_night_is_proposed_as_a_director_would_write_it():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE)
    levels = blind_levels(plan.rows)
    assert [(r.small_blind, r.big_blind, r.ante) for r in levels[:6]] == [
        (100, 200, 200), (125, 250, 250), (150, 300, 300), (200, 400, 400), (250, 500, 500), (300, 600, 600)]
    assert plan.expected_end_minutes == 600
    # 2,000,000 chips: the end level's big blind is the first at or above 100,000.
    end = levels[plan.end_level - 1]
    assert end.big_blind >= 100_000 > levels[plan.end_level - 2].big_blind
    assert 1.2 < plan.growth < 1.35 and plan.start_depth == 100
    assert_valid(plan.rows, HOUSE)


def test_the_same_question_gets_the_same_structure():
    args = dict(stack=30000, entries=420, level_minutes=30, target_minutes=11 * 60, denominations=HOUSE)
    assert generate(**args) == generate(**args)


def test_breaks_come_about_every_two_hours_and_colour_up_the_smallest_chip_once_it_is_not_needed():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE)
    assert default_break_every(20) == 6 and default_break_minutes(20) == 15
    positions = [i for i, row in enumerate(plan.rows) if row.is_break]
    assert positions[0] == 6 and all(b - a == 7 for a, b in pairwise(positions))
    assert all(plan.rows[i].minutes == 15 for i in positions)
    colour_ups = [(i, plan.rows[i].color_up) for i in positions if plan.rows[i].color_up]
    assert [chip for _, chip in colour_ups] == [25, 100, 500]
    for i, chip in colour_ups:
        # The small blind before the break is worth four of the next chip; the one before that break was not.
        following = HOUSE[HOUSE.index(chip) + 1]
        assert plan.rows[i - 1].small_blind >= 4 * following
    first = positions[0]
    assert plan.rows[first].color_up is None and plan.rows[first - 1].small_blind < 4 * 100


def test_the_last_chip_is_never_coloured_up():
    plan = generate(stack=20000, entries=5000, level_minutes=60, target_minutes=24 * 60, denominations=(25, 100))
    assert [r.color_up for r in plan.rows if r.color_up] == [25]
    assert chips_after(plan.rows, (25, 100)) == (100,)
    assert_valid(plan.rows, (25, 100))


def test_without_breaks_nothing_is_coloured_up():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=480, denominations=HOUSE,
                    break_every=0)
    assert not any(row.is_break for row in plan.rows)
    assert all(row.big_blind % 50 == 0 for row in plan.rows)
    assert abs(plan.expected_end_minutes - 480) <= 10


def test_traditional_antes_start_at_level_three_at_an_eighth_of_the_big_blind():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE,
                    ante_style=TRADITIONAL)
    levels = blind_levels(plan.rows)
    assert [r.ante for r in levels[:2]] == [0, 0]
    assert all(0 < r.ante <= r.big_blind / 4 for r in levels[2:])
    assert [r.ante for r in levels[2:6]] == [50, 50, 50, 100]
    assert_valid(plan.rows, HOUSE)


def test_big_blind_antes_equal_the_big_blind():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE)
    assert all(r.ante == r.big_blind for r in blind_levels(plan.rows))


def test_spare_levels_follow_the_expected_end():
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE)
    levels = blind_levels(plan.rows)
    assert len(levels) - plan.end_level >= 2
    assert levels[-1].big_blind * 10 >= plan.total_chips


def test_the_big_blind_ladder_keeps_the_small_blind_a_whole_number_of_chips():
    for chip in (5, 25, 100, 500, 1000, 5000, 7, 400):
        ladder = big_blind_ladder(chip)
        assert ladder[0] == 2 * chip
        assert all(v % chip == 0 and (v % (2 * chip) == 0 or v <= 5 * chip) for v in ladder)
        assert all(b / a <= 2.01 for a, b in pairwise(ladder))
    assert 1500 not in big_blind_ladder(100) and 2500 not in big_blind_ladder(100)


def test_extra_chips_are_counted_in_play():
    plain = generate(stack=10000, entries=100, level_minutes=20, target_minutes=480, denominations=HOUSE)
    rebuys = generate(stack=10000, entries=100, level_minutes=20, target_minutes=480, denominations=HOUSE,
                      extra_chips=1_000_000)
    assert rebuys.total_chips == 2_000_000 and plain.total_chips == 1_000_000
    assert blind_levels(rebuys.rows)[rebuys.end_level - 1].big_blind >= 100_000


# --- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "code"), [
    (dict(stack=20000, entries=100, level_minutes=20, target_minutes=60), "too_short"),
    (dict(stack=20000, entries=100, level_minutes=20, target_minutes=30 * 60), "too_long"),
    (dict(stack=400, entries=100, level_minutes=20, target_minutes=360), "chip_too_large"),
    (dict(stack=20000, entries=1, level_minutes=20, target_minutes=360), "out_of_range"),
    (dict(stack=0, entries=100, level_minutes=20, target_minutes=360), "out_of_range"),
    (dict(stack=20000, entries=100, level_minutes=0, target_minutes=360), "out_of_range"),
    (dict(stack=20000, entries=100, level_minutes=20, target_minutes=360, ante_style="straddle"), "ante_style"),
    (dict(stack=10**9, entries=100_000, level_minutes=20, target_minutes=360), "too_many_chips"),
    (dict(stack=20000, entries=100, level_minutes=20, target_minutes=360, denominations=()), "no_chips"),
    (dict(stack=20000, entries=100, level_minutes=20, target_minutes=360, denominations=(0, 25)), "out_of_range"),
    (dict(stack=20000, entries=True, level_minutes=20, target_minutes=360), "out_of_range"),
])
def test_impossible_questions_are_refused_with_a_reason(args, code):
    with pytest.raises(GeneratorError) as refused:
        generate(**({"denominations": HOUSE} | args))
    assert refused.value.code == code
    assert refused.value.message and str(refused.value)


def test_too_soon_names_the_shortest_duration_that_works():
    with pytest.raises(GeneratorError) as refused:
        generate(stack=20000, entries=100, level_minutes=20, target_minutes=120, denominations=HOUSE)
    least = refused.value.params["minutes"]
    assert least > 120
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=least, denominations=HOUSE)
    assert plan.growth <= generator.MAX_GROWTH and abs(plan.expected_end_minutes - least) <= 20


def test_too_far_off_names_the_longest_duration_that_works():
    with pytest.raises(GeneratorError) as refused:
        generate(stack=20000, entries=100, level_minutes=20, target_minutes=20 * 60, denominations=HOUSE)
    most = refused.value.params["minutes"]
    assert most < 20 * 60
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=most, denominations=HOUSE)
    assert abs(plan.expected_end_minutes - most) <= 20


# --- properties ------------------------------------------------------------------------------------

stacks = st.sampled_from([5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 75000, 100000])
minutes = st.sampled_from([10, 12, 15, 20, 25, 30, 40, 45, 60])


@PROPERTY
@given(entries=st.integers(50, 5000), stack=stacks, level=minutes, target=st.integers(90, 24 * 60),
       chips=st.sampled_from(CHIP_SETS), ante=st.sampled_from([BIG_BLIND_ANTE, TRADITIONAL]))
def test_a_structure_ends_within_half_a_level_of_the_target_or_says_what_works(entries, stack, level, target,
                                                                                chips, ante):
    args = dict(stack=stack, entries=entries, level_minutes=level, denominations=chips, ante_style=ante)
    try:
        plan = generate(target_minutes=target, **args)
    except GeneratorError as exc:
        assert exc.code in ("too_short", "too_long"), exc
        nearest = exc.params["minutes"]
        assert nearest > target if exc.code == "too_short" else nearest < target
        plan, target = generate(target_minutes=nearest, **args), nearest
    assert_valid(plan.rows, chips)
    assert abs(plan.expected_end_minutes - target) <= slack(level, default_break_minutes(level))
    assert expected_end(plan.rows, plan.total_chips) == (plan.expected_end_minutes, plan.end_level)
    assert plan.total_chips == entries * stack


@PROPERTY
@given(entries=st.integers(50, 5000), stack=st.integers(10, 100).map(lambda k: k * 1000),
       target=st.integers(6 * 60, 8 * 60), ante=st.sampled_from([BIG_BLIND_ANTE, TRADITIONAL]))
def test_an_evening_of_twenty_minute_levels_is_never_refused(entries, stack, target, ante):
    plan = generate(stack=stack, entries=entries, level_minutes=20, target_minutes=target, denominations=HOUSE,
                    ante_style=ante)
    assert abs(plan.expected_end_minutes - target) <= slack(20, 15)
    assert_valid(plan.rows, HOUSE)


# --- retarget --------------------------------------------------------------------------------------


def feasible(args, *, target):
    """The structure for `target` minutes, or for the nearest duration the generator names instead."""
    try:
        return generate(target_minutes=target, **args)
    except GeneratorError as exc:
        return generate(target_minutes=exc.params["minutes"], **args)


def _night(**kw):
    args = dict(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE) | kw
    return generate(**args)


def test_retarget_keeps_the_levels_started_and_climbs_from_the_one_being_played():
    rows = list(_night().rows)
    plan = retarget(rows=rows, position=9, seconds_left=600, target_seconds=6 * 3600, total_chips=150 * 20000,
                    denominations=HOUSE, stack=20000, entries=150)
    assert plan.rows[:9] == tuple(rows[:9]) and plan.kept == 9
    assert blind_levels(plan.new_rows)[0].big_blind > rows[8].big_blind
    assert abs(plan.expected_end_seconds - 6 * 3600) <= slack(20, 15) * 60
    assert_valid(plan.rows, HOUSE)
    seconds, _number = expected_end(plan.new_rows, 150 * 20000)
    assert plan.expected_end_seconds == 600 + seconds * 60


def test_retarget_keeps_the_colour_ups_done_and_the_break_rhythm():
    rows = list(_night().rows)
    # Playing the break after level 18, which coloured up the 100s (the 25s left at the one before).
    position = [i for i, r in enumerate(rows, start=1) if r.is_break][2]
    assert rows[position - 1].color_up == 100
    plan = retarget(rows=rows, position=position, seconds_left=300, target_seconds=2 * 3600,
                    total_chips=100 * 20000, denominations=HOUSE, stack=20000, entries=100)
    assert all(r.big_blind % 500 == 0 for r in blind_levels(plan.new_rows))
    assert 25 not in [r.color_up for r in plan.new_rows] and 100 not in [r.color_up for r in plan.new_rows]
    breaks = [i for i, r in enumerate(plan.new_rows) if r.is_break]
    assert breaks[0] == 6  # six levels after the break being played
    assert_valid(plan.rows, HOUSE)


def test_retarget_before_the_start_proposes_the_whole_structure():
    rows = list(_night().rows)
    plan = retarget(rows=rows, position=None, seconds_left=0, target_seconds=5 * 3600, total_chips=60 * 20000,
                    denominations=HOUSE, stack=20000, entries=60)
    assert plan.kept == 0 and abs(plan.expected_end_minutes - 300) <= 20
    assert plan.total_chips == 1_200_000


def test_retarget_refuses_an_end_before_the_level_being_played_is_over():
    rows = list(_night().rows)
    with pytest.raises(GeneratorError) as refused:
        retarget(rows=rows, position=3, seconds_left=900, target_seconds=600, total_chips=2_000_000,
                 denominations=HOUSE, stack=20000, entries=100)
    assert refused.value.code == "too_short" and refused.value.params["minutes"] > 15


def test_retarget_refuses_when_the_blinds_already_reach_the_end():
    rows = list(_night().rows)
    with pytest.raises(GeneratorError) as refused:
        retarget(rows=rows, position=len(rows) - 1, seconds_left=60, target_seconds=3600, total_chips=2_000_000,
                 denominations=HOUSE, stack=20000, entries=100)
    assert refused.value.code == "already_there"


@PROPERTY
@given(entries=st.integers(50, 5000), actual=st.floats(0.5, 2.0), level=st.sampled_from([15, 20, 30, 40]),
       chips=st.sampled_from(CHIP_SETS[:2]), where=st.floats(0, 1), left=st.floats(0, 1),
       target=st.integers(10, 16 * 60), ante=st.sampled_from([BIG_BLIND_ANTE, TRADITIONAL]))
def test_a_retarget_ends_within_half_a_level_of_its_target_or_says_what_works(entries, actual, level, chips, where,
                                                                              left, target, ante):
    stack = 20000
    base = feasible(dict(stack=stack, entries=entries, level_minutes=level, denominations=chips, ante_style=ante),
                    target=level * 30)
    rows = list(base.rows)
    position = 1 + int(where * (base.end_level - 1))
    now_entries = max(2, int(entries * actual))
    seconds_left = int(left * rows[position - 1].minutes * 60)
    args = dict(rows=rows, position=position, seconds_left=seconds_left, total_chips=now_entries * stack,
                denominations=chips, stack=stack, entries=now_entries, ante_style=ante)
    target_seconds = target * 60
    try:
        plan = retarget(target_seconds=target_seconds, **args)
    except GeneratorError as exc:
        assert exc.code in ("too_short", "too_long", "already_there"), exc
        if exc.code == "already_there":
            assert blind_levels(rows[:position])[-1].big_blind * 20 >= now_entries * stack
            return
        nearest = exc.params["minutes"] * 60
        assert nearest > target_seconds if exc.code == "too_short" else nearest < target_seconds
        plan, target_seconds = retarget(target_seconds=nearest, **args), nearest
    assert plan.rows[:position] == tuple(rows[:position])
    assert_valid(plan.rows, chips)
    assert abs(plan.expected_end_seconds - target_seconds) <= slack(level, default_break_minutes(level)) * 60 + 60
