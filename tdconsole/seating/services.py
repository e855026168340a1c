"""Every write of the seating app: tables for an event, seat draws, balancing, breaking.

Each service is one transaction that locks the tables it works on (and the entries it
moves), records what it did with `audit_record`, and issues a constant number of
queries whatever the size of the field (entries are written with `bulk_update`).
Seats are drawn with `secrets.SystemRandom` (the operating system's random source),
and every draw is kept as a `SeatDraw` row.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record
from tdconsole.tournaments.models import Entry, Event

from . import balancing
from .exceptions import SeatingError
from .models import SeatDraw, Table

RANDOM = secrets.SystemRandom()
DRAW_METHOD = "secrets.SystemRandom"
BULK_BATCH = 500


def table_capacity(*, table: Table, event: Event) -> int:
    """Seats used at this table for this event: the table's seats, at most the event's seats per table."""
    return min(table.seats, event.seats_per_table)


def _actor_name(actor: Any) -> str:
    if actor is None:
        return "system"
    getter = getattr(actor, "get_username", None)
    return getter() if getter else str(actor)


def _locked_tables(event: Event) -> list[Table]:
    """The event's tables, locked, in breaking order (first to break first)."""
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
    """Occupied seat numbers per table id (one query)."""
    qs = Entry.objects.filter(event=event, table__isnull=False)
    if table_ids is not None:
        qs = qs.filter(table_id__in=list(table_ids))
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
            summary=_("Tables %(numbers)s assigned") % {"numbers": ", ".join(str(n) for n in numbers)},
        )
    return chosen


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
            summary=_("Breaking order set: %(numbers)s") % {"numbers": ", ".join(str(n) for n in numbers)},
        )
    return ordered


def _draw_into(
    *,
    event: Event,
    entries: list[Entry],
    tables: list[Table],
    counts: dict[int, int],
    taken: dict[int, set[int]],
) -> list[tuple[Entry, Table, int]]:
    """Spread `entries` at random over the open seats of `tables`, evening out the counts.

    `tables` are in the order in which they should fill first. Returns (entry, table,
    seat) triples; nothing is written.
    """
    capacities = [table_capacity(table=t, event=event) for t in tables]
    current = [counts.get(t.pk, 0) for t in tables]
    additions = balancing.spread(capacities=capacities, counts=current, players=len(entries))
    slots: list[tuple[Table, int]] = []
    for table, capacity, add in zip(tables, capacities, additions, strict=True):
        if not add:
            continue
        free = [s for s in range(1, capacity + 1) if s not in taken.get(table.pk, ())]
        slots.extend((table, seat) for seat in RANDOM.sample(free, add))
    shuffled = list(entries)
    RANDOM.shuffle(shuffled)
    return [(entry, table, seat) for entry, (table, seat) in zip(shuffled, slots, strict=True)]


def _write_seats(placed: list[tuple[Entry, Table, int]]) -> list[Entry]:
    changed = []
    for entry, table, seat in placed:
        entry.table = table
        entry.seat = seat
        changed.append(entry)
    try:
        Entry.objects.bulk_update(changed, ["table", "seat"], batch_size=BULK_BATCH)
    except IntegrityError:
        raise SeatingError(_("Someone else changed the seats at the same moment; try again."))
    return changed


def _record_draw(*, event: Event, kind: str, actor: Any, tables: list[Table],
                 placed: list[tuple[Entry, Table, int]]) -> SeatDraw:
    return SeatDraw.objects.create(
        event=event,
        kind=kind,
        method=DRAW_METHOD,
        actor_name=_actor_name(actor)[:150],
        tables=[t.number for t in tables],
        assignments=sorted(
            ([e.pk, e.number, t.number, s] for e, t, s in placed), key=lambda row: (row[2], row[3])
        ),
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
                _("Not enough seats: %(players)s players for %(seats)s seats; assign more tables.")
                % {"players": seated + len(entries), "seats": capacity}
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
            summary=_("Seat draw: %(players)s players at %(tables)s tables")
            % {"players": len(placed), "tables": len(used)},
        )
    return draw


def entry_seat_random(*, entry: Entry, actor: Any = None) -> Entry:
    """Seat one entry at a random open seat among the event's tables with the fewest players.

    Runs inside the caller's transaction (entry registration audits it). The event's
    tables are locked first, so two staff members seating at once wait for each other
    and cannot pick the same seat; the one-entry-per-seat constraint is the last guard.
    """
    if entry.status != Entry.Status.ALIVE:
        raise SeatingError(_("A busted entry cannot be seated."))
    if entry.table_id is not None:
        raise SeatingError(_("This entry is already seated."))
    event = entry.event
    with transaction.atomic():
        tables = _locked_tables(event)
        if not tables:
            raise SeatingError(_("No open seat: assign tables to the event."))
        counts = _seated_counts(event)
        open_tables = [t for t in tables if counts.get(t.pk, 0) < table_capacity(table=t, event=event)]
        if not open_tables:
            raise SeatingError(_("No open seat: assign more tables."))
        in_play = [t for t in open_tables if counts.get(t.pk, 0)]
        if in_play:
            fewest = min(counts[t.pk] for t in in_play)
            table = RANDOM.choice([t for t in in_play if counts[t.pk] == fewest])
        else:
            # Every table in play is full: open the empty table that breaks last.
            table = open_tables[-1]
        taken = _occupied(event, [table.pk]).get(table.pk, set())
        free = [s for s in range(1, table_capacity(table=table, event=event) + 1) if s not in taken]
        seat = RANDOM.choice(free)
        updated = Entry.objects.filter(pk=entry.pk, table__isnull=True, status=Entry.Status.ALIVE).update(
            table=table, seat=seat
        )
        if updated != 1:
            raise SeatingError(_("This entry changed meanwhile; reload and try again."))
        entry.table = table
        entry.seat = seat
    return entry
