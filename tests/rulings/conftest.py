"""Fixtures for the rulings tests: the reference content in the database, an event, a saved adjudication."""

import datetime
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
    from tdconsole.tournaments.models import Event, Festival, Structure, Venue

    venue, _ = Venue.objects.get_or_create(name="Rulings Test Venue")
    festival, _ = Festival.objects.get_or_create(slug="rulings-fest", defaults={"name": "Rulings Fest", "venue": venue})
    structure = Structure.objects.create(name=f"{slug} structure", slug=f"{slug}-structure", is_template=False)
    return Event.objects.create(
        festival=festival, name=f"Event {slug}", slug=slug, date=datetime.date(2026, 11, 30),
        buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"), starting_stack=30000, structure=structure,
    )


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture
def other_event(db):
    return make_event("side-event")
