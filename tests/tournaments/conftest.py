"""Fixtures for the tournament floor: a festival with a venue of tables and a running event."""

import pytest

from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.registration import event_registration_close
from tests import factories

SIMPLE_LEVELS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20},
    {"kind": "break", "minutes": 10, "color_up": 100},
    {"kind": "level", "small_blind": 500, "big_blind": 1000, "ante": 1000, "minutes": 20},
    {"kind": "level", "small_blind": 1000, "big_blind": 2000, "ante": 2000, "minutes": 20},
]


@pytest.fixture
def festival(db):
    return factories.make_festival("test-series", name="Test Series", venue_name="Test Card Room", tables=30)


@pytest.fixture
def template(db):
    return structure_create(name="Simple", slug="simple", rows=SIMPLE_LEVELS)


@pytest.fixture
def make_event(festival, template, director):
    """`make_event(format="reentry", max_entries=3, status="running", tables=[1, 2])`, through the services."""

    def make(**fields):
        return factories.event_create_at_desk(festival=festival, template=template, actor=director, **fields)

    return make


@pytest.fixture
def register(director):
    """`register(event, "Ana")` registers a new player and buys them in (clock not started)."""

    def reg(event, name, player=None):
        return factories.register_at_desk(event, name, actor=director, player=player)

    return reg


@pytest.fixture
def seated_event(make_event, director):
    """A running freezeout with 20 players seated by the initial draw over tables 1-3."""
    return factories.seated_at_desk(make_event(), 20, actor=director)


@pytest.fixture
def full_field(make_event, director):
    """A running re-entry event, registration open, whose two tables are full: a late entry sits only
    where a bust leaves a seat."""
    event = make_event(format=Event.Format.REENTRY, max_entries=3, tables=(1, 2))
    return factories.seated_at_desk(event, 18, actor=director)


@pytest.fixture
def reentry_running(make_event, register, director):
    """A running re-entry event (two entries each) of six seated players; returns it and Rita's entry."""
    from tdconsole.seating.services import seats_draw_initial

    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=(4, 5))
    first = register(event, "Rita")
    for i in range(5):
        register(event, f"Other {i}")
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    return event, first


@pytest.fixture
def closed_event(seated_event, director):
    return event_registration_close(event=seated_event, actor=director)
