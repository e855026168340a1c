"""Every write of the seating app: tables for an event, seat draws, balancing, breaking.

Each service is one transaction that locks the tables it works on (and the entries it
moves), records what it did with `audit_record`, and issues a constant number of
queries whatever the size of the field (seats are written by one `executemany`).
Seats are drawn with `secrets.SystemRandom` (the operating system's random source),
and every draw is kept as a `SeatDraw` row.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core import plurals
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event, Table

from . import balancing
from .balancing import Move
from .exceptions import SeatingError
from .models import SeatDraw
from .selectors import TableRow, table_capacity, table_rows

RANDOM: random.Random = secrets.SystemRandom()
DRAW_METHOD = "secrets.SystemRandom"


@contextmanager
def seeded_draws(seed: int) -> Iterator[None]:
    """Draw seats from `random.Random(seed)` inside the block, so that a simulation or a benchmark
    given a seed replays the same night. Never used at the desk: real draws stay on the system's
    secure source."""
    global RANDOM
    saved = RANDOM
    RANDOM = random.Random(seed)
    try:
        yield
    finally:
        RANDOM = saved


def _actor_name(actor: Any) -> str:
    if actor is None:
        return "system"
    getter = getattr(actor, "get_username", None)
    return getter() if getter else str(actor)


def _locked_tables(event: Event) -> list[Table]:
    """The event's tables, locked (the event first), in breaking order (first to break first)."""
    event_lock(event)
    tables = list(Table.objects.select_for_update().filter(event=event).order_by("break_order", "number"))
    return tables


def _seated_counts(event: Event) -> dict[int, int]:
    """Players seated at each of the event's tables, by table id (one query)."""
    rows = (
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False)
        .values("table_id")
        .annotate(n=Count("id"))
    )
    return {row["table_id"]: row["n"] for row in rows}


def _occupied(event: Event, table_ids: Iterable[int] | None = None) -> dict[int, set[int]]:
    """Occupied seat numbers per table id (one query).

    Given the tables (the event's own), the seats are read through the seat index of
    those tables only: whoever sits at a table of the event is an entry of the event.
    """
    if table_ids is not None:
        qs = Entry.objects.filter(table_id__in=list(table_ids))
    else:
        qs = Entry.objects.filter(event=event, table__isnull=False)
    taken: dict[int, set[int]] = {}
    for table_id, seat in qs.values_list("table_id", "seat"):
        taken.setdefault(table_id, set()).add(seat)
    return taken


def tables_assign(*, event: Event, numbers: Sequence[int], actor: Any) -> list[Table]:
    """Attach venue tables (by number) to the event and set their breaking order.

    The given tables break in the reverse of the given order (so `[1, 2, 3]` breaks 3
    first); tables the event already had keep their relative order and break after
    the newly added ones. A table serving another event that still has players there
    is refused.
    """
    numbers = list(dict.fromkeys(int(n) for n in numbers))
    if not numbers:
        raise SeatingError(_("Choose at least one table."))
    with transaction.atomic():
        # The event lock orders this with every other seating change of the event.
        event_lock(event)
        venue_id = event.festival.venue_id
        found = {t.number: t for t in Table.objects.select_for_update().filter(venue_id=venue_id, number__in=numbers)}
        missing = [n for n in numbers if n not in found]
        if missing:
            raise SeatingError(
                _("The venue has no table %(numbers)s.") % {"numbers": ", ".join(str(n) for n in missing)}
            )
        busy = (
            Entry.objects.filter(table__in=found.values(), status=Entry.Status.ALIVE)
            .exclude(event=event)
            .values_list("table__number", flat=True)
            .distinct()
        )
        busy = sorted(set(busy))
        if busy:
            raise SeatingError(
                _("Table %(numbers)s still has players of another event.")
                % {"numbers": ", ".join(str(n) for n in busy)}
            )
        existing = [
            t for t in Table.objects.select_for_update().filter(event=event).order_by("break_order", "number")
            if t.number not in found
        ]
        before = {t.number: t.event_id for t in found.values()}
        chosen = [found[n] for n in numbers]
        for order, table in enumerate(reversed(chosen), start=1):
            table.event = event
            table.break_order = order
        for order, table in enumerate(existing, start=len(chosen) + 1):
            table.break_order = order
        Table.objects.bulk_update(chosen + existing, ["event", "break_order"])
        audit_record(
            actor=actor,
            action="tables.assign",
            event=event,
            objects=chosen,
            before={"events": before},
            after={"break_order": {t.number: t.break_order for t in chosen + existing}},
            summary=(gettext_lazy("Tables %(numbers)s assigned"), {"numbers": ", ".join(str(n) for n in numbers)}),
        )
    return chosen


