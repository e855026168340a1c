"""Reads of the Day 2 page: the flights, who advances with which stack, what is missing before the merge."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Exists, OuterRef, Q, Sum

from tdconsole.tournaments.flights import FlightRow, advancing_stack, flights_of
from tdconsole.tournaments.models import ChipCount, Entry, Event

from .models import Advance, Day2Settings


@dataclass(frozen=True)
class AdvanceRow:
    """One advancing player, before the merge (a preview) or after it (from the record)."""

    name: str
    stack: int
    bags: list[dict]
    number: int | None = None  # the Day 2 entry number, once merged
    table: int | None = None
    seat: int | None = None

    @property
    def forfeited(self) -> list[dict]:
        return [bag for bag in self.bags if not bag["kept"]]


@dataclass
class Day2View:
    event: Event
    flights: list[FlightRow]
    merged: bool
    rows: list[AdvanceRow]
    uncounted: int = 0  # players still in with no bag count (the merge waits for them)
    seated: int = 0
    chips: int = 0
    forfeited_chips: int = 0
    open_flights: list[str] = field(default_factory=list)


def day2_view(*, event: Event) -> Day2View:
    """What the Day 2 page shows, in a fixed number of queries whatever the field."""
    flights = flights_of(event=event)
    open_flights = [row.flight.name for row in flights if row.flight.registration_closed_at is None]
    advances = list(Advance.objects.filter(event=event).select_related("player", "entry__table"))
    if advances:
        rows = [AdvanceRow(name=a.player.name, stack=a.stack, bags=a.bags, number=a.entry.number,
                           table=a.entry.table.number if a.entry.table_id else None, seat=a.entry.seat)
                for a in advances]
        rows.sort(key=lambda r: (-r.stack, r.name.casefold()))
    else:
        counted = ChipCount.objects.filter(entry_id=OuterRef("pk"))
        entries = list(Entry.objects.filter(event__parent=event, status=Entry.Status.ALIVE)
                       .select_related("player", "event").annotate(counted=Exists(counted))
                       .order_by("event__date", "event_id", "number"))
        by_player: dict[int, list[Entry]] = {}
        for entry in entries:
            by_player.setdefault(entry.player_id, []).append(entry)
        rows = []
        for player_id, mine in by_player.items():
            plan = advancing_stack(player_id=player_id, bags=[e.chips or 0 for e in mine], rule=event.advance_rule)
            keep = (None if event.advance_rule == Event.AdvanceRule.CUMULATIVE
                    else next(e.pk for e in mine if (e.chips or 0) == plan.stack))
            rows.append(AdvanceRow(name=mine[0].player.name, stack=plan.stack, bags=[
                {"entry": e.pk, "number": e.number, "flight": e.event.name, "chips": e.chips,
                 "kept": keep is None or e.pk == keep, "counted": e.counted} for e in mine]))
        rows.sort(key=lambda r: (-r.stack, r.name.casefold()))
        uncounted = sum(1 for r in rows for bag in r.bags if not bag["counted"])
        return Day2View(event=event, flights=flights, merged=False, rows=rows, uncounted=uncounted,
                        chips=sum(r.stack for r in rows),
                        forfeited_chips=sum(bag["chips"] or 0 for r in rows for bag in r.forfeited),
                        open_flights=open_flights)
    return Day2View(event=event, flights=flights, merged=True, rows=rows,
                    seated=sum(1 for r in rows if r.table is not None), chips=sum(r.stack for r in rows),
                    forfeited_chips=sum(bag["chips"] or 0 for r in rows for bag in r.forfeited),
                    open_flights=open_flights)


@dataclass(frozen=True)
class SeatRow:
    name: str
    number: int
    table: int
    seat: int


def day2_seat_list(*, event: Event) -> tuple[list[SeatRow], list[SeatRow]]:
    """Day 2's seated players, sorted by name and sorted by table and seat (one query)."""
    rows = [SeatRow(name=name, number=number, table=table, seat=seat) for name, number, table, seat in
            Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False)
            .values_list("player__name", "number", "table__number", "seat")]
    by_name = sorted(rows, key=lambda r: (r.name.casefold(), r.number))
    by_table = sorted(rows, key=lambda r: (r.table, r.seat))
    return by_name, by_table


def day2_chips_brought(*, event: Event) -> int | None:
    """The chips a merged main event's Day 2 started with: every advancing stack (under best stack the
    forfeited bags are out of play) and each late entry's Day 2 stack. None before the merge (and for an
    event without flights). Two queries; what the cash desk sells on Day 2 comes on top (its own tally).

    Each late entry counts at the stack it was given (`LateEntry`), whatever the Day 2 page says since."""
    if not event.has_flights:
        return None
    row = Entry.objects.filter(event=event).aggregate(
        advanced=Count("id", filter=Q(carried=True)), brought=Sum("advance__stack", filter=Q(carried=True)),
        late=Sum("day2_late__stack", filter=Q(carried=False)),
        unrecorded=Count("id", filter=Q(carried=False, day2_late__isnull=True)),
    )
    if not row["advanced"]:
        return None
    total = int(row["brought"] or 0) + int(row["late"] or 0)
    if row["unrecorded"]:  # an entry the main event took without the Day 2 app's record: today's stack
        late_stack = (Day2Settings.objects.filter(event=event).values_list("late_stack", flat=True).first()
                      or event.starting_stack)
        total += row["unrecorded"] * late_stack
    return total


def day2_chips_in_play(*, event: Event) -> int | None:
    """A merged main event's chips in play: the chips brought (`day2_chips_brought`) and what the cash desk
    sold on the main event itself since (its own tally; the flights' sales are inside the bags)."""
    from tdconsole.cashier.selectors import extra_chips

    brought = day2_chips_brought(event=event)
    return None if brought is None else brought + extra_chips(event=event)
