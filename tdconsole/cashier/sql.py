"""Plain SQL for the statements a club night runs at every bust, sale and payout.

A club night with rebuys, add-ons and a progressive knockout makes tens of thousands of sales, bounty
awards and payouts beside the registrations and busts a freezeout makes. Through the ORM, each of their
small indexed reads cost ten to thirty times more CPU to build than the database took to answer it
(`simulate_event`, docs/benchmarks.md). The reads here are written once as SQL (`core.plainsql`: names
from the models, values converted as the ORM converts them), run on SQLite and PostgreSQL alike, and are
checked against the same read through the ORM (tests/cashier/test_sql.py) and against SQLite's query plans
(tests/cashier/test_query_plans.py): every one finds its rows through an index on what it looks for.

Amounts come back as Decimal: SQLite hands a sum of a decimal column over as a float (or an integer),
which `decimal_of` turns back into the decimal it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import cache
from typing import Any

from django.db import connection, models

from tdconsole.core.money import quantize_money
from tdconsole.core.plainsql import column, columns, instance, lock_suffix, run, table
from tdconsole.tournaments.models import Bust, Elimination, Entry, Event, Player

from .models import BountyAward, MoneyRules, Payout, Purchase

# Placeholders per statement at most (SQLite allows 32,766; a handful of ids is the common case).
CHUNK = 500


def decimal_of(value: Any) -> Decimal | None:
    """A decimal column or sum as the database returned it, as a Decimal (None stays None)."""
    if value is None or isinstance(value, Decimal):
        return value
    if isinstance(value, int):
        return Decimal(value)
    # A float from SQLite: its shortest repr is the decimal that was stored (or summed) to the cent.
    return Decimal(repr(value))


def money_of(value: Any) -> Decimal:
    """A sum of money as the database returned it, in cents (no rows: 0.00)."""
    found = decimal_of(value)
    return quantize_money(found if found is not None else Decimal(0))


def partial(model: type[models.Model], values: dict[str, Any]) -> Any:
    """An instance of `model` as read from the database with only these fields (by attname); the others are
    deferred (reading one costs a query). `from_db` wants the values in the model's field order."""
    fields = [f.attname for f in model._meta.concrete_fields if f.attname in values]
    return model.from_db(connection.alias, fields, [values[name] for name in fields])


def _entry(event_id: int, pk: int, number: int, status: str, player_id: int, name: str) -> Entry:
    entry = partial(Entry, {"id": pk, "event_id": event_id, "number": number, "status": status,
                            "player_id": player_id})
    entry.player = partial(Player, {"id": player_id, "name": name})
    return entry


# --- the event lock, with the money rules -----------------------------------------------------------------


@cache
def _lock_rules_sql(vendor: str) -> str:
    return (
        f"SELECT {columns(Event, 'ev')}, {columns(MoneyRules, 'r')} FROM {table(Event)} ev "
        f"LEFT JOIN {table(MoneyRules)} r ON r.{column(MoneyRules, 'event')} = ev.{column(Event, 'id')} "
        f"WHERE ev.{column(Event, 'id')} = %s" + lock_suffix("ev")
    )


def event_lock_with_rules(*, event_id: int) -> tuple[Event, MoneyRules]:
    """Lock the event row (as tournaments' `event_lock`) and read it with its money rules in one statement;
    the rules are unsaved defaults when the event has none. Raises Event.DoesNotExist for no such event."""
    rows = run(_lock_rules_sql(connection.vendor), [event_id])
    if not rows:
        raise Event.DoesNotExist(f"no event {event_id}")
    split = len(Event._meta.concrete_fields)
    locked = instance(Event, rows[0][:split])
    if rows[0][split] is None:
        return locked, MoneyRules(event=locked)
    rules = instance(MoneyRules, rows[0][split:])
    locked.money_rules = rules  # as select_related would leave it (and `rules.event` is the locked event)
    return locked, rules


# --- busts and entries with their heads --------------------------------------------------------------------


@cache
def _busts_sql(vendor: str) -> str:
    b, el = Bust, Elimination
    return (
        f"SELECT b.{column(b, 'id')}, b.{column(b, 'entry')} FROM {table(b)} b "
        f"JOIN {table(el)} el ON el.{column(el, 'id')} = b.{column(b, 'elimination')} "
        f"WHERE b.{column(b, 'elimination')} = %s AND el.{column(el, 'event')} = %s "
        f"ORDER BY b.{column(b, 'seat')}, b.{column(b, 'id')}"
    )


def busts_of(*, event_id: int, elimination_id: int) -> list[tuple[int, int]]:
    """(bust id, entry id) of every bust of an elimination of this event, by seat."""
    return [(pk, entry_id) for pk, entry_id in run(_busts_sql(connection.vendor), [elimination_id, event_id])]


def _entry_select(extra: str, where: str) -> str:
    """SELECT an entry's id, number, status, player id and player name (the columns `_entry` takes), then
    `extra` columns, FROM the entries (alias e) joined to their players (alias p) WHERE `where`."""
    e, p = Entry, Player
    return (
        f"SELECT e.{column(e, 'id')}, e.{column(e, 'number')}, e.{column(e, 'status')}, "
        f"e.{column(e, 'player')}, p.{column(p, 'name')}, {extra} "
        f"FROM {table(e)} e JOIN {table(p)} p ON p.{column(p, 'id')} = e.{column(e, 'player')} WHERE {where}"
    )