def tables_release(*, event: Event, numbers: Sequence[int], actor: Any) -> list[Table]:
    """Give tables of the event back to the venue: one ticked by mistake, or not needed after all.

    Refused for a table that is not the event's and for one where players of the event sit (break it
    instead, which moves them). The tables left keep their breaking order, renumbered from 1. Assigning
    the table again undoes it.
    """
    numbers = list(dict.fromkeys(int(n) for n in numbers))
    if not numbers:
        raise SeatingError(_("Choose at least one table."))
    with transaction.atomic():
        tables = {t.number: t for t in _locked_tables(event)}
        foreign = [n for n in numbers if n not in tables]
        if foreign:
            raise SeatingError(_("Table %(numbers)s is not one of this event's tables.")
                               % {"numbers": ", ".join(str(n) for n in foreign)})
        released = [tables[n] for n in numbers]
        seated = sorted(set(Entry.objects.filter(event=event, table__in=released)
                            .values_list("table__number", flat=True)))
        if seated:
            raise SeatingError(_("Players sit at table %(numbers)s: break the table to move them first.")
                               % {"numbers": ", ".join(str(n) for n in seated)})
        before = {n: t.break_order for n, t in tables.items()}
        Table.objects.filter(pk__in=[t.pk for t in released]).update(event=None, break_order=None)
        rest = [t for n, t in tables.items() if n not in numbers]
        for order, table in enumerate(rest, start=1):
            table.break_order = order
        Table.objects.bulk_update(rest, ["break_order"])
        for table in released:
            table.event, table.break_order = None, None
        audit_record(
            actor=actor, action="tables.release", event=event, objects=released,
            before={"break_order": before}, after={"break_order": {t.number: t.break_order for t in rest}},
            summary=(gettext_lazy("Tables %(numbers)s given back to the venue"),
                     {"numbers": ", ".join(str(n) for n in numbers)}),
        )
    return released


def tables_break_order_set(*, event: Event, numbers: Sequence[int], actor: Any) -> list[Table]:
    """Set the breaking order of the event's tables: `numbers` lists them, first to break first."""
    numbers = [int(n) for n in numbers]
    with transaction.atomic():
        tables = {t.number: t for t in _locked_tables(event)}
        if sorted(numbers) != sorted(tables) or len(set(numbers)) != len(numbers):
            raise SeatingError(_("List every table of the event exactly once."))
        before = {n: t.break_order for n, t in tables.items()}
        ordered = [tables[n] for n in numbers]
        for order, table in enumerate(ordered, start=1):
            table.break_order = order
        Table.objects.bulk_update(ordered, ["break_order"])
        audit_record(
            actor=actor, action="tables.break_order", event=event, objects=ordered,
            before={"break_order": before}, after={"break_order": {t.number: t.break_order for t in ordered}},
            summary=(gettext_lazy("Breaking order set: %(numbers)s"), {"numbers": ", ".join(str(n) for n in numbers)}),
        )
    return ordered


def _draw_into(
    *,
    event: Event,
    entries: list[Entry],
    tables: Sequence[Table | TableRow],
    counts: dict[int, int],
    taken: dict[int, set[int]] | None = None,
) -> list[tuple[Entry, Any, int]]:
    """Spread `entries` at random over the open seats of `tables`, evening out the counts.

    `tables` are in the order in which they should fill first. Returns (entry, table,
    seat) triples; nothing is written.
    """
    capacities = [table_capacity(table=t, event=event) for t in tables]
    current = [counts.get(t.pk, 0) for t in tables]
    additions = balancing.spread(capacities=capacities, counts=current, players=len(entries))
    if taken is None:
        # Read the occupied seats of the receiving tables only, not of the whole field.
        taken = _occupied(event, [t.pk for t, add in zip(tables, additions, strict=True) if add])
    slots: list[tuple[Any, int]] = []
    for table, capacity, add in zip(tables, capacities, additions, strict=True):
        if not add:
            continue
        free = [s for s in range(1, capacity + 1) if s not in taken.get(table.pk, ())]
        slots.extend((table, seat) for seat in RANDOM.sample(free, add))
    shuffled = list(entries)
    RANDOM.shuffle(shuffled)
    return [(entry, table, seat) for entry, (table, seat) in zip(shuffled, slots, strict=True)]


