"""A whole tournament run through the services staff use, checked as it goes (simulate_event).

The simulator plays the floor: it registers players (and re-entries), draws the seats,
busts players at random, makes the balancing moves the console suggests (telling it the
button seats, chosen from the seed), breaks tables in order, draws the final table and
plays down to the winner. Every write goes through the tournaments and seating
services. Decisions (which table to break, when to balance) come from an in-memory copy
of the seating that is updated from what each service returns, so reading the state
never costs a scan of the field per operation; the copy is compared with the database
at checkpoints, and each operation's own rows are checked after it.

With `money` (simulate_event --rebuys --addons --bounty pko|fixed --deal) it plays a club night too:
the money rules set through the cashier's service, every buy-in paid by a seeded method, rebuys sold
to players who lose their stack (or ask with a stack at or below the start) while rebuys are open,
the add-on and the staff add-on at the break, eliminators named for every bust and their bounties
awarded in the bust's transaction (as the desk does), and at the end the prizes and the bounty money
paid at the cash desk. Every sale goes through `purchase_sell`: a refusal is counted, never got round.
The money is then checked from the cashier's selectors (the close-out and the bounty money), not
from the simulator's own counters. The money decisions draw from a second random stream, and
without `money` nothing of this runs: the night and its report are what they were before.
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

from tdconsole.cashier.bounties import bounties_award, bounties_by_entry, bounty_money, heads
from tdconsole.cashier.cashouts import cash_payout_record
from tdconsole.cashier.exceptions import PurchaseRefused
from tdconsole.cashier.models import MoneyRules, Payout, Purchase
from tdconsole.cashier.purchases import ClockPoint, purchase_sell
from tdconsole.cashier.rules import money_rules_set, structure_levels
from tdconsole.cashier.selectors import closeout, extra_chips, money_totals, pool_extras
from tdconsole.clock.selectors import registration_clock_level
from tdconsole.payouts.selectors import event_awards, event_prize_summary
from tdconsole.payouts.services import deal_record, payout_table_generate
from tdconsole.tournaments import chipcounts, eliminations, events, handforhand, players, registration
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


@dataclass(frozen=True)
class MoneyOptions:
    """The club night's money: which rules the simulated event has (all off: a freezeout as before)."""

    rebuys: bool = False
    addons: bool = False
    bounty: str | None = None  # "pko", "fixed" or None
    deal: bool = False  # an ICM deal when three players are left

    def __post_init__(self) -> None:
        if self.bounty not in (None, MoneyRules.BountyKind.PROGRESSIVE, MoneyRules.BountyKind.FIXED):
            raise ValueError(f"unknown bounty {self.bounty!r}")

    @property
    def on(self) -> bool:
        return self.rebuys or self.addons or self.bounty is not None or self.deal


# The club night's prices and chips (the buy-in is the event's: 500 + 50, 30,000 chips).
REBUY_UNTIL_LEVEL = 4
MONEY_RULES: dict[str, Any] = {"staff_percent": Decimal("3")}
REBUY_RULES: dict[str, Any] = {
    "rebuy_until_level": REBUY_UNTIL_LEVEL, "rebuy_condition": MoneyRules.RebuyCondition.AT_OR_BELOW_START,
    "max_rebuys": 3, "double_rebuy": True, "rebuy_prize": Decimal("500"), "rebuy_fee": Decimal("50"),
    "rebuy_chips": 30000,
}
ADDON_RULES: dict[str, Any] = {"addon_prize": Decimal("500"), "addon_fee": Decimal("20"), "addon_chips": 40000,
                               "max_addons": 1, "staff_addon_price": Decimal("20"), "staff_addon_chips": 10000}
BOUNTY = Decimal("100")
BOUNTY_RULES: dict[str, Any] = {"bounty": BOUNTY, "pko_cash_percent": Decimal("50"), "bounty_unit": Decimal("5"),
                                "bounty_split": MoneyRules.BountySplit.EQUAL}
