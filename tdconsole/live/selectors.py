"""Reads of the players' live page: its version (the ETag), its JSON document, "where do I sit?".

The document is the same for every phone (no language, no time of request in it): levels and money are
numbers the page's script formats, and the clock is the server's timestamps (when the level ends, or the
time left while paused), so an answer stays valid until something at the desk changes. The version is
read from what can change it, in four small queries, before the document is built.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Count, F, Max, Q, Sum
from django.db.models.functions import Length
from django.utils import timezone

from tdconsole.clock.maths import NOT_STARTED, ClockTimes, Reading, read
from tdconsole.clock.selectors import RESULTS_SHOWN, clock_slow_parts, clock_times, steps_of
from tdconsole.payouts.models import Deal, PayoutTable
from tdconsole.payouts.selectors import event_awards, event_payout_amounts
from tdconsole.seating.selectors import seat_lookup
from tdconsole.tournaments.models import Entry, Event, Level
from tdconsole.tournaments.selectors import top_stacks

# How many rows the page lists: the biggest stacks, the latest busts.
LEADERS_SHOWN = 10
ELIMINATIONS_SHOWN = 10
# Levels ahead the script may count through by itself (hours of play without news from the server).
LEVELS_AHEAD = 40
SEATS_FOUND = 10
# Nothing records when a player's name was corrected: a rename that keeps the name's length (an accent
# fixed) changes no counter the version reads, so the version also turns over every REFRESH_SECONDS and the
# page shows such a correction within that time (a full answer per phone a minute; 304s in between).
REFRESH_SECONDS = 60


@dataclass(frozen=True)
class LiveState:
    """What the version was computed from, kept for the document so nothing is read twice."""

    version: str
    levels: list[Level]
    field: dict
    prizes: dict
    reading: Reading
    now: datetime


def _ms(moment: datetime | None) -> int | None:
    return int(moment.timestamp() * 1000) if moment is not None else None


def live_state(*, event: Event, now: datetime | None = None) -> LiveState:
    """The live document's version: a short hash of everything the document is made of (and of the
    minute, see REFRESH_SECONDS).

    Four queries (the clock row, one aggregate over the entries, one over the payout table, the deal)
    plus the clock's cached slow parts (structure, field and prize summary), whatever the field size.
    """
    now = now or timezone.now()
    levels, field, prizes = clock_slow_parts(event=event)
    times: ClockTimes = clock_times(event=event)
    reading = read(steps_of(levels), times, now)
    entries = Entry.objects.filter(event=event).aggregate(
        n=Count("id"),
        alive=Count("id", filter=Q(status=Entry.Status.ALIVE)),
        chips=Sum(F("chips") * F("id")),
        places=Sum(F("place") * F("id")),
        busted=Max("busted_at"),
        # Most renames change a name's length.
        names=Sum(Length("player__name") * F("id")),
    )
    money = PayoutTable.objects.filter(event=event).aggregate(
        updated=Max("updated_at"), n=Count("places"), total=Sum(F("places__amount") * F("places__place")),
    )
    deal = Deal.objects.filter(event=event).aggregate(last=Max("id"))
    parts = (
        event.status, event.name, event.currency,
        times, reading.index, reading.finished,
        [(lv.position, lv.minutes, lv.small_blind, lv.big_blind, lv.ante, lv.is_break) for lv in levels],
        sorted(field.items()), str(prizes["prize_pool"]), prizes["places_paid"],
        sorted(entries.items()), sorted(money.items()), deal["last"],
        int(now.timestamp()) // REFRESH_SECONDS,
    )
    version = hashlib.blake2s(repr(parts).encode(), digest_size=10).hexdigest()
    return LiveState(version=version, levels=levels, field=field, prizes=prizes, reading=reading, now=now)


def _level_row(level: Level) -> dict:
    return {
        "number": getattr(level, "number", level.position),
        "is_break": level.is_break,
        "seconds": level.minutes * 60,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
    }


def live_clock(*, levels: list[Level], reading: Reading) -> dict:
    """The clock as the script counts it: the current step and those after it, and either when the
    current one ends (server time, ms since the epoch) or, paused or not started, the time it has left."""
    start = reading.index if reading.index is not None else 0
    waiting = reading.status == NOT_STARTED or reading.paused
    return {
        "status": reading.status,
        "paused": waiting,
        "ends_ms": None if waiting else _ms(reading.level_ends_at),
        "left_ms": int(reading.seconds_left.total_seconds() * 1000) if waiting else None,
        "overtime_ms": int(reading.overtime.total_seconds() * 1000) if waiting and reading.finished else 0,
        "levels": [_level_row(level) for level in levels[start:start + LEVELS_AHEAD]],
        # The list reaches the end of the structure: past it, the last level plays on.
        "complete": start + LEVELS_AHEAD >= len(levels),
    }


def _money(amount: Decimal | None) -> str | None:
    return None if amount is None else str(amount)


def live_document(*, event: Event, state: LiveState) -> dict:
    """The live page's JSON: clock, field, prize pool and payouts, leaders, busts, results (once finished:
    every paid place and the final table, as many as the projected screen lists).

    A constant number of queries whatever the field: the payout amounts, the placed entries with what
    they receive, the deal, the biggest stacks, the latest busts.
    """
    amounts = event_payout_amounts(event=event)
    awards = event_awards(event=event, amounts=amounts)
    prize_of = {award.entry.pk: award.amount for award in awards}
    busted = list(
        Entry.objects.filter(event=event, status=Entry.Status.BUSTED).select_related("player")
        .order_by(F("busted_at").desc(nulls_last=True), "-number")[:ELIMINATIONS_SHOWN]
    )
    finished = event.status == Event.Status.FINISHED
    results = [{
        "place": award.place, "name": award.entry.player.name, "number": award.entry.number,
        "prize": _money(award.amount) if award.amount else None,
    } for award in awards if award.amount > 0 or award.place <= RESULTS_SHOWN] if finished else []
    field = state.field
    return {
        "version": state.version,
        "event": {"name": event.name, "status": event.status, "currency": event.currency, "finished": finished},
        "clock": live_clock(levels=state.levels, reading=state.reading),
        "field": {
            "entries": field["entries"],
            "players_left": field["players_left"],
            "chips_in_play": field["total_chips"],
            "average_stack": field["average_stack"],
        },
        "prizes": {
            "prize_pool": _money(state.prizes["prize_pool"]),
            "places_paid": state.prizes["places_paid"],
            "payouts": [{"place": place, "amount": _money(amount)} for place, amount in enumerate(amounts, start=1)],
        },
        "leaders": [{"name": entry.player.name, "number": entry.number, "chips": entry.chips}
                    for entry in top_stacks(event=event, limit=LEADERS_SHOWN)],
        "eliminations": [{
            "name": entry.player.name, "number": entry.number, "place": entry.place,
            "prize": _money(prize_of.get(entry.pk)) if prize_of.get(entry.pk) else None,
        } for entry in busted],
        "results": results,
        "champion": " · ".join(row["name"] for row in results if row["place"] == 1) or None,
    }


def _seat_row(entry: Entry) -> dict:
    return {
        "name": entry.player.name, "number": entry.number, "alive": entry.status == Entry.Status.ALIVE,
        "table": entry.table.number if entry.table is not None else None, "seat": entry.seat,
        "place": entry.place,
    }


def live_seat_search(*, event: Event, query: str) -> list[dict]:
    """"Where do I sit?": the entries in play by name or nickname without case or accents (two letters
    at least), or the one entry of that number (#12 or 12), in play or not (one query)."""
    text = query.strip().lstrip("#").strip()
    if text.isdigit():
        entry = (Entry.objects.filter(event=event, number=int(text)).select_related("player", "table").first()
                 if len(text) < 10 else None)
        return [_seat_row(entry)] if entry is not None else []
    return [_seat_row(entry) for entry in seat_lookup(event=event, query=query, limit=SEATS_FOUND)]
