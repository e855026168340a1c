"""A player's history across festivals: every event, entry and re-entry, place, prize and bounty, with totals.

It reads three apps (the tournaments' entries and places, the payouts' awards, the cash desk's bounties),
so it lives here above them. The same person in several festivals is found by
`tournaments.selectors.same_person` (the same document, or the same name and nickname).
Queries: two for the person and their entries, then a few per event played (its awards and its
bounties), never per entry of the field.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from tdconsole.cashier.bounties import bounties_by_entry, bounty_rules
from tdconsole.core.money import quantize_money
from tdconsole.payouts.selectors import event_awards
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.selectors import same_person

ZERO = Decimal("0.00")


@dataclass
class EventLine:
    """One event the person played: their entries in it, best place, prize and bounties."""

    event: Event
    player: Player
    entries: list[Entry] = field(default_factory=list)
    place: int | None = None
    prize: Decimal = ZERO
    bounty: Decimal = ZERO
    knockouts: int = 0

    @property
    def reentries(self) -> int:
        return max(len(self.entries) - 1, 0)

    @property
    def alive(self) -> bool:
        return any(e.status == Entry.Status.ALIVE for e in self.entries)


@dataclass
class History:
    player: Player
    registrations: list[Player]
    lines: list[EventLine]

    @property
    def events(self) -> int:
        return len(self.lines)

    @property
    def entries(self) -> int:
        return sum(len(line.entries) for line in self.lines)

    @property
    def cashes(self) -> int:
        return sum(1 for line in self.lines if line.prize > 0)

    @property
    def wins(self) -> int:
        return sum(1 for line in self.lines if line.place == 1)

    def _by_currency(self, part: str) -> list[tuple[str, Decimal]]:
        totals: dict[str, Decimal] = {}
        for line in self.lines:
            totals[line.event.currency] = totals.get(line.event.currency, ZERO) + getattr(line, part)
        return sorted(totals.items())

    @property
    def prizes(self) -> list[tuple[str, Decimal]]:
        """Prizes won, one total per currency played in."""
        return self._by_currency("prize")

    @property
    def bounties(self) -> list[tuple[str, Decimal]]:
        """Bounties won, one total per currency played in."""
        return self._by_currency("bounty")

    @property
    def festivals(self) -> int:
        return len({line.event.festival_id for line in self.lines})


def player_history(*, player: Player) -> History:
    """The person's every event across festivals, newest first, with totals (prizes and bounties to the cent)."""
    registrations = same_person(player=player)
    entries = list(Entry.objects.filter(player__in=registrations).select_related("event__festival", "player")
                   .order_by("-event__date", "-event_id", "number"))
    lines: dict[int, EventLine] = {}
    for entry in entries:
        line = lines.setdefault(entry.event_id, EventLine(event=entry.event, player=entry.player))
        line.entries.append(entry)
        if entry.place is not None and (line.place is None or entry.place < line.place):
            line.place = entry.place
    for line in lines.values():
        mine = {e.pk for e in line.entries}
        if line.place is not None:
            line.prize = quantize_money(sum((a.amount or 0 for a in event_awards(event=line.event)
                                             if a.entry.pk in mine), ZERO))
        if bounty_rules(event=line.event) is not None:
            bounty_lines = bounties_by_entry(event=line.event)
            for pk in mine:
                got = bounty_lines.get(pk)
                if got is not None:
                    line.bounty += got.to_pay
                    line.knockouts += got.knockouts
            line.bounty = quantize_money(line.bounty)
    ordered = sorted(lines.values(), key=lambda line: (line.event.date or datetime.date.min, line.event.pk),
                     reverse=True)
    return History(player=player, registrations=registrations, lines=ordered)
