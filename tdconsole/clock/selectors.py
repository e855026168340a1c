"""Reads of the blind clock: the current level, and everything a screen or the feed shows."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tdconsole.tournaments.models import Event, Level

from .maths import ClockTimes, Reading, Step, read
from .models import ClockState


def clock_structure(*, event: Event) -> list[Level]:
    """The event's levels and breaks, in order (one query)."""
    return list(Level.objects.filter(structure_id=event.structure_id).order_by("position"))


def steps_of(levels: list[Level]) -> list[Step]:
    return [Step(position=lv.position, seconds=lv.minutes * 60, is_break=lv.is_break) for lv in levels]


def clock_times(*, event: Event) -> ClockTimes:
    """The stored state of the event's clock; a never-started clock if it has no row yet."""
    state = ClockState.objects.filter(event=event).first()
    return state.times() if state else ClockTimes()


def clock_reading(*, event: Event, now: datetime | None = None) -> tuple[list[Level], Reading]:
    """The structure and what the clock shows at `now` (two queries)."""
    levels = clock_structure(event=event)
    return levels, read(steps_of(levels), clock_times(event=event), now or timezone.now())


def clock_level_now(*, event: Event) -> int | None:
    """The structure position of the level (or break) being played now; None before the start."""
    levels, reading = clock_reading(event=event)
    return reading.position
