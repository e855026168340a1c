"""A whole tournament run through the services staff use, checked as it goes (simulate_event).

The simulator plays the floor: it registers players (and re-entries), draws the seats,
busts players at random, makes the balancing moves the console suggests (telling it the
button seats, chosen from the seed), breaks tables in order, draws the final table and
plays down to the winner. Every write goes through the tournaments and seating
services. Decisions (which table to break, when to balance) come from an in-memory copy
of the seating that is updated from what each service returns, so reading the state
never costs a scan of the field per operation; the copy is compared with the database
at checkpoints, and each operation's own rows are checked after it.
"""

from __future__ import annotations

import datetime
import math
import platform
import random
import secrets
import statistics
import time
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, Q
from django.test.utils import override_settings

from tdconsole.clock.selectors import registration_clock_level
from tdconsole.tournaments import eliminations, events, handforhand, players, registration
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.models import Bust, Entry, Event, Festival, Table, Venue

from . import selectors as seating_selectors
from . import services as seating
from .registration import entry_register_seated

MAX_FAILURES = 25


class QueryCounter:
    """A `connection.execute_wrapper` that counts the SQL statements run through it."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


class _Rollback(Exception):
    """Raised to undo the whole simulation when it should not be kept."""


@dataclass
class SimulationResult:
    entries: int = 0
    players: int = 0
    reentries: int = 0
    late_entries: int = 0
    eliminations: int = 0
    elimination_calls: int = 0
    balance_moves: int = 0
    balance_rounds: int = 0
    tables_broken: int = 0
    tables_added: int = 0
    final_table: bool = False
    hand_for_hand_rounds: int = 0
    ties: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    seat_draw_seconds: float = 0.0
    seat_draw_entries: int = 0
    phase_seconds: dict[str, float] = field(default_factory=dict)
    queries: list[int] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    checks: int = 0
    winner: str = ""
    event_slug: str = ""
    kept: bool = False

    def as_dict(self) -> dict[str, Any]:
        queries = sorted(self.queries)
        return {
            "entries": self.entries,
            "players": self.players,
            "reentries": self.reentries,
            "late_entries": self.late_entries,
            "eliminations": self.eliminations,
            "elimination_operations": self.elimination_calls,
            "balance_moves": self.balance_moves,
            "balance_rounds": self.balance_rounds,
            "tables_broken": self.tables_broken,
            "tables_added": self.tables_added,
            "final_table": self.final_table,
            "hand_for_hand_rounds": self.hand_for_hand_rounds,
            "tied_entries": self.ties,
            "winner": self.winner,
            "seconds": round(self.seconds, 2),
            # CPU time of this process: what the run costs when other work shares the machine.
            "cpu_seconds": round(self.cpu_seconds, 2),
            "seat_draw": {"entries": self.seat_draw_entries, "seconds": round(self.seat_draw_seconds, 3)},
            "phase_seconds": {k: round(v, 2) for k, v in self.phase_seconds.items()},
            "queries_per_elimination": {
                "p50": statistics.median(queries) if queries else 0,
                "max": max(queries) if queries else 0,
                "min": min(queries) if queries else 0,
            },
            "invariants": {"ok": not self.failures, "failures": self.failures, "checks": self.checks},
            "event": self.event_slug if self.kept else None,
            "database": connection.vendor,
            "machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "cpus": _cpu_count()},
        }


def _cpu_count() -> int:
    import os

    return os.cpu_count() or 0


class Simulation:
    """One simulated event; `run()` returns a SimulationResult."""

    def __init__(self, *, entries: int, seats_per_table: int = 9, reentry_rate: float = 0.2,
                 seed: int | None = None, keep: bool = False, max_entries: int = 3,
                 initial_share: float = 0.8, checkpoint_every: int = 250, commit_each: bool = False) -> None:
        if entries < 2:
            raise ValueError("a tournament needs at least two entries")
        self.target = entries
        self.seats = seats_per_table
        self.reentry_rate = max(0.0, min(1.0, reentry_rate))
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.rng = random.Random(self.seed)
        # Each service commits on its own, as at the desk (the event is kept). Otherwise the run is
        # one transaction, rolled back unless kept: tidy, but PostgreSQL cannot vacuum inside it.
        self.commit_each = commit_each
        self.keep = keep or commit_each
        self.max_entries = max_entries if self.reentry_rate > 0 else 1
        self.initial_share = initial_share
        self.checkpoint_every = checkpoint_every
        self.result = SimulationResult()
        # In-memory copy of the seating.
        self.occ: dict[int, dict[int, int]] = {}      # table number -> seat -> entry id (tables in play)
        self.sizes: dict[int, int] = {}               # players at a table -> tables with that many
        self.room_in_play = 0                         # seats at the tables in play
        self.where: dict[int, tuple[int, int]] = {}   # entry id -> (table, seat)
        self.alive: list[int] = []
        self.alive_index: dict[int, int] = {}
        self.capacity: dict[int, int] = {}
        self.break_order: dict[int, int] = {}
        self.break_sequence: list[int] = []
        self.released: list[int] = []                # tables broken and given back to the venue
        self.player_of: dict[int, Any] = {}
        self.attempts: dict[int, int] = {}           # player id -> entries used
        self.entries = 0
        self.ops = 0
        self.checked_at = 0                           # `ops` at the last comparison with the database
        self.since_balance = 0

    # -- bookkeeping ---------------------------------------------------------------------------

    def fail(self, message: str) -> None:
        if len(self.result.failures) < MAX_FAILURES:
            self.result.failures.append(message)

    def _add_alive(self, entry_id: int) -> None:
        self.alive_index[entry_id] = len(self.alive)
        self.alive.append(entry_id)

    def _remove_alive(self, entry_id: int) -> None:
        index = self.alive_index.pop(entry_id)
        last = self.alive.pop()
        if last != entry_id:
            self.alive[index] = last
            self.alive_index[last] = index

    def _resized(self, table: int, before: int, after: int) -> None:
        """Keep the table-size histogram and the seats of the tables in play up to date."""
        if before == after:
            return
        if before:
            self.sizes[before] -= 1
            if not self.sizes[before]:
                del self.sizes[before]
        else:
            self.room_in_play += self.capacity.get(table, 0)
        if after:
            self.sizes[after] = self.sizes.get(after, 0) + 1
        else:
            self.room_in_play -= self.capacity.get(table, 0)
            del self.occ[table]

    def _sit(self, entry_id: int, table: int, seat: int) -> None:
        seats = self.occ.setdefault(table, {})
        if seat in seats and seats[seat] != entry_id:
            self.fail(f"seat T{table} s{seat} given to entry {entry_id} while entry {seats[seat]} sits there")
        if not 1 <= seat <= self.capacity.get(table, 0):
            self.fail(f"entry {entry_id} seated at T{table} s{seat}, outside the table")
        before = len(seats)
        seats[seat] = entry_id
        self.where[entry_id] = (table, seat)
        self._resized(table, before, len(seats))

    def _stand(self, entry_id: int) -> None:
        spot = self.where.pop(entry_id, None)
        if spot is not None:
            seats = self.occ[spot[0]]
            before = len(seats)
            seats.pop(spot[1], None)
            self._resized(spot[0], before, len(seats))

    def in_play(self) -> list[int]:
        """Tables with players (a table leaves `occ` when its last player stands up)."""
        return list(self.occ)

    # -- the run -------------------------------------------------------------------------------

    def run(self) -> SimulationResult:
        started = time.perf_counter()
        cpu_started = time.process_time()
        try:
            # Logging every SQL statement (DEBUG) would measure the logger, not the desk.
            # The seat draws come from the seed too, so a seed replays the same night.
            with override_settings(DEBUG=False), seating.seeded_draws(self.seed):
                if self.commit_each:
                    self._run()
                else:
                    with transaction.atomic():
                        self._run()
                        if not self.keep:
                            raise _Rollback
        except _Rollback:
            pass
        self.result.kept = self.keep
        self.result.seconds = time.perf_counter() - started
        self.result.cpu_seconds = time.process_time() - cpu_started
        return self.result

    def _setup(self) -> Event:
        tag = f"{self.seed}-{secrets.token_hex(3)}"
        tables = math.ceil(self.target / self.seats) + 2
        venue = Venue.objects.create(name=f"Simulation {tag}")
        Table.objects.bulk_create([Table(venue=venue, number=n, seats=self.seats) for n in range(1, tables + 1)])
        festival = Festival.objects.create(name=f"Simulation {tag}", slug=f"sim-{tag}", venue=venue)
        template = events.structure_templates_load()[0]
        fmt = Event.Format.REENTRY if self.max_entries > 1 else Event.Format.FREEZEOUT
        event = events.event_create(
            festival=festival, template=template, actor=None, name=f"Simulated event {tag}", slug=f"sim-{tag}",
            date=datetime.date.today(), buy_in_prize=Decimal("500"), buy_in_fee=Decimal("50"),
            starting_stack=30000, seats_per_table=self.seats, format=fmt, max_entries=self.max_entries,
            late_registration_level=8,
        )
        self.result.event_slug = event.slug
        seating.tables_assign(event=event, numbers=list(range(1, tables + 1)), actor=None)
        for t in Table.objects.filter(event=event):
            self.capacity[t.number] = min(t.seats, event.seats_per_table)
            self.break_order[t.number] = t.break_order or 0
        self.break_sequence = sorted(self.break_order, key=lambda n: (self.break_order[n], n))
        self.max_capacity = max(self.capacity.values())
        return events.event_status_change(event=event, to=Event.Status.REGISTERING, actor=None)

    def _register(self, event: Event, player: Any = None) -> Entry | None:
        if player is None:
            player = players.player_register(festival=event.festival, name=f"Player {self.result.players + 1:05d}",
                                             actor=None)
            self.result.players += 1
        try:
            entry = entry_register_seated(event=event, player=player, actor=None, level_position=None)
        except RegistrationError:
            # Every seat is taken and the spare tables have been broken and released: like a
            # director would, bring a released table back into the event, then register.
            if len(self.where) < self.room_in_play or not self.released:
                raise
            self._table_add(event)
            entry = entry_register_seated(event=event, player=player, actor=None, level_position=None)
        self.entries += 1
        self.result.entries += 1
        self.attempts[player.pk] = entry.attempt
        self.player_of[entry.pk] = player
        self._add_alive(entry.pk)
        if entry.attempt > 1:
            self.result.reentries += 1
        if entry.table_id is not None:
            self._sit(entry.pk, entry.table.number, entry.seat)
        self.ops += 1
        return entry

    def _table_add(self, event: Event) -> None:
        """Assign a released table to the event again; it breaks first (tables_assign's rule)."""
        number = self.released.pop()
        seating.tables_assign(event=event, numbers=[number], actor=None)
        self.break_sequence.insert(0, number)
        self.result.tables_added += 1
        self.ops += 1

    def _run(self) -> None:
        clock = time.perf_counter()
        event = self._setup()
        first_wave = max(2, min(self.target, int(self.target * self.initial_share)))
        for _ in range(first_wave):
            self._register(event)
        draw_started = time.perf_counter()
        self.result.phase_seconds["setup_and_registration"] = draw_started - clock
        draw = seating.seats_draw_initial(event=event, actor=None)
        self.result.seat_draw_seconds = time.perf_counter() - draw_started
        self.result.seat_draw_entries = len(draw.assignments)
        for entry_id, _number, table, seat in draw.assignments:
            self._sit(entry_id, table, seat)
        self.ops += 1
        self._checkpoint(event, force=True)
        event = events.event_status_change(event=event, to=Event.Status.RUNNING, actor=None)
        clock = time.perf_counter()

        # Late registration and re-entry: busts and new entries interleave until the field is complete.
        while self.entries < self.target:
            if len(self.alive) > 2 * self.seats and self.rng.random() < 0.35:
                busted = self._eliminate_random(event)
                player = self.player_of[busted[0]] if busted else None
                if (player is not None and self.entries < self.target and self.attempts[player.pk] < self.max_entries
                        and self.rng.random() < self.reentry_rate):
                    self._register(event, player)
            else:
                self._register(event)
                self.result.late_entries += 1
            self._floor(event)
            self._checkpoint(event)
        event = registration.event_registration_close(event=event, actor=None)
        self._check_places_so_far(event)
        self.result.phase_seconds["late_registration"] = time.perf_counter() - clock
        clock = time.perf_counter()

        paid = max(2, round(self.result.entries * 0.15))
        while len(self.alive) > 1:
            if len(self.alive) == paid + 1 and len(self.in_play()) > 1:
                self._hand_for_hand(event, paid)
            else:
                self._eliminate_random(event)
            self._floor(event)
            self._checkpoint(event)
        self.result.phase_seconds["down_to_the_winner"] = time.perf_counter() - clock
        self._finish(event)

    # -- operations ----------------------------------------------------------------------------

    def _eliminate(self, event: Event, table: int, busts: list[eliminations.SeatBust]) -> list[int]:
        alive_before = len(self.alive)
        counter = QueryCounter()
        with connection.execute_wrapper(counter):
            # As the desk does: the clock's level is read while late registration is open (never
            # started here, so None), then the bust.
            level = registration_clock_level(event=event)
            elimination = eliminations.entries_eliminate(event=event, table_number=table, busts=busts, actor=None,
                                                         level_position=level)
        self.result.queries.append(counter.count)
        self.result.elimination_calls += 1
        gone = [self.occ[table][b.seat] for b in busts]
        for entry_id in gone:
            self._stand(entry_id)
            self._remove_alive(entry_id)
        self.result.eliminations += len(gone)
        self.ops += 1
        # This operation's rows: busted, unseated, and placed within the places they freed.
        rows = list(Entry.objects.filter(pk__in=gone).values_list("pk", "status", "table_id", "seat", "place"))
        placed = event.registration_closed_at is not None or len(self.alive) == 1
        for pk, status, table_id, seat, place in rows:
            if status != Entry.Status.BUSTED or table_id is not None or seat is not None:
                self.fail(f"entry {pk} busted at T{table} but still {status} at {table_id}/{seat}")
            if placed and elimination.hand_for_hand_round is None and not (
                    len(self.alive) < (place or 0) <= alive_before):
                self.fail(f"entry {pk} busted with {alive_before} alive got place {place}")
        return gone

    def _eliminate_random(self, event: Event) -> list[int]:
        victim = self.rng.choice(self.alive)
        table, seat = self.where[victim]
        others = [s for s, e in self.occ[table].items() if s != seat]
        if others and len(self.alive) > 3 and self.rng.random() < 0.03:
            # Two players out in the same hand: stacks decide, sometimes equal (a tie).
            second = self.rng.choice(others)
            stack = self.rng.randrange(1000, 90000, 1000)
            other_stack = stack if self.rng.random() < 0.3 else self.rng.randrange(1000, 90000, 1000)
            return self._eliminate(event, table, [eliminations.SeatBust(seat, stack),
                                                  eliminations.SeatBust(second, other_stack)])
        return self._eliminate(event, table, [eliminations.SeatBust(seat)])

    def _hand_for_hand(self, event: Event, paid: int) -> None:
        """Play the bubble hand for hand until someone (or several, tied) bursts it."""
        handforhand.hand_for_hand_set(event=event, on=True, actor=None)
        while len(self.alive) > paid:
            self.result.hand_for_hand_rounds += 1
            tables = self.in_play()
            out = self.rng.choices([0, 1, 2], weights=[6, 3, 1])[0]
            out = min(out, len(tables), len(self.alive) - 1)
            round_busted: list[int] = []
            for table in self.rng.sample(tables, out):
                seat = self.rng.choice(sorted(self.occ[table]))
                round_busted += self._eliminate(event, table, [eliminations.SeatBust(seat)])
            if len(round_busted) > 1:
                got = set(Entry.objects.filter(pk__in=round_busted).values_list("place", flat=True))
                if got != {len(self.alive) + 1}:
                    self.fail(f"hand-for-hand busts at different tables did not tie: places {sorted(got)}")
            if len(self.alive) > paid:
                handforhand.hand_for_hand_next(event=event, actor=None)
        handforhand.hand_for_hand_set(event=event, on=False, actor=None)

    def _floor(self, event: Event) -> None:
        """What the floor does between hands: final table, breaking, balancing."""
        if len(self.occ) <= 1 or not self.where:
            return
        players = len(self.where)
        if players <= self.max_capacity and players <= max(self.capacity[t] for t in self.occ):
            action = seating_selectors.tables_needed_action(event=event)
            if not action["final_table"]:
                self.fail(f"{players} players fit one table but the console does not call the final table")
            draw = seating.final_table_draw(event=event, actor=None)
            for entry_id in list(self.where):
                self._stand(entry_id)
            for entry_id, _number, table, seat in draw.assignments:
                self._sit(entry_id, table, seat)
            self.result.final_table = True
            self.ops += 1
            return
        first = next(t for t in self.break_sequence if self.occ.get(t))
        if players <= self.room_in_play - self.capacity[first]:
            moves = seating.table_break(event=event, table_number=first, actor=None)
            for move in moves:
                self._stand(move.entry_id)
            for move in moves:
                self._sit(move.entry_id, move.to_table, move.to_seat)
            self.break_sequence.remove(first)
            self.released.append(first)
            self.result.tables_broken += 1
            self.ops += 1
        self.since_balance += 1
        if max(self.sizes) - min(self.sizes) >= 2 and self.since_balance >= len(self.alive) // 400:
            self._balance(event, self.in_play())

    def _balance(self, event: Event, tables: list[int]) -> None:
        # The floor reads each table's button; the simulator picks it from the seed.
        buttons = {t: self.rng.choice(sorted(self.occ[t])) for t in tables}
        plan = seating_selectors.balance_moves_suggest(event=event, buttons=buttons)
        if plan.needs_buttons:
            self.fail(f"balancing still asks for buttons {plan.needs_buttons} after they were given")
            return
        if not plan.moves:
            self.fail("tables are unbalanced but the console suggests no move")
            return
        moved = seating.balance_moves_apply(event=event, moves=plan.moves, actor=None)
        for entry in moved:
            self._stand(entry.pk)
        for entry in moved:
            self._sit(entry.pk, entry.table.number, entry.seat)
        self.result.balance_moves += len(moved)
        self.result.balance_rounds += 1
        self.since_balance = 0
        self.ops += 1
        counts = [len(self.occ[t]) for t in self.in_play()]
        if max(counts) - min(counts) > 1:
            self.fail(f"after the suggested moves the tables still differ by {max(counts) - min(counts)}")

    # -- checks --------------------------------------------------------------------------------

    def _checkpoint(self, event: Event, force: bool = False) -> None:
        """Compare the in-memory seating with the database (a few aggregate queries)."""
        if not force and self.ops - self.checked_at < self.checkpoint_every:
            return
        self.checked_at = self.ops
        self.result.checks += 1
        doubled = (Entry.objects.filter(event=event, table__isnull=False).values("table_id", "seat")
                   .annotate(n=Count("id")).filter(n__gt=1).count())
        if doubled:
            self.fail(f"{doubled} seats hold two players")
        unseated = Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=True).count()
        if unseated:
            self.fail(f"{unseated} entries in play have no seat")
        row = Entry.objects.filter(event=event).aggregate(
            alive=Count("id", filter=Q(status=Entry.Status.ALIVE)), total=Count("id"))
        if row["alive"] != len(self.alive) or row["total"] != self.entries:
            self.fail(f"database has {row['alive']}/{row['total']} alive/entries, simulator {len(self.alive)}/"
                      f"{self.entries}")
        seated = dict(Entry.objects.filter(event=event, table__isnull=False)
                      .values_list("pk", "table__number").iterator(chunk_size=2000))
        if any(self.where.get(pk, (None,))[0] != table for pk, table in seated.items()) or len(seated) != len(
                self.where):
            self.fail("the seating in the database differs from what the services reported")

    def _check_places_so_far(self, event: Event) -> None:
        places = sorted(Entry.objects.filter(event=event, status=Entry.Status.BUSTED)
                        .values_list("place", flat=True))
        if places and places[0] is None:
            self.fail("closing registration left busted entries without a place")
            return
        if places and places[0] != len(self.alive) + 1:
            self.fail(f"after registration closed the best bust place is {places[0]}, expected {len(self.alive) + 1}")

    def _finish(self, event: Event) -> None:
        self._checkpoint(event, force=True)
        winner = Entry.objects.select_related("player").get(event=event, status=Entry.Status.ALIVE)
        self.result.winner = winner.player.name
        events.event_status_change(event=event, to=Event.Status.FINISHED, actor=None)
        rows = list(Entry.objects.filter(event=event).values_list("place", "bust__elimination__group"))
        places = sorted(p for p, _g in rows if p is not None)
        if len(places) != self.entries:
            self.fail(f"{self.entries - len(places)} entries have no place")
        expected = competition_ranking_ok(places)
        if not expected:
            self.fail("places do not run from 1 to the number of entries (ties skip the places they share)")
        groups: dict[int, set[Any]] = {}
        for place, group in rows:
            groups.setdefault(place, set()).add(group)
        shared = [p for p, g in groups.items() if len(g) > 1]
        if shared:
            self.fail(f"places {shared[:5]} are shared by players who were not busted together")
        self.result.ties = sum(n for n in _counts(places).values() if n > 1)
        if Bust.objects.filter(elimination__event=event).count() != self.entries - 1:
            self.fail("every entry but the winner should have exactly one bust record")


def _counts(values: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


def competition_ranking_ok(places: list[int]) -> bool:
    """Whether sorted places are 1..n with ties sharing the best place ("1224" ranking)."""
    for index, place in enumerate(places):
        if place != index + 1 and (index == 0 or place != places[index - 1]):
            return False
    return bool(places)
