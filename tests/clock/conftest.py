"""Fixtures for the clock tests: an event with a short structure, and entries made in bulk."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Entry, Event, Festival, Level, Player, Structure, Venue

# (kind, small blind, big blind, ante, minutes, colour-up chip)
LEVELS = [
    ("level", 100, 200, 200, 20, None),
    ("level", 200, 400, 400, 20, None),
    ("break", 0, 0, 0, 10, 25),
    ("level", 1000, 2000, 2000, 20, None),
    ("level", 1500, 3000, 3000, 20, None),
]


def make_event(*, slug: str = "main", levels=LEVELS, **fields) -> Event:
    venue, _ = Venue.objects.get_or_create(name="Clock venue")
    festival, _ = Festival.objects.get_or_create(slug="clock-fest", defaults={"name": "Clock fest", "venue": venue})
    structure = Structure.objects.create(name=f"Structure {slug}", slug=f"structure-{slug}", is_template=False)
    Level.objects.bulk_create([
        Level(structure=structure, position=i, kind=kind, small_blind=sb, big_blind=bb, ante=ante,
              minutes=minutes, color_up=color_up)
        for i, (kind, sb, bb, ante, minutes, color_up) in enumerate(levels, start=1)
    ])
    values = dict(
        festival=festival, name=f"Event {slug}", slug=slug, date=datetime.date(2026, 12, 1),
        buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"), starting_stack=30000,
        structure=structure, status=Event.Status.RUNNING,
    )
    values.update(fields)
    return Event.objects.create(**values)


def make_entries(event: Event, count: int, busted: int = 0) -> None:
    """`count` entries, the first `busted` of them busted (bulk, a handful of queries)."""
    start = Player.objects.filter(festival=event.festival).count() + 1
    players = Player.objects.bulk_create(
        [Player(festival=event.festival, name=f"Player {n:05d}") for n in range(start, start + count)]
    )
    if players and players[0].pk is None:
        players = list(Player.objects.filter(festival=event.festival).order_by("id"))[-count:]
    taken = Entry.objects.filter(event=event).count()
    Entry.objects.bulk_create(
        [
            Entry(event=event, player=p, number=taken + i + 1,
                  status=Entry.Status.BUSTED if i < busted else Entry.Status.ALIVE)
            for i, p in enumerate(players)
        ],
        batch_size=500,
    )


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
