"""Reads of the blind clock: the current level, and everything a screen or the feed shows."""

from __future__ import annotations

from datetime import datetime, timedelta

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


def level_info(level: Level | None) -> dict | None:
    """A level as the feed shows it."""
    if level is None:
        return None
    return {
        "number": level.position,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "is_break": level.is_break,
        "duration_seconds": level.minutes * 60,
    }


def whole_seconds(delta: timedelta | None) -> int | None:
    """Seconds rounded up, so a clock shows 00:00 only once the time is really up."""
    if delta is None:
        return None
    micro = delta // timedelta(microseconds=1)
    return max(0, -(-micro // 1_000_000))


def clock_snapshot(*, event: Event, now: datetime | None = None) -> dict:
    """Everything the feed and the screen show, in a constant number of queries.

    Returns the feed's fields plus the model objects the screen needs (`levels`,
    `reading`, `current`, `following`, `prizes`, `field`).
    """
    from tdconsole.payouts.selectors import event_prize_summary
    from tdconsole.tournaments.selectors import event_field_summary

    now = now or timezone.now()
    levels, reading = clock_reading(event=event, now=now)
    index = reading.index if reading.index is not None else (0 if levels else None)
    current = levels[index] if index is not None else None
    next_index = reading.next_index if reading.index is not None else (1 if len(levels) > 1 else None)
    following = levels[next_index] if next_index is not None else None
    field = event_field_summary(event=event)
    prizes = event_prize_summary(event=event)
    return {
        "event": event.name,
        "status": reading.status,
        "level": level_info(current),
        "next_level": level_info(following),
        "seconds_left": whole_seconds(reading.seconds_left),
        "level_ends_at": reading.level_ends_at.isoformat() if reading.level_ends_at else None,
        "server_time": now.isoformat(),
        "players_left": field["players_left"],
        "entries": field["entries"],
        "average_stack": field["average_stack"],
        "prize_pool": str(prizes["prize_pool"]),
        "places_paid": prizes["places_paid"],
        # Not part of the feed: what the screen needs besides.
        "_extra": {
            "levels": levels, "reading": reading, "index": index, "current": current,
            "following": following, "field": field, "prizes": prizes, "now": now,
        },
    }
