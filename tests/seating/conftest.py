"""Fixtures for the seating tests: a venue with tables, an event, and entries made in bulk."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Entry, Event, Festival, Venue
from tests import factories


def make_event(*, tables: int = 30, seats: int = 9, table_seats: int | None = None, slug: str = "ev",
               venue: Venue | None = None, festival: Festival | None = None) -> Event:
    """A running event without levels, in a venue of its own with `tables` tables (or the given one)."""
    if festival is None:
        if venue is None:
            venue = factories.make_venue(f"Venue {slug}", tables=tables, seats=table_seats or seats)
        festival = factories.make_festival(f"fest-{slug}", name=f"Festival {slug}", venue=venue)
    return factories.make_event(
        slug, festival=festival, levels=0, structure_name=f"Structure {slug}", structure_slug=f"structure-{slug}",
        date=datetime.date(2026, 12, 1), buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"),
        starting_stack=30000, seats_per_table=seats, status=Event.Status.RUNNING,
    )


def make_entries(event: Event, count: int, start: int = 1) -> list[Entry]:
    """`count` new players of the festival, one alive unseated entry each (bulk, few queries)."""
    return factories.make_entries(event, count, start=start)


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture
def floor_user(db):
    """A staff member acting in service tests (no password: hashing would slow every test)."""
    from django.contrib.auth.models import User

    return User.objects.create(username="floor-staff")