def _write_seats(placed: Sequence[tuple[Entry, Table | TableRow, int]]) -> list[Entry]:
    """Write the drawn seats with one query, whatever the number of entries.

    `bulk_update` builds a CASE expression per row, which costs seconds of Python for
    a field of thousands. SQLite runs one prepared UPDATE for every row (`executemany`,
    in-process and fast); PostgreSQL gets a single UPDATE joined to unnested arrays.
    """
    changed = []
    params = []
    for entry, table, seat in placed:
        if isinstance(table, Table):
            entry.table = table
        else:
            entry.table_id = table.pk  # a plain row: the entry's cached table (if any) is dropped
        entry.seat = seat
        changed.append(entry)
        params.append((table.pk, seat, entry.pk))
    if not params:
        return changed
    qn = connection.ops.quote_name
    meta = Entry._meta
    table, col_table = qn(meta.db_table), qn(meta.get_field("table").column)
    col_seat, col_pk = qn(meta.get_field("seat").column), qn(meta.pk.column)
    try:
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                # One statement for the whole draw: PostgreSQL pays a round trip per executemany row.
                cursor.execute(
                    f"UPDATE {table} SET {col_table} = v.t, {col_seat} = v.s "
                    f"FROM unnest(%s::bigint[], %s::smallint[], %s::bigint[]) AS v(t, s, id) "
                    f"WHERE {table}.{col_pk} = v.id",
                    [list(column) for column in zip(*params, strict=True)],
                )
            else:
                cursor.executemany(
                    f"UPDATE {table} SET {col_table} = %s, {col_seat} = %s WHERE {col_pk} = %s", params
                )
    except IntegrityError:
        raise SeatingError(_("Someone else changed the seats at the same moment; try again."))
    return changed


def _record_draw(*, event: Event, kind: str, actor: Any, tables: Sequence[Table | TableRow],
                 placed: Sequence[tuple[Entry, Table | TableRow, int]], moves: Sequence[Move] = ()) -> SeatDraw:
    numbers = {e.pk: e.number for e, _t, _s in placed}
    return SeatDraw.objects.create(
        event=event,
        kind=kind,
        method=DRAW_METHOD,
        actor_name=_actor_name(actor)[:150],
        tables=[t.number for t in tables],
        assignments=sorted(
            ([e.pk, e.number, t.number, s] for e, t, s in placed), key=lambda row: (row[2], row[3])
        ),
        # Where each player of a broken table goes, in the order the floor calls them (from seat 1 up).
        moves=sorted(([m.entry_id, numbers[m.entry_id], m.from_table, m.from_seat, m.to_table, m.to_seat]
                      for m in moves), key=lambda row: row[3]),
    )


def seats_draw_initial(*, event: Event, actor: Any) -> SeatDraw:
    """Seat every alive, unseated entry at random, evenly over the fewest tables needed.

    Tables fill from the one that breaks last; players already seated stay where they
    are and count towards the spread.
    """
    with transaction.atomic():
        tables = _locked_tables(event)
        if not tables:
            raise SeatingError(_("Assign tables to the event before drawing seats."))
        entries = list(
            Entry.objects.select_for_update()
            .filter(event=event, status=Entry.Status.ALIVE, table__isnull=True)
            .only("id", "number", "table", "seat")
        )
        if not entries:
            raise SeatingError(_("Every player is already seated."))
        counts = _seated_counts(event)
        seated = sum(counts.values())
        fill_first = list(reversed(tables))
        used: list[Table] = []
        capacity = 0
        for table in fill_first:
            if capacity >= seated + len(entries) and not counts.get(table.pk):
                continue
            used.append(table)
            capacity += table_capacity(table=table, event=event)
        if capacity < seated + len(entries):
            raise SeatingError(
                _("Not enough seats: %(players)s for %(seats)s; assign more tables.")
                % {"players": plurals.players(seated + len(entries)), "seats": plurals.seats(capacity)}
            )
        taken = _occupied(event) if seated else {}
        placed = _draw_into(event=event, entries=entries, tables=used, counts=counts, taken=taken)
        _write_seats(placed)
        draw = _record_draw(event=event, kind=SeatDraw.Kind.INITIAL, actor=actor, tables=used, placed=placed)
        audit_record(
            actor=actor,
            action="seats.draw",
            event=event,
            objects=[draw],
            after={"draw": draw.pk, "seated": len(placed), "tables": [t.number for t in used]},
            summary=(gettext_lazy("Seat draw: %(players)s at %(tables)s"),
                     {"players": plurals.players_message(len(placed)), "tables": plurals.tables_message(len(used))}),
        )
    return draw


