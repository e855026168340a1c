"""The `clock` and `event_links` management commands."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tdconsole.audit.models import AuditEntry
from tdconsole.clock.selectors import clock_reading

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_clock_command_starts_pauses_resumes_and_reports(event):
    assert "status: not_started" in run("clock", event.slug, "status")
    out = run("clock", event.slug, "start")
    assert "status: running" in out
    assert "level: 1 100/200 ante 200" in out
    assert "status: paused" in run("clock", event.slug, "pause")
    assert clock_reading(event=event)[1].paused
    assert "status: running" in run("clock", event.slug, "resume")
    actions = list(AuditEntry.entries.filter(event_id=event.pk).order_by("id").values_list("action", "actor_name"))
    assert actions == [("clock.start", "manage.py clock"), ("clock.pause", "manage.py clock"),
                       ("clock.resume", "manage.py clock")]


def test_clock_command_writes_time_left_as_the_screen_does(db):
    from .conftest import make_event

    event = make_event(slug="long", levels=[("level", 100, 200, 0, 90, None)])
    assert "time_left: 1:30:00" in run("clock", event.slug, "start")


def test_clock_command_reports_a_refused_control(event):
    with pytest.raises(CommandError):
        run("clock", event.slug, "pause")


def test_clock_command_rejects_an_unknown_event(db):
    with pytest.raises(CommandError):
        run("clock", "nope", "status")


def test_event_links_prints_the_public_urls_with_the_live_page_last(event, settings):
    settings.PUBLIC_BASE_URL = "https://poker.example"
    lines = run("event_links", event.slug).splitlines()
    key = f"?k={event.public_token}"
    assert lines == [
        f"screen: https://poker.example/events/{event.slug}/screen/{key}",
        f"feed: https://poker.example/api/events/{event.slug}/clock.json{key}",
        f"seats: https://poker.example/events/{event.slug}/seats/{key}",
        f"live: https://poker.example/events/{event.slug}/live/{key}",
    ]
