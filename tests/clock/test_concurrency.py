"""Two staff members pressing at once leave a consistent clock (row lock; PostgreSQL)."""

from functools import partial

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services
from tdconsole.clock.exceptions import ClockError
from tdconsole.clock.models import ClockState
from tests.races import at_once

from .conftest import make_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def press_together(event, actor, controls) -> list[str]:
    """Press the controls at the same instant; return the names of the ones that applied."""
    names = list(controls)
    results = at_once(*[partial(controls[name], event=event, actor=actor) for name in names])
    crashed = [r for r in results if isinstance(r, BaseException) and not isinstance(r, ClockError)]
    assert crashed == [], "a control failed with something else than a clock refusal"
    return [name for name, result in zip(names, results, strict=True) if not isinstance(result, BaseException)]


@pytest.mark.parametrize("round_", range(5))
def test_pause_and_resume_pressed_at_once_leave_a_consistent_state(cast, round_):
    event = make_event(slug=f"race-{round_}")
    actor = cast["floor"]
    services.clock_start(event=event, actor=actor)
    applied = press_together(event, actor, {"pause": services.clock_pause, "resume": services.clock_resume})
    state = ClockState.objects.get(event=event)
    audited = list(AuditEntry.entries.filter(event_id=event.pk).order_by("id").values_list("action", flat=True))
    # Every control that applied is audited once, and nothing else is.
    assert audited[0] == "clock.start"
    assert sorted(audited[1:]) == sorted(f"clock.{name}" for name in applied)
    # Either pause alone applied (resume found it running), or pause then resume did.
    if applied == ["pause"]:
        assert state.paused_at is not None
    else:
        assert sorted(applied) == ["pause", "resume"]
        assert audited[1:] == ["clock.pause", "clock.resume"]
        assert state.paused_at is None


def test_two_pauses_at_once_apply_once(cast):
    event = make_event(slug="double-pause")
    actor = cast["floor"]
    services.clock_start(event=event, actor=actor)
    applied = press_together(event, actor, {"a": services.clock_pause, "b": services.clock_pause})
    assert len(applied) == 1
    assert AuditEntry.entries.filter(event_id=event.pk, action="clock.pause").count() == 1
