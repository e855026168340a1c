"""Printing fixtures: the payouts helpers' event factory, plus seating the players left."""

import pytest

from tdconsole.seating.models import Table
from tdconsole.tournaments.models import Entry
from tests.payouts.conftest import add_field, festival, make_event  # noqa: F401


def seat_field(event, per_table: int = 9) -> None:
    """Seat the entries still alive, table by table, in entry order."""
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number"))
    count = (len(alive) + per_table - 1) // per_table
    base = Table.objects.filter(venue=event.festival.venue).count()
    tables = Table.objects.bulk_create(
        [Table(venue=event.festival.venue, number=base + n + 1, seats=per_table, event=event) for n in range(count)]
    )
    for i, entry in enumerate(alive):
        entry.table = tables[i // per_table]
        entry.seat = i % per_table + 1
    Entry.objects.bulk_update(alive, ["table", "seat"])


@pytest.fixture
def seated():
    return seat_field
