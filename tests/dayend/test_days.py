"""The day's stop (tdconsole.dayend.days): the clock stands still at the end of the day's last level,
the screen and the clock desk say so, and the next day starts where the day stopped."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import maths, services
from tdconsole.clock.exceptions import ClockError
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_reading, clock_snapshot
from tdconsole.dayend.days import day_end_set, day_next_start
from tdconsole.dayend.exceptions import DayEndError
from tdconsole.tournaments.public import public_url
from tests import factories

pytestmark = pytest.mark.django_db


def start_clock(event, actor, minutes_ago):
    services.clock_start(event=event, actor=actor, now=timezone.now() - timedelta(minutes=minutes_ago))


def test_the_clock_stands_at_the_end_of_the_last_level_of_the_day(event, director):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    start_clock(event, director, minutes_ago=41)
    levels, reading = clock_reading(event=event)
    assert reading.status == maths.DAY_OVER
    assert reading.position == 2
    assert reading.seconds_left == timedelta(0)


def test_before_the_end_the_clock_runs_and_the_schedule_ends_with_the_day(event, director):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    start_clock(event, director, minutes_ago=5)
    from tdconsole.clock.display import screen_context

    screen = screen_context(event=event, snapshot=clock_snapshot(event=event))
    assert screen["status"] == maths.RUNNING
    assert [row["number"] for row in screen["data"]["schedule"]] == [1, 2]
    assert screen["data"]["complete"] is False


def test_the_screen_says_the_day_is_over_in_portuguese_and_lists_the_chip_leaders(client, event, director):
    entries = factories.make_entries(event, 3)
    for entry, chips in zip(entries, (50_000, 12_350, 27_650), strict=True):
        entry.chips = chips
        entry.save(update_fields=["chips"])
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=1)
    start_clock(event, director, minutes_ago=25)
    html = client.get(public_url(event, "clock:screen", absolute=False), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Fim do Dia 1A — ensacar as fichas" in html
    assert 'data-status="day_over"' in html
    assert html.index("50.000") < html.index("27.650") < html.index("12.350")


def test_the_screen_says_it_in_english_too(client, event, director):
    day_end_set(event=event, actor=director, name="Day 1A", last_level=1)
    start_clock(event, director, minutes_ago=25)
    html = client.get(public_url(event, "clock:screen", absolute=False), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "End of Day 1A — bag the chips" in html


def test_the_clock_desk_shows_it_and_refuses_controls_until_the_next_day(client_as, event, director):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=1)
    start_clock(event, director, minutes_ago=25)
    client = client_as("floor")
    html = client.get(f"/events/{event.slug}/clock/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert 'data-testid="desk-day-over">Fim do Dia 1A — ensacar as fichas<' in html
    with pytest.raises(ClockError) as refused:
        services.clock_pause(event=event, actor=director)
    assert refused.value.code == "day_over"


def test_a_set_time_ends_the_day_sooner_keeping_the_time_left(event, director):
    now = timezone.now()
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=4, stop_at=now - timedelta(minutes=5))
    services.clock_start(event=event, actor=director, now=now - timedelta(minutes=15))
    reading = clock_reading(event=event, now=now)[1]
    assert (reading.status, reading.position, reading.seconds_left) == (maths.DAY_OVER, 1, timedelta(minutes=10))
    day_next_start(event=event, actor=director, now=now)
    reading = clock_reading(event=event, now=now + timedelta(hours=1))[1]
    assert (reading.status, reading.position, reading.seconds_left) == (maths.PAUSED, 1, timedelta(minutes=10))


def test_the_next_day_starts_at_the_next_level_paused_and_audited(event, director):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    start_clock(event, director, minutes_ago=600)
    now = timezone.now()
    day_next_start(event=event, actor=director, now=now)
    reading = clock_reading(event=event, now=now + timedelta(hours=12))[1]
    assert (reading.status, reading.position, reading.seconds_left) == (maths.PAUSED, 3, timedelta(minutes=10))
    services.clock_resume(event=event, actor=director, now=now + timedelta(hours=12))
    assert AuditEntry.entries.filter(action="dayend.next_day", event_id=event.pk).count() == 1
    assert ClockState.objects.get(event=event).paused_at is None


def test_the_next_day_is_refused_while_the_day_is_still_playing(event, director, in_english):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    start_clock(event, director, minutes_ago=5)
    with pytest.raises(DayEndError, match="not over"):
        day_next_start(event=event, actor=director)


@pytest.mark.parametrize(("name", "level", "message"), [
    ("", 1, "Name the day"), ("x" * 61, 1, "at most 60"), ("Dia 1", 0, "1 to 4"), ("Dia 1", 5, "1 to 4"),
])
def test_a_stop_that_is_not_a_level_of_the_structure_is_refused(event, director, name, level, message, in_english):
    with pytest.raises(DayEndError, match=message):
        day_end_set(event=event, actor=director, name=name, last_level=level)


def test_setting_the_day_again_changes_the_one_open_day(event, director):
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    day = day_end_set(event=event, actor=director, name="Dia 1A", last_level=3)
    assert event.day_ends.count() == 1
    assert day.last_level == 3
    assert AuditEntry.entries.filter(action="dayend.set", event_id=event.pk).count() == 2


def test_a_days_name_loses_control_characters_and_a_blank_one_is_refused(event, director):
    # A NUL cannot be stored by PostgreSQL; a pasted tab or line break is a space.
    day = day_end_set(event=event, actor=director, name="Dia\x00 1A\t\n", last_level=2)
    assert day.name == "Dia 1A"
    with pytest.raises(DayEndError):
        day_end_set(event=event, actor=director, name="\x00\t ", last_level=2)
