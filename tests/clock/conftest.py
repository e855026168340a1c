"""Fixtures for the clock tests: an event with a short structure, and entries made in bulk."""

import datetime
import time
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


def make_event(*, slug: str = "main", levels=LEVELS, **fields) -> Event:
    """A running event of the clock festival with the short structure above (or `levels`)."""
    festival = factories.make_festival("clock-fest", name="Clock fest", venue_name="Clock venue")
    values = dict(
        date=datetime.date(2026, 12, 1), buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"),
        starting_stack=30000, status=Event.Status.RUNNING,
    ) | fields
    return factories.make_event(slug, festival=festival, levels=levels, structure_name=f"Structure {slug}",
                                structure_slug=f"structure-{slug}", **values)


def make_entries(event: Event, count: int, busted: int = 0) -> None:
    """`count` entries, the first `busted` of them busted (bulk, a handful of queries)."""
    factories.make_entries(event, count, busted=busted)


def wait_until(predicate, timeout: float, step: float = 0.1) -> float:
    """Poll `predicate` until true; return the seconds it took (fail after `timeout`)."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        if predicate():
            return time.monotonic() - began
        time.sleep(step)
    raise AssertionError(f"not true within {timeout} s")


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture
def floor_user(cast):
    return cast["floor"]


@pytest.fixture(autouse=True)
def no_clock_cache(settings):
    """Tests read what they just wrote: the per-process cache of slow parts is off."""
    settings.CLOCK_CACHE_SECONDS = 0
