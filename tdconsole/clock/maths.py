"""The blind clock's arithmetic: pure functions over timestamps, no database, no Django.

The stored state never ticks. It records which level was current when the desk last
touched the clock (`position`), the wall-clock moment that level started
(`started_at`), the time banked by finished pauses since then (`banked`) and, while
paused, when the pause began (`paused_at`). Everything a screen shows (the current
level, the time left, when the level ends, the time to the next break) is computed
from that state, the structure and `now`. Levels and breaks therefore advance by
themselves, and a server restart loses nothing.

All durations are `timedelta`s: integer microseconds, so pauses and adjustments are
exact and can be checked to neither create nor lose time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

ZERO = timedelta(0)

NOT_STARTED = "not_started"
RUNNING = "running"
PAUSED = "paused"
FINISHED = "finished"
# The day's last level has ended (or the day's set time has come): the clock stands still until the
# next day starts (see `DayStop`).
DAY_OVER = "day_over"


class ClockMathError(ValueError):
    """A control that cannot apply to the clock as it is (not started, already paused...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Step:
    """One level or break of a structure, as the clock sees it."""

    position: int
    seconds: int
    is_break: bool = False

    @property
    def duration(self) -> timedelta:
        return timedelta(seconds=self.seconds)


@dataclass(frozen=True)
class ClockTimes:
    """The stored state of a clock: timestamps only."""

    position: int | None = None
    started_at: datetime | None = None
    paused_at: datetime | None = None
    banked: timedelta = ZERO

    @property
    def is_started(self) -> bool:
        return self.position is not None and self.started_at is not None

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None


@dataclass(frozen=True)
class Reading:
    """What the clock says at one instant."""

    status: str
    index: int | None  # index of the current step in the structure
    position: int | None
    seconds_left: timedelta  # left in the current step; zero once the structure is exhausted
    level_ends_at: datetime | None  # None when paused or not started
    next_index: int | None
    to_next_break: timedelta | None  # until the next break starts; None when no break is ahead
    overtime: timedelta  # played past the scheduled end of the last step
    finished: bool  # the structure is exhausted: the last level keeps running
    elapsed: timedelta  # running time in the current step (overtime included)
    paused: bool = False


@dataclass(frozen=True)
class DayStop:
    """Where a day of play ends: at the end of the step at `position`, or at `at` if that comes first.

    The stop holds only while the stored level is not past it (a director who moves the clock on past
    the stop has left it behind).
    """

    position: int
    at: datetime | None = None


def running_time(times: ClockTimes, now: datetime) -> timedelta:
    """Running (unpaused) time since the current stored level started."""
    if not times.is_started:
        return ZERO
    assert times.started_at is not None
    until = times.paused_at if times.paused_at is not None else now
    return until - times.started_at - times.banked


def index_of(structure: Sequence[Step], position: int) -> int:
    """Index of `position` in the structure; the next one up if it was removed, else the last."""
    if not structure:
        raise ClockMathError("no_levels", "the structure has no levels")
    for i, step in enumerate(structure):
        if step.position >= position:
            return i
    return len(structure) - 1


def _next_break(structure: Sequence[Step], index: int, left: timedelta) -> timedelta | None:
    """Time from now until the first break after step `index` begins."""
    until = left
    for step in structure[index + 1:]:
        if step.is_break:
            return until
        until += step.duration
    return None


def read(structure: Sequence[Step], times: ClockTimes, now: datetime, stop: DayStop | None = None) -> Reading:
    """Compute what the clock shows at `now` (standing still once the day is over, see `DayStop`)."""
    reading = _read(structure, times, now)
    if stop is None or reading.index is None:
        return reading
    return _day_read(structure, times, now, stop, reading)


def day_stop_index(structure: Sequence[Step], times: ClockTimes, stop: DayStop) -> int | None:
    """The index of the day's last step, None when the stored level is already past it."""
    if not times.is_started or not structure:
        return None
    assert times.position is not None
    last = index_of(structure, stop.position)
    return None if index_of(structure, times.position) > last else last


def _day_read(structure: Sequence[Step], times: ClockTimes, now: datetime, stop: DayStop,
              reading: Reading) -> Reading:
    last = day_stop_index(structure, times, stop)
    if last is None:
        return reading
    assert times.position is not None
    first = index_of(structure, times.position)
    to_end = sum((s.duration for s in structure[first:last + 1]), ZERO)
    run = running_time(times, now)
    until = times.paused_at if times.paused_at is not None else now
    if run >= to_end and (stop.at is None or stop.at >= until - (run - to_end)):
        # The last level ran out first: the clock stands at its end.
        index, left, elapsed = last, ZERO, structure[last].duration
    elif stop.at is not None and now >= stop.at:
        # The set time came first: the clock stands where it was then.
        assert times.started_at is not None
        then = _read(structure, times, max(stop.at, times.started_at))
        assert then.index is not None
        index, left, elapsed = then.index, then.seconds_left, then.elapsed
    else:
        return reading
    return Reading(
        status=DAY_OVER,
        index=index,
        position=structure[index].position,
        seconds_left=left,
        level_ends_at=None,
        next_index=None if index == len(structure) - 1 else index + 1,
        to_next_break=None,
        overtime=ZERO,
        finished=False,
        elapsed=elapsed,
        paused=True,
    )


def _read(structure: Sequence[Step], times: ClockTimes, now: datetime) -> Reading:
    if not times.is_started or not structure:
        first = structure[0] if structure else None
        return Reading(
            status=NOT_STARTED,
            index=None,
            position=None,
            seconds_left=first.duration if first else ZERO,
            level_ends_at=None,
            next_index=0 if first else None,
            to_next_break=None,
            overtime=ZERO,
            finished=False,
            elapsed=ZERO,
        )
    assert times.position is not None
    i = index_of(structure, times.position)
    remaining = running_time(times, now)
    last = len(structure) - 1
    while i < last and remaining >= structure[i].duration:
        remaining -= structure[i].duration
        i += 1
    duration = structure[i].duration
    finished = remaining >= duration and i == last
    left = ZERO if finished else duration - remaining
    overtime = remaining - duration if finished else ZERO
    paused = times.is_paused
    if finished:
        status = FINISHED
    elif paused:
        status = PAUSED
    else:
        status = RUNNING
    return Reading(
        status=status,
        index=i,
        position=structure[i].position,
        seconds_left=left,
        level_ends_at=None if paused else now + left - overtime,
        next_index=None if i == last else i + 1,
        to_next_break=None if finished else _next_break(structure, i, left),
        overtime=overtime,
        finished=finished,
        elapsed=remaining,
        paused=paused,
    )


def total_played(structure: Sequence[Step], times: ClockTimes, now: datetime) -> timedelta:
    """Playing time from the start of the structure to `now`, read off the structure.

    Equals the running time since the start when no level was skipped or time adjusted.
    """
    reading = read(structure, times, now)
    if reading.index is None:
        return ZERO
    passed = sum((s.duration for s in structure[:reading.index]), ZERO)
    return passed + reading.elapsed


# --- Controls: each takes the state and `now`, returns the new state. -----------------


def _require_started(times: ClockTimes) -> None:
    if not times.is_started:
        raise ClockMathError("not_started", "the clock has not started")


def rebase(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """The same clock, restated from the level current at `now` with nothing banked.

    Every reading at `now` or later is unchanged; this only shortens the walk.
    """
    _require_started(times)
    reading = read(structure, times, now)
    assert reading.index is not None
    return ClockTimes(
        position=structure[reading.index].position,
        started_at=now - reading.elapsed,
        paused_at=now if times.is_paused else None,
        banked=ZERO,
    )


def start(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """Start the first level now."""
    if times.is_started:
        raise ClockMathError("started", "the clock has already started")
    if not structure:
        raise ClockMathError("no_levels", "the structure has no levels")
    return ClockTimes(position=structure[0].position, started_at=now)


def pause(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """Stop the countdown now."""
    _require_started(times)
    if times.is_paused:
        raise ClockMathError("paused", "the clock is already paused")
    return replace(rebase(structure, times, now), paused_at=now)


def resume(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """Restart the countdown, banking the time spent paused."""
    _require_started(times)
    if not times.is_paused:
        raise ClockMathError("not_paused", "the clock is not paused")
    assert times.paused_at is not None
    return replace(times, paused_at=None, banked=times.banked + (now - times.paused_at))


def go_to(structure: Sequence[Step], times: ClockTimes, now: datetime, index: int) -> ClockTimes:
    """Begin step `index` from its full duration now (a paused clock stays paused)."""
    _require_started(times)
    if not 0 <= index < len(structure):
        raise ClockMathError("no_such_level", "no such level")
    return ClockTimes(
        position=structure[index].position,
        started_at=now,
        paused_at=now if times.is_paused else None,
        banked=ZERO,
    )


def next_level(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """Move to the next level or break, with its full time."""
    reading = read(structure, times, now)
    _require_started(times)
    assert reading.index is not None
    if reading.next_index is None:
        raise ClockMathError("last", "this is the last level")
    return go_to(structure, times, now, reading.next_index)


def previous_level(structure: Sequence[Step], times: ClockTimes, now: datetime) -> ClockTimes:
    """Move back to the previous level or break, with its full time."""
    reading = read(structure, times, now)
    _require_started(times)
    assert reading.index is not None
    if reading.index == 0:
        raise ClockMathError("first", "this is the first level")
    return go_to(structure, times, now, reading.index - 1)


def set_left(structure: Sequence[Step], times: ClockTimes, now: datetime, left: timedelta) -> ClockTimes:
    """Make the current step end `left` from now (never below zero; more than its duration is allowed)."""
    base = rebase(structure, times, now)
    assert base.position is not None
    step = structure[index_of(structure, base.position)]
    left = max(left, ZERO)
    return replace(base, started_at=now - (step.duration - left))


def adjust(structure: Sequence[Step], times: ClockTimes, now: datetime, delta: timedelta) -> ClockTimes:
    """Add (or, with a negative delta, remove) time to the current step."""
    reading = read(structure, times, now)
    _require_started(times)
    return set_left(structure, times, now, reading.seconds_left + delta)
