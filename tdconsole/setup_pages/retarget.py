"""Retargeting an event's structure during play: what the proposal is built from, and applying it.

The clock says which row is being played and how long it has left; the field says how many chips are in
play (every entry's starting stack, and the rebuys and add-ons sold at the cash desk). `retarget_state`
reads all that; the pure `generator.retarget` proposes the rows after the one being played; and
`structure_retarget_apply` saves them, refusing when the clock or the structure moved since the
proposal was shown (the rows up to the one being played are history and never change).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.cashier.selectors import extra_chips
from tdconsole.clock.maths import Reading
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_reading
from tdconsole.clock.services import clock_set_left
from tdconsole.core.durations import whole_seconds
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.generator import MAX_BLIND, MAX_LEVEL_MINUTES, Plan, Row, expected_end, retarget
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event, Structure
from tdconsole.tournaments.structure_edit import event_denominations, specs_of_levels, structure_levels_save
from tdconsole.tournaments.structures import LevelSpec, level_specs

# The chips assumed when the event has no chip set (with the structure's own colour-ups).
ASSUMED_CHIPS = (25, 100, 500, 1000, 5000, 25000, 100000, 500000)


@dataclass(frozen=True)
class RetargetState:
    """The event as a retarget sees it now."""

    rows: list[Row]  # the structure as it stands
    reading: Reading
    position: int | None  # the row being played; None before the start
    seconds_left: int  # in the row being played (0 before the start)
    entries: int
    total_chips: int
    denominations: list[int]
    chips_assumed: bool  # no chip set: `denominations` guessed from the structure
    version: str  # names the stored rows, so a proposal is applied to the rows it was made from
    now: datetime

    @property
    def started(self) -> bool:
        return self.position is not None

    @property
    def remaining(self) -> list[Row]:
        """The rows after the one being played (all of them before the start)."""
        return self.rows[self.position or 0:]


def rows_of(specs: Sequence[LevelSpec]) -> list[Row]:
    return [Row(**asdict(spec)) for spec in specs]


def structure_version(specs: Sequence[LevelSpec] | Sequence[Row]) -> str:
    """A short fingerprint of the rows (kind, minutes, blinds, ante, colour-up of each)."""
    text = json.dumps([asdict(spec) for spec in specs], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def assumed_denominations(specs: Sequence[LevelSpec]) -> list[int]:
    """Chips for a structure without a chip set: its greatest common chip (what every blind and ante is
    a multiple of), the usual chips above it and the chips it colours up."""
    amounts = [v for s in specs for v in (s.small_blind, s.big_blind, s.ante) if v]
    common = 0
    for value in amounts:
        common = math.gcd(common, value)
    colour_ups = {s.color_up for s in specs if s.color_up}
    chips = {c for c in (*ASSUMED_CHIPS, *colour_ups) if c > common} | ({common} if common else set())
    return sorted(chips) or list(ASSUMED_CHIPS)


def retarget_state(*, event: Event, now: datetime | None = None) -> RetargetState:
    """The structure, the clock and the chips in play now (five queries)."""
    now = now or timezone.now()
    levels, reading = clock_reading(event=event, now=now)
    specs = specs_of_levels(levels)
    denominations = event_denominations(event)
    assumed = not denominations
    if assumed:
        denominations = assumed_denominations(specs)
    entries = Entry.objects.filter(event=event).count()
    position = reading.position if reading.index is not None else None
    return RetargetState(
        rows=rows_of(specs), reading=reading, position=position,
        seconds_left=(whole_seconds(reading.seconds_left) or 0) if position is not None else 0,
        entries=entries, total_chips=entries * event.starting_stack + extra_chips(event=event),
        denominations=list(denominations or []), chips_assumed=assumed, version=structure_version(specs), now=now,
    )


def next_at(now: datetime, at: time) -> datetime:
    """The next moment the local clock reads `at` (later today, or tomorrow)."""
    local = timezone.localtime(now)
    moment = local.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)
    if moment <= local:
        moment += timedelta(days=1)
    return moment


def retarget_plan(*, event: Event, state: RetargetState, end: time, start: time | None = None,
                  entries: int | None = None) -> tuple[Plan, datetime, datetime]:
    """The proposal for ending near `end` (time of day), with when it starts counting (now, or the start
    time before the clock starts) and the target moment. Raises GeneratorError."""
    if state.started:
        origin = state.now
        target = next_at(state.now, end)
        seconds = int((target - origin).total_seconds())
        plan = retarget(rows=state.rows, position=state.position, seconds_left=state.seconds_left,
                        target_seconds=seconds, total_chips=state.total_chips, denominations=state.denominations,
                        stack=event.starting_stack, entries=max(2, state.entries), ante_style=event.ante_type)
        return plan, origin, target
    origin = next_at(state.now, start) if start is not None else state.now
    target = next_at(origin, end)
    planned = entries or max(2, state.entries)
    extra = state.total_chips - state.entries * event.starting_stack
    plan = retarget(rows=state.rows, position=None, seconds_left=0,
                    target_seconds=int((target - origin).total_seconds()),
                    total_chips=planned * event.starting_stack + extra, denominations=state.denominations,
                    stack=event.starting_stack, entries=planned, ante_style=event.ante_type)
    return plan, origin, target


def current_end(state: RetargetState) -> datetime | None:
    """When the model ends the event on the structure as it stands (None when no level reaches the end)."""
    found = expected_end(state.remaining, state.total_chips)
    if found is None:
        return None
    return state.now + timedelta(seconds=state.seconds_left + found[0] * 60)


def structure_retarget_apply(
    *,
    event: Event,
    rows: Sequence[Mapping[str, Any]] | Sequence[LevelSpec],
    position: int | None,
    version: str,
    target: str,
    expected: str,
    actor: Any,
    now: datetime | None = None,
) -> Structure:
    """Replace the rows after the one being played (all of them before the start) with `rows`.

    `target` is the end time asked and `expected` the one the model gives the rows (both "HH:MM", for
    the audit trail). `position` and `version` name what the proposal was made from: the row the clock
    was playing and the rows stored then. Refused (StructureError) when the clock has moved to another
    row or the structure changed since. When the clock has run past the end of the structure, the last
    row is closed first (the time left set to zero), so the new rows start now rather than already
    part-played. Audited as the levels saved and as a retarget naming the target.
    """
    if all(isinstance(r, LevelSpec) for r in rows):
        specs = list(rows)
    else:
        specs = level_specs(rows)  # type: ignore[arg-type]
    if any(v > MAX_BLIND for s in specs for v in (s.small_blind, s.big_blind, s.ante, s.color_up or 0)) or any(
            s.minutes > MAX_LEVEL_MINUTES for s in specs):
        raise StructureError(_("A level's blinds or minutes are larger than a structure can hold."))
    with transaction.atomic():
        event = event_lock(event)
        ClockState.objects.select_for_update().filter(event=event).first()
        now = now or timezone.now()
        levels, reading = clock_reading(event=event, now=now)
        playing = reading.position if reading.index is not None else None
        if playing != position:
            raise StructureError(_("The clock has moved to another level since this proposal was made: "
                                   "look at the new proposal."))
        stored = specs_of_levels(levels)
        if structure_version(stored) != version:
            raise StructureError(_("The structure has changed since this proposal was made: "
                                   "look at the new proposal."))
        if not specs:
            raise StructureError(_("The proposal has no levels."))
        if reading.finished:
            clock_set_left(event=event, actor=actor, seconds=0, now=now)
        kept = stored[:position or 0]
        if [*kept, *specs] == stored:
            return event.structure
        structure = structure_levels_save(structure=event.structure, rows=[*kept, *specs], actor=actor, event=event,
                                          playing_position=position)
        audit_record(
            actor=actor, action="structure.retarget", event=event, objects=[structure],
            after={"target": target, "expected_end": expected, "from_row": len(kept) + 1, "rows": len(specs)},
            summary=(gettext_lazy("Levels of %(name)s from row %(row)s retargeted to end near %(time)s"),
                     {"name": structure.name, "row": len(kept) + 1, "time": expected}),
        )
    return structure
