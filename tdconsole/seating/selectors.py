"""Reads of the seating app: tables in play, the table map, balancing plans, the seat lookup."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol

from django.db.models import Count, F, Q, Sum

from tdconsole.core.bounds import fits
from tdconsole.tournaments.models import Entry, Event, Table
from tdconsole.tournaments.names import search_key

from .balancing import BalancePlan, TableState, plan_balance, plan_pairs
from .models import SeatDraw


class _HasSeats(Protocol):
    @property
    def seats(self) -> int: ...


def table_capacity(*, table: _HasSeats, event: Event) -> int:
    """Seats used at this table for this event: the table's seats, at most the event's seats per table."""
    return min(table.seats, event.seats_per_table)


class TableRow(NamedTuple):
    """One of the event's tables with the number of players sitting there (a plain row, no model)."""

    pk: int
    number: int
    seats: int
    break_order: int | None
    venue_id: int
    players: int

    def as_table(self, event: Event | None = None) -> Table:
        """A Table instance with these values (for `entry.table` and audit labels; not re-read)."""
        return Table(pk=self.pk, venue_id=self.venue_id, number=self.number, seats=self.seats,
                     event_id=event.pk if event is not None else None, break_order=self.break_order)


def table_rows(*, event: Event) -> list[TableRow]:
    """The event's tables in breaking order with their player counts (one query, no model instances).

    Every seated entry is alive (a database constraint), so counting the entries at a
    table counts its players.
    """
    rows = (
        Table.objects.filter(event=event)
        .annotate(n=Count("entries"))
        .order_by("break_order", "number")
        .values_list("pk", "number", "seats", "break_order", "venue_id", "n")
    )
    return [TableRow(*row) for row in rows]


def event_tables(*, event: Event) -> list[Table]:
    """The tables assigned to the event, in breaking order (first to break first)."""
    return list(Table.objects.filter(event=event).order_by("break_order", "number"))


def tables_state(*, event: Event, tables: list[Table] | None = None) -> list[TableState]:
    """The event's tables that have players, as plain values for the balancing module (two queries)."""
    tables = event_tables(event=event) if tables is None else tables
    occupied: dict[int, dict[int, int]] = {}
    rows = Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False).values_list(
        "table_id", "seat", "id"
    )
    for table_id, seat, entry_id in rows:
        occupied.setdefault(table_id, {})[seat] = entry_id
    return [
        TableState(
            number=t.number,
            capacity=table_capacity(table=t, event=event),
            occupied=occupied[t.pk],
            break_order=t.break_order or 0,
        )
        for t in tables
        if t.pk in occupied
    ]


def balance_moves_suggest(*, event: Event, buttons: Mapping[int, int] | None = None) -> BalancePlan:
    """The moves that balance the event's tables (see `seating.balancing`).

    Without the button seats of the tables concerned, the plan names them in
    `needs_buttons` and proposes no seats.
    """
    # Per-table counts decide which tables give and take players; only those tables' seats
    # are read. Two queries, and neither loads the field.
    in_play = [r for r in table_rows(event=event) if r.players]
    light = {
        r.number: TableState(number=r.number, capacity=table_capacity(table=r, event=event), occupied={},
                             break_order=r.break_order or 0, players=r.players)
        for r in in_play
    }
    pairs = plan_pairs(list(light.values()))
    concerned = {p.from_table for p in pairs} | {p.to_table for p in pairs}
    if concerned:
        number_of = {r.pk: r.number for r in in_play if r.number in concerned}
        seats: dict[int, dict[int, int]] = {n: {} for n in concerned}
        rows = Entry.objects.filter(table_id__in=list(number_of)).values_list("table_id", "seat", "id")
        for table_id, seat, entry_id in rows:
            seats[number_of[table_id]][seat] = entry_id
        for number in concerned:
            light[number] = replace(light[number], occupied=seats[number], players=None)
    return plan_balance(list(light.values()), buttons=buttons)


def tables_needed_action(*, event: Event, rows: list[TableRow] | None = None) -> dict[str, Any]:
    """What the floor should do with the tables now (one query: the per-table counts).

    `break_table`: the next table to break (in breaking order) when the players fit at
    one table fewer; `final_table`: all players fit at one table but sit at several;
    `balance`: the largest table has two or more players more than the smallest, and
    `moves` players must move to even them out (the balancing procedure's table pairs);
    `final_table_number`: the one table in play, once everyone sits at one table.
    """
    rows = table_rows(event=event) if rows is None else rows
    state = [
        TableState(number=r.number, capacity=table_capacity(table=r, event=event), occupied={},
                   break_order=r.break_order or 0, players=r.players)
        for r in rows if r.players
    ]
    players = sum(t.count for t in state)
    in_play = len(state)
    largest_capacity = max((t.capacity for t in state), default=0)
    final_table = in_play > 1 and players <= largest_capacity
    break_table = None
    if in_play > 1 and not final_table:
        first = min(state, key=lambda t: (t.break_order, t.number))
        room_elsewhere = sum(t.capacity for t in state if t.number != first.number)
        if players <= room_elsewhere:
            break_table = first.number
    counts = [t.count for t in state]
    balance = bool(counts) and max(counts) - min(counts) >= 2 and not final_table
    return {
        "players": players,
        "tables_in_play": in_play,
        "tables_assigned": len(rows),
        "break_table": break_table,
        "final_table": final_table,
        "balance": balance,
        "moves": len(plan_pairs(state)) if balance else 0,
        "final_table_number": state[0].number if in_play == 1 else None,
    }


