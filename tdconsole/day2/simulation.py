"""A festival played through the desk's services: flights, the end of each day, the merge, Day 2 (simulate_festival).

Each starting flight is played by the one-event simulator (`seating.simulation.Simulation`: registration
with late entries and re-entries, the seat draw, busts, balancing and breaking) down to its survivors,
who bag: every survivor's count is recorded table by table through `chip_counts_record`, the flight's
chips shared among them to the last chip (in multiples of the smallest chip). Registration then closes
in the flight; after the last flight the field is known and the flights' busts are placed. The merge
(`day2_merge`) and the Day 2 draw (`day2_draw`) follow, and Day 2 is played by the same simulator,
started from the drawn seats, down to a winner. A player may enter a later flight after busting in an
earlier one (a new buy-in), never after bagging (the event's setting), so "no player advanced twice" is
checked for real. Each service commits on its own, as at the desk.
"""

from __future__ import annotations

import datetime
import math
import random
import secrets
import statistics
import time
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Count, Sum
from django.test.utils import override_settings

from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.seating import services as seating
from tdconsole.seating.simulation import Simulation, competition_ranking_ok
from tdconsole.tournaments import chipcounts, events, registration
from tdconsole.tournaments.flights import flight_create, flight_settings_update
from tdconsole.tournaments.models import Entry, Event, Festival, Player, Table, Venue

from .models import Advance
from .services import day2_draw, day2_merge

FLIGHT_NAMES = "ABCDEFGHIJ"
SMALLEST_CHIP = 100
STACK = 30000
BUY_IN = Decimal("500")


class _FlightSimulation(Simulation):
    """One flight: played like an event, but down to its survivors, registration still open (its busts wait
    for the whole field for their places)."""

    def __init__(self, *, flight: Event, survivors: int, festival_rng: random.Random, pool: list[Any], **kw: Any):
        super().__init__(commit_each=True, **kw)
        self.flight = flight
        self.survivors = survivors
        self.festival_rng = festival_rng
        self.pool = pool  # players busted in earlier flights, who may buy in again here

    def _setup(self) -> Event:
        tables = list(Table.objects.filter(event=self.flight).order_by("number"))
        for t in tables:
            self.capacity[t.number] = min(t.seats, self.flight.seats_per_table)
            self.break_order[t.number] = t.break_order or 0
        self.break_sequence = sorted(self.break_order, key=lambda n: (self.break_order[n], n))
        self.max_capacity = max(self.capacity.values())
        self.result.event_slug = self.flight.slug
        return self.flight

    def _new_or_returning(self, event: Event) -> Entry | None:
        if self.pool and self.festival_rng.random() < 0.1:
            return self._register(event, self.pool.pop())
        return self._register(event)

    def _run(self) -> None:
        event = self._setup()
        started = time.perf_counter()
        for _ in range(max(2, int(self.target * self.initial_share))):
            self._new_or_returning(event)
        draw = seating.seats_draw_initial(event=event, actor=None)
        for entry_id, _number, table, seat in draw.assignments:
            self._sit(entry_id, table, seat)
        event = events.event_status_change(event=event, to=Event.Status.RUNNING, actor=None)
        while self.entries < self.target:
            if len(self.alive) > 2 * self.seats and self.rng.random() < 0.35:
                self._eliminate_random(event)
            else:
                self._new_or_returning(event)
            self._floor(event)
            self._checkpoint(event)
        while len(self.alive) > self.survivors:
            self._eliminate_random(event)
            self._floor(event)
            self._checkpoint(event)
        self._checkpoint(event, force=True)
        self.result.phase_seconds["play"] = time.perf_counter() - started


class _Day2Simulation(Simulation):
    """Day 2: the main event from its drawn seats down to a winner."""

    def __init__(self, *, main: Event, **kw: Any):
        super().__init__(commit_each=True, **kw)
        self.main = main

    def _run(self) -> None:
        event = self.main
        for t in Table.objects.filter(event=event):
            self.capacity[t.number] = min(t.seats, event.seats_per_table)
            self.break_order[t.number] = t.break_order or 0
        self.break_sequence = sorted(self.break_order, key=lambda n: (self.break_order[n], n))
        self.max_capacity = max(self.capacity.values())
        for entry_id, table, seat in (Entry.objects.filter(event=event, status=Entry.Status.ALIVE)
                                      .values_list("pk", "table__number", "seat")):
            self._add_alive(entry_id)
            self._sit(entry_id, table, seat)
            self.entries += 1
        self.result.entries = self.entries
        if event.status == Event.Status.DRAFT:
            event = events.event_status_change(event=event, to=Event.Status.REGISTERING, actor=None)
        event = events.event_status_change(event=event, to=Event.Status.RUNNING, actor=None)
        paid = max(2, min(self.entries - 1, round(self.target * 0.15)))
        while len(self.alive) > 1:
            if len(self.alive) == paid + 1 and len(self.in_play()) > 1:
                self._hand_for_hand(event, paid)
            else:
                self._eliminate_random(event)
            self._floor(event)
            self._checkpoint(event)
        self._finish(event)


