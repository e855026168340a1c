"""Desk controls: locked, computed from the state at that instant, audited."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services
from tdconsole.clock.exceptions import ClockError
from tdconsole.clock.maths import PAUSED, RUNNING
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_level_now, clock_reading

from .conftest import make_event

pytestmark = pytest.mark.django_db


def test_clock_level_now_is_none_before_the_start(event):
    assert clock_level_now(event=event) is None


def test_start_runs_the_first_level_and_is_audited(event, floor_user):
    t0 = timezone.now()
    services.clock_start(event=event, actor=floor_user, now=t0)
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=5))
    assert reading.status == RUNNING
    assert reading.position == 1
    assert reading.seconds_left == timedelta(minutes=15)
    entry = AuditEntry.entries.get(action="clock.start")
    assert entry.actor == floor_user
    assert entry.event_id == event.pk
    assert entry.after["level_position"] == 1


def test_levels_advance_without_anyone_touching_the_clock(event, floor_user):
    t0 = timezone.now() - timedelta(minutes=45)
    services.clock_start(event=event, actor=floor_user, now=t0)
    assert clock_level_now(event=event) == 3  # the break after two 20-minute levels


def test_pause_and_resume_bank_the_paused_time(event, floor_user):
    t0 = timezone.now() - timedelta(hours=1)
    services.clock_start(event=event, actor=floor_user, now=t0)
    services.clock_pause(event=event, actor=floor_user, now=t0 + timedelta(minutes=5))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=50))
    assert reading.status == PAUSED
    assert reading.seconds_left == timedelta(minutes=15)
    services.clock_resume(event=event, actor=floor_user, now=t0 + timedelta(minutes=50))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=51))
    assert reading.seconds_left == timedelta(minutes=14)
    assert ClockState.objects.get(event=event).banked == timedelta(minutes=45)
    assert list(AuditEntry.entries.filter(event_id=event.pk).values_list("action", flat=True).order_by("id")) == [
        "clock.start", "clock.pause", "clock.resume",
    ]


def test_the_audit_of_a_pause_says_the_time_left_the_screen_showed(event, floor_user):
    """Half a second into a 20-minute level the screen still shows 20:00 (rounded up); so does the audit."""
    t0 = timezone.now()
    services.clock_start(event=event, actor=floor_user, now=t0)
    services.clock_pause(event=event, actor=floor_user, now=t0 + timedelta(milliseconds=500))
    with translation.override("en"):
        text = AuditEntry.entries.get(action="clock.pause").summary_text
    assert "20:00 left" in text, text


def test_a_second_pause_is_refused_and_leaves_the_state_alone(event, floor_user):
    t0 = timezone.now()
    services.clock_start(event=event, actor=floor_user, now=t0)
    services.clock_pause(event=event, actor=floor_user, now=t0 + timedelta(seconds=30))
    before = ClockState.objects.get(event=event).as_dict()
    with pytest.raises(ClockError) as err:
        services.clock_pause(event=event, actor=floor_user, now=t0 + timedelta(seconds=40))
    assert err.value.code == "paused"
    assert ClockState.objects.get(event=event).as_dict() == before
    assert AuditEntry.entries.filter(action="clock.pause").count() == 1


@pytest.mark.parametrize(("control", "extra"), [
    ("clock_pause", {}), ("clock_resume", {}), ("clock_next_level", {}), ("clock_previous_level", {}),
    ("clock_adjust", {"seconds": 60}), ("clock_set_left", {"seconds": 60}),
])
def test_controls_before_the_start_are_refused(event, floor_user, control, extra):
    with pytest.raises(ClockError) as err:
        getattr(services, control)(event=event, actor=floor_user, **extra)
    assert err.value.code == "not_started"
    assert not AuditEntry.entries.exists()


def test_next_previous_and_minutes(event, floor_user):
    t0 = timezone.now()
    services.clock_start(event=event, actor=floor_user, now=t0)
    services.clock_next_level(event=event, actor=floor_user, now=t0 + timedelta(minutes=3))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=3))
    assert (reading.position, reading.seconds_left) == (2, timedelta(minutes=20))
    services.clock_adjust(event=event, actor=floor_user, seconds=60, now=t0 + timedelta(minutes=3))
    services.clock_adjust(event=event, actor=floor_user, seconds=60, now=t0 + timedelta(minutes=3))
    services.clock_adjust(event=event, actor=floor_user, seconds=-60, now=t0 + timedelta(minutes=3))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=3))
    assert reading.seconds_left == timedelta(minutes=21)
    services.clock_previous_level(event=event, actor=floor_user, now=t0 + timedelta(minutes=4))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=4))
    assert (reading.position, reading.seconds_left) == (1, timedelta(minutes=20))
    services.clock_set_left(event=event, actor=floor_user, seconds=125, now=t0 + timedelta(minutes=4))
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=4))
    assert reading.seconds_left == timedelta(seconds=125)
    assert AuditEntry.entries.filter(event_id=event.pk).count() == 7


def test_set_left_refuses_a_negative_time(event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    with pytest.raises(ClockError):
        services.clock_set_left(event=event, actor=floor_user, seconds=-1)


def test_set_left_refuses_more_than_a_day_and_changes_nothing(event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    before = ClockState.objects.get(event=event).as_dict()
    audited = AuditEntry.entries.count()
    for seconds in (24 * 3600 + 1, 99999999999999999999999 * 60):
        with pytest.raises(ClockError) as err:
            services.clock_set_left(event=event, actor=floor_user, seconds=seconds)
        assert err.value.code == "too_long"
    assert ClockState.objects.get(event=event).as_dict() == before
    assert AuditEntry.entries.count() == audited


def test_a_minute_more_than_a_day_left_is_refused(event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    services.clock_set_left(event=event, actor=floor_user, seconds=24 * 3600)
    with pytest.raises(ClockError) as err:
        services.clock_adjust(event=event, actor=floor_user, seconds=60)
    assert err.value.code == "too_long"
    services.clock_adjust(event=event, actor=floor_user, seconds=-60)


def test_adjust_refuses_a_step_beyond_a_day(event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    with pytest.raises(ClockError) as err:
        services.clock_adjust(event=event, actor=floor_user, seconds=10**30)
    assert err.value.code == "too_long"


def test_an_event_without_levels_cannot_start(db, floor_user):
    empty = make_event(slug="empty", levels=[])
    with pytest.raises(ClockError) as err:
        services.clock_start(event=empty, actor=floor_user)
    assert err.value.code == "no_levels"


def test_state_survives_a_reload_from_the_database(event, floor_user):
    """A server restart loses nothing: the state is timestamps, read back from the row."""
    t0 = timezone.now() - timedelta(minutes=10)
    services.clock_start(event=event, actor=floor_user, now=t0)
    state = ClockState.objects.get(event=event)
    assert state.level_started_at == t0
    _, reading = clock_reading(event=event, now=t0 + timedelta(minutes=10))
    assert reading.seconds_left == timedelta(minutes=10)
