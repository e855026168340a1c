"""Fixtures for the seating tests: a venue with tables, an event, and entries made in bulk."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.seating.models import Table
from tdconsole.tournaments.models import Entry, Event, Festival, Player, Structure, Venue


def make_event(*, tables: int = 30, seats: int = 9, table_seats: int | None = None, slug: str = "ev",
               venue: Venue | None = None, festival: Festival | None = None) -> Event:
    if venue is None:
        venue = Venue.objects.create(name=f"Venue {slug}")
        Table.objects.bulk_create(
            [Table(venue=venue, number=n, seats=table_seats or seats) for n in range(1, tables + 1)]
        )
    if festival is None:
        festival = Festival.objects.create(name=f"Festival {slug}", slug=f"fest-{slug}", venue=venue)
    structure = Structure.objects.create(name=f"Structure {slug}", slug=f"structure-{slug}", is_template=False)
    return Event.objects.create(
        festival=festival, name=f"Event {slug}", slug=slug, date=datetime.date(2026, 12, 1),
        buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"), starting_stack=30000,
        seats_per_table=seats, structure=structure, status=Event.Status.RUNNING,
    )


def make_entries(event: Event, count: int, start: int = 1) -> list[Entry]:
    """`count` new players of the festival, one alive unseated entry each (bulk, few queries)."""
    players = Player.objects.bulk_create(
        [Player(festival=event.festival, name=f"Player {n:05d}") for n in range(start, start + count)]
    )
    if players and players[0].pk is None:
        players = list(Player.objects.filter(festival=event.festival).order_by("id"))[-count:]
    Entry.objects.bulk_create(
        [Entry(event=event, player=p, number=start + i) for i, p in enumerate(players)], batch_size=500
    )
    return list(Entry.objects.filter(event=event, number__gte=start).order_by("number"))


@pytest.fixture
def event(db):
    return make_event()


@pytest.fixture
def floor_user(db):
    """A staff member acting in service tests (no password: hashing would slow every test)."""
    from django.contrib.auth.models import User

    return User.objects.create(username="floor-staff")
