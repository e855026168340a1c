"""The clock's arithmetic, as pure functions: no database."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.clock import maths
from tdconsole.clock.maths import ClockMathError, ClockTimes, Step

T0 = datetime(2026, 3, 14, 19, 0, tzinfo=UTC)
STRUCTURE = [Step(1, 20 * 60), Step(2, 20 * 60), Step(3, 10 * 60, True), Step(4, 20 * 60), Step(5, 20 * 60)]


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def started() -> ClockTimes:
    return maths.start(STRUCTURE, ClockTimes(), T0)


def test_not_started_clock_shows_first_level_full_and_no_end():
    reading = maths.read(STRUCTURE, ClockTimes(), T0)
    assert reading.status == maths.NOT_STARTED
    assert reading.position is None
    assert reading.seconds_left == timedelta(minutes=20)
    assert reading.level_ends_at is None


def test_levels_and_breaks_advance_by_themselves():
    times = started()
    assert maths.read(STRUCTURE, times, at(19 * 60)).position == 1
    assert maths.read(STRUCTURE, times, at(20 * 60)).position == 2
    on_break = maths.read(STRUCTURE, times, at(41 * 60))
    assert on_break.position == 3
    assert on_break.seconds_left == timedelta(minutes=9)
    assert on_break.level_ends_at == at(50 * 60)


def test_time_to_next_break_counts_through_the_levels_before_it():
    reading = maths.read(STRUCTURE, started(), at(5 * 60))
    assert reading.to_next_break == timedelta(minutes=35)
    after_break = maths.read(STRUCTURE, started(), at(55 * 60))
    assert after_break.to_next_break is None


def test_after_the_last_level_the_clock_keeps_it_running_and_says_finished():
    reading = maths.read(STRUCTURE, started(), at(95 * 60))
    assert reading.status == maths.FINISHED
    assert reading.finished
    assert reading.position == 5
    assert reading.seconds_left == timedelta(0)
    assert reading.overtime == timedelta(minutes=5)
    assert reading.level_ends_at == at(90 * 60)


def test_pause_freezes_time_left_and_resume_banks_the_pause():
    paused = maths.pause(STRUCTURE, started(), at(300))
    frozen = maths.read(STRUCTURE, paused, at(900))
    assert frozen.status == maths.PAUSED
    assert frozen.seconds_left == timedelta(minutes=15)
    assert frozen.level_ends_at is None
    resumed = maths.resume(STRUCTURE, paused, at(900))
    assert resumed.banked == timedelta(minutes=10)
    reading = maths.read(STRUCTURE, resumed, at(960))
    assert reading.seconds_left == timedelta(minutes=14)
    assert reading.level_ends_at == at(30 * 60)


def test_pausing_twice_or_resuming_a_running_clock_is_refused():
    paused = maths.pause(STRUCTURE, started(), at(10))
    with pytest.raises(ClockMathError) as err:
        maths.pause(STRUCTURE, paused, at(20))
    assert err.value.code == "paused"
    with pytest.raises(ClockMathError) as err:
        maths.resume(STRUCTURE, started(), at(20))
    assert err.value.code == "not_paused"


def test_controls_before_the_start_are_refused():
    for control in (maths.pause, maths.resume, maths.next_level, maths.previous_level):
        with pytest.raises(ClockMathError) as err:
            control(STRUCTURE, ClockTimes(), T0)
        assert err.value.code == "not_started"
    with pytest.raises(ClockMathError):
        maths.start(STRUCTURE, started(), at(1))


def test_next_and_previous_level_start_with_full_time_and_stop_at_the_ends():
    times = maths.next_level(STRUCTURE, started(), at(100))
    reading = maths.read(STRUCTURE, times, at(100))
    assert (reading.position, reading.seconds_left) == (2, timedelta(minutes=20))
    back = maths.previous_level(STRUCTURE, times, at(200))
    assert maths.read(STRUCTURE, back, at(200)).seconds_left == timedelta(minutes=20)
    with pytest.raises(ClockMathError) as err:
        maths.previous_level(STRUCTURE, back, at(300))
    assert err.value.code == "first"
    with pytest.raises(ClockMathError) as err:
        maths.next_level(STRUCTURE, started(), at(88 * 60))
    assert err.value.code == "last"


def test_next_level_while_paused_stays_paused():
    paused = maths.pause(STRUCTURE, started(), at(100))
    moved = maths.next_level(STRUCTURE, paused, at(200))
    reading = maths.read(STRUCTURE, moved, at(500))
    assert reading.status == maths.PAUSED
    assert (reading.position, reading.seconds_left) == (2, timedelta(minutes=20))


def test_removing_more_time_than_is_left_ends_the_level_now():
    times = maths.adjust(STRUCTURE, started(), at(19 * 60 + 30), timedelta(minutes=-1))
    reading = maths.read(STRUCTURE, times, at(19 * 60 + 30))
    assert reading.position == 2
    assert reading.seconds_left == timedelta(minutes=20)


def test_adding_a_minute_after_the_last_level_gives_the_last_level_a_minute():
    late = at(100 * 60)
    times = maths.adjust(STRUCTURE, started(), late, timedelta(minutes=1))
    reading = maths.read(STRUCTURE, times, late)
    assert reading.status == maths.RUNNING
    assert (reading.position, reading.seconds_left) == (5, timedelta(minutes=1))


def test_set_left_may_exceed_the_level_duration():
    times = maths.set_left(STRUCTURE, started(), at(60), timedelta(minutes=25))
    assert maths.read(STRUCTURE, times, at(120)).seconds_left == timedelta(minutes=24)


def test_a_removed_position_resumes_from_the_next_one():
    times = ClockTimes(position=3, started_at=T0)
    without_break = [s for s in STRUCTURE if s.position != 3]
    assert maths.read(without_break, times, at(60)).position == 4


# --- Properties: pauses and adjustments never create or lose time. -----------------------

offsets = st.integers(min_value=0, max_value=3 * 3600 * 1_000_000)  # microseconds
gaps = st.lists(st.tuples(offsets, offsets), min_size=0, max_size=6)
structures = st.lists(
    st.tuples(st.integers(min_value=1, max_value=40), st.booleans()), min_size=1, max_size=12
).map(lambda rows: [Step(i + 1, minutes * 60, brk) for i, (minutes, brk) in enumerate(rows)])


@settings(max_examples=300, deadline=None)
@given(structure=structures, pauses=gaps, tail=offsets)
def test_pauses_shift_the_clock_by_exactly_their_length(structure, pauses, tail):
    """Run with pauses, then compare with a clock that never paused but started later by the total pause."""
    times = maths.start(structure, ClockTimes(), T0)
    now = T0
    paused_total = timedelta(0)
    for run_us, pause_us in pauses:
        now += timedelta(microseconds=run_us)
        times = maths.pause(structure, times, now)
        now += timedelta(microseconds=pause_us)
        paused_total += timedelta(microseconds=pause_us)
        times = maths.resume(structure, times, now)
    now += timedelta(microseconds=tail)
    never_paused = maths.start(structure, ClockTimes(), T0 + paused_total)
    assert maths.read(structure, times, now) == maths.read(structure, never_paused, now)
    assert maths.total_played(structure, times, now) + paused_total == now - T0


@settings(max_examples=300, deadline=None)
@given(structure=structures, first=offsets, later=offsets, paused=st.booleans())
def test_rebasing_changes_no_reading_now_or_later(structure, first, later, paused):
    times = maths.start(structure, ClockTimes(), T0)
    now = T0 + timedelta(microseconds=first)
    if paused:
        times = maths.pause(structure, times, now)
    rebased = maths.rebase(structure, times, now)
    for when in (now, now + timedelta(microseconds=later)):
        assert maths.read(structure, rebased, when) == maths.read(structure, times, when)


@settings(max_examples=300, deadline=None)
@given(structure=structures, first=offsets, seconds=st.integers(min_value=1, max_value=3600),
       paused=st.booleans())
def test_adding_then_removing_time_gives_back_the_same_clock(structure, first, seconds, paused):
    times = maths.start(structure, ClockTimes(), T0)
    now = T0 + timedelta(microseconds=first)
    if paused:
        times = maths.pause(structure, times, now)
    before = maths.read(structure, times, now)
    delta = timedelta(seconds=seconds)
    added = maths.adjust(structure, times, now, delta)
    after_add = maths.read(structure, added, now)
    if not before.finished:
        assert after_add.seconds_left == before.seconds_left + delta
        if not paused:
            assert after_add.level_ends_at == before.level_ends_at + delta
        restored = maths.adjust(structure, added, now, -delta)
        assert maths.read(structure, restored, now).seconds_left == before.seconds_left
        assert maths.read(structure, restored, now).position == before.position


@settings(max_examples=200, deadline=None)
@given(structure=structures, first=offsets, pause_us=offsets, tail=offsets)
def test_paused_clock_does_not_move_and_running_clock_counts_one_for_one(structure, first, pause_us, tail):
    times = maths.start(structure, ClockTimes(), T0)
    now = T0 + timedelta(microseconds=first)
    paused = maths.pause(structure, times, now)
    assert maths.read(structure, paused, now + timedelta(microseconds=pause_us)).seconds_left == \
        maths.read(structure, paused, now).seconds_left
    played_now = maths.total_played(structure, times, now)
    played_later = maths.total_played(structure, times, now + timedelta(microseconds=tail))
    assert played_later - played_now == timedelta(microseconds=tail)


@settings(max_examples=200, deadline=None)
@given(structure=structures, first=offsets)
def test_time_left_stays_within_the_level_without_adjustments(structure, first):
    reading = maths.read(structure, maths.start(structure, ClockTimes(), T0), T0 + timedelta(microseconds=first))
    assert reading.index is not None
    assert timedelta(0) <= reading.seconds_left <= structure[reading.index].duration
    if not reading.finished:
        assert reading.seconds_left > timedelta(0)