METHODS = [Purchase.Method.CASH, Purchase.Method.PIX, Purchase.Method.CARD, Purchase.Method.CREDIT]
METHOD_WEIGHTS = [50, 30, 15, 5]
REBUY_AFTER_BUST = 0.7      # a player who loses their stack while rebuys are open buys back in
DOUBLE_SHARE = 0.25         # of those, a double rebuy
LOSE_STACK = 0.3            # per floor step while rebuys are open, one more player loses their stack
TOP_UP = 0.15               # per floor step while rebuys are open, a player asks for a rebuy (stack counted)
ADDON_SHARE = 0.85          # players in play who buy the add-on at the break
STAFF_ADDON_SHARE = 0.4
SPLIT_POT = 0.05            # a bust with two eliminators
NOBODY = 0.01               # a player who leaves: nobody knocked them out, their head is owed back
ZERO = Decimal("0")


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
    money: dict[str, Any] | None = None
    sale_queries: list[int] = field(default_factory=list)

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
        } | ({} if self.money is None else {"money": self.money | {"queries_per_sale": _spread(self.sale_queries)}})


def _spread(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": statistics.median(ordered) if ordered else 0, "max": max(ordered) if ordered else 0,
            "min": min(ordered) if ordered else 0}


def _cpu_count() -> int:
    import os

    return os.cpu_count() or 0


