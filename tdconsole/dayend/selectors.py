"""Reads of the end of the day: the day's plan for the clock, a table's seats, the checks, the leaderboard."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, Sum

from tdconsole.clock.selectors import attach_chips, clock_reading, event_chips
from tdconsole.clock.stops import DayPlan
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import event_tables

from .models import BagCount, DayEnd

# A count more than this many times the average stack is flagged for a recount.
OUTLIER_TIMES = 5


def day_plan_of(event_id: int) -> DayPlan | None:
    """The clock's view of the event's day (one query): None once the next day has started."""
    row = (DayEnd.objects.filter(event_id=event_id, next_started_at__isnull=True).order_by()
           .values_list("name", "last_level", "stop_at").first())
    return DayPlan(name=row[0], last_level=row[1], at=row[2]) if row else None


def day_plans_of(event_ids: list[int]) -> dict[int, DayPlan]:
    """The clock's view of several events' days, by event id (one query)."""
    rows = (DayEnd.objects.filter(event_id__in=event_ids, next_started_at__isnull=True).order_by()
            .values_list("event_id", "name", "last_level", "stop_at"))
    return {event_id: DayPlan(name=name, last_level=level, at=at) for event_id, name, level, at in rows}


def smallest_chip_in_play(*, event: Event) -> int | None:
    """The smallest chip on the tables at the clock's level (colour-ups done), None without a chip set."""
    chips = event_chips(event=event)
    if not chips:
        return None
    levels, reading = clock_reading(event=event)
    attach_chips(levels, chips)
    if not levels:
        return chips[0][0]
    index = reading.index if reading.index is not None else 0
    on_tables = levels[index].chips
    return on_tables[0][0] if on_tables else None


def count_day(*, event: Event) -> DayEnd | None:
    """The day whose bags are counted: the open day, else the last one closed."""
    return DayEnd.objects.filter(event=event).order_by(F("next_started_at").desc(nulls_first=True), "-id").first()


@dataclass
class CountRow:
    entry: Entry
    bag: BagCount | None
    outlier: bool = False

    @property
    def missing(self) -> bool:
        return self.bag is None


def count_rows(*, event: Event, day: DayEnd | None, table: int | None) -> list[CountRow]:
    """The seated entries in play (of one table, or all), by table and seat, each with its bag count
    of `day` (two queries)."""
    entries = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).select_related("player", "table")
    if table is not None:
        entries = entries.filter(table__number=table, table__event=event)
    entries = list(entries.order_by("table__number", "seat", "number"))
    bags = {b.entry_id: b for b in BagCount.objects.filter(day=day, entry__in=entries)} if day else {}
    return [CountRow(entry=e, bag=bags.get(e.pk)) for e in entries]


# A day's counts stay on its leaderboard once the merge took its players through to Day 2 (bagged).
COUNTED_STATUSES = (Entry.Status.ALIVE, Entry.Status.BAGGED)


def count_checks(*, event: Event, day: DayEnd | None, in_play: int) -> dict:
    """The checks as counts arrive, over the whole event (the flight): the total counted against the
    chips in play, the counts missing, and the outliers (more than OUTLIER_TIMES the average stack).

    Once the merge has taken a flight's players through to Day 2 (bagged), they still count as its players."""
    alive = Entry.objects.filter(event=event, status__in=COUNTED_STATUSES)
    row = alive.aggregate(n=Count("id"))
    players = row["n"] or 0
    bags = BagCount.objects.filter(day=day, entry__status__in=COUNTED_STATUSES, entry__event=event) if day else None
    agg = bags.aggregate(n=Count("id"), total=Sum("chips")) if bags is not None else {"n": 0, "total": 0}
    counted, total = agg["n"] or 0, agg["total"] or 0
    average = in_play // players if players else 0
    limit = average * OUTLIER_TIMES
    outliers = list(bags.filter(chips__gt=limit).select_related("entry__player", "entry__table")
                    .order_by("-chips")) if bags is not None and average else []
    return {"players": players, "counted": counted, "missing": players - counted, "total": total,
            "in_play": in_play, "difference": total - in_play, "average": average, "outlier_limit": limit,
            "outliers": outliers, "complete": players > 0 and counted == players}


def outlier_limit(*, in_play: int, players: int) -> int:
    return (in_play // players) * OUTLIER_TIMES if players else 0


def _ranked(rows: list[tuple[Entry, int]]) -> list[dict]:
    """Rank (entry, chips) pairs already sorted largest first; ties share a rank."""
    out, rank, previous = [], 0, None
    for i, (entry, chips) in enumerate(rows, start=1):
        if chips != previous:
            rank, previous = i, chips
        out.append({"rank": rank, "name": entry.player.name, "number": entry.number,
                    "table": entry.table.number if entry.table_id else None, "seat": entry.seat, "chips": chips})
    return out


def leaderboard(*, event: Event, day: DayEnd | None) -> list[dict]:
    """The chip-count leaderboard of the day: every entry counted, largest first, with rank, table and seat
    (one query; ties share a rank). A main event played in flights, with no day of its own yet, ranks
    its Day 2 entries by the stacks they brought from the flights."""
    if day is None:
        if not event.has_flights:
            return []
        entries = (Entry.objects.filter(event=event, status=Entry.Status.ALIVE, chips__isnull=False)
                   .select_related("player", "table").order_by("-chips", "number"))
        return _ranked([(e, e.chips) for e in entries])
    bags = (BagCount.objects.filter(day=day, entry__status__in=COUNTED_STATUSES, entry__event=event)
            .select_related("entry__player", "entry__table").order_by("-chips", "entry__number"))
    return _ranked([(bag.entry, bag.chips) for bag in bags])


def table_numbers(*, event: Event) -> list[dict]:
    """The event's tables with players in play, and how many of them are counted for `day`."""
    return [t for t in event_tables(event=event) if t["players"]]


def count_row(*, event: Event, day: DayEnd | None, entry_id: int) -> CountRow | None:
    """One entry's row of the counts page (busted or not: a refused count is shown where it was typed)."""
    entry = Entry.objects.filter(event=event, pk=entry_id).select_related("player", "table").first()
    if entry is None:
        return None
    bag = BagCount.objects.filter(day=day, entry=entry).first() if day else None
    return CountRow(entry=entry, bag=bag)


def counted_per_table(*, event: Event, day: DayEnd | None) -> dict[int, int]:
    """How many entries in play are counted for `day`, per table number (one query)."""
    if day is None:
        return {}
    rows = (BagCount.objects.filter(day=day, entry__status=Entry.Status.ALIVE, entry__table__isnull=False)
            .values_list("entry__table__number").annotate(n=Count("id")))
    return dict(rows)
