"""Fixtures for the money side: an event with a field of entries built straight in the database."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Venue


@pytest.fixture
def festival(db):
    venue = Venue.objects.create(name="Money Room")
    return Festival.objects.create(name="Money Series", slug="money-series", venue=venue)


@pytest.fixture
def make_event(festival):
    """`make_event(entries=100, alive=20, buy_in_prize=..., guarantee=...)` -> Event with its field."""
    counter = {"n": 0}

    def make(*, entries: int = 0, alive: int | None = None, **fields) -> Event:
        counter["n"] += 1
        n = counter["n"]
        structure = Structure.objects.create(name=f"S{n}", slug=f"s-{n}", is_template=False)
        data = {
            "name": f"Main Event {n}", "slug": f"main-{n}", "date": datetime.date(2026, 12, 1),
            "buy_in_prize": Decimal("100"), "buy_in_fee": Decimal("10"), "starting_stack": 20000,
            "structure": structure, "status": Event.Status.RUNNING,
        } | fields
        event = Event.objects.create(festival=festival, **data)
        add_field(event, entries, entries if alive is None else alive)
        return event

    return make


def add_field(event: Event, entries: int, alive: int) -> list[Entry]:
    """Create `entries` players and entries; the last `entries - alive` busted, placed from the bottom."""
    players = Player.objects.bulk_create(
        [Player(festival=event.festival, name=f"Player {event.pk}-{i:05d}") for i in range(entries)]
    )
    rows = []
    for i, player in enumerate(players):
        is_alive = i < alive
        rows.append(
            Entry(
                event=event, player=player, number=i + 1,
                status=Entry.Status.ALIVE if is_alive else Entry.Status.BUSTED,
                chips=20000 if is_alive else 0,
                place=None if is_alive else i + 1,
            )
        )
    return Entry.objects.bulk_create(rows)
