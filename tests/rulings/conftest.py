"""Fixtures for the rulings tests: the reference content in the database, an event, a saved adjudication."""

from decimal import Decimal
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"


@pytest.fixture
def reference(db):
    """The reference as the data migration loads it (reloaded if a transactional test flushed it)."""
    from tdconsole.rulings.models import RuleEntry
    from tdconsole.rulings.sync import rulings_sync

    if not RuleEntry.objects.exists():
        rulings_sync()
    return RuleEntry.objects.all()


def make_event(slug: str = "main-event"):
    """An event of the rulings festival, no levels (a ruling needs only the event)."""
    from tests import factories

    festival = factories.make_festival("rulings-fest", name="Rulings Fest", venue_name="Rulings Test Venue")
    return factories.make_event(slug, festival=festival, levels=0, buy_in_prize=Decimal("500"),
                                buy_in_fee=Decimal("50"), starting_stack=30000)


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture
def other_event(db):
    return make_event("side-event")
