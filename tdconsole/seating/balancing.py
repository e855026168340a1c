"""Table balancing, as plain values in and moves out (no Django, no database).

Seats are numbered clockwise: the button, the blinds and the action all move to
the next higher seat number, wrapping from the last seat to seat 1.

Positions used here (a moving-button model):

* `button` is the seat of the dealer button **for the next hand to be dealt** at
  that table (the floor reads it off the table between hands).
* The next hand's small blind is the first occupied seat clockwise after the
  button, its big blind the second (heads-up, the button itself posts the small
  blind and the other player the big blind).
* The player who **would be big blind next** at a table is therefore the second
  occupied seat clockwise after the button (heads-up: the first). When a table
  gives up a player to balance, that player moves.
* The **worst position** at the short table is the open seat where the incoming
  player would post the big blind soonest, counting hands with the button moving
  one player per hand, **without** being the small blind of the next hand. A seat
  between the next hand's small blind and big blind is the worst of all (the new
  player posts the big blind at once); the open seats just clockwise after the
  button are never used, since a player there would post the small blind (when they
  are the only open seats, the player takes the one nearest the small blind and is
  dealt in once the button has passed him: `Move.waits_for_button`). Two open
  seats in the same gap between two players are equally bad; the one nearer the
  button (clockwise) is chosen, so the answer is deterministic.

The fixed procedure: while the largest table has two or more players more than the
smallest, one player moves from the largest table (ties: the table that breaks
first, i.e. lowest break order, then lowest number) to the smallest table with an
open seat (ties: the table that breaks last, then lowest number).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableState:
    """One table in play: its number, break order, seats used, and who sits where."""

    number: int
    capacity: int
    occupied: Mapping[int, int]  # seat -> occupant id
    break_order: int = 0
    button: int | None = None
    # The number of players when `occupied` is left empty because the seats are not needed
    # (a table no move concerns); None means "count `occupied`".
    players: int | None = None

    @property
    def count(self) -> int:
        return len(self.occupied) if self.players is None else self.players


@dataclass(frozen=True)
class Move:
    """One player moving from a seat to a seat."""

    entry_id: int | None
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    # True when the only open seats at the short table lie between its button and small
    # blind: the player takes the last of them and is dealt in once the button has passed.
    waits_for_button: bool = False


@dataclass(frozen=True)
class TablePair:
    """A move at the level of tables only (seats not decided yet)."""

    from_table: int
    to_table: int


@dataclass
class BalancePlan:
    """What balancing needs: the table pairs, the buttons still to ask, and the moves."""

    pairs: list[TablePair] = field(default_factory=list)
    needs_buttons: list[int] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    @property
    def balanced(self) -> bool:
        return not self.pairs


def clockwise_from(start: int, seats: Sequence[int] | set[int], capacity: int) -> list[int]:
    """The given seats in clockwise order, starting just after seat `start`."""
    return sorted(seats, key=lambda s: (s - start - 1) % capacity)


def big_blind_next(*, occupied: Sequence[int] | set[int], button: int, capacity: int) -> int:
    """The seat that posts the big blind in the next hand, given the next hand's button seat."""
    order = clockwise_from(button, occupied, capacity)
    if len(order) < 2:
        raise ValueError("a table needs two players for a big blind")
    if len(order) == 2:
        # Heads-up: the button posts the small blind, the other player the big blind.
        return order[0] if order[1] == button else order[1]
    return order[1]


def hands_until_big_blind(*, occupied: Sequence[int] | set[int], seat: int, button: int, capacity: int) -> int:
    """Hands dealt before the player at `seat` posts the big blind (0: in the next hand).

    The button moves one player clockwise per hand. The player at `seat` must be one of
    `occupied`. A player who would post the small blind in the next hand counts as
    never (returns -1), since the worst position excludes it.
    """
    order = clockwise_from(button, occupied, capacity)
    index = order.index(seat)
    if len(order) <= 2:
        bb = big_blind_next(occupied=occupied, button=button, capacity=capacity)
        return 0 if seat == bb else -1
    if index == 0:
        return -1
    return index - 1


