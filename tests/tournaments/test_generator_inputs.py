"""What the structure generator refuses, with the field, the bounds and the sentence the pages show, and the
defaults it takes when nothing is said: every bound is tried one below, at, at the top and one above."""

import pytest

from tdconsole.tournaments import generator
from tdconsole.tournaments.generator import (
    BIG_BLIND_ANTE,
    MAX_BLIND,
    MAX_CHIPS_IN_PLAY,
    MAX_LEVEL_MINUTES,
    MAX_TARGET_MINUTES,
    TRADITIONAL,
    GeneratorError,
    Row,
    big_blind_ladder,
    cadence_of,
    default_break_every,
    default_break_minutes,
    expected_end,
    generate,
    retarget,
)

HOUSE = (25, 100, 500, 1000, 5000)
NIGHT = {"stack": 20000, "entries": 100, "level_minutes": 20, "target_minutes": 600, "denominations": HOUSE}


@pytest.fixture(autouse=True)
def _fresh_ladders():
    """Work the big blind ladders out anew in each test: they are cached for the process, and a cache filled
    before a test (another test, or the mutation run's own first pass) would answer for the code under test."""
    generator.big_blind_ladder.cache_clear()
    generator._nice_multiples.cache_clear()


def refusal(call):
    try:
        call()
    except GeneratorError as exc:
        return exc
    return None


def night_rows():
    return list(generate(**NIGHT).rows)


def later(**changes):
    """A retarget at level 5 of a regular night, with `changes`."""
    args = {"rows": night_rows(), "position": 5, "seconds_left": 600, "target_seconds": 6 * 3600,
            "total_chips": 100 * 20000, "denominations": HOUSE, "stack": 20000, "entries": 100} | changes
    return lambda: retarget(**args)


def early(**changes):
    args = {"rows": night_rows(), "position": None, "seconds_left": 0, "target_seconds": 6 * 3600,
            "total_chips": 100 * 20000, "denominations": HOUSE, "stack": 20000, "entries": 100} | changes
    return lambda: retarget(**args)


def fresh(**changes):
    return lambda: generate(**(NIGHT | changes))


