"""A main event played in two flights, Day 1A and Day 1B, each with its own tables (fixtures of tests/tournaments)."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.seating.services import tables_assign
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.registration import event_registration_close
from tests import factories
from tests.tournaments.conftest import SIMPLE_LEVELS


@pytest.fixture
def festival(db):
    return factories.make_festival("day2-series", name="Day 2 Series", venue_name="Card Room", tables=30)


@pytest.fixture
def main(festival, director):
    template = structure_create(name="Simple", slug="simple", rows=SIMPLE_LEVELS)
    event = factories.event_create_at_desk(
        festival=festival, template=template, actor=director, name="Main Event", slug="main-event",
        format=Event.Format.REENTRY, max_entries=2, status=Event.Status.DRAFT, tables=(),
        buy_in_prize=Decimal("900"), buy_in_fee=Decimal("100"))
    return event


@pytest.fixture
def flights(main, director):
    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    b = flight_create(event=main, name="Day 1B", date=datetime.date(2026, 12, 11), actor=director)
    tables_assign(event=a, numbers=[1, 2], actor=director)
    tables_assign(event=b, numbers=[3, 4], actor=director)
    Event.objects.filter(pk__in=[a.pk, b.pk]).update(status=Event.Status.RUNNING)
    for e in (main, a, b):
        e.refresh_from_db()
    return a, b


@pytest.fixture
def people(main, director):
    return {name: player_register(festival=main.festival, name=name, actor=director)
            for name in ["Ana", "Bruno", "Carla", "Diego", "Elisa"]}


def bag(flight, entries_chips, director):
    """Record the end-of-day counts {entry: chips} of a flight."""
    chip_counts_record(event=flight, counts={e.pk: c for e, c in entries_chips.items()}, actor=director,
                       addon_chips=0)


def close(flight, director):
    return event_registration_close(event=flight, actor=director)


@pytest.fixture
def merged(main, flights, people, director):
    """Day 2 merged, not seated: Ana #1 (30,000), Bruno #2 (20,000), Carla #3 (15,000), Diego #4 (10,000),
    Elisa #5 (5,000); tables 12 and 13 (9 seats each) assigned to the main event, which is running."""
    from tdconsole.day2.services import day2_merge

    a, b = flights
    stacks = {"Ana": 30000, "Bruno": 20000, "Carla": 15000, "Diego": 10000, "Elisa": 5000}
    entries = {}
    for flight, names in ((a, ["Ana", "Bruno", "Carla"]), (b, ["Diego", "Elisa"])):
        for name in names:
            entries[name] = factories.register_at_desk(flight, name, actor=director, player=people[name])
        bag(flight, {entries[n]: stacks[n] for n in names}, director)
        close(flight, director)
    main.refresh_from_db()
    day2_merge(event=main, actor=director)
    tables_assign(event=main, numbers=[12, 13], actor=director)
    Event.objects.filter(pk=main.pk).update(status=Event.Status.RUNNING)
    main.refresh_from_db()
    return main