def entry_seat_random(*, entry: Entry, actor: Any = None, event_locked: bool = False) -> Entry:
    """Seat one entry at a random open seat among the event's tables with the fewest players.

    Runs inside the caller's transaction (entry registration audits it). The event's
    row is locked first (`event_locked`: the caller already holds that lock), so two
    staff members seating at once wait for each other and cannot pick the same seat;
    the one-entry-per-seat constraint is the last guard.
    """
    if entry.status != Entry.Status.ALIVE:
        raise SeatingError(_("A busted entry cannot be seated."))
    if entry.table_id is not None:
        raise SeatingError(_("This entry is already seated."))
    event = entry.event
    with transaction.atomic():
        if not event_locked:
            event_lock(event)
        # Called with the event locked: the counts cannot change under us.
        rows = table_rows(event=event)
        open_rows = [r for r in rows if r.players < table_capacity(table=r, event=event)]
        fewest = min((r.players for r in open_rows if r.players), default=None)
        chosen: TableRow | None
        if fewest is not None:
            chosen = RANDOM.choice([r for r in open_rows if r.players == fewest])
        else:
            # Every table in play is full: open the empty table that breaks last.
            chosen = open_rows[-1] if open_rows else None
            # Lock it, so another event cannot take it over at the same moment (tables_assign
            # locks the table too, then finds this player there).
            if chosen is not None and not list(
                Table.objects.select_for_update().filter(pk=chosen.pk, event=event).values_list("pk", flat=True)
            ):
                raise SeatingError(_("The tables changed meanwhile; try again."))
        if chosen is None:
            if not rows:
                raise SeatingError(_("No open seat: assign tables to the event."))
            raise SeatingError(_("No open seat: assign more tables."))
        taken = _occupied(event, [chosen.pk]).get(chosen.pk, set())
        free = [s for s in range(1, table_capacity(table=chosen, event=event) + 1) if s not in taken]
        seat = RANDOM.choice(free)
        table = chosen
        updated = Entry.objects.filter(pk=entry.pk, table__isnull=True, status=Entry.Status.ALIVE).update(
            table_id=table.pk, seat=seat
        )
        if updated != 1:
            raise SeatingError(_("This entry changed meanwhile; reload and try again."))
        entry.table = table.as_table(event)
        entry.seat = seat
    return entry


def _move_from(data: Move | dict[str, Any]) -> Move:
    if isinstance(data, Move):
        return data
    return Move(
        entry_id=int(data["entry_id"]), from_table=int(data["from_table"]), from_seat=int(data["from_seat"]),
        to_table=int(data["to_table"]), to_seat=int(data["to_seat"]),
        waits_for_button=bool(data.get("waits_for_button", False)),
    )


def _apply_moves(*, event: Event, tables: list[Table], moves: list[Move]) -> list[Entry]:
    """Check the moves against the locked state and write them; refuse stale ones.

    A move is stale when its player is no longer alive at the seat it names, or when
    its target seat is taken (moves are checked in order, so a seat emptied by an
    earlier move may be used by a later one).
    """
    by_number = {t.number: t for t in tables}
    entries = {
        e.pk: e
        # The player's name goes into the audit record; lock only the entries.
        for e in Entry.objects.select_for_update(of=("self",)).select_related("player")
        .filter(event=event, pk__in=[m.entry_id for m in moves])
    }
    targets = {m.to_table for m in moves}
    for number in targets | {m.from_table for m in moves}:
        if number not in by_number:
            raise SeatingError(_("Table %(number)s does not serve this event.") % {"number": number})
    occupancy: dict[int, set[int]] = {
        by_number[n].pk: set() for n in targets
    }
    for table_id, seats in _occupied(event, occupancy.keys()).items():
        occupancy[table_id] = seats
    moved: list[Entry] = []
    seen: set[int] = set()
    for move in moves:
        entry = entries.get(move.entry_id)
        source, target = by_number[move.from_table], by_number[move.to_table]
        if (
            entry is None or move.entry_id in seen or entry.status != Entry.Status.ALIVE
            or entry.table_id != source.pk or entry.seat != move.from_seat
        ):
            raise SeatingError(
                _("Table %(table)s seat %(seat)s: that player is no longer there; reload the moves.")
                % {"table": move.from_table, "seat": move.from_seat}
            )
        if not 1 <= move.to_seat <= table_capacity(table=target, event=event):
            raise SeatingError(_("Table %(table)s has no seat %(seat)s.") % {"table": target.number,
                                                                             "seat": move.to_seat})
        if source.pk in occupancy:
            occupancy[source.pk].discard(move.from_seat)
        if move.to_seat in occupancy[target.pk]:
            raise SeatingError(
                _("Table %(table)s seat %(seat)s is taken; reload the moves.")
                % {"table": target.number, "seat": move.to_seat}
            )
        occupancy[target.pk].add(move.to_seat)
        seen.add(entry.pk)
        entry.table = target
        entry.seat = move.to_seat
        moved.append(entry)
    if moved:
        # Empty the old seats first: the one-entry-per-seat constraint is checked per statement.
        Entry.objects.filter(pk__in=[e.pk for e in moved]).update(table=None, seat=None)
        _write_seats([(e, e.table, e.seat) for e in moved])
    return moved