@cache
def _entries_sql(vendor: str, count: int) -> str:
    e, pu, a = Entry, Purchase, BountyAward
    return _entry_select(
        f"(SELECT SUM(pu.{column(pu, 'bounty')}) FROM {table(pu)} pu WHERE pu.{column(pu, 'event')} = %s "
        f"AND pu.{column(pu, 'entry')} = e.{column(e, 'id')} AND pu.{column(pu, 'voided_at')} IS NULL), "
        f"(SELECT SUM(a.{column(a, 'head')}) FROM {table(a)} a WHERE a.{column(a, 'event')} = %s "
        f"AND a.{column(a, 'eliminator')} = e.{column(e, 'id')})",
        f"e.{column(e, 'event')} = %s AND e.{column(e, 'id')} IN ({', '.join(['%s'] * count)})",
    )


def entries_with_heads(*, event_id: int, entry_ids: Sequence[int]) -> dict[int, tuple[Entry, Decimal]]:
    """The entries of this event among `entry_ids`, each with its player's name and its head (the bounty
    parts of its purchases not voided + the head parts of the awards it won), one statement per 500 ids.

    The entries carry their id, number, status, player (id and name) and event id; other fields are
    left deferred (reading one costs a query).
    """
    found: dict[int, tuple[Entry, Decimal]] = {}
    ids = list(dict.fromkeys(entry_ids))
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        rows = run(_entries_sql(connection.vendor, len(chunk)), [event_id, event_id, event_id, *chunk])
        for pk, number, status, player_id, name, paid, won in rows:
            found[pk] = (_entry(event_id, pk, number, status, player_id, name), money_of(paid) + money_of(won))
    return found


# --- what was paid to an entry -----------------------------------------------------------------------------


@cache
def _payout_entry_sql(vendor: str) -> str:
    e, po = Entry, Payout
    return _entry_select(
        f"(SELECT SUM(po.{column(po, 'amount')}) FROM {table(po)} po WHERE po.{column(po, 'entry')} = "
        f"e.{column(e, 'id')} AND po.{column(po, 'kind')} = %s AND po.{column(po, 'voided_at')} IS NULL)",
        f"e.{column(e, 'event')} = %s AND e.{column(e, 'id')} = %s",
    ) + lock_suffix("e")


def entry_lock_with_paid(*, event_id: int, entry_id: int, kind: str) -> tuple[Entry, Decimal] | None:
    """Lock an entry of this event (PostgreSQL: its row) and read what was paid to it of `kind`, not voided.

    The entry carries its id, number, status and player (id and name). None when the event has no such entry.
    """
    rows = run(_payout_entry_sql(connection.vendor), [kind, event_id, entry_id])
    if not rows:
        return None
    pk, number, status, player_id, name, paid = rows[0]
    return _entry(event_id, pk, number, status, player_id, name), money_of(paid)


# --- a sale: the entry, and what its player bought -----------------------------------------------------------


@cache
def _sale_entry_sql(vendor: str) -> str:
    e = Entry
    return _entry_select(f"e.{column(e, 'chips')}",
                         f"e.{column(e, 'event')} = %s AND e.{column(e, 'id')} = %s") + lock_suffix("e")


def entry_lock_for_sale(*, event_id: int, entry_id: int) -> Entry | None:
    """Lock an entry of this event (PostgreSQL: its row) for a sale: its id, number, status, player (id and
    name) and recorded stack (`chips`). None when the event has no such entry."""
    rows = run(_sale_entry_sql(connection.vendor), [event_id, entry_id])
    if not rows:
        return None
    pk, number, status, player_id, name, chips = rows[0]
    entry = _entry(event_id, pk, number, status, player_id, name)
    entry.chips = chips
    return entry


@cache
def _bought_sql(vendor: str, kinds: int) -> str:
    e, pu = Entry, Purchase
    return (
        f"SELECT pu.{column(pu, 'kind')}, pu.{column(pu, 'entry')} FROM {table(e)} e "
        f"JOIN {table(pu)} pu ON pu.{column(pu, 'entry')} = e.{column(e, 'id')} "
        f"WHERE e.{column(e, 'event')} = %s AND e.{column(e, 'player')} = %s "
        f"AND pu.{column(pu, 'voided_at')} IS NULL AND pu.{column(pu, 'kind')} IN ({', '.join(['%s'] * kinds)})"
    )


def purchases_of_player(*, event_id: int, player_id: int, kinds: Sequence[str]) -> list[tuple[str, int]]:
    """(kind, entry id) of every purchase not voided of these kinds made on the player's entries in the event:
    the player's entries through (event, player), their purchases through the entry."""
    return [(kind, entry_id) for kind, entry_id in
            run(_bought_sql(connection.vendor, len(kinds)), [event_id, player_id, *kinds])]


@cache
def _last_number_sql(vendor: str) -> str:
    pu = Purchase
    # The first row in the index's order, not an aggregate over the event's purchases.
    return (f"SELECT pu.{column(pu, 'number')} FROM {table(pu)} pu WHERE pu.{column(pu, 'event')} = %s "
            f"ORDER BY pu.{column(pu, 'number')} DESC LIMIT 1")


def last_receipt_number(*, event_id: int) -> int:
    """The event's last receipt number (0 before the first), through the (event, number) unique index."""
    rows = run(_last_number_sql(connection.vendor), [event_id])
    return rows[0][0] if rows else 0
