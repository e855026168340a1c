"""Saving a structure from the editor or from a file, an event's own against its clock.

The levels the clock has started are history (see `tournaments.structure_edit`), and which they are
is the clock's answer: it is read here, with the clock's row locked, in the transaction that rewrites
the levels. A clock control pressed meanwhile queues behind the save (and then plays the new rows), or
the save queues behind it and sees where it went; a position read before the transaction could be
stale by the time the levels are written, and let a level that had just started be changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_level_now
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Event, Level, Structure
from tdconsole.tournaments.structure_edit import structure_edit_save, structure_levels_save
from tdconsole.tournaments.structures import LevelSpec

Rows = Sequence[Mapping[str, Any]] | Sequence[LevelSpec]


def started_rows_locked(*, event: Event) -> int:
    """How many of the event's rows have started, the event and its clock row locked to the end of the
    caller's transaction (0 before the start; every row once the event is finished)."""
    event = event_lock(event)
    ClockState.objects.select_for_update().filter(event=event).first()
    if event.status == Event.Status.FINISHED:
        return Level.objects.filter(structure_id=event.structure_id).count()
    return clock_level_now(event=event) or 0


def structure_page_save(*, structure: Structure, rows: Rows, actor: Any, name: str, description: str,
                        event: Event | None = None) -> Structure:
    """Save the editor's page (`structure_edit_save`); an event's own structure after the rows its clock
    has started, read in the same transaction."""
    with transaction.atomic():
        playing = started_rows_locked(event=event) if event is not None else 0
        return structure_edit_save(structure=structure, rows=rows, actor=actor, name=name,
                                   description=description, event=event, playing_position=playing or None)


def structure_file_save(*, structure: Structure, rows: Rows, actor: Any, event: Event | None = None) -> Structure:
    """Replace the rows with a file's (`structure_levels_save`); an event's own structure only after the
    rows its clock has started, read in the same transaction, and never once the event is finished."""
    with transaction.atomic():
        playing = 0
        if event is not None:
            playing = started_rows_locked(event=event)
            if Event.objects.filter(pk=event.pk, status=Event.Status.FINISHED).exists():
                raise StructureError(_("The event is finished: its structure cannot change."))
        return structure_levels_save(structure=structure, rows=rows, actor=actor, event=event,
                                     playing_position=playing or None)