def _moves_json(moves: list[Move]) -> list[list[int]]:
    return [[m.entry_id or 0, m.from_table, m.from_seat, m.to_table, m.to_seat] for m in moves]


def balance_moves_apply(*, event: Event, moves: Sequence[Move | dict[str, Any]], actor: Any) -> list[Entry]:
    """Make the confirmed balancing moves, all or none, refusing stale ones."""
    plan = [_move_from(m) for m in moves]
    if not plan:
        raise SeatingError(_("There are no moves to make."))
    with transaction.atomic():
        event_lock(event)
        named = {m.from_table for m in plan} | {m.to_table for m in plan}
        tables = list(Table.objects.select_for_update().filter(event=event, number__in=named))
        moved = _apply_moves(event=event, tables=tables, moves=plan)
        audit_record(
            actor=actor,
            action="tables.balance",
            event=event,
            objects=moved,
            before={"moves": _moves_json(plan)},
            after={"seats": [[e.pk, e.table.number, e.seat] for e in moved]},
            summary=(gettext_lazy("Balancing: %(moves)s"), {"moves": [
                (gettext_lazy("T%(a)s s%(b)s to T%(c)s s%(d)s"),
                 {"a": m.from_table, "b": m.from_seat, "c": m.to_table, "d": m.to_seat})
                for m in plan
            ]}),
        )
    return moved


def entry_move(*, event: Event, from_table: int, from_seat: int, to_table: int, to_seat: int,
               actor: Any) -> Entry:
    """Move one player to a seat the floor chooses: a correction (the player sat elsewhere, a move
    made by mistake taken back) or a seat change the floor allows. Checked like a balancing move."""
    if (from_table, from_seat) == (to_table, to_seat):
        raise SeatingError(_("That is the seat the player already has."))
    with transaction.atomic():
        event_lock(event)
        tables = list(Table.objects.select_for_update().filter(event=event, number__in={from_table, to_table}))
        entry_id = (Entry.objects.filter(table__event=event, table__number=from_table, seat=from_seat,
                                         status=Entry.Status.ALIVE).values_list("pk", flat=True).first())
        if entry_id is None:
            raise SeatingError(_("Table %(table)s, seat %(seat)s: nobody is sitting there.")
                               % {"table": from_table, "seat": from_seat})
        moved = _apply_moves(event=event, tables=tables,
                             moves=[Move(entry_id, from_table, from_seat, to_table, to_seat)])[0]
        audit_record(
            actor=actor, action="seat.move", event=event, objects=[moved],
            before={"table": from_table, "seat": from_seat}, after={"table": to_table, "seat": to_seat},
            summary=(gettext_lazy("%(name)s moved from table %(a)s seat %(b)s to table %(c)s seat %(d)s"),
                     {"name": moved.player.name, "a": from_table, "b": from_seat, "c": to_table, "d": to_seat}),
        )
    return moved


