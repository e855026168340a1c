"""Reads for the adjudicator opened from a table: the table as it stands, and the chips in play.

`smallest_chip_at` is pure (levels in, a number out); `table_prefill` reads the event in a fixed
number of queries however many players sit at the table or play the event. The smallest chip in play,
which decides how an odd chip splits, comes from the event's chip set when it has one (the chips left
after the colour-ups before the hand's level), and is inferred from the blinds otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from math import gcd
from typing import Any, Protocol

from django.db.models import Max
from django.utils.translation import gettext as _

from tdconsole.clock.selectors import clock_reading
from tdconsole.tournaments.models import ChipCount, Entry, Event, Level, Table
from tdconsole.tournaments.structure_edit import event_denominations
from tdconsole.tournaments.structures import smallest_chips


class _LevelLike(Protocol):
    position: int
    small_blind: int
    big_blind: int
    ante: int
    color_up: int | None

    @property
    def is_break(self) -> bool: ...


def smallest_chip_at(levels: Sequence[_LevelLike], position: int) -> int:
    """The smallest chip in play at the level at `position` of a structure.

    The chips on the table change only at a colour-up. Between two colour-ups (or from the start to the
    first, or from the last to the end) the same chips must pay every blind and ante of every level, so
    the smallest chip in play is the greatest common divisor of the small blinds, big blinds and antes of
    the levels in the stretch that holds `position`: 25/50 then 50/100 before the 25s leave is 25 at
    both levels; 100/200, 200/400, 300/600 after it is 100 at all three. It is never a chip coloured up
    at a break before that level: when the divisor is not above every chip coloured up, it is the
    smallest multiple of the divisor that is. A stretch without blinds gives 1.
    """
    colour_ups = sorted(lv.position for lv in levels if lv.is_break and lv.color_up)
    start = max((p for p in colour_ups if p < position), default=None)
    end = min((p for p in colour_ups if p >= position), default=None)
    divisor = 0
    for level in levels:
        if level.is_break or (start is not None and level.position <= start):
            continue
        if end is not None and level.position >= end:
            continue
        for amount in (level.small_blind, level.big_blind, level.ante):
            divisor = gcd(divisor, amount)
    if divisor == 0:
        return 1
    removed = [lv.color_up for lv in levels if lv.is_break and lv.position < position and lv.color_up]
    if removed and divisor <= max(removed):
        return divisor * (max(removed) // divisor + 1)
    return divisor


def smallest_chip_for(*, event: Event, levels: Sequence[Level], position: int) -> int:
    """The smallest chip in play at the level at `position` of the event's structure `levels`.

    With a chip set: its smallest chip still in play there (the colour-ups of the breaks before it
    removed the others); one query. Without one, or when the set has no chip left there: inferred from
    the blinds (`smallest_chip_at`), no query.
    """
    denominations = event_denominations(event)
    if denominations:
        rows = smallest_chips(levels, denominations)
        for level, chip in zip(levels, rows, strict=True):
            if level.position == position and chip is not None:
                return chip
    return smallest_chip_at(levels, position)


def blind_level_for(levels: Sequence[Level], position: int | None) -> Level | None:
    """The blind level a hand dealt at clock `position` was played at.

    Before the clock starts: the first level. On a break: the level before it (the disputed hand was
    dealt before the break), or the one after when the structure opens with a break.
    """
    blind = [lv for lv in levels if not lv.is_break]
    if not blind:
        return None
    if position is None:
        return blind[0]
    earlier = [lv for lv in blind if lv.position <= position]
    return earlier[-1] if earlier else blind[0]


class PrefillRefused(Exception):
    """The table cannot be set up from the event; `status` is the HTTP answer (404, 409)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return str(self.message)


@dataclass
class SeatRow:
    seat: int
    name: str
    entry_id: int
    entry_number: int
    stack: int
    counted: bool  # False: the entry was never counted, the stack is the starting stack


@dataclass
class TablePrefill:
    """A table of an event as it stands, and the level to deal it at."""

    event: Event
    table: Table
    seats: list[SeatRow]
    levels: list[Level]  # the structure's blind levels, for the level picker
    level: Level | None
    clock_level: Level | None  # the level the clock shows (the picked one may be earlier)
    smallest_chip: int
    last_counted_at: datetime | None
    extra: dict[str, Any] = field(default_factory=dict)

    def form_initial(self) -> dict[str, Any]:
        """Initial values of the table setup form."""
        initial: dict[str, Any] = {
            "seats": "\n".join(f"{r.seat} {r.name} {r.stack}" for r in self.seats),
            "button": self.table.button_seat,
            "ante_type": "bba" if self.event.ante_type == Event.AnteType.BIG_BLIND else "everyone",
            "smallest_chip": self.smallest_chip,
        }
        if self.level is not None:
            initial.update(small_blind=self.level.small_blind, big_blind=self.level.big_blind, ante=self.level.ante)
        return initial

    @property
    def table_entries(self) -> dict[str, int]:
        """Seat -> entry id, as `SavedAdjudication.table_entries` keeps it."""
        return {str(r.seat): r.entry_id for r in self.seats}


def event_by_slug(slug: str) -> Event:
    event = Event.objects.select_related("festival").filter(slug=slug).first() if slug else None
    if event is None:
        raise PrefillRefused(_("No event is called “%(slug)s”.") % {"slug": slug[:60]}, 404)
    return event


def table_prefill(*, event: Event, table_number: int, level_position: int | None = None) -> TablePrefill:
    """The table `table_number` of the event with its players, stacks and the level to deal at.

    `level_position` picks a blind level of the structure (a hand dealt before the level changed);
    by default the level on the clock. Six queries, whatever the size of the field (seven with a chip set).
    """
    table = Table.objects.filter(event=event, number=table_number).first()
    if table is None:
        raise PrefillRefused(_("Table %(number)s does not serve %(event)s.")
                             % {"number": table_number, "event": event.name}, 404)
    entries = list(Entry.objects.filter(table=table, event=event, status=Entry.Status.ALIVE)
                   .select_related("player").order_by("seat"))
    if len(entries) < 2:
        raise PrefillRefused(_("Table %(number)s has fewer than two players: there is no hand to rule on.")
                             % {"number": table_number}, 409)
    counted = dict(ChipCount.objects.filter(entry__in=[e.pk for e in entries]).values("entry_id")
                   .annotate(last=Max("recorded_at")).values_list("entry_id", "last"))
    seats = [
        SeatRow(seat=e.seat, name=e.player.name, entry_id=e.pk, entry_number=e.number,
                stack=e.chips if e.chips is not None else event.starting_stack, counted=e.pk in counted)
        for e in entries
    ]
    structure, reading = clock_reading(event=event)
    clock_level = blind_level_for(structure, reading.position)
    level = clock_level
    if level_position is not None:
        level = next((lv for lv in structure if lv.position == level_position and not lv.is_break), None)
        if level is None:
            raise PrefillRefused(_("The structure has no blind level at position %(position)s.")
                                 % {"position": level_position}, 400)
    chip = smallest_chip_for(event=event, levels=structure, position=level.position) if level is not None else 1
    return TablePrefill(
        event=event, table=table, seats=seats, levels=[lv for lv in structure if not lv.is_break], level=level,
        clock_level=clock_level, smallest_chip=chip, last_counted_at=max(counted.values(), default=None),
    )
