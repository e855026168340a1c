"""Fixtures for the tournament floor: a festival with a venue of tables and a running event."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.seating.models import Table
from tdconsole.tournaments import services
from tdconsole.tournaments.models import Event, Festival, Venue

SIMPLE_LEVELS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20},
    {"kind": "break", "minutes": 10, "color_up": 100},
    {"kind": "level", "small_blind": 500, "big_blind": 1000, "ante": 1000, "minutes": 20},
    {"kind": "level", "small_blind": 1000, "big_blind": 2000, "ante": 2000, "minutes": 20},
]


@pytest.fixture
def festival(db):
    venue = Venue.objects.create(name="Test Card Room")
    Table.objects.bulk_create([Table(venue=venue, number=n, seats=9) for n in range(1, 31)])
    return Festival.objects.create(name="Test Series", slug="test-series", venue=venue)


@pytest.fixture
def template(db):
    return services.structure_create(name="Simple", slug="simple", rows=SIMPLE_LEVELS)


@pytest.fixture
def make_event(festival, template, director):
    """`make_event(format="reentry", max_entries=3, status="running", tables=[1, 2])`."""

    def make(*, status=Event.Status.REGISTERING, tables=(1, 2, 3), **fields):
        from tdconsole.seating.services import tables_assign

        data = {
            "name": "Event", "date": datetime.date(2026, 12, 1), "buy_in_prize": Decimal("900"),
            "buy_in_fee": Decimal("100"), "starting_stack": 20000, "seats_per_table": 9,
            "format": Event.Format.FREEZEOUT, "max_entries": 1, "late_registration_level": 2,
        } | fields
        event = services.event_create(festival=festival, template=template, actor=director, **data)
        if tables:
            tables_assign(event=event, numbers=list(tables), actor=director)
        if status != Event.Status.DRAFT:
            Event.objects.filter(pk=event.pk).update(status=status)
            event.refresh_from_db()
        return event

    return make


@pytest.fixture
def register(director):
    """`register(event, "Ana")` registers a new player and buys them in (clock not started)."""

    def reg(event, name, player=None):
        if player is None:
            player = services.player_register(festival=event.festival, name=name, actor=director)
        return services.entry_register(event=event, player=player, actor=director, level_position=None)

    return reg


@pytest.fixture
def seated_event(make_event, register, director):
    """A running freezeout with 20 players seated by the initial draw over tables 1-3."""
    from tdconsole.seating.services import seats_draw_initial

    event = make_event()
    for i in range(20):
        register(event, f"Player {i:02d}")
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event
