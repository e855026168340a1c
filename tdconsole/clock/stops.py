"""The end of a day of play, as the clock sees it: where it stops and what the day is called.

The day's plan is kept by an app above the clock (tdconsole.dayend), which registers a reader here
when it loads; the clock never imports it. Without a reader, or without a plan for the event, the
clock runs as it always did.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

from tdconsole.tournaments.models import Level

from .maths import DayStop

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DayPlan:
    """The day's name ("Dia 1A"), the blind level whose end closes it, and a time that closes it sooner."""

    name: str
    last_level: int
    at: datetime | None = None


PlanReader = Callable[[int], DayPlan | None]
PlansReader = Callable[[list[int]], dict[int, DayPlan]]
_readers: list[PlanReader] = []
_bulk_readers: list[PlansReader] = []


def day_plan_reader_register(reader: PlanReader) -> None:
    """Let `reader` (event id -> the day's plan or None) tell the clock where the day ends."""
    if reader not in _readers:
        _readers.append(reader)


def day_plans_reader_register(reader: PlansReader) -> None:
    """Let `reader` (event ids -> their days' plans, one query) tell a page listing clocks where each day ends."""
    if reader not in _bulk_readers:
        _bulk_readers.append(reader)


def day_plans(*, event_ids: list[int]) -> dict[int, DayPlan]:
    """The plans of several events' current days, by event id (one query per reader, never cached: the
    clocks overview reads them with the clocks themselves)."""
    if not event_ids:
        return {}
    found: dict[int, DayPlan] = {}
    for reader in _bulk_readers:
        for event_id, plan in reader(event_ids).items():
            found.setdefault(event_id, plan)
    return found


def _key(event_id: int) -> str:
    return f"clock:day:{event_id}"


def day_plan(*, event_id: int) -> DayPlan | None:
    """The plan of the event's current day, if any (one query, kept CLOCK_CACHE_SECONDS like the
    screen's other slow parts; the app that changes it calls `day_plan_forget`)."""
    if not _readers:
        return None
    ttl = math.ceil(float(getattr(settings, "CLOCK_CACHE_SECONDS", 1.0)))
    if ttl > 0:
        try:
            found = cache.get(_key(event_id))
        except RedisError:
            logger.warning("clock cache unreachable; reading the database", exc_info=True)
            found = None
        if found is not None:
            return found[0]
    plan = next((p for p in (reader(event_id) for reader in _readers) if p is not None), None)
    if ttl > 0:
        try:
            cache.set(_key(event_id), (plan,), ttl)
        except RedisError:
            logger.warning("clock cache unreachable; not kept", exc_info=True)
    return plan


def day_plan_forget(*, event_id: int) -> None:
    """Drop the cached plan, so screens show a changed one at their next poll (call it on commit)."""
    try:
        cache.delete(_key(event_id))
    except RedisError:
        logger.warning("clock cache unreachable; not forgotten", exc_info=True)


def day_stop(levels: list[Level], plan: DayPlan | None) -> DayStop | None:
    """Where the clock stops, in the structure's positions: the end of blind level `plan.last_level`
    (the last level when the structure is shorter), or the plan's time."""
    if plan is None:
        return None
    blind = [lv.position for lv in levels if not lv.is_break]
    if not blind:
        return None
    return DayStop(position=blind[min(max(plan.last_level, 1), len(blind)) - 1], at=plan.at)
