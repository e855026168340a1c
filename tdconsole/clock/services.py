"""Desk controls of the blind clock: each one transaction on the locked clock row, audited."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from tdconsole.audit.services import audit_record
from tdconsole.tournaments.models import Event

from . import maths
from .exceptions import ClockError, ClockNoStructure
from .models import ClockState
from .selectors import clock_structure, steps_of

Control = Callable[[list[maths.Step], maths.ClockTimes, datetime], maths.ClockTimes]

MINUTE = timedelta(minutes=1)


def mmss(left: timedelta) -> str:
    """12:34 (or 1:02:03 past an hour) for audit summaries and the command line."""
    total = max(0, int(left.total_seconds()))
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


def _apply(*, event: Event, actor: Any, action: str, control: Control, verb: str,
           now: datetime | None = None) -> ClockState:
    """Lock the clock, apply `control` to the state as it is at this instant, save and audit."""
    with transaction.atomic():
        ClockState.objects.get_or_create(event=event)
        state = ClockState.objects.select_for_update().get(event=event)
        # The instant is taken after the lock: a control queued behind another acts on its result.
        now = now or timezone.now()
        steps = steps_of(clock_structure(event=event))
        if not steps:
            raise ClockNoStructure()
        before = state.as_dict()
        try:
            times = control(steps, state.times(), now)
        except maths.ClockMathError as exc:
            raise ClockError(str(exc), code=exc.code) from exc
        state.set_times(times)
        state.save()
        reading = maths.read(steps, times, now)
        summary = f"Clock {verb}: position {reading.position}, {mmss(reading.seconds_left)} left"
        if reading.paused:
            summary += " (paused)"
        audit_record(
            actor=actor, action=action, event=event, objects=[state],
            before=before, after=state.as_dict(), summary=summary,
        )
        return state


def clock_start(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Start the first level."""
    return _apply(event=event, actor=actor, action="clock.start", control=maths.start, verb="started", now=now)


def clock_pause(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Stop the countdown."""
    return _apply(event=event, actor=actor, action="clock.pause", control=maths.pause, verb="paused", now=now)


def clock_resume(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Restart the countdown; the paused time is banked."""
    return _apply(event=event, actor=actor, action="clock.resume", control=maths.resume, verb="resumed", now=now)


def clock_next_level(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Skip to the next level or break, with its full time."""
    return _apply(event=event, actor=actor, action="clock.next", control=maths.next_level,
                  verb="moved to the next level", now=now)


def clock_previous_level(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Go back to the previous level or break, with its full time."""
    return _apply(event=event, actor=actor, action="clock.previous", control=maths.previous_level,
                  verb="moved to the previous level", now=now)


def clock_adjust(*, event: Event, actor: Any, seconds: int, now: datetime | None = None) -> ClockState:
    """Add time to the current level (remove it with a negative number; never below zero)."""
    delta = timedelta(seconds=seconds)

    def control(steps: list[maths.Step], times: maths.ClockTimes, at: datetime) -> maths.ClockTimes:
        return maths.adjust(steps, times, at, delta)

    verb = f"{'added' if seconds >= 0 else 'removed'} {abs(seconds)} s"
    return _apply(event=event, actor=actor, action="clock.adjust", control=control, verb=verb, now=now)


def clock_set_left(*, event: Event, actor: Any, seconds: int, now: datetime | None = None) -> ClockState:
    """Set the time left in the current level."""
    if seconds < 0:
        raise ClockError("the time left cannot be negative", code="negative")
    left = timedelta(seconds=seconds)

    def control(steps: list[maths.Step], times: maths.ClockTimes, at: datetime) -> maths.ClockTimes:
        return maths.set_left(steps, times, at, left)

    return _apply(event=event, actor=actor, action="clock.set_left", control=control,
                  verb=f"time left set to {mmss(left)}", now=now)
