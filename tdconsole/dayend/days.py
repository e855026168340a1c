"""The day's stop: the level whose end closes a day of play, and starting the next day.

The clock reads the open day's plan (`selectors.day_plan_of`, registered with tdconsole.clock.stops)
and stands still at its end; the next day is started here, where the clock is set to go on from
where the day stopped, paused, and the plan closed.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.clock import maths
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_structure, steps_of
from tdconsole.clock.stops import DayPlan, day_plan_forget, day_stop
from tdconsole.tournaments.flights import main_lock
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Event

from .exceptions import DayEndError
from .flights import inherited_stop
from .models import DayEnd

MAX_NAME = 60


def open_day(*, event: Event) -> DayEnd | None:
    """The event's open day (the next one not started yet), if it has one."""
    return DayEnd.objects.filter(event=event, next_started_at__isnull=True).first()


def day_end_set(*, event: Event, actor: Any, name: str, last_level: int, stop_at: datetime | None = None) -> DayEnd:
    """Set where the event's day ends: the end of blind level `last_level` (or `stop_at`, if sooner)."""
    # Control characters (a NUL, a pasted tab or line break) print as nothing or break the database.
    name = " ".join("".join(" " if unicodedata.category(c) == "Cc" else c for c in (name or "")).split())
    if not name:
        raise DayEndError(_("Name the day (for example Dia 1A)."))
    if len(name) > MAX_NAME:
        raise DayEndError(_("The day's name is at most %(n)d characters.") % {"n": MAX_NAME})
    levels = [lv for lv in clock_structure(event=event) if not lv.is_break]
    if not isinstance(last_level, int) or isinstance(last_level, bool) or not 1 <= last_level <= len(levels):
        raise DayEndError(_("The last level of the day is a level of the structure, 1 to %(n)d.")
                          % {"n": len(levels)})
    with transaction.atomic():
        event = event_lock(event)
        if event.parent_id is not None:
            # The main event's stop rules every flight: the flight may name its day, not move its end.
            stop = inherited_stop(flight=event, main=main_lock(event))
            if stop is not None and (last_level, stop_at) != (stop.last_level, stop.stop_at):
                raise DayEndError(_inherited_refusal(stop))
        day = DayEnd.objects.select_for_update().filter(event=event, next_started_at__isnull=True).first()
        before = day.as_dict() if day else None
        if day is None:
            day = DayEnd(event=event)
        day.name, day.last_level, day.stop_at = name, last_level, stop_at
        day.save()
        audit_record(actor=actor, action="dayend.set", event=event, objects=[day], before=before,
                     after=day.as_dict(),
                     summary=(gettext_lazy("End of day: %(name)s stops at the end of level %(level)s"),
                              {"name": name, "level": last_level}))
        transaction.on_commit(lambda: day_plan_forget(event_id=event.pk))
    return day


def _inherited_refusal(stop) -> str:
    if stop.stop_at is None:
        where = _("at the end of level %(level)s") % {"level": stop.last_level}
    else:
        where = _("at the end of level %(level)s or at %(time)s, if sooner") % {
            "level": stop.last_level, "time": timezone.localtime(stop.stop_at).strftime("%H:%M")}
    return _("%(main)s sets where every flight stops (%(where)s): change it on the main event's flights "
             "page, not on a flight.") % {"main": stop.main.name, "where": where}


def day_is_over(*, event: Event, now: datetime | None = None) -> bool:
    """Whether the clock stands at the end of the open day."""
    from tdconsole.clock.selectors import clock_reading

    return clock_reading(event=event, now=now)[1].status == maths.DAY_OVER


def day_next_start(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Start the next day: the clock goes on from where the day stopped (the next level, or what was
    left of the level when a set time stopped it), paused until the director resumes it."""
    with transaction.atomic():
        event = event_lock(event)
        day = DayEnd.objects.select_for_update().filter(event=event, next_started_at__isnull=True).first()
        if day is None:
            raise DayEndError(_("This event has no day to close."))
        ClockState.objects.get_or_create(event=event)
        state = ClockState.objects.select_for_update().get(event=event)
        now = now or timezone.now()
        levels = clock_structure(event=event)
        steps = steps_of(levels)
        times = state.times()
        stop = day_stop(levels, DayPlan(name=day.name, last_level=day.last_level, at=day.stop_at))
        reading = maths.read(steps, times, now, stop) if times.is_started else None
        if reading is None or reading.status != maths.DAY_OVER:
            raise DayEndError(_("The day is not over yet: the clock stops at the end of level %(level)s.")
                              % {"level": day.last_level})
        assert reading.index is not None
        before = state.as_dict()
        if reading.seconds_left <= maths.ZERO and reading.next_index is not None:
            restated = maths.ClockTimes(position=steps[reading.next_index].position, started_at=now, paused_at=now)
        else:
            restated = maths.ClockTimes(position=steps[reading.index].position, started_at=now - reading.elapsed,
                                        paused_at=now)
        state.set_times(restated)
        state.save()
        day_before = day.as_dict()
        day.next_started_at = now
        day.save(update_fields=["next_started_at", "updated_at"])
        audit_record(actor=actor, action="dayend.next_day", event=event, objects=[state, day],
                     before={"clock": before, "day": day_before},
                     after={"clock": state.as_dict(), "day": day.as_dict()},
                     summary=(gettext_lazy("Next day started after %(name)s: the clock waits, paused"),
                              {"name": day.name}))
        transaction.on_commit(lambda: day_plan_forget(event_id=event.pk))
    return state
