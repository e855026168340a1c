"""Reads of the blind clock: the current level, and everything a screen or the feed shows."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from tdconsole.tournaments.models import Event, Level

from .maths import ClockTimes, Reading, Step, read
from .models import ClockState


def clock_structure(*, event: Event) -> list[Level]:
    """The event's levels and breaks, in order (one query), each with its level `number`."""
    return number_levels(list(Level.objects.filter(structure_id=event.structure_id).order_by("position")))


def number_levels(levels: list[Level]) -> list[Level]:
    """Give each step the number staff call it by: blind levels count 1, 2, 3...; breaks do not.

    A break carries the number of the level it follows, so "the break after level 4" is 4.
    """
    number = 0
    for level in levels:
        if not level.is_break:
            number += 1
        level.number = number
    return levels


def close_position(levels: list[Level], level_number: int | None) -> int | None:
    """The structure position of blind level `level_number` (the last level if the structure is shorter)."""
    if level_number is None:
        return None
    blind = [lv.position for lv in levels if not lv.is_break]
    if not blind:
        return None
    return blind[min(level_number, len(blind)) - 1]


def steps_of(levels: list[Level]) -> list[Step]:
    return [Step(position=lv.position, seconds=lv.minutes * 60, is_break=lv.is_break) for lv in levels]


def clock_times(*, event: Event) -> ClockTimes:
    """The stored state of the event's clock; a never-started clock if it has no row yet."""
    try:
        # get() on the unique key compiles a lighter query than filter().first(); this runs on every poll.
        return ClockState.objects.get(event_id=event.pk).times()
    except ClockState.DoesNotExist:
        return ClockTimes()


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
        "number": getattr(level, "number", level.position),
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


# Per-process memory of the parts of a snapshot that change slowly (the structure, the
# field, the prize summary), kept for CLOCK_CACHE_SECONDS. Hundreds of screens poll every
# second; the clock row itself is always read fresh, so a desk control shows at once.
_slow_parts: dict[int, tuple[float, list[Level], dict, dict]] = {}


def _cache_seconds() -> float:
    return float(getattr(settings, "CLOCK_CACHE_SECONDS", 1.0))


def clock_slow_parts(*, event: Event) -> tuple[list[Level], dict, dict]:
    """The structure, the field summary and the prize summary (cached briefly per process)."""
    from tdconsole.payouts.selectors import event_prize_summary
    ttl = _cache_seconds()
    found = _slow_parts.get(event.pk)
    clock = time.monotonic()
    if ttl > 0 and found is not None and found[0] > clock:
        return found[1], found[2], found[3]
    prizes = event_prize_summary(event=event)
    parts = (clock_structure(event=event), prizes["field"], prizes)
    if ttl > 0:
        if len(_slow_parts) > 1000:
            _slow_parts.clear()
        _slow_parts[event.pk] = (clock + ttl, *parts)
    return parts


def clock_snapshot(*, event: Event, now: datetime | None = None) -> dict:
    """Everything the feed and the screen show, in a constant number of queries.

    Returns the feed's fields plus the model objects the screen needs (`levels`,
    `reading`, `current`, `following`, `prizes`, `field`).
    """
    now = now or timezone.now()
    levels, field, prizes = clock_slow_parts(event=event)
    reading = read(steps_of(levels), clock_times(event=event), now)
    index = reading.index if reading.index is not None else (0 if levels else None)
    current = levels[index] if index is not None else None
    next_index = reading.next_index if reading.index is not None else (1 if len(levels) > 1 else None)
    following = levels[next_index] if next_index is not None else None
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