def worst_open_seat(*, occupied: Sequence[int] | set[int], button: int, capacity: int) -> int:
    """The open seat where a new player posts the big blind soonest, never the small blind."""
    taken = set(occupied)
    open_seats = [s for s in range(1, capacity + 1) if s not in taken]
    if not open_seats:
        raise ValueError("no open seat")
    best: tuple[int, int] | None = None
    best_seat = open_seats[0]
    for seat in clockwise_from(button, open_seats, capacity):
        wait = hands_until_big_blind(occupied=taken | {seat}, seat=seat, button=button, capacity=capacity)
        if wait < 0:
            continue
        key = (wait, (seat - button - 1) % capacity)
        if best is None or key < best:
            best, best_seat = key, seat
    if best is None:
        # Only the small blind's seat is open (a table of one or two): nothing else to offer.
        return clockwise_from(button, open_seats, capacity)[-1]
    return best_seat


def plan_pairs(tables: Sequence[TableState]) -> list[TablePair]:
    """The table-level moves of the fixed procedure, until tables differ by at most one."""
    counts = {t.number: t.count for t in tables}
    info = {t.number: t for t in tables}
    pairs: list[TablePair] = []
    while len(counts) > 1:
        source = min(counts, key=lambda n: (-counts[n], info[n].break_order, n))
        room = [n for n in counts if counts[n] < info[n].capacity and n != source]
        if not room:
            break
        target = min(room, key=lambda n: (counts[n], -info[n].break_order, n))
        if counts[source] - counts[target] < 2:
            break
        pairs.append(TablePair(source, target))
        counts[source] -= 1
        counts[target] += 1
    return pairs


def plan_balance(tables: Sequence[TableState], buttons: Mapping[int, int] | None = None) -> BalancePlan:
    """Plan the moves that balance the tables.

    Without the button seat of every table concerned, the plan lists the tables whose
    button is needed and no seats. With them, each move names the player who would
    be big blind next at the source table and the worst open seat at the short table,
    applied one after another (later moves see the earlier ones).
    """
    pairs = plan_pairs(tables)
    plan = BalancePlan(pairs=pairs)
    if not pairs:
        return plan
    concerned = sorted({p.from_table for p in pairs} | {p.to_table for p in pairs})
    given = dict(buttons or {})
    for t in tables:
        if t.number not in given and t.button is not None:
            given[t.number] = t.button
    missing = [n for n in concerned if n not in given]
    if missing:
        plan.needs_buttons = missing
        return plan
    info = {t.number: t for t in tables}
    seats = {t.number: dict(t.occupied) for t in tables}
    for pair in pairs:
        source, target = info[pair.from_table], info[pair.to_table]
        from_seat = big_blind_next(
            occupied=set(seats[source.number]), button=given[source.number], capacity=source.capacity
        )
        occupant = seats[source.number].pop(from_seat)
        target_seats = set(seats[target.number])
        to_seat = worst_open_seat(occupied=target_seats, button=given[target.number], capacity=target.capacity)
        waits = hands_until_big_blind(
            occupied=target_seats | {to_seat}, seat=to_seat, button=given[target.number], capacity=target.capacity
        ) < 0
        seats[target.number][to_seat] = occupant
        plan.moves.append(Move(occupant, source.number, from_seat, target.number, to_seat, waits))
    return plan


def spread(*, capacities: Sequence[int], counts: Sequence[int], players: int) -> list[int]:
    """How many new players each table takes so the counts come out as even as possible.

    Each player goes to the table with the fewest players that has room; ties go to
    the table listed first. Returns the additions per table, in the given order.
    """
    if players > sum(c - n for c, n in zip(capacities, counts, strict=True)):
        raise ValueError("not enough open seats")
    added = [0] * len(capacities)
    heap = [(n, i) for i, (c, n) in enumerate(zip(capacities, counts, strict=True)) if n < c]
    heapq.heapify(heap)
    for _ in range(players):
        n, i = heapq.heappop(heap)
        added[i] += 1
        if n + 1 < capacities[i]:
            heapq.heappush(heap, (n + 1, i))
    return added
