"""Fixtures for the money side: an event with a field of entries built straight in the database.

The printing tests use the same two fixtures (tests/printing/conftest.py imports them).
"""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Event
from tests import factories


@pytest.fixture
def festival(db):
    return factories.make_festival("money-series", name="Money Series", venue_name="Money Room")


@pytest.fixture
def make_event(festival):
    """`make_event(entries=100, alive=20, buy_in_prize=..., guarantee=...)` -> a running Event with its field:
    `entries` entries, the last `entries - alive` busted and placed from the bottom."""
    counter = {"n": 0}

    def make(*, entries: int = 0, alive: int | None = None, **fields) -> Event:
        counter["n"] += 1
        n = counter["n"]
        data = {
            "name": f"Main Event {n}", "date": datetime.date(2026, 12, 1), "buy_in_prize": Decimal("100"),
            "buy_in_fee": Decimal("10"), "starting_stack": 20000, "status": Event.Status.RUNNING,
        } | fields
        event = factories.make_event(data.pop("slug", f"main-{n}"), festival=festival, levels=0,
                                     structure_name=f"S{n}", structure_slug=f"s-{n}", **data)
        factories.add_field(event, entries, entries if alive is None else alive)
        return event

    return make


@pytest.fixture
def three_left(make_event, director):
    """Three players left of 20 entries, the table paying 1,000 / 600 / 400: (event, the three by entry number)."""
    from tdconsole.payouts.services import payout_table_save
    from tdconsole.tournaments.models import Entry

    event = make_event(entries=20, alive=3)
    payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("600"), Decimal("400")], actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number").select_related("player"))
    return event, alive


def chips_typed(entries, chips) -> dict[str, str]:
    """The deal form's chip boxes: `chips-<entry id>` for each entry, with the text typed."""
    return {f"chips-{e.pk}": c for e, c in zip(entries, chips, strict=True)}
