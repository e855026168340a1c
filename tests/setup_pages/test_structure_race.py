"""The clock moving on while an event's structure is saved never lets a started level change (PostgreSQL).

The editor and the replacement from a file read the clock's position (which rows have started) and save
the rows after it. The clock's row is read under a lock in the transaction that rewrites the levels, so
a clock control pressed meanwhile waits for the save, or the save sees where it went. Here the clock is
moved on by another connection right after the position is read, before the levels are written.
"""

import threading
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock
from tdconsole.clock.selectors import clock_level_now
from tdconsole.tournaments import structure_edit
from tdconsole.tournaments.models import Event, Level
from tests.factories import make_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("in_english")]

LEVELS = [("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("break", 0, 0, 0, 10, None),
          ("level", 300, 600, 600, 20, None)]
# How long the save waits for the clock control of the other connection before going on without it.
WAIT_SECONDS = 2


@pytest.fixture
def night(director):
    """A running event 25 minutes in: level 2 (row 2) is being played, the break (row 3) is next."""
    event = make_event("night", status=Event.Status.RUNNING, levels=LEVELS)
    clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=25))
    assert clock_level_now(event=event) == 2
    return event


@pytest.fixture
def clock_moves_on_meanwhile(monkeypatch, night, director):
    """Once the position has been read, another connection presses "next level" (to the break) while the
    save is under way; the save waits for it up to WAIT_SECONDS (a control that queues behind a lock
    the save holds runs once the save has committed). Yields the thread's outcome."""
    outcome: dict = {}
    original = structure_edit.specs_check_storable

    def press_next() -> None:
        try:
            clock.clock_next_level(event=Event.objects.get(pk=night.pk), actor=director)
            outcome["pressed"] = True
        except BaseException as exc:  # noqa: BLE001 - the test reads it
            outcome["error"] = exc
        finally:
            connections.close_all()

    def checked_while_the_clock_moves(specs):
        if "thread" not in outcome:
            outcome["thread"] = threading.Thread(target=press_next)
            outcome["thread"].start()
            outcome["thread"].join(timeout=WAIT_SECONDS)
        return original(specs)

    monkeypatch.setattr(structure_edit, "specs_check_storable", checked_while_the_clock_moves)
    yield outcome
    if "thread" in outcome:
        outcome["thread"].join(timeout=30)


def break_minutes(event) -> int:
    return Level.objects.get(structure_id=event.structure_id, position=3).minutes


def assert_no_started_level_changed(event, outcome) -> None:
    """The clock control ran; if the break's minutes changed, the change committed before the break began."""
    outcome["thread"].join(timeout=30)
    assert outcome.get("pressed") and "error" not in outcome, outcome
    assert clock_level_now(event=event) == 3
    audit = dict(AuditEntry.entries.filter(event_id=event.pk, action__in=["clock.next", "structure.levels"])
                 .values_list("action", "id"))
    if break_minutes(event) != 10:
        assert audit["structure.levels"] < audit["clock.next"], "the break was changed after it had started"


def test_the_editor_never_changes_a_level_the_clock_reached_while_it_saved(night, director, clock_moves_on_meanwhile):
    client = Client(headers={"Accept-Language": "en"})
    client.force_login(director)
    data = {"rows": "4", "locked": "2", "name": night.structure.name, "description": "", "op": "save",
            "r2-kind": "break", "r2-minutes": "15", "r2-color_up": "",
            "r3-kind": "level", "r3-small_blind": "300", "r3-big_blind": "600", "r3-ante": "600", "r3-minutes": "30"}
    response = client.post(reverse("setup_pages:event_structure", args=["night"]), data)
    assert response.status_code in (302, 400)
    assert_no_started_level_changed(night, clock_moves_on_meanwhile)


def test_a_file_never_replaces_a_level_the_clock_reached_while_it_saved(night, director, clock_moves_on_meanwhile):
    client = Client(headers={"Accept-Language": "en"})
    client.force_login(director)
    text = ("kind,small_blind,big_blind,ante,minutes,color_up\n"
            "level,100,200,200,20,\nlevel,200,400,400,20,\nbreak,0,0,0,15,\nlevel,300,600,600,30,\n")
    upload = SimpleUploadedFile("night.csv", text.encode(), content_type="text/csv")
    response = client.post(reverse("setup_pages:structure_replace", args=[night.structure.slug]), {"file": upload})
    assert response.status_code in (302, 400)
    assert_no_started_level_changed(night, clock_moves_on_meanwhile)
