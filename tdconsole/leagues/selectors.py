"""Reads of the leagues: the standings, computed on read in a fixed number of queries per league.

Nothing is stored per result, so the table is always the results as they stand: an undone bust
(its places cleared), a merged player (the entries moved to the kept row), a voided rebuy or a
bounty taken back show at the next read without any service having to remember the league.
"""

from __future__ import annotations

from django.db.models import Count, F

from tdconsole.cashier.models import BountyAward, Purchase
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import people_of

from .formula import Formula
from .models import League
from .standings import EventInfo, Result, Table, table

# What `r` counts: each rebuy and add-on bought (a double rebuy is two rebuys); re-entries are entries.
REBUY_WEIGHT = {Purchase.Kind.REBUY: 1, Purchase.Kind.DOUBLE_REBUY: 2, Purchase.Kind.ADDON: 1}


def league_events(*, league: League) -> list[Event]:
    """The league's events, oldest first, each with `entries_count` (one query)."""
    return list(
        Event.objects.filter(league_events__league=league).select_related("festival")
        .annotate(entries_count=Count("entries", distinct=True)).order_by("date", "id")
    )


def league_results(*, league: League, events: list[Event] | None = None) -> tuple[list[Result], dict]:
    """Each person's result per event of the league, and each person's name and nickname (five or six queries)."""
    events = league_events(league=league) if events is None else events
    infos = {e.pk: EventInfo(e.pk, e.name, e.date, e.entries_count, e.buy_in_prize + e.buy_in_fee) for e in events}
    entries = list(
        Entry.objects.filter(event_id__in=infos).select_related("player")
        .only("id", "event_id", "status", "place", "player__id", "player__name", "player__nickname",
              "player__search_name", "player__search_nickname", "player__document", "player__created_at")
        .order_by("player__created_at", "player_id", "number")
    )
    knockouts: dict[int, int] = {
        row["eliminator_id"]: row["count"]
        for row in BountyAward.objects.filter(event_id__in=infos).values("eliminator_id")
        .annotate(count=Count("bust_id", distinct=True))
    }
    rebuys: dict[int, int] = {}
    for row in (Purchase.objects.filter(event_id__in=infos, voided_at__isnull=True, kind__in=list(REBUY_WEIGHT),
                                        entry__isnull=False)
                .values("entry_id", "kind").annotate(count=Count("id"))):
        rebuys[row["entry_id"]] = rebuys.get(row["entry_id"], 0) + row["count"] * REBUY_WEIGHT[row["kind"]]
    players = {e.player.pk: e.player for e in entries}
    person_of = people_of(players=players.values())  # the players' history's rule, across every festival
    names: dict[int, tuple[str, str]] = {}
    for player in players.values():  # the name of a person is the name on their newest row
        names[person_of[player.pk]] = (player.name, player.nickname)
    grouped: dict[tuple[int, int], list[Entry]] = {}
    for entry in entries:
        grouped.setdefault((person_of[entry.player_id], entry.event_id), []).append(entry)
    results = []
    for (person, event_id), rows in grouped.items():
        if any(e.place is None for e in rows):
            continue  # still playing, or not placed yet: the result is not known
        results.append(Result(
            person=person, event=infos[event_id], place=min(e.place for e in rows),
            knockouts=sum(knockouts.get(e.pk, 0) for e in rows), rebuys=sum(rebuys.get(e.pk, 0) for e in rows),
        ))
    results.sort(key=lambda r: (r.event.date, r.event.id, r.place, r.person))
    return results, names


def league_standings(*, league: League, events: list[Event] | None = None) -> Table:
    """The league's table as the results stand now."""
    results, names = league_results(league=league, events=events)
    return table(results, formula=Formula(league.formula), participation=league.participation_points,
                 best_events=league.best_events, names=names)


def leagues_list() -> list[League]:
    """Every league with how many events it counts."""
    return list(League.objects.annotate(events_count=Count("league_events")).order_by("name"))


def league_event_choices() -> list[Event]:
    """The events a league may count: every event, newest first."""
    return list(Event.objects.select_related("festival").order_by(F("date").desc(), "-id"))


def standings_json(*, league: League) -> dict:
    """The table as `league_standings --json` prints it (points as strings with two decimals)."""
    events = league_events(league=league)
    standings = league_standings(league=league, events=events)
    return {
        "league": league.slug,
        "name": league.name,
        "formula": league.formula,
        "participation_points": str(league.participation_points),
        "best_events": league.best_events,
        "events": [{"slug": e.slug, "name": e.name, "date": e.date.isoformat(), "entries": e.entries_count}
                   for e in events],
        "standings": [
            {
                "position": row.position, "name": row.name, "nickname": row.nickname,
                "points": str(row.total), "events": row.events_played, "wins": row.wins,
                "best_place": row.best_place,
                "results": [{"event": s.event.name, "place": s.place, "knockouts": s.knockouts,
                             "rebuys": s.rebuys, "points": str(s.points), "counted": s.counted}
                            for s in row.scores],
            }
            for row in standings.rows
        ],
        "problems": standings.problems,
    }