def _bag(flight: Event, rng: random.Random) -> int:
    """Record every survivor's end-of-day count, table by table; the flight's chips shared to the last chip."""
    alive = list(Entry.objects.filter(event=flight, status=Entry.Status.ALIVE)
                 .order_by("table__number", "seat").values_list("pk", "table__number"))
    in_play = Entry.objects.filter(event=flight).count() * flight.starting_stack
    units = in_play // SMALLEST_CHIP
    # Random shares of the chips, at least one chip each, adding up exactly.
    cuts = sorted(rng.sample(range(1, units), len(alive) - 1)) if len(alive) > 1 else []
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, units], strict=True)]
    by_table: dict[int, dict[int, int]] = {}
    for (entry_id, table), share in zip(alive, shares, strict=True):
        by_table.setdefault(table, {})[entry_id] = share * SMALLEST_CHIP
    for counts in by_table.values():
        chipcounts.chip_counts_record(event=flight, counts=counts, actor=None, addon_chips=0)
    return in_play


def _spread(values: list[int]) -> dict[str, float]:
    values = sorted(values)
    if not values:
        return {"p50": 0, "p95": 0, "max": 0}
    return {"p50": statistics.median(values), "p95": values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)],
            "max": values[-1]}


class FestivalSimulation:
    """`run()` returns the JSON document simulate_festival prints."""

    def __init__(self, *, flights: int, entries: int, seed: int | None = None, survivors_share: float = 0.2,
                 seats_per_table: int = 9) -> None:
        if not 1 <= flights <= len(FLIGHT_NAMES):
            raise ValueError(f"flights must be from 1 to {len(FLIGHT_NAMES)}")
        if entries < 4 * flights:
            raise ValueError("give at least four entries per flight")
        self.flights = flights
        self.entries = entries
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.rng = random.Random(self.seed)
        self.survivors_share = survivors_share
        self.seats = seats_per_table
        self.failures: list[str] = []
        self.seconds: dict[str, float] = {}
        self.queries: list[int] = []

    def fail(self, message: str) -> None:
        if len(self.failures) < 25:
            self.failures.append(message)

    def _setup(self) -> tuple[Event, list[Event]]:
        tag = f"{self.seed}-{secrets.token_hex(3)}"
        per_flight = math.ceil(self.entries / self.flights)
        tables_per_flight = math.ceil(per_flight / self.seats) + 2
        total = tables_per_flight * self.flights
        venue = Venue.objects.create(name=f"Festival simulation {tag}")
        Table.objects.bulk_create([Table(venue=venue, number=n, seats=self.seats) for n in range(1, total + 1)])
        festival = Festival.objects.create(name=f"Festival simulation {tag}", slug=f"fsim-{tag}", venue=venue)
        template = events.structure_templates_load()[0]
        main = events.event_create(
            festival=festival, template=template, actor=None, name=f"Main Event {tag}", slug=f"fsim-{tag}",
            date=datetime.date.today(), buy_in_prize=BUY_IN, buy_in_fee=Decimal("50"), starting_stack=STACK,
            seats_per_table=self.seats, format=Event.Format.REENTRY, max_entries=2, late_registration_level=8)
        flights = []
        for i in range(self.flights):
            flight = flight_create(event=main, name=f"Day 1{FLIGHT_NAMES[i]}",
                                   date=datetime.date.today() + datetime.timedelta(days=i), actor=None)
            first = i * tables_per_flight + 1
            seating.tables_assign(event=flight, numbers=list(range(first, first + tables_per_flight)), actor=None)
            flights.append(events.event_status_change(event=flight, to=Event.Status.REGISTERING, actor=None))
        main = flight_settings_update(event=main, actor=None, bagged_may_reenter=False, stop_level=8)
        return main, flights

    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        with override_settings(DEBUG=False), seating.seeded_draws(self.seed):
            main, flights = self._setup()
            pool: list[Any] = []
            clock = time.perf_counter()
            bagging = 0.0
            chips_in_play = 0
            per_flight = [self.entries // self.flights + (1 if i < self.entries % self.flights else 0)
                          for i in range(self.flights)]
            results = []
            players_made = 0
            for flight, target in zip(flights, per_flight, strict=True):
                survivors = max(1, round(target * self.survivors_share))
                sim = _FlightSimulation(flight=flight, survivors=survivors, festival_rng=self.rng, pool=pool,
                                        entries=target, seats_per_table=self.seats, seed=self.rng.randrange(2**31),
                                        reentry_rate=0.1, max_entries=2)
                sim.result.players = players_made  # names run on across the flights: "Player 00061"...
                result = sim.run()
                players_made = result.players
                results.append(result)
                self.queries += result.queries
                self.failures += [f"{flight.name}: {f}" for f in result.failures]
                busted_players = set(Entry.objects.filter(event=flight, status=Entry.Status.BUSTED)
                                     .values_list("player_id", flat=True))
                still_in = set(Entry.objects.filter(event=flight, status=Entry.Status.ALIVE)
                               .values_list("player_id", flat=True))
                # Who busted here may buy in again in a later flight; who bagged may not (the event's rule).
                pool[:] = [p for p in pool if p.pk not in still_in]
                pool += list(Player.objects.filter(pk__in=busted_players - still_in))
                b0 = time.perf_counter()
                chips_in_play += _bag(flight, self.rng)
                registration.event_registration_close(event=flight, actor=None)
                bagging += time.perf_counter() - b0
            self.seconds["flights"] = time.perf_counter() - clock - bagging
            self.seconds["bagging"] = bagging
            main.refresh_from_db()
            total_entries = Entry.objects.filter(event__parent=main).count()
            bagged = dict(Entry.objects.filter(event__parent=main, status=Entry.Status.ALIVE)
                          .values_list("pk", "chips"))
            if sum(bagged.values()) != chips_in_play:
                self.fail(f"the bags hold {sum(bagged.values())} chips, the flights had {chips_in_play} in play")
            clock = time.perf_counter()
            advances = day2_merge(event=main, actor=None)
            self.seconds["merge"] = time.perf_counter() - clock
            # Day 2 tables: the first flight's, given back to the venue after the merge.
            numbers = sorted(Table.objects.filter(event=flights[0]).values_list("number", flat=True))
            seating.tables_release(event=flights[0], numbers=numbers, actor=None)
            needed = math.ceil(len(advances) / self.seats) + 1
            spare = list(Table.objects.filter(venue=main.festival.venue, event__isnull=True)
                         .order_by("number").values_list("number", flat=True)[:needed])
            seating.tables_assign(event=main, numbers=spare, actor=None)
            clock = time.perf_counter()
            day2_draw(event=main, actor=None)
            self.seconds["redraw"] = time.perf_counter() - clock
            self._check_merge(main, advances, bagged)
            clock = time.perf_counter()
            day2 = _Day2Simulation(main=main, entries=total_entries, seats_per_table=self.seats,
                                   seed=self.rng.randrange(2**31)).run()
            self.seconds["day2"] = time.perf_counter() - clock
            self.queries += day2.queries
            self.failures += [f"Day 2: {f}" for f in day2.failures]
            self._check_places(main)
            self._check_pool(main, total_entries)
        self.seconds["total"] = time.perf_counter() - started
        return {
            "entries": total_entries,
            "flights": [{"name": f.name, "entries": r.entries, "reentries": r.reentries, "eliminations": r.eliminations,
                         "tables_broken": r.tables_broken} for f, r in zip(flights, results, strict=True)],
            "survivors": len(advances),
            "bags": len(bagged),
            "chips_in_play": chips_in_play,
            "winner": day2.winner,
            "seed": self.seed,
            "invariants": {"ok": not self.failures, "failures": self.failures},
            "seconds": {k: round(v, 2) for k, v in self.seconds.items()},
            "queries_per_elimination": _spread(self.queries),
            "database": connection.vendor,
            "event": main.slug,
        }

    def _check_merge(self, main: Event, advances: list[Advance], bagged: dict[int, int]) -> None:
        players = [a.player_id for a in advances]
        if len(players) != len(set(players)):
            self.fail("a player advanced twice")
        bag_ids = [b["entry"] for a in advances for b in a.bags]
        if sorted(bag_ids) != sorted(bagged):
            self.fail("the merge did not take every bag exactly once")
        kept = sum(b["chips"] for a in advances for b in a.bags if b["kept"])
        stacks = Entry.objects.filter(event=main).aggregate(s=Sum("chips"))["s"] or 0
        if kept != stacks or sum(a.stack for a in advances) != stacks:
            self.fail(f"the Day 2 stacks hold {stacks} chips, the bags that count {kept}")
        if sum(b["chips"] for a in advances for b in a.bags) != sum(bagged.values()):
            self.fail("kept and forfeited bags do not add up to the chips bagged")
        unseated = Entry.objects.filter(event=main, table__isnull=True).count()
        if unseated:
            self.fail(f"{unseated} Day 2 entries were not seated by the draw")

    def _check_places(self, main: Event) -> None:
        placed = list(Entry.objects.filter(event__parent=main, status=Entry.Status.BUSTED)
                      .values_list("place", flat=True)) + list(Entry.objects.filter(event=main)
                                                                .values_list("place", flat=True))
        if any(p is None for p in placed):
            self.fail(f"{sum(p is None for p in placed)} players of the festival have no place")
            return
        places = sorted(placed)
        if not competition_ranking_ok(places):
            self.fail(f"the festival's places do not run 1..{len(places)} (ties sharing)")
        doubled = (Entry.objects.filter(event=main).values("place").annotate(n=Count("id")).filter(n__gt=1))
        if places.count(1) != 1 or doubled.filter(place=1).exists():
            self.fail("the festival does not have exactly one winner")

    def _check_pool(self, main: Event, total_entries: int) -> None:
        pool = event_prize_summary(event=main).get("prize_pool")
        if pool is not None and Decimal(pool) != BUY_IN * total_entries:
            self.fail(f"the prize pool is {pool}, the entries paid {BUY_IN * total_entries}")