ROWS = len(night_rows())
BOUNDS = [
    # (what to call with the value, field, lowest, highest)
    (lambda v: fresh(stack=v), "stack", 1, MAX_CHIPS_IN_PLAY),
    (lambda v: fresh(entries=v), "entries", 2, 1_000_000),
    (lambda v: fresh(target_minutes=v), "target_minutes", 1, MAX_TARGET_MINUTES),
    (lambda v: fresh(extra_chips=v), "extra_chips", 0, MAX_CHIPS_IN_PLAY),
    (lambda v: fresh(level_minutes=v), "level_minutes", 1, MAX_LEVEL_MINUTES),
    (lambda v: fresh(break_every=v), "break_every", 0, 100),
    (lambda v: fresh(break_minutes=v), "break_minutes", 0, MAX_LEVEL_MINUTES),
    (lambda v: fresh(denominations=[v, 5000]), "chip", 1, MAX_BLIND // 4),
    (lambda v: later(total_chips=v), "total_chips", 1, MAX_CHIPS_IN_PLAY),
    (lambda v: later(position=v), "position", 1, ROWS),
    (lambda v: later(seconds_left=v), "seconds_left", 0, MAX_LEVEL_MINUTES * 60),
    (lambda v: later(target_seconds=v), "target_seconds", 0, MAX_TARGET_MINUTES * 60),
    (lambda v: early(target_seconds=v), "target_seconds", 60, MAX_TARGET_MINUTES * 60),
]


@pytest.mark.parametrize(("call", "field", "low", "high"), BOUNDS, ids=[f"{b[1]}-{i}" for i, b in enumerate(BOUNDS)])
def test_each_number_is_refused_outside_its_bounds_and_taken_inside(call, field, low, high):
    for value in (low - 1, high + 1, True, float(low), str(low)):
        if value is True and low > 1:
            continue  # True is 1: below the bound anyway
        exc = refusal(call(value))
        assert exc is not None and exc.code == "out_of_range", (field, value, exc)
        assert exc.params == {"field": field, "low": low, "high": high}
        assert str(exc) == f"{field} must be a whole number from {low} to {high}."
    for value in (low, high):
        exc = refusal(call(value))
        # Taken: any refusal is about something else (a too large chip, too many chips in play...).
        assert exc is None or exc.params.get("field") != field, (field, value, exc)


@pytest.mark.parametrize(("call", "code", "message", "params"), [
    (fresh(denominations=[]), "no_chips", "Give the chip values in play, for example 25, 100, 500, 1000.", {}),
    (fresh(ante_style="none"), "ante_style", "The ante is a big blind ante or a traditional ante.", {}),
    (fresh(stack=5000, denominations=[500, 1000]), "chip_too_large",
     "The smallest chip (%(chip)s) is too large for a stack of %(stack)s: the first big blind would be more than a "
     "tenth of it.", {"chip": 500, "stack": 5000}),
    (fresh(stack=MAX_CHIPS_IN_PLAY // 100 + 1), "too_many_chips",
     "The blinds would pass the largest value a level can hold: fewer chips in play, please.", {}),
    (fresh(target_minutes=30), "too_short",
     "That is too soon for these chips: the blinds would have to more than double every level. Allow at least "
     "%(minutes)s.", None),
    (fresh(target_minutes=MAX_TARGET_MINUTES), "too_long",
     "That is too far off for these chips: the blinds cannot rise more slowly than one step a level. Allow at "
     "most %(minutes)s, or make the levels longer.", None),
])
def test_each_refusal_gives_its_code_its_sentence_and_its_numbers(call, code, message, params):
    exc = refusal(call)
    assert exc is not None and exc.code == code and exc.message == message
    if params is None:  # the nearest duration that works, in whole minutes
        assert set(exc.params) == {"minutes"} and str(exc) == message % exc.params
    else:
        assert exc.params == params and str(exc) == (message % params if params else message)


def test_too_soon_and_too_far_name_durations_that_work():
    short = refusal(fresh(target_minutes=30))
    assert 30 < short.params["minutes"] and generate(**(NIGHT | {"target_minutes": short.params["minutes"]})).rows
    long = refusal(fresh(target_minutes=MAX_TARGET_MINUTES))
    assert long.params["minutes"] < MAX_TARGET_MINUTES
    assert generate(**(NIGHT | {"target_minutes": long.params["minutes"]})).rows


def test_the_default_breaks_at_their_edges():
    assert [default_break_minutes(m) for m in (1, 15, 16, 40, 41, 240)] == [10, 10, 15, 15, 20, 20]
    assert [default_break_every(m) for m in (1, 2, 15, 17, 24, 60, 61, 240)] == [8, 8, 8, 7, 5, 2, 2, 2]


def test_the_structures_own_break_rhythm_is_read_from_its_first_break():
    level = Row("level", 30, 100, 200)
    assert cadence_of([level, level, level, Row("break", 12), level], 30) == (3, 12)
    assert cadence_of([Row("break", 12), level, level], 30) == (default_break_every(30), 12)
    assert cadence_of([level, level], 45) == (default_break_every(45), default_break_minutes(45))
    assert cadence_of([], 10) == (8, 10)


def blind_minutes(rows):
    return {r.minutes for r in rows if not r.is_break}


def break_positions(rows):
    """The number of blind levels before each break."""
    found, count = [], 0
    for row in rows:
        if row.is_break:
            found.append(count)
        else:
            count += 1
    return found


def test_a_retarget_goes_on_with_the_level_length_and_breaks_of_the_structure_unless_told():
    rows = list(generate(**(NIGHT | {"level_minutes": 30, "break_every": 3, "break_minutes": 12})).rows)
    plan = retarget(rows=rows, position=2, seconds_left=300, target_seconds=8 * 3600, total_chips=2_000_000,
                    denominations=HOUSE, stack=20000, entries=100)
    new = list(plan.new_rows)
    assert blind_minutes(new) == {30}
    assert {r.minutes for r in new if r.is_break} == {12}
    assert break_positions(plan.rows)[:3] == [3, 6, 9]  # every three levels, from the start of the night
    told = retarget(rows=rows, position=2, seconds_left=300, target_seconds=8 * 3600, total_chips=2_000_000,
                    denominations=HOUSE, stack=20000, entries=100, level_minutes=40, break_every=2, break_minutes=9)
    assert blind_minutes(told.new_rows) == {40}
    assert {r.minutes for r in told.new_rows if r.is_break} == {9}
    assert break_positions(told.rows)[:3] == [2, 4, 6]


def test_a_retarget_of_a_structure_not_started_takes_its_last_level_length():
    rows = [Row("level", 20, 100, 200), Row("level", 25, 200, 400)]
    plan = retarget(rows=rows, position=None, seconds_left=0, target_seconds=6 * 3600, total_chips=2_000_000,
                    denominations=HOUSE, stack=20000, entries=100)
    assert blind_minutes(plan.rows) == {25} and plan.kept == 0
    empty = retarget(rows=[], position=None, seconds_left=0, target_seconds=6 * 3600, total_chips=2_000_000,
                     denominations=HOUSE, stack=20000, entries=100)
    assert blind_minutes(empty.rows) == {20}
    # Rebuys and add-ons expected: the chips beyond entries times stack make a longer climb.
    more = retarget(rows=[], position=None, seconds_left=0, target_seconds=6 * 3600, total_chips=4_000_000,
                    denominations=HOUSE, stack=20000, entries=100)
    assert more.total_chips == 4_000_000 and more.rows != empty.rows


def test_a_retarget_before_the_start_is_the_generator_with_the_same_choices():
    rows = night_rows()
    for ante, every, length in ((TRADITIONAL, 2, 9), (BIG_BLIND_ANTE, 5, 14)):
        plan = retarget(rows=rows, position=None, seconds_left=0, target_seconds=7 * 3600 + 59,
                        total_chips=2_500_000, denominations=HOUSE, stack=20000, entries=100, ante_style=ante,
                        break_every=every, break_minutes=length)
        same = generate(stack=20000, entries=100, level_minutes=20, target_minutes=7 * 60, denominations=HOUSE,
                        ante_style=ante, break_every=every, break_minutes=length, extra_chips=500_000)
        assert plan == same


def test_a_retarget_says_where_the_model_ends_it():
    plan = later(total_chips=2_000_000)()
    assert plan.kept == 5 and plan.total_chips == 2_000_000 and plan.growth > 1
    minutes, number = expected_end(plan.new_rows, 2_000_000)
    assert plan.end_level == 5 + number and plan.expected_end_seconds == 600 + minutes * 60


def test_a_retarget_from_a_break_before_any_level_starts_from_a_fiftieth_of_the_stack():
    rows = [Row("break", 15)] + night_rows()
    for stack, entries, first in ((20000, 100, 400), (40000, 50, 800)):
        plan = retarget(rows=rows, position=1, seconds_left=600, target_seconds=8 * 3600, total_chips=2_000_000,
                        denominations=HOUSE, stack=stack, entries=entries)
        assert [r.big_blind for r in plan.new_rows if not r.is_break][0] == first


def test_a_retarget_refuses_when_every_chip_has_been_coloured_up_or_the_end_is_reached():
    rows = [Row("level", 20, 25, 50), Row("break", 10, color_up=25), Row("level", 20, 100, 200),
            Row("break", 10, color_up=100)]
    exc = refusal(lambda: retarget(rows=rows, position=4, seconds_left=60, target_seconds=3600, total_chips=200_000,
                                   denominations=[25, 100], stack=2000, entries=100))
    assert (exc.code, exc.message, exc.params) == (
        "no_chips", "Give the chip values in play, for example 25, 100, 500, 1000.", {})
    rows = night_rows()
    exc = refusal(lambda: retarget(rows=rows, position=len(rows) - 1, seconds_left=60, target_seconds=3600,
                                   total_chips=2_000_000, denominations=HOUSE, stack=20000, entries=100))
    assert (exc.code, exc.message) == ("already_there", (
        "The blinds already reach a twentieth of the chips in play: the model expects the end in this level, so "
        "there is nothing to stretch or squeeze. Add levels in the structure editor."))


def test_a_retarget_of_a_structure_not_started_takes_its_very_last_level_length():
    rows = [Row("level", 20, 100, 200), Row("level", 25, 200, 400), Row("level", 30, 300, 600)]
    plan = retarget(rows=rows, position=None, seconds_left=0, target_seconds=6 * 3600, total_chips=2_000_000,
                    denominations=HOUSE, stack=20000, entries=100)
    assert blind_minutes(plan.rows) == {30}


def test_the_big_blinds_offered_are_nice_numbers_and_an_unusual_chip_gets_its_own_multiples():
    assert big_blind_ladder(25)[:12] == (50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200)
    assert big_blind_ladder(100)[:8] == (200, 300, 400, 500, 600, 800, 1000, 1200)
    assert big_blind_ladder(5)[:8] == (10, 15, 20, 25, 30, 40, 50, 60)
    assert big_blind_ladder(250)[:6] == (500, 1000, 1500, 2000, 2500, 3000)
    assert big_blind_ladder(7)[:8] == (14, 21, 28, 35, 42, 56, 70, 84)
    assert big_blind_ladder(30)[:8] == (60, 90, 120, 150, 180, 240, 300, 360)
    assert big_blind_ladder(400)[:4] == (800, 1200, 1600, 2000)
    for chip in (5, 25, 100, 250, 7, 30, 400):
        assert all(value % chip == 0 and value <= MAX_BLIND for value in big_blind_ladder(chip))


def test_a_plan_as_the_command_prints_it():
    row = Row("level", 20, 100, 200, 200)
    assert row.as_json() == {"small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20, "is_break": False,
                             "color_up": None}
    pause = Row("break", 15, color_up=25)
    assert pause.as_json() == {"small_blind": 0, "big_blind": 0, "ante": 0, "minutes": 15, "is_break": True,
                               "color_up": 25}
    assert row.as_spec() == {"kind": "level", "minutes": 20, "small_blind": 100, "big_blind": 200, "ante": 200,
                             "color_up": None}
    plan = generate(**NIGHT)
    printed = plan.as_json()
    assert list(printed) == ["levels", "expected_end_minutes"]
    assert printed["levels"] == [r.as_json() for r in plan.rows] and printed["expected_end_minutes"] == 600
