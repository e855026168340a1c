"""The clock stands still at the end of the day (tdconsole.clock.maths.DayStop): pure, no database."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tdconsole.clock import maths
from tdconsole.clock.maths import DAY_OVER, PAUSED, RUNNING, ClockTimes, DayStop, Step, read

T0 = datetime(2026, 12, 5, 14, 0, tzinfo=UTC)
# Three 20-minute levels, a 10-minute break, two more levels.
STRUCTURE = [Step(1, 1200), Step(2, 1200), Step(3, 1200), Step(4, 600, is_break=True), Step(5, 1200), Step(6, 1200)]
STARTED = ClockTimes(position=1, started_at=T0)


def test_without_a_stop_the_clock_reads_as_before():
    now = T0 + timedelta(minutes=70)
    assert read(STRUCTURE, STARTED, now, None) == read(STRUCTURE, STARTED, now)


def test_before_the_last_level_ends_the_clock_runs_on():
    reading = read(STRUCTURE, STARTED, T0 + timedelta(minutes=59, seconds=59), DayStop(position=3))
    assert reading.status == RUNNING
    assert reading.position == 3
    assert reading.seconds_left == timedelta(seconds=1)


def test_at_the_end_of_the_last_level_the_clock_stands_at_zero_on_that_level():
    for later in (timedelta(0), timedelta(minutes=5), timedelta(hours=14)):
        reading = read(STRUCTURE, STARTED, T0 + timedelta(minutes=60) + later, DayStop(position=3))
        assert reading.status == DAY_OVER
        assert (reading.position, reading.index, reading.next_index) == (3, 2, 3)
        assert reading.seconds_left == timedelta(0)
        assert reading.level_ends_at is None
        assert reading.paused is True


def test_a_pause_pushes_the_end_of_the_day_back():
    paused = maths.pause(STRUCTURE, STARTED, T0 + timedelta(minutes=30))
    resumed = maths.resume(STRUCTURE, paused, T0 + timedelta(minutes=40))
    stop = DayStop(position=3)
    assert read(STRUCTURE, resumed, T0 + timedelta(minutes=69), stop).status == RUNNING
    assert read(STRUCTURE, resumed, T0 + timedelta(minutes=70), stop).status == DAY_OVER


def test_the_set_time_stops_the_clock_first_with_the_time_left_kept():
    stop = DayStop(position=3, at=T0 + timedelta(minutes=45))
    reading = read(STRUCTURE, STARTED, T0 + timedelta(hours=3), stop)
    assert reading.status == DAY_OVER
    assert reading.position == 3
    assert reading.seconds_left == timedelta(minutes=15)


def test_the_level_end_wins_when_it_comes_before_the_set_time():
    stop = DayStop(position=2, at=T0 + timedelta(minutes=45))
    reading = read(STRUCTURE, STARTED, T0 + timedelta(hours=3), stop)
    assert (reading.status, reading.position, reading.seconds_left) == (DAY_OVER, 2, timedelta(0))


def test_a_clock_paused_before_the_set_time_reads_as_it_was_paused():
    paused = maths.pause(STRUCTURE, STARTED, T0 + timedelta(minutes=10))
    stop = DayStop(position=3, at=T0 + timedelta(minutes=45))
    assert read(STRUCTURE, paused, T0 + timedelta(minutes=30), stop).status == PAUSED
    reading = read(STRUCTURE, paused, T0 + timedelta(minutes=50), stop)
    assert (reading.status, reading.position, reading.seconds_left) == (DAY_OVER, 1, timedelta(minutes=10))


def test_a_clock_moved_past_the_stop_by_hand_is_not_stopped():
    moved = maths.go_to(STRUCTURE, STARTED, T0 + timedelta(minutes=5), 4)
    reading = read(STRUCTURE, moved, T0 + timedelta(minutes=10), DayStop(position=3))
    assert (reading.status, reading.position) == (RUNNING, 5)


def test_a_clock_not_started_is_not_over():
    assert read(STRUCTURE, ClockTimes(), T0, DayStop(position=1)).status == maths.NOT_STARTED


@given(st.integers(min_value=0, max_value=6 * 3600), st.sampled_from([1, 2, 3, 4, 5, 6]))
def test_the_day_never_runs_past_its_last_level(seconds, position):
    reading = read(STRUCTURE, STARTED, T0 + timedelta(seconds=seconds), DayStop(position=position))
    assert reading.position is not None and reading.position <= position
    plain = read(STRUCTURE, STARTED, T0 + timedelta(seconds=seconds))
    if reading.status != DAY_OVER:
        assert reading == plain
    else:
        assert maths.total_played(STRUCTURE, STARTED, T0 + timedelta(seconds=seconds)) >= sum(
            (s.duration for s in STRUCTURE if s.position <= position), timedelta(0))
