"""Reads of the end of the day: the day's plan for the clock, a table's seats, the checks, the leaderboard."""

from __future__ import annotations

from tdconsole.clock.stops import DayPlan

from .models import DayEnd


def day_plan_of(event_id: int) -> DayPlan | None:
    """The clock's view of the event's day (one query): None once the next day has started."""
    row = (DayEnd.objects.filter(event_id=event_id, next_started_at__isnull=True).order_by()
           .values_list("name", "last_level", "stop_at").first())
    return DayPlan(name=row[0], last_level=row[1], at=row[2]) if row else None
