"""League standings from plain results (no database): who is who across festivals, points, best N, ties.

Who is who is the tournaments' rule (`tournaments.people`), the one the players' history uses: the
same document, or the same name and nickname without a document, across festivals; a merged
duplicate has no row of its own any more. `selectors.league_results` maps the entries to people.

The table. Each player's result in an event is their best place over all their entries there, with
their knockouts and rebuys/add-ons summed over those entries; it counts once none of their entries
is still alive. It earns the formula's points plus the participation points. With `best_events`
only the N highest-scoring results count (on equal points the earlier event). Ties in the total are
broken by more wins (first places), then the better best place, then the earlier result: the one
who reached that best place first, by event date and then by event. Players equal on all of those
share the position.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from .formula import Formula, FormulaError


@dataclass(frozen=True)
class EventInfo:
    id: int
    name: str
    date: datetime.date
    entries: int
    buy_in: Decimal


@dataclass(frozen=True)
class Result:
    """One person's result in one event."""

    person: int
    event: EventInfo
    place: int
    knockouts: int = 0
    rebuys: int = 0


@dataclass
class EventScore:
    event: EventInfo
    place: int
    knockouts: int
    rebuys: int
    points: Decimal
    counted: bool = True


@dataclass
class Standing:
    person: int
    name: str
    nickname: str
    position: int = 0
    total: Decimal = Decimal("0.00")
    wins: int = 0
    best_place: int = 0
    scores: list[EventScore] = field(default_factory=list)

    @property
    def events_played(self) -> int:
        return len(self.scores)


@dataclass
class Table:
    rows: list[Standing]
    problems: list[str]


def _event_order(event: EventInfo) -> tuple[datetime.date, int]:
    return event.date, event.id


def table(results: Sequence[Result], *, formula: Formula, participation: Decimal, best_events: int | None,
          names: dict[int, tuple[str, str]]) -> Table:
    """The standings: every person with a result, best first (see the module's rule for ties)."""
    problems: list[str] = []
    by_person: dict[int, Standing] = {}
    for result in results:
        event = result.event
        try:
            earned = formula.points(n=event.entries, p=result.place, b=event.buy_in, k=result.knockouts,
                                    r=result.rebuys)
        except FormulaError as error:
            problems.append(_("%(event)s: %(reason)s (place %(place)s of %(entries)s)") % {
                "event": event.name, "reason": error, "place": result.place, "entries": event.entries})
            continue
        name, nickname = names.get(result.person, ("", ""))
        standing = by_person.setdefault(result.person, Standing(result.person, name, nickname))
        standing.scores.append(EventScore(event, result.place, result.knockouts, result.rebuys,
                                          earned + participation))
    for standing in by_person.values():
        standing.scores.sort(key=lambda s: _event_order(s.event))
        ranked = sorted(standing.scores, key=lambda s: (-s.points, _event_order(s.event)))
        for i, score in enumerate(ranked):
            score.counted = best_events is None or i < best_events
        standing.total = sum((s.points for s in standing.scores if s.counted), Decimal("0.00"))
        standing.wins = sum(1 for s in standing.scores if s.place == 1)
        standing.best_place = min(s.place for s in standing.scores)

    def key(s: Standing) -> tuple[Decimal, int, int, tuple[datetime.date, int]]:
        first_best = min(_event_order(x.event) for x in s.scores if x.place == s.best_place)
        return -s.total, -s.wins, s.best_place, first_best

    rows = sorted(by_person.values(), key=lambda s: (key(s), s.name.casefold(), s.person))
    previous = None
    for i, standing in enumerate(rows, start=1):
        current = key(standing)
        standing.position = rows[i - 2].position if previous == current else i
        previous = current
    return Table(rows, problems)
