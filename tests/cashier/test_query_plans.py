"""The reads made at every sale and bust find their rows through an index on what they look for (the entry, the
player's entries, the eliminator), never by reading every purchase or award of the event: with 10,000 entries
that made each sale and bust cost more as the field grew. Checked on SQLite's own query plans (EXPLAIN QUERY
PLAN of the statements the services run); PostgreSQL plans from its statistics and is measured by `make bench`.
"""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tdconsole.cashier.bounties import heads
from tdconsole.cashier.purchases import ClockPoint, bought_by, purchase_sell
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's query plans"),
]

CASHIER_TABLES = ("cashier_purchase", "cashier_bountyaward", "cashier_payout")


def plans(queries) -> list[str]:
    """The plan lines of each SELECT that reads a cash desk table: how it reads each of its tables."""
    found = []
    with connection.cursor() as cursor:
        for query in queries:
            sql = query["sql"]
            if not sql.startswith("SELECT") or not any(t in sql for t in CASHIER_TABLES):
                continue
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
            lines = [row[-1] for row in cursor.fetchall()]
            if sql.endswith("LIMIT 1") and not any("TEMP B-TREE" in line for line in lines):
                # The first row in an index's order (the last receipt number): one row read, not the event's.
                continue
            # Every table the statement reads (a subquery's table shows under its alias, U0).
            found += [line for line in lines if line.startswith(("SEARCH", "SCAN"))]
    return found


def event_wide(lines: list[str]) -> list[str]:
    """The plan lines that read a table by the event alone, or all of it."""
    return [line for line in lines if line.startswith("SCAN") or re.search(r"\(event_id=\?\)$", line)]


def test_what_a_player_bought_is_read_through_their_entries(house, ana, bia):
    factories.sell_at_desk(house, bia, "rebuy", level=1)
    with CaptureQueriesContext(connection) as captured:
        bought = bought_by(event=house, entry=ana)
    assert bought.rebuys == 0
    lines = plans(captured.captured_queries)
    assert lines and not event_wide(lines), lines


def test_a_head_is_read_through_the_entry_and_the_eliminator(house, ana, bia):
    factories.make_money_rules(house, bounty_kind="pko", bounty=20)
    with CaptureQueriesContext(connection) as captured:
        heads(event=house, entry_ids=[ana.pk, bia.pk])
    lines = plans(captured.captured_queries)
    # One statement: the two entries with their players, and for each its purchases and its awards.
    assert len(lines) == 4 and not event_wide(lines), lines
    assert sum(line.startswith("SEARCH pu USING INDEX") for line in lines) == 1, lines
    assert sum(line.startswith("SEARCH a USING INDEX") for line in lines) == 1, lines


def test_a_sale_reads_nothing_event_wide(house, ana):
    with CaptureQueriesContext(connection) as captured:
        purchase_sell(event=house, entry_id=ana.pk, kind="rebuy", method="cash", actor=None,
                      clock=ClockPoint(level_number=1))
    lines = plans(captured.captured_queries)
    assert lines and not event_wide(lines), lines


def test_a_bust_with_its_bounties_reads_nothing_event_wide(in_english):
    from tests.cashier.test_bounties import bounty_night, knock

    event = bounty_night()
    knock(event, ["Ana"], ["Bruno"], None)  # Bruno's head has an award in it now
    with CaptureQueriesContext(connection) as captured:
        knock(event, ["Bruno"], ["Carla", "Davi"], None)
    lines = plans(captured.captured_queries)
    # The busted and the eliminators' heads through the (event, entry) and (event, eliminator) indexes.
    assert any(line.startswith("SEARCH pu USING INDEX") for line in lines), lines
    assert any(line.startswith("SEARCH a USING INDEX") for line in lines), lines
    assert not event_wide(lines), lines


def test_a_payout_reads_nothing_event_wide(house, ana):
    from tdconsole.cashier.cashouts import cash_payout_record

    with CaptureQueriesContext(connection) as captured:
        cash_payout_record(event=house, entry_id=ana.pk, kind="prize", amount=Decimal("10"), owed=Decimal("100"),
                           method="cash", actor=None)
    lines = plans(captured.captured_queries)
    # What the entry was paid: its payouts through the entry.
    assert any(line.startswith("SEARCH po USING INDEX") for line in lines), lines
    assert not event_wide(lines), lines