@dataclass(frozen=True)
class SeatView:
    number: int
    entry: Entry | None


@dataclass(frozen=True)
class TableView:
    table: Table
    seats: list[SeatView]
    capacity: int

    @property
    def count(self) -> int:
        return sum(1 for s in self.seats if s.entry is not None)


def table_map(*, event: Event) -> list[TableView]:
    """Every table of the event with every seat and who sits there (two queries)."""
    tables = event_tables(event=event)
    by_table: dict[int, dict[int, Entry]] = {}
    entries = (
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False)
        .select_related("player")
        .only("id", "number", "seat", "table_id", "chips", "player__name", "player__nickname",
              "player__search_name", "player__search_nickname")
    )
    for entry in entries:
        by_table.setdefault(entry.table_id, {})[entry.seat] = entry
    views = []
    for t in tables:
        capacity = table_capacity(table=t, event=event)
        seated = by_table.get(t.pk, {})
        views.append(
            TableView(table=t, capacity=capacity,
                      seats=[SeatView(number=s, entry=seated.get(s)) for s in range(1, capacity + 1)])
        )
    # Tables in use first, then empty ones, each by number.
    views.sort(key=lambda v: (v.count == 0, v.table.number))
    return views


def seating_version(*, event: Event) -> str:
    """A short fingerprint of who sits where and which tables serve the event (two aggregate queries).

    The table map polls with the version it shows; when nothing moved, the answer is
    empty, so a field of thousands is not re-rendered every few seconds for nothing.
    """
    seats = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).aggregate(
        n=Count("id"),
        seated=Count("table"),
        t=Sum(F("id") * F("table_id")),
        s=Sum(F("id") * F("seat")),
        top=Sum("id"),
    )
    tables = Table.objects.filter(event=event).aggregate(n=Count("id"), t=Sum(F("id") * F("break_order")),
                                                          top=Sum("id"))
    raw = repr((sorted(seats.items()), sorted(tables.items())))
    return hashlib.blake2s(raw.encode(), digest_size=8).hexdigest()


def unseated_alive_count(*, event: Event) -> int:
    return Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=True).count()


def seat_lookup(*, event: Event, query: str, limit: int = 20) -> list[Entry]:
    """Alive entries whose player's name or nickname contains `query` (at least two characters),
    compared without case or accents: "joao" finds "João", "ze" finds "Zé"."""
    key = search_key(query)
    if len(key) < 2:
        return []
    return list(
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE)
        .filter(Q(player__search_name__contains=key) | Q(player__search_nickname__contains=key))
        .select_related("player", "table")
        .order_by("player__name", "number")[:limit]
    )


def latest_draws(*, event: Event, limit: int = 5) -> list[SeatDraw]:
    return list(SeatDraw.objects.filter(event=event).defer("assignments", "moves")[:limit])


@dataclass(frozen=True)
class BreakMove:
    """One player of a broken table: who, from where, to where (the name as it reads now)."""

    entry_id: int
    number: int
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


@dataclass(frozen=True)
class TableBreak:
    """A table break as recorded: its draw, the table broken and who moved where."""

    draw: SeatDraw
    table: int
    moves: list[BreakMove]


def table_break_moves(*, event: Event, draw_id: int | None = None) -> TableBreak | None:
    """The moves of one table break of the event (the latest when no id is given), or None (two queries).

    Names are read now, so a name corrected since the break prints as corrected; an
    entry cancelled since keeps the number it had.
    """
    if draw_id is not None and not fits(draw_id, SeatDraw, "id"):
        return None
    draws = SeatDraw.objects.filter(event=event, kind=SeatDraw.Kind.BREAK)
    draw = draws.filter(pk=draw_id).first() if draw_id is not None else draws.order_by("-created_at", "-id").first()
    if draw is None or not draw.moves:
        return None
    names = dict(Entry.objects.filter(pk__in=[row[0] for row in draw.moves]).values_list("pk", "player__name"))
    moves = [BreakMove(entry_id=e, number=n, name=names.get(e, ""), from_table=ft, from_seat=fs, to_table=tt,
                       to_seat=ts) for e, n, ft, fs, tt, ts in draw.moves]
    return TableBreak(draw=draw, table=moves[0].from_table, moves=moves)
