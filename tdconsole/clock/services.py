"""Desk controls of the blind clock: each one transaction on the locked clock row, audited."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.durations import clock_text
from tdconsole.tournaments.models import Event

from . import maths
from .exceptions import ClockError, ClockNoStructure
from .models import ClockState
from .selectors import clock_structure, steps_of
from .stops import day_plan, day_stop

Control = Callable[[list[maths.Step], maths.ClockTimes, datetime], maths.ClockTimes]

# The most time a level may have left: a day is more than any level runs, and far below the dates a
# computer can count to (a time typed with too many digits used to overflow and answer 500).
MAX_LEFT = timedelta(hours=24)


def _apply(*, event: Event, actor: Any, action: str, control: Control, verb: Any,
           now: datetime | None = None) -> ClockState:
    """Lock the clock, apply `control` to the state as it is at this instant, save and audit."""
    with transaction.atomic():
        ClockState.objects.get_or_create(event=event)
        state = ClockState.objects.select_for_update().get(event=event)
        # The instant is taken after the lock: a control queued behind another acts on its result.
        now = now or timezone.now()
        levels = clock_structure(event=event)
        steps = steps_of(levels)
        if not steps:
            raise ClockNoStructure()
        if state.times().is_started:
            stop = day_stop(levels, day_plan(event_id=event.pk))
            if stop is not None and maths.read(steps, state.times(), now, stop).status == maths.DAY_OVER:
                # The day's end holds the clock: the next day is started from the end-of-day page.
                raise ClockError("the day is over", code="day_over")
        before = state.as_dict()
        try:
            times = control(steps, state.times(), now)
        except maths.ClockMathError as exc:
            raise ClockError(str(exc), code=exc.code) from exc
        state.set_times(times)
        state.save()
        reading = maths.read(steps, times, now)
        # `verb` is a message (translated when the audit trail is read, in the reader's language).
        params = {"what": verb, "position": reading.position, "left": clock_text(reading.seconds_left)}
        summary = (gettext_lazy("Clock: %(what)s (position %(position)s, %(left)s left, paused)") if reading.paused
                   else gettext_lazy("Clock: %(what)s (position %(position)s, %(left)s left)"), params)
        audit_record(
            actor=actor, action=action, event=event, objects=[state],
            before=before, after=state.as_dict(), summary=summary,
        )
        return state


def clock_start(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Start the first level."""
    return _apply(event=event, actor=actor, action="clock.start", control=maths.start,
                  verb=gettext_lazy("started"), now=now)


def clock_pause(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Stop the countdown."""
    return _apply(event=event, actor=actor, action="clock.pause", control=maths.pause,
                  verb=gettext_lazy("paused"), now=now)


def clock_resume(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Restart the countdown; the paused time is banked."""
    return _apply(event=event, actor=actor, action="clock.resume", control=maths.resume,
                  verb=gettext_lazy("resumed"), now=now)


def clock_next_level(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Skip to the next level or break, with its full time."""
    return _apply(event=event, actor=actor, action="clock.next", control=maths.next_level,
                  verb=gettext_lazy("moved to the next level"), now=now)


def clock_previous_level(*, event: Event, actor: Any, now: datetime | None = None) -> ClockState:
    """Go back to the previous level or break, with its full time."""
    return _apply(event=event, actor=actor, action="clock.previous", control=maths.previous_level,
                  verb=gettext_lazy("moved to the previous level"), now=now)


def clock_adjust(*, event: Event, actor: Any, seconds: int, now: datetime | None = None) -> ClockState:
    """Add time to the current level (remove it with a negative number; never below zero)."""
    if abs(seconds) > MAX_LEFT.total_seconds():
        raise ClockError("the time left cannot be more than 24 hours", code="too_long")
    delta = timedelta(seconds=seconds)

    def control(steps: list[maths.Step], times: maths.ClockTimes, at: datetime) -> maths.ClockTimes:
        if times.is_started and maths.read(steps, times, at).seconds_left + delta > MAX_LEFT:
            raise ClockError("the time left cannot be more than 24 hours", code="too_long")
        return maths.adjust(steps, times, at, delta)

    verb = (gettext_lazy("%(seconds)s s added") if seconds >= 0 else gettext_lazy("%(seconds)s s removed"),
            {"seconds": abs(seconds)})
    return _apply(event=event, actor=actor, action="clock.adjust", control=control, verb=verb, now=now)


def clock_set_left(*, event: Event, actor: Any, seconds: int, now: datetime | None = None) -> ClockState:
    """Set the time left in the current level."""
    if seconds < 0:
        raise ClockError("the time left cannot be negative", code="negative")
    if seconds > MAX_LEFT.total_seconds():
        raise ClockError("the time left cannot be more than 24 hours", code="too_long")
    left = timedelta(seconds=seconds)

    def control(steps: list[maths.Step], times: maths.ClockTimes, at: datetime) -> maths.ClockTimes:
        return maths.set_left(steps, times, at, left)

    return _apply(event=event, actor=actor, action="clock.set_left", control=control,
                  verb=(gettext_lazy("time left set to %(left)s"), {"left": clock_text(left)}), now=now)


def clock_live_qr_set(*, event: Event, actor: Any, shown: bool) -> ClockState:
    """Show or hide the players' live page as a QR code in a corner of the projected screen."""
    with transaction.atomic():
        ClockState.objects.get_or_create(event=event)
        state = ClockState.objects.select_for_update().get(event=event)
        before = {"show_live_qr": state.show_live_qr}
        state.show_live_qr = shown
        state.save(update_fields=["show_live_qr", "updated_at"])
        audit_record(
            actor=actor, action="clock.live_qr", event=event, objects=[state],
            before=before, after={"show_live_qr": shown},
            summary=gettext_lazy("Screen: live page QR code shown") if shown
            else gettext_lazy("Screen: live page QR code hidden"),
        )
        return state
