"""Fixtures for the end-of-day tests: an event with a short structure, seated entries."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Event
from tests import factories

# (kind, small blind, big blind, ante, minutes, colour-up chip)
LEVELS = [
    ("level", 100, 200, 200, 20, None),
    ("level", 200, 400, 400, 20, None),
    ("break", 0, 0, 0, 10, 25),
    ("level", 1000, 2000, 2000, 20, None),
    ("level", 1500, 3000, 3000, 20, None),
]


def make_event(*, slug: str = "day1a", levels=LEVELS, **fields) -> Event:
    festival = factories.make_festival("day-fest", name="Day fest", venue_name="Day venue")
    values = dict(date=datetime.date(2026, 12, 5), buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"),
                  starting_stack=30000, status=Event.Status.RUNNING, name="Main Event Dia 1A") | fields
    return factories.make_event(slug, festival=festival, levels=levels, structure_name=f"Structure {slug}",
                                structure_slug=f"structure-{slug}", **values)


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture(autouse=True)
def no_clock_cache(settings):
    """Tests read what they just wrote: the clock's cache is off."""
    settings.CLOCK_CACHE_SECONDS = 0
