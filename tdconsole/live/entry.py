"""What one entry's own page shows: the player, the seat (or the place and prize once out), the stack at
the last chip count, the bounty.

A fixed number of queries whatever the size of the field: the entry with its last count (one query, the
count read by a subquery), the event's money rules, and only when they apply the bounty lines (three
aggregates) and the awards (the payout amounts, the placed entries, the deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import OuterRef, Subquery

from tdconsole.cashier.bounties import bounties_by_entry, bounty_rules
from tdconsole.core.bounds import fits
from tdconsole.payouts.selectors import event_awards
from tdconsole.tournaments.models import ChipCount, Entry, Event


@dataclass(frozen=True)
class EntryCard:
    """One entry as its player sees it."""

    name: str
    number: int
    alive: bool
    bagged: bool  # a flight's entry through to Day 2
    table: int | None
    seat: int | None
    place: int | None
    prize: Decimal | None  # what the place pays (None when out of the money, or not placed yet)
    chips: int | None  # the stack at the last count (the starting stack before any count)
    counted_at: datetime | None  # when that count was made (None: nobody has counted it yet)
    has_bounty: bool
    head: Decimal | None  # the bounty on the entry's head (what it was worth when it went out)
    bounty_cash: Decimal | None  # what the entry won at once by knocking players out
    knockouts: int


def entry_card(*, event: Event, entry_id: int) -> EntryCard | None:
    """The entry of this event with that id, as its page shows it; None when the event has no such entry."""
    if not fits(entry_id, Entry, "id"):
        return None
    last = ChipCount.objects.filter(entry=OuterRef("pk")).order_by("-recorded_at", "-id")
    entry = (Entry.objects.filter(event=event, pk=entry_id).select_related("player", "table")
             .annotate(counted_at=Subquery(last.values("recorded_at")[:1])).first())
    if entry is None:
        return None
    prize = None
    if entry.place is not None:
        award = next((a for a in event_awards(event=event) if a.entry.pk == entry.pk), None)
        prize = award.amount if award is not None and award.amount > 0 else None
    line = bounties_by_entry(event=event).get(entry.pk) if bounty_rules(event=event) is not None else None
    return EntryCard(
        name=entry.player.name, number=entry.number, alive=entry.status == Entry.Status.ALIVE,
        bagged=entry.status == Entry.Status.BAGGED,
        table=entry.table.number if entry.table is not None else None, seat=entry.seat, place=entry.place,
        prize=prize, counted_at=entry.counted_at,
        # Nobody has counted it: the stack it started with.
        chips=entry.chips if entry.chips is not None or entry.counted_at else event.starting_stack,
        has_bounty=line is not None, head=line.head if line is not None else None,
        bounty_cash=line.cash if line is not None else None, knockouts=line.knockouts if line is not None else 0,
    )
