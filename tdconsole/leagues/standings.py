"""League standings from plain results (no database): who is who across festivals, points, best N, ties.

Who is who. A Player row belongs to one festival, so one person who plays three festivals is three
rows. Two rows are the same person when their documents match (letters and digits only, no case),
or when their names and nicknames match as the desk compares them (`names.search_key`: no case,
accents or punctuation) and that name does not belong to two different documents. So "José Silva"
and "jose silva" are one person; two "João Souza" with different CPFs are two, and a third
"João Souza" without a document is then a person of his own rather than a guess.

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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from .formula import Formula, FormulaError

_DOCUMENT_NOISE = re.compile(r"[^0-9a-z]")


@dataclass(frozen=True)
class PlayerRow:
    """A festival's Player as the identity rule sees it."""

    id: int
    name: str
    nickname: str
    search_name: str
    search_nickname: str
    document: str


def document_key(document: str) -> str:
    """The document as compared: letters and digits only, lower case ("123.456.789-09" == "12345678909")."""
    return _DOCUMENT_NOISE.sub("", (document or "").casefold())


def people(players: Iterable[PlayerRow]) -> dict[int, int]:
    """Map each player id to the id of the person it is (the smallest id among the rows of one person)."""
    rows = list(players)
    parent = {r.id: r.id for r in rows}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    by_document: dict[str, list[int]] = {}
    by_name: dict[tuple[str, str], list[PlayerRow]] = {}
    for r in rows:
        if document_key(r.document):
            by_document.setdefault(document_key(r.document), []).append(r.id)
        by_name.setdefault((r.search_name, r.search_nickname), []).append(r)
    for ids in by_document.values():
        for other in ids[1:]:
            union(ids[0], other)
    for same_name in by_name.values():
        documents = {document_key(r.document) for r in same_name} - {""}
        joined = same_name if len(documents) <= 1 else [r for r in same_name if not document_key(r.document)]
        for r in joined[1:]:
            union(joined[0].id, r.id)
    return {r.id: find(r.id) for r in rows}


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
            problems.append(f"{event.name}: {error} (place {result.place} of {event.entries})")
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
