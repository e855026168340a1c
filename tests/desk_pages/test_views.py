"""The desk pages hand the clock's level to the registration services: once the clock has passed the
late registration level, the registration page refuses new players and the next bust closes
registration and gives the places (tdconsole/desk_pages/views.py)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tdconsole.clock import services as clock
from tdconsole.seating.services import seats_draw_initial
from tdconsole.tournaments.models import Entry, Event, Player
from tests import factories
from tests.tournaments.busting import bust

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def running(director):
    """A running freezeout of 12 seated players; late registration closes after level 1."""
    festival = factories.make_festival("desk-series", name="Desk Series", venue_name="Desk Room", tables=4)
    template = factories.make_structure("Desk structure", "desk-structure", levels=3)
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director, tables=(1, 2),
                                           late_registration_level=1)
    for i in range(12):
        factories.register_at_desk(event, f"Player {i:02d}", actor=director)
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event


def clock_at_level(event, director, position):
    """Start the clock so long ago that it now plays `position` (20-minute levels)."""
    clock.clock_start(event=event, actor=director, now=timezone.now() - timedelta(minutes=20 * position - 10))


def url(name, event):
    return reverse(f"tournaments:{name}", kwargs={"slug": event.slug})


def test_a_late_player_is_seated_while_the_clock_is_in_the_late_registration_level(running, director, client_as):
    clock_at_level(running, director, 1)
    response = client_as("registration").post(url("registration", running), {"name": "Late Lia"}, **HTMX, **EN)
    entry = Entry.objects.get(event=running, player__name="Late Lia")
    assert response.status_code == 200 and entry.table_id is not None


def test_the_registration_page_refuses_a_player_once_the_clock_is_past_that_level(running, director, client_as):
    clock_at_level(running, director, 2)
    response = client_as("registration").post(url("registration", running), {"name": "Too Late"}, **HTMX, **EN)
    assert "closed" in response.content.decode()
    assert not Player.objects.filter(name="Too Late").exists()


def test_a_bust_once_the_clock_is_past_that_level_closes_registration_and_places_the_player(running, director,
                                                                                             client_as):
    clock_at_level(running, director, 2)
    entry = Entry.objects.filter(event=running, table__number=1).order_by("seat").first()
    assert bust(client_as("floor"), running, f"1 {entry.seat}", **EN).status_code == 200
    running.refresh_from_db()
    entry.refresh_from_db()
    assert running.registration_closed_at is not None and entry.place == 12


def test_a_bust_while_the_clock_is_in_that_level_leaves_registration_open(running, director, client_as):
    clock_at_level(running, director, 1)
    entry = Entry.objects.filter(event=running, table__number=1).order_by("seat").first()
    assert bust(client_as("floor"), running, f"1 {entry.seat}", **EN).status_code == 200
    running.refresh_from_db()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.BUSTED
    assert running.registration_closed_at is None and entry.place is None