class Simulation:
    """One simulated event; `run()` returns a SimulationResult."""

    def __init__(self, *, entries: int, seats_per_table: int = 9, reentry_rate: float = 0.2,
                 seed: int | None = None, keep: bool = False, max_entries: int = 3,
                 initial_share: float = 0.8, checkpoint_every: int = 250, commit_each: bool = False,
                 money: MoneyOptions | None = None) -> None:
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
        # The club night (None: a night without money rules, played exactly as before).
        self.money = money if money is not None and money.on else None
        self.money_rng = random.Random(f"money-{self.seed}")
        self.stack: dict[int, int] = {}              # entry id -> chips at the table (entries in play)
        self.chips_gone = 0                           # chips of players who left (nobody won them)
        self.level: int | None = None                 # the simulated clock: the level, None before the start
        self.on_break = False
        self.addon_level: int | None = None
        self.addon_done = False
        self.first_wave = 0
        self.sold: dict[str, int] = {}
        self.refused: dict[str, int] = {}
        self.dealt = False

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
        if self.money is not None:
            self._money_rules(event)
        return events.event_status_change(event=event, to=Event.Status.REGISTERING, actor=None)

    def _register(self, event: Event, player: Any = None) -> Entry | None:
        if player is None:
            player = players.player_register(festival=event.festival, name=f"Player {self.result.players + 1:05d}",
                                             actor=None)
            self.result.players += 1
        paid = {} if self.money is None else {"method": self._method()}
        try:
            entry = entry_register_seated(event=event, player=player, actor=None, level_position=None, **paid)
        except RegistrationError:
            # Every seat is taken and the spare tables have been broken and released: like a
            # director would, bring a released table back into the event, then register.
            if len(self.where) < self.room_in_play or not self.released:
                raise
            self._table_add(event)
            entry = entry_register_seated(event=event, player=player, actor=None, level_position=None, **paid)
        self.entries += 1
        self.result.entries += 1
        self.attempts[player.pk] = entry.attempt
        self.player_of[entry.pk] = player
        self._add_alive(entry.pk)
        if entry.attempt > 1:
            self.result.reentries += 1
        if self.money is not None:
            self.stack[entry.pk] = entry.buy_in_purchase.chips
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
        self.first_wave = first_wave
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
        if self.money is not None:
            self.level = 1
        clock = time.perf_counter()

        # Late registration and re-entry: busts and new entries interleave until the field is complete.
        while self.entries < self.target:
            if self.money is not None:
                self._money_clock(event)
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
        if self.money is not None:
            self._money_clock(event, closing=True)
        event = registration.event_registration_close(event=event, actor=None)
        if self.money is not None:
            # The director builds the payout table once the field is complete (rebuys and add-ons are over).
            payout_table_generate(event=event, actor=None)
        self._check_places_so_far(event)
        self.result.phase_seconds["late_registration"] = time.perf_counter() - clock
        clock = time.perf_counter()

        paid = max(2, round(self.result.entries * 0.15))
        while len(self.alive) > 1:
            if self.money is not None and self.money.deal and not self.dealt and len(self.alive) == 3:
                self._deal(event)
            if len(self.alive) == paid + 1 and len(self.in_play()) > 1:
                self._hand_for_hand(event, paid)
            else:
                self._eliminate_random(event)
            self._floor(event)
            self._checkpoint(event)
        self.result.phase_seconds["down_to_the_winner"] = time.perf_counter() - clock
        self._finish(event)
        if self.money is not None:
            clock = time.perf_counter()
            self._money_finish(event)
            self.result.phase_seconds["cash_desk_payouts"] = time.perf_counter() - clock

    # -- operations ----------------------------------------------------------------------------

    def _eliminate(self, event: Event, table: int, busts: list[eliminations.SeatBust],
                   by: list[int] | None = None) -> list[int]:
        alive_before = len(self.alive)
        gone = [self.occ[table][b.seat] for b in busts]
        counter = QueryCounter()
        with connection.execute_wrapper(counter):
            # As the desk does: the clock's level is read while late registration is open (never
            # started here, so None), then the bust.
            level = registration_clock_level(event=event)
            if self.money is None:
                elimination = eliminations.entries_eliminate(event=event, table_number=table, busts=busts,
                                                             actor=None, level_position=level)
            else:
                # The bust and its bounties in one transaction, as the desk's eliminations page does; an
                # event without a bounty is sent no eliminators (nobody types "by" there).
                with transaction.atomic():
                    elimination = eliminations.entries_eliminate(event=event, table_number=table, busts=busts,
                                                                 actor=None, level_position=level)
                    bounties_award(event=event, elimination=elimination, actor=None,
                                   eliminators={} if self.money.bounty is None else
                                   {entry_id: list(by or []) for entry_id in gone})
        self.result.queries.append(counter.count)
        self.result.elimination_calls += 1
        if self.money is not None:
            self._take_chips(gone, by or [])
            for entry_id in gone:
                self.stack.pop(entry_id, None)
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
        if self.money is not None:
            return self._money_bust(event, victim)
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
                by = self._eliminators(table, [seat]) if self.money is not None else None
                round_busted += self._eliminate(event, table, [eliminations.SeatBust(seat)], by=by)
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

    # -- the club night's money ------------------------------------------------------------------

    def _method(self) -> str:
        return self.money_rng.choices(METHODS, weights=METHOD_WEIGHTS)[0]

    def _money_rules(self, event: Event) -> None:
        """Set the night's rules through the cashier's service (refused rules would stop the run)."""
        assert self.money is not None
        values = dict(MONEY_RULES)
        if self.money.rebuys:
            values |= REBUY_RULES
        if self.money.addons:
            # The add-on is sold at the break after the last rebuy level when the structure has one there,
            # else at its first break (rebuys then stay open through that break or end before it).
            _levels, breaks = structure_levels(event=event)
            self.addon_level = REBUY_UNTIL_LEVEL if REBUY_UNTIL_LEVEL in breaks else min(breaks)
            values |= ADDON_RULES | {"addon_break_after_level": self.addon_level}
        if self.money.bounty is not None:
            values |= BOUNTY_RULES | {"bounty_kind": self.money.bounty,
                                      "rebuy_bounty": BOUNTY if self.money.rebuys else ZERO}
        money_rules_set(event=event, actor=None, values=values)

    def _clock(self) -> ClockPoint:
        """The clock as the cashier would read it (the simulated night's level, or its break)."""
        return ClockPoint(level_number=self.level, on_break=self.on_break)

    def _rebuys_open(self) -> bool:
        return (self.money is not None and self.money.rebuys and self.level is not None
                and self.level <= REBUY_UNTIL_LEVEL)

    def _money_clock(self, event: Event, closing: bool = False) -> None:
        """Move the simulated clock with the late registration: levels 1 to the last level of late
        registration as the field fills, the add-on break on the way; past it once registration closes."""
        last = event.late_registration_level or 1
        if closing:
            level = last + 1
        else:
            done = (self.entries - self.first_wave) / max(1, self.target - self.first_wave)
            level = min(last, 1 + int(done * last))
        if (self.addon_level is not None and not self.addon_done and self.level is not None
                and level > self.addon_level):
            self.level = self.addon_level
            self._addon_break(event)
        self.level = level
        if self._rebuys_open() and len(self.alive) > 2 * self.seats:
            # The rebuy period's hands: a player loses their stack (most buy back in), another asks for a
            # rebuy with whatever they hold.
            if self.money_rng.random() < LOSE_STACK:
                self._money_bust(event, self.money_rng.choice(self.alive))
            if self.money_rng.random() < TOP_UP:
                self._top_up(event, self.money_rng.choice(self.alive))

    def _addon_break(self, event: Event) -> None:
        """The break after the add-on level: most players buy the add-on, some the staff add-on."""
        self.on_break = True
        for entry_id in list(self.alive):
            if self.money_rng.random() < ADDON_SHARE:
                self._sell(event, entry_id, Purchase.Kind.ADDON)
            if self.money_rng.random() < STAFF_ADDON_SHARE:
                self._sell(event, entry_id, Purchase.Kind.STAFF_ADDON)
        self.on_break = False
        self.addon_done = True
        self.ops += 1

    def _sell(self, event: Event, entry_id: int, kind: str) -> Purchase | None:
        """One sale at the cash desk; a refusal is counted (the service decides, never the simulator)."""
        counter = QueryCounter()
        try:
            with connection.execute_wrapper(counter):
                purchase = purchase_sell(event=event, entry_id=entry_id, kind=kind, method=self._method(),
                                         actor=None, clock=self._clock())
        except PurchaseRefused:
            self.refused[kind] = self.refused.get(kind, 0) + 1
            return None
        self.result.sale_queries.append(counter.count)
        self.sold[kind] = self.sold.get(kind, 0) + 1
        self.stack[entry_id] += purchase.chips
        self.ops += 1
        return purchase

    def _count(self, event: Event, entry_id: int) -> None:
        """The floor counts a player's stack for the cash desk (a chip count, as at the desk)."""
        chipcounts.chip_counts_record(event=event, counts={entry_id: self.stack[entry_id]}, actor=None,
                                      addon_chips=extra_chips(event=event))

    def _rebuy(self, event: Event, entry_id: int) -> bool:
        """The player asks for a rebuy (sometimes a double; a refused double falls back to one)."""
        if self.money_rng.random() < DOUBLE_SHARE and self._sell(event, entry_id, Purchase.Kind.DOUBLE_REBUY):
            return True
        return self._sell(event, entry_id, Purchase.Kind.REBUY) is not None

    def _top_up(self, event: Event, entry_id: int) -> None:
        """A player in play asks for a rebuy: the floor counts the stack, the cashier says yes or no."""
        self._count(event, entry_id)
        self._rebuy(event, entry_id)

    def _eliminators(self, table: int, busted_seats: list[int]) -> list[int]:
        """Who wins the pot: one player at the table, sometimes two (a split pot), rarely nobody (the
        player left, or nobody else is at the table)."""
        others = sorted(s for s in self.occ[table] if s not in busted_seats)
        if not others or self.money_rng.random() < NOBODY:
            return []
        if len(others) >= 2 and self.money_rng.random() < SPLIT_POT:
            return [self.occ[table][s] for s in self.money_rng.sample(others, 2)]
        return [self.occ[table][self.money_rng.choice(others)]]

    def _take_chips(self, losers: list[int], winners: list[int]) -> None:
        """The losers' stacks go to the winners of the pot (shared, the odd chips to the first named)."""
        chips = sum(self.stack.pop(entry_id, 0) for entry_id in losers) if not winners else 0
        if not winners:
            self.chips_gone += chips
            return
        for entry_id in losers:
            chips += self.stack[entry_id]
            self.stack[entry_id] = 0
        base, extra = divmod(chips, len(winners))
        for i, entry_id in enumerate(winners):
            self.stack[entry_id] += base + (1 if i < extra else 0)

    def _money_bust(self, event: Event, victim: int) -> list[int]:
        """A player loses their stack: while rebuys are open they usually buy back in; else they are out,
        the eliminators named for the bounty."""
        table, seat = self.where[victim]
        seats = [seat]
        others = [s for s in self.occ[table] if s != seat]
        if len(others) >= 2 and len(self.alive) > 3 and self.rng.random() < 0.03:
            seats.append(self.rng.choice(others))  # two players out in the same hand
        by = self._eliminators(table, seats)
        if len(seats) == 1 and by and self._rebuys_open() and self.money_rng.random() < REBUY_AFTER_BUST:
            self._take_chips([victim], by)
            self._count(event, victim)  # the floor records the stack as 0, then the cashier sells
            if self._rebuy(event, victim):
                return []
        busts = [eliminations.SeatBust(s, self.stack[self.occ[table][s]] if len(seats) > 1 else None,
                                       entry_id=self.occ[table][s]) for s in seats]
        return self._eliminate(event, table, busts, by=by)

    def _deal(self, event: Event) -> None:
        """The last three players agree an ICM deal on their stacks, then play on for the title."""
        deal_record(event=event, stacks={entry_id: self.stack[entry_id] for entry_id in self.alive},
                    method="icm", actor=None)
        self.dealt = True
        self.ops += 1

    def _check_chips(self, event: Event) -> Any:
        """Chips in play (every entry's stack + the chips of the other purchases) = the stacks at the tables
        + the chips of players who left; the buy-ins' chips are every entry's starting stack."""
        extras = pool_extras(event=event)
        in_play = self.entries * event.starting_stack + extras.chips
        at_tables = sum(self.stack[entry_id] for entry_id in self.alive) + self.chips_gone
        if at_tables != in_play:
            self.fail(f"chips in play {in_play} (entries x stack + {extras.chips} sold) but {at_tables} at the "
                      "tables and gone")
        return extras

    def _check_bounty_money(self, event: Event) -> Any:
        found = bounty_money(event=event)
        if found.difference != 0:
            self.fail(f"bounty money paid in {found.paid_in} but {found.accounted} paid, on heads and owed back")
        return found

    def _money_finish(self, event: Event) -> None:
        """Pay the prizes and the bounty money at the cash desk, then check the night's money from the
        cashier's and the prize desk's selectors."""
        for award in event_awards(event=event):
            if award.amount > 0:
                cash_payout_record(event=event, entry_id=award.entry.pk, kind=Payout.Kind.PRIZE,
                                   amount=award.amount, owed=award.amount, method=self._method(), actor=None)
        for entry_id, line in sorted(bounties_by_entry(event=event).items()):
            if line.to_pay > 0:
                cash_payout_record(event=event, entry_id=entry_id, kind=Payout.Kind.BOUNTY, amount=line.to_pay,
                                   owed=line.to_pay, method=self._method(), actor=None)
        self.ops += 1
        summary = event_prize_summary(event=event)
        bounty = bounty_money(event=event)
        owed_bounties = bounty.paid_cash + bounty.collected_by_champion + bounty.owed_back
        prizes_owed = sum((award.amount for award in event_awards(event=event)), ZERO)
        close = closeout(event=event, prize_pool=summary["prize_pool"], overlay=summary["overlay"],
                         staff_deduction=summary["staff_deduction"], prizes_owed_total=prizes_owed,
                         bounties_paid=owed_bounties, bounties_on_heads=bounty.on_heads)
        totals = money_totals(event=event)
        paid_out = sum(close.paid_out_by_method.values(), ZERO)
        bounties_paid = paid_out - close.prizes_paid
        # The checks.
        if close.difference != 0:
            self.fail(f"the close-out does not balance: money in {close.money_in}, accounted for {close.accounted}, "
                      f"difference {close.difference}")
        self._check_bounty_money(event)
        if bounty.on_heads:
            self.fail(f"{bounty.on_heads} still on heads once the event is over")
        negative = [pk for pk, head in heads(event=event).items() if head < 0]
        if negative:
            self.fail(f"{len(negative)} entries have a negative head (entry {negative[0]})")
        extras = self._check_chips(event)
        buy_in_chips = totals.kinds[Purchase.Kind.ENTRY].chips + totals.kinds[Purchase.Kind.REENTRY].chips
        if totals.entries_without_buy_in or buy_in_chips != self.entries * event.starting_stack:
            self.fail(f"{totals.entries_without_buy_in} entries without a buy-in; buy-ins give {buy_in_chips} chips")
        if summary["field"]["total_chips"] != self.entries * event.starting_stack + extras.chips:
            self.fail(f"the prize desk counts {summary['field']['total_chips']} chips in play")
        if close.prizes_paid != prizes_owed or prizes_owed != close.prize_pool:
            self.fail(f"prizes paid {close.prizes_paid}, owed {prizes_owed}, pool {close.prize_pool}")
        if bounties_paid != owed_bounties:
            self.fail(f"bounty money paid {bounties_paid}, owed to the players {owed_bounties}")
        rebuys = self.sold.get(Purchase.Kind.REBUY, 0) + 2 * self.sold.get(Purchase.Kind.DOUBLE_REBUY, 0)
        if totals.rebuys != rebuys or totals.addons != self.sold.get(Purchase.Kind.ADDON, 0):
            self.fail(f"the cashier counts {totals.rebuys} rebuys and {totals.addons} add-ons, the simulator sold "
                      f"{rebuys} and {self.sold.get(Purchase.Kind.ADDON, 0)}")

        def text(amount: Decimal) -> str:
            return f"{amount:.2f}"

        assert self.money is not None
        self.result.money = {
            "rules": {"rebuys": self.money.rebuys, "addons": self.money.addons, "bounty": self.money.bounty,
                      "deal": self.money.deal, "addon_break_after_level": self.addon_level,
                      "rebuys_until_level": REBUY_UNTIL_LEVEL if self.money.rebuys else None},
            "in": text(close.money_in),
            "in_by_method": {m: text(v) for m, v in close.money_in_by_method.items()},
            "prize_pool": text(close.prize_pool),
            "overlay": text(close.overlay),
            "fees": text(close.fees),
            "staff": text(close.staff),
            "bounty_in": text(close.bounty_in),
            "rebuys": totals.rebuys,
            "addons": totals.addons,
            "staff_addons": totals.kinds[Purchase.Kind.STAFF_ADDON].count,
            "sales": sum(self.sold.values()),
            "refused": dict(sorted(self.refused.items())),
            "bounties_won": text(bounty.paid_cash),
            "bounties_owed_back": text(bounty.owed_back),
            "champion_head": text(bounty.collected_by_champion),
            "bounties_paid": text(bounties_paid),
            "prizes_paid": text(close.prizes_paid),
            "paid_out_by_method": {m: text(v) for m, v in close.paid_out_by_method.items()},
            "deal": self.dealt,
            "difference": text(close.difference),
            "bounty_difference": text(bounty.difference),
        }

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
        if self.money is not None:
            self._check_chips(event)
            if self.money.bounty is not None:
                self._check_bounty_money(event)

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
