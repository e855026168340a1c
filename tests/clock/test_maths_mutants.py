"""Clock controls at their edges, which mutation testing showed no other test pinned down (no database)."""

from datetime import timedelta

import pytest

from tdconsole.clock import maths
from tdconsole.clock.maths import ZERO, ClockMathError, ClockTimes, Step

from .test_maths import STRUCTURE, at, started


def refusal(control, *args):
    with pytest.raises(ClockMathError) as info:
        control(*args)
    return info.value.code, str(info.value)


def test_each_refused_control_names_its_reason_in_code_and_words():
    running = started()
    paused = maths.pause(STRUCTURE, running, at(60))
    last = maths.go_to(STRUCTURE, running, at(60), len(STRUCTURE) - 1)
    assert refusal(maths.resume, STRUCTURE, running, at(60)) == ("not_paused", "the clock is not paused")
    assert refusal(maths.pause, STRUCTURE, paused, at(90)) == ("paused", "the clock is already paused")
    assert refusal(maths.start, STRUCTURE, running, at(60)) == ("started", "the clock has already started")
    assert refusal(maths.start, [], ClockTimes(), at(0)) == ("no_levels", "the structure has no levels")
    assert refusal(maths.next_level, STRUCTURE, last, at(61)) == ("last", "this is the last level")
    assert refusal(maths.previous_level, STRUCTURE, running, at(60)) == ("first", "this is the first level")
    assert refusal(maths.go_to, STRUCTURE, running, at(60), -1) == ("no_such_level", "no such level")
    assert refusal(maths.pause, STRUCTURE, ClockTimes(), at(0)) == ("not_started", "the clock has not started")


def test_going_to_one_past_the_last_level_is_refused():
    assert refusal(maths.go_to, STRUCTURE, started(), at(60), len(STRUCTURE))[0] == "no_such_level"


def test_going_to_a_level_keeps_a_running_clock_running_and_a_paused_one_paused():
    running = maths.go_to(STRUCTURE, started(), at(60), 1)
    assert running.paused_at is None
    assert maths.read(STRUCTURE, running, at(120)).status == maths.RUNNING
    paused = maths.go_to(STRUCTURE, maths.pause(STRUCTURE, started(), at(30)), at(60), 1)
    assert paused.paused_at == at(60)
    reading = maths.read(STRUCTURE, paused, at(600))
    assert reading.paused and reading.seconds_left == timedelta(minutes=20)


def test_a_position_past_the_last_level_reads_as_the_last_level():
    assert maths.index_of(STRUCTURE, 99) == len(STRUCTURE) - 1


def test_an_empty_structure_has_no_level_to_find():
    assert refusal(maths.index_of, [], 1) == ("no_levels", "the structure has no levels")


def test_a_clock_not_started_shows_the_first_step_whole_with_nothing_played():
    structure = [Step(1, 10 * 60), Step(2, 20 * 60)]
    reading = maths.read(structure, ClockTimes(), at(0))
    assert (reading.status, reading.seconds_left, reading.next_index) == (maths.NOT_STARTED, timedelta(minutes=10), 0)
    assert (reading.overtime, reading.elapsed, reading.finished, reading.paused) == (ZERO, ZERO, False, False)


def test_a_clock_without_a_structure_shows_nothing_left_and_nothing_next():
    reading = maths.read([], ClockTimes(), at(0))
    assert (reading.seconds_left, reading.next_index) == (ZERO, None)


def test_the_clock_is_finished_at_the_exact_end_of_the_last_step():
    end = sum((s.duration for s in STRUCTURE), timedelta())
    reading = maths.read(STRUCTURE, started(), at(end.total_seconds()))
    assert reading.finished and reading.status == maths.FINISHED
    assert (reading.seconds_left, reading.overtime) == (ZERO, ZERO)
    before = maths.read(STRUCTURE, started(), at(end.total_seconds() - 1))
    assert not before.finished and before.seconds_left == timedelta(seconds=1)


def test_a_running_clock_reads_not_paused():
    assert maths.read(STRUCTURE, started(), at(60)).paused is False
