"""Fixtures for the live page: a seeded running event (the clock's short structure), a field, busts."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tdconsole.clock import services as clock_services
from tdconsole.clock.selectors import clock_level_now
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories
from tests.clock.conftest import make_event as make_clock_event

PER_TABLE = 5


@pytest.fixture(autouse=True)
def no_clock_cache(settings):
    """Tests read what they just wrote: the cache of the clock's slow parts and the event memo are off."""
    settings.CLOCK_CACHE_SECONDS = 0
    settings.LIVE_MICROCACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def no_minute_turnover(monkeypatch):
    """Two requests a test compares never straddle the version's minute (tests of it set it back)."""
    monkeypatch.setattr("tdconsole.live.selectors.REFRESH_SECONDS", 10**9)


def give_table(event: Event, amounts: list[str]) -> None:
    pool = sum(Decimal(a) for a in amounts)
    table = PayoutTable.objects.create(event=event, prize_pool=pool, entries=event.entries.count())
    PayoutPlace.objects.bulk_create(
        [PayoutPlace(table=table, place=i, amount=Decimal(a)) for i, a in enumerate(amounts, start=1)])


def bust(event: Event, number: int, actor) -> None:
    entry = Entry.objects.select_related("table").get(event=event, number=number)
    entry_eliminate(event=event, table_number=entry.table.number, seat=entry.seat, actor=actor,
                    level_position=clock_level_now(event=event))


def seed(*, slug: str = "main", entries: int = 10, busts: int = 8, actor=None, started_minutes_ago: int = 25,
         amounts: tuple[str, ...] = ("2500", "1500", "1000")) -> Event:
    """A running event of `entries` (30,000 chips each, 500 to the pool), seated five a table, the clock
    started `started_minutes_ago` minutes ago (25: level 2, 200/400 ante 400, 15 minutes left), a payout
    table of `amounts`, the entries numbered from the top busted one by one (`busts` of them) and the
    two best left counted at 200,000 and 100,000 chips (when two are left). Entry 1 is "João Pérez"."""
    event = make_clock_event(slug=slug)
    made = factories.make_entries(event, entries, names=f"{slug} player {{n:04d}}")
    factories.rename_player(made[0].player_id, "João Pérez")
    factories.seat_field(event, per_table=PER_TABLE)
    give_table(event, list(amounts))
    clock_services.clock_start(event=event, actor=actor, now=timezone.now() - timedelta(minutes=started_minutes_ago))
    for number in range(entries, entries - busts, -1):
        bust(event, number, actor)
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number"))
    if len(alive) == 2:
        chip_counts_record(event=event, counts={alive[0].pk: 200_000, alive[1].pk: 100_000}, actor=actor,
                           addon_chips=0)
    event.refresh_from_db()
    return event


@pytest.fixture
def floor_user(cast):
    return cast["floor"]


@pytest.fixture
def seeded(floor_user):
    return seed(actor=floor_user)