def table_break(*, event: Event, table_number: int, actor: Any) -> list[Move]:
    """Break the next table in breaking order; its players are drawn at random into open seats.

    The broken table's players go to the tables with the fewest players first, so the
    field stays balanced; the table is released from the event afterwards.
    """
    with transaction.atomic():
        event_lock(event)
        # One row per table with its count: no model instances, whatever the number of tables.
        in_play = [r for r in table_rows(event=event) if r.players]
        breaking = next((r for r in in_play if r.number == int(table_number)), None)
        if breaking is None:
            raise SeatingError(_("Table %(number)s has no players of this event.") % {"number": table_number})
        if in_play[0].pk != breaking.pk:
            raise SeatingError(
                _("Table %(next)s breaks before table %(number)s; change the breaking order first.")
                % {"next": in_play[0].number, "number": breaking.number}
            )
        rest = [r for r in reversed(in_play) if r.pk != breaking.pk]
        if not rest:
            raise SeatingError(_("The last table in play cannot break."))
        players = list(
            Entry.objects.select_for_update()
            .filter(table_id=breaking.pk, status=Entry.Status.ALIVE)
            .only("id", "number", "table", "seat")
        )
        room = sum(table_capacity(table=r, event=event) - r.players for r in rest)
        if room < len(players):
            raise SeatingError(
                _("The other tables have %(room)s for %(players)s.")
                % {"room": plurals.open_seats(room), "players": plurals.players(len(players))}
            )
        old = {e.pk: e.seat for e in players}
        placed = _draw_into(event=event, entries=players, tables=rest, counts={r.pk: r.players for r in rest})
        moves = [Move(e.pk, breaking.number, old[e.pk], t.number, s) for e, t, s in placed]
        Entry.objects.filter(pk__in=list(old)).update(table=None, seat=None)
        _write_seats(placed)
        draw = _record_draw(event=event, kind=SeatDraw.Kind.BREAK, actor=actor, tables=rest, placed=placed,
                            moves=moves)
        Table.objects.filter(pk=breaking.pk).update(event=None, break_order=None)
        broken = breaking.as_table()
        audit_record(
            actor=actor,
            action="tables.break",
            event=event,
            objects=[broken, draw],
            before={"table": breaking.number, "seats": {e.pk: old[e.pk] for e in players}},
            after={"moves": _moves_json(moves), "draw": draw.pk},
            summary=(ngettext_lazy("Table %(number)s broken: %(players)s player moved",
                                   "Table %(number)s broken: %(players)s players moved", "players"),
                     {"number": breaking.number, "players": len(players)}),
        )
    return moves


def final_table_draw(*, event: Event, actor: Any, table_number: int | None = None) -> SeatDraw:
    """Draw every remaining player afresh onto one table (the one that breaks last, unless named)."""
    with transaction.atomic():
        tables = _locked_tables(event)
        if not tables:
            raise SeatingError(_("Assign tables to the event before drawing seats."))
        final: Table | None
        if table_number is None:
            counts = _seated_counts(event)
            in_play = [t for t in tables if counts.get(t.pk)] or tables
            final = in_play[-1]
        else:
            final = next((t for t in tables if t.number == int(table_number)), None)
            if final is None:
                raise SeatingError(_("Table %(number)s does not serve this event.") % {"number": table_number})
        players = list(
            Entry.objects.select_for_update()
            .filter(event=event, status=Entry.Status.ALIVE)
            .only("id", "number", "table", "seat")
        )
        capacity = table_capacity(table=final, event=event)
        if not players:
            raise SeatingError(_("No player is left to seat."))
        if len(players) > capacity:
            raise SeatingError(
                _("%(players)s players do not fit at one table of %(seats)s seats.")
                % {"players": len(players), "seats": capacity}
            )
        before = {e.pk: [e.table_id, e.seat] for e in players}
        Entry.objects.filter(pk__in=list(before)).update(table=None, seat=None)
        placed = _draw_into(event=event, entries=players, tables=[final], counts={}, taken={})
        _write_seats(placed)
        draw = _record_draw(event=event, kind=SeatDraw.Kind.FINAL, actor=actor, tables=[final], placed=placed)
        released = [t for t in tables if t.pk != final.pk]
        for t in released:
            t.event = None
            t.break_order = None
        if released:
            Table.objects.bulk_update(released, ["event", "break_order"])
        audit_record(
            actor=actor,
            action="tables.final",
            event=event,
            objects=[final, draw],
            before={"seats": before},
            after={"draw": draw.pk, "table": final.number, "released": [t.number for t in released]},
            summary=(ngettext_lazy("Final table draw at table %(number)s: %(players)s player",
                                   "Final table draw at table %(number)s: %(players)s players", "players"),
                     {"number": final.number, "players": len(players)}),
        )
    return draw
