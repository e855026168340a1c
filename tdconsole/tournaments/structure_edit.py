"""Editing a blind structure: a template at any time, an event's own structure before and during play.

An event's levels already started are history: the clock's times and the hands played there depend
on them, so a change may only touch the levels after the one being played. The caller (a view that
can read the clock) passes `playing_position`, the structure position the clock is at (None before
the clock starts). Every save is validated as a whole, against the event's chip set when it has one,
and audited with the rows before and after.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record

from .exceptions import StructureError
from .locks import event_lock
from .models import Event, Level, Structure
from .structures import LevelSpec, level_specs, structure_validate


def specs_of_levels(levels: Iterable[Level]) -> list[LevelSpec]:
    """The rows of stored levels as LevelSpec values, in their order."""
    return [
        LevelSpec(kind=lv.kind, minutes=lv.minutes, small_blind=lv.small_blind, big_blind=lv.big_blind,
                  ante=lv.ante, color_up=lv.color_up)
        for lv in sorted(levels, key=lambda lv: lv.position)
    ]


def event_denominations(event: Event) -> list[int] | None:
    """The chip values of the event's chip set, or None when it has none (one query)."""
    if event.chip_set_id is None:
        return None
    from .models import Chip

    return list(Chip.objects.filter(chip_set_id=event.chip_set_id).values_list("value", flat=True))


def _row(spec: LevelSpec) -> dict[str, Any]:
    return asdict(spec)


def structure_levels_save(
    *,
    structure: Structure,
    rows: Sequence[Mapping[str, Any]] | Sequence[LevelSpec],
    actor: Any,
    event: Event | None = None,
    playing_position: int | None = None,
) -> Structure:
    """Replace the levels of `structure` with `rows` (validated as a whole; audited).

    With `event` (whose own structure this must be) and the clock at `playing_position`, the rows up to
    and including that position must be the ones already there: a level started cannot change, and
    none can be inserted before it. Saving the rows already stored changes nothing and audits nothing.
    """
    specs = [r if isinstance(r, LevelSpec) else None for r in rows]
    if any(s is None for s in specs):
        specs = level_specs(rows)  # type: ignore[arg-type]
    with transaction.atomic():
        if event is not None:
            event = event_lock(event)
            if event.structure_id != structure.pk:
                raise StructureError(_("This structure is not the event's own."))
            denominations = event_denominations(event)
        else:
            denominations = None
        structure = Structure.objects.select_for_update().get(pk=structure.pk)
        stored = list(Level.objects.filter(structure=structure).order_by("position"))
        before = specs_of_levels(stored)
        kept = playing_position or 0
        if event is not None and kept:
            if specs[:kept] != before[:kept]:
                raise StructureError(
                    _("The levels up to the one being played have started and cannot change; "
                      "edit the levels after it."))
        structure_validate(specs, denominations)  # type: ignore[arg-type]
        if specs == before:
            return structure
        Level.objects.filter(structure=structure, position__gt=kept).delete()
        Level.objects.bulk_create([
            Level(structure=structure, position=position, kind=spec.kind, small_blind=spec.small_blind,
                  big_blind=spec.big_blind, ante=spec.ante, minutes=spec.minutes, color_up=spec.color_up)
            for position, spec in enumerate(specs, start=1) if position > kept  # type: ignore[union-attr]
        ])
        changed = [i for i in range(max(len(specs), len(before)))
                   if i >= len(specs) or i >= len(before) or specs[i] != before[i]]
        audit_record(
            actor=actor, action="structure.levels", event=event, objects=[structure],
            before={"rows": [_row(s) for s in before]},
            after={"rows": [_row(s) for s in specs], "from_row": changed[0] + 1 if changed else None},  # type: ignore[arg-type]
            summary=(gettext_lazy("Blind structure %(name)s changed from row %(row)s"),
                     {"name": structure.name, "row": changed[0] + 1 if changed else 0}),
        )
    return structure
