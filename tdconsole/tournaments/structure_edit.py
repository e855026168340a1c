"""Editing a blind structure: a template at any time, an event's own structure before and during play.

An event's levels already started are history: the clock's times and the hands played there depend
on them, so a change may only touch the levels after the one being played. The caller (a view that
can read the clock) passes `playing_position`, the structure position the clock is at (None before
the clock starts). Every save is validated as a whole, against the event's chip set when it has one,
and audited with the rows before and after.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_max

from .events import _unique_slug, shared_settings_check
from .exceptions import StructureError
from .locks import event_lock
from .models import Event, Level, Structure
from .structures import BREAK, LEVEL, LevelSpec, chips_in_play, level_specs, structure_problems, structure_validate

# The most rows a structure may have: far more than any day of poker plays (the longest shipped
# template has 42), and a bound on what a form or a file can make the server build.
MAX_ROWS = 300
NAME_MAX = Structure._meta.get_field("name").max_length
DESCRIPTION_MAX = Structure._meta.get_field("description").max_length


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
    specs_check_storable(specs)  # type: ignore[arg-type]
    with transaction.atomic():
        if event is not None:
            event = event_lock(event)
            if event.structure_id != structure.pk:
                raise StructureError(_("This structure is not the event's own."))
            shared_settings_check(event, [], structure_replaced=True)
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


# --- what a row may hold ----------------------------------------------------------------------------

LEVEL_NUMBER_FIELDS = ("small_blind", "big_blind", "ante", "minutes", "color_up")


def level_field_max(name: str) -> int:
    """The largest value a level's `name` column stores on every supported database."""
    return field_max(Level, name)


def specs_check_storable(specs: Sequence[LevelSpec]) -> None:
    """Refuse rows the database cannot store (too many, a negative or an oversized number).

    Checked before any query: an integer past its column's range is a database error (a 500),
    not a message, and the validation's own messages assume numbers that fit.
    """
    if len(specs) > MAX_ROWS:
        raise StructureError(_("A structure has at most %(max)d rows.") % {"max": MAX_ROWS})
    for index, spec in enumerate(specs, start=1):
        for name in LEVEL_NUMBER_FIELDS:
            value = getattr(spec, name)
            if value is None:
                continue
            if value < 0 or value > level_field_max(name):
                raise StructureError(
                    _("Row %(row)d: %(value)s is not a number a structure can hold.") % {"row": index, "value": value})


# --- problems by row ----------------------------------------------------------------------------------


def row_problems(specs: Sequence[LevelSpec], denominations: Iterable[int] | None = None
                 ) -> tuple[list[str], dict[int, list[str]]]:
    """Every problem of the structure, each beside the row (1-based) it is about.

    Returns (problems of the whole structure, {row: problems of that row}). Every check of
    `structure_problems` is about one row and the rows before it, so the problems a row brings are
    those of the structure up to it less those of the structure before it; what belongs to no row
    (no blind level at all) is the whole structure's.
    """
    denominations = None if denominations is None else list(denominations)
    whole_only = Counter(structure_problems([], denominations))
    by_row: dict[int, list[str]] = {}
    previous: Counter[str] = Counter()
    for row in range(1, len(specs) + 1):
        found = structure_problems(list(specs[:row]), denominations)
        current = Counter(found)
        new = current - previous - whole_only
        if new:
            mine: list[str] = []
            for message in found:
                if new[message] > 0:
                    mine.append(message)
                    new[message] -= 1
            by_row[row] = mine
        previous = current
    placed = Counter(message for messages in by_row.values() for message in messages)
    general = list((Counter(structure_problems(list(specs), denominations)) - placed).elements())
    return general, by_row


# --- suggestions for a new row ----------------------------------------------------------------------

# Big blinds as the shipped structures climb: 1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8 times a power of ten.
LADDER = (10, 12, 16, 20, 24, 30, 40, 50, 60, 80)
DEFAULT_LEVEL = LevelSpec(kind=LEVEL, minutes=20, small_blind=100, big_blind=200, ante=200)
DEFAULT_BREAK_MINUTES = 10


def _ladder_above(value: int, unit: int) -> int:
    """The smallest ladder value above `value` that is a multiple of `unit` (the next multiple of
    `unit` when no ladder value is: a chip of an odd value)."""
    scale = 1
    while scale <= 10 * max(value, unit):
        for step in LADDER:
            candidate = step * scale
            if candidate > value and candidate % unit == 0:
                return candidate
        scale *= 10
    return (value // unit + 1) * unit


def next_level_suggestion(specs: Sequence[LevelSpec], denominations: Iterable[int] | None = None) -> LevelSpec:
    """A sensible blind level to follow `specs`: one step up the usual ladder, payable with the chips.

    The big blind climbs the ladder of the shipped structures (200, 300, 400, 500, 600, 800, 1,000,
    1,200, 1,600, 2,000, 2,400, 3,000...), skipping values the smallest chip in play does not divide
    (without a chip set: the largest amount every blind and ante so far is a multiple of); the small
    blind is half of it, to the nearest such chip (a half chip up); the ante keeps the last level's habit
    (a big blind ante, none, or the same share of the big blind); the minutes are the last level's.
    Without a level yet: 100/200, ante 200, 20 minutes.
    """
    levels = [spec for spec in specs if not spec.is_break]
    if not levels or levels[-1].big_blind < 1:
        minutes = levels[-1].minutes if levels and levels[-1].minutes > 0 else DEFAULT_LEVEL.minutes
        return LevelSpec(kind=LEVEL, minutes=minutes, small_blind=DEFAULT_LEVEL.small_blind,
                         big_blind=DEFAULT_LEVEL.big_blind, ante=DEFAULT_LEVEL.ante)
    last = levels[-1]
    # Without a chip set, the blinds stay payable with what the structure already asks for.
    unit = math.gcd(*(v for lv in levels for v in (lv.small_blind, lv.big_blind, lv.ante) if v > 0)) or 1
    if denominations:
        rows = chips_in_play(list(specs), denominations)
        if rows and rows[-1]:
            unit = rows[-1][0]
    big = _ladder_above(last.big_blind, unit)
    # Half the big blind to the nearest chip, a half chip rounded up (300 -> 200, as the templates do).
    small = min(big, max(unit, (big + unit) // (2 * unit) * unit, min(last.small_blind, big)))
    if last.ante == last.big_blind:
        ante = big
    elif last.ante <= 0:
        ante = 0
    else:
        ante = min(big, max(last.ante, (last.ante * big // last.big_blind) // unit * unit))
    return LevelSpec(kind=LEVEL, minutes=last.minutes if last.minutes > 0 else DEFAULT_LEVEL.minutes,
                     small_blind=small, big_blind=big, ante=ante)


def next_break_suggestion(specs: Sequence[LevelSpec]) -> LevelSpec:
    """A break as long as the last one (ten minutes when there is none), with no colour-up."""
    breaks = [spec for spec in specs if spec.is_break and spec.minutes > 0]
    return LevelSpec(kind=BREAK, minutes=breaks[-1].minutes if breaks else DEFAULT_BREAK_MINUTES)


# --- services -----------------------------------------------------------------------------------------


def _one_line(text: str | None) -> str:
    """`text` as one plain line: control characters (a NUL, which PostgreSQL refuses) dropped, spaces joined."""
    text = "".join(" " if unicodedata.category(char) == "Cc" else char for char in (text or ""))
    return " ".join(text.split())


def _clean_name(name: str | None) -> str:
    name = _one_line(name)
    if not name:
        raise StructureError(_("Give the structure a name."))
    if len(name) > NAME_MAX:
        raise StructureError(_("A structure's name has at most %(max)d characters.") % {"max": NAME_MAX})
    return name


def _clean_description(description: str | None) -> str:
    description = _one_line(description)
    if len(description) > DESCRIPTION_MAX:
        raise StructureError(
            _("A structure's description has at most %(max)d characters.") % {"max": DESCRIPTION_MAX})
    return description


def _free_slug(name: str) -> str:
    """A slug for `name` that no structure has yet."""
    return _unique_slug(Structure, name, fallback="structure")


def structure_edit_save(
    *,
    structure: Structure,
    rows: Sequence[Mapping[str, Any]] | Sequence[LevelSpec],
    actor: Any,
    name: str | None = None,
    description: str | None = None,
    event: Event | None = None,
    playing_position: int | None = None,
) -> Structure:
    """Save the editor's page: the levels (see `structure_levels_save`), and the name and description.

    One transaction: nothing is saved when anything is refused. A finished event's structure is its
    history and does not change.
    """
    with transaction.atomic():
        if event is not None and Event.objects.filter(pk=event.pk, status=Event.Status.FINISHED).exists():
            raise StructureError(_("The event is finished: its structure cannot change."))
        structure = structure_levels_save(structure=structure, rows=rows, actor=actor, event=event,
                                          playing_position=playing_position)
        changes: dict[str, str] = {}
        if name is not None:
            name = _clean_name(name)
            if name != structure.name:
                changes["name"] = name
        if description is not None:
            description = _clean_description(description)
            if description != structure.description:
                changes["description"] = description
        if changes:
            before = {key: getattr(structure, key) for key in changes}
            Structure.objects.filter(pk=structure.pk).update(**changes)
            for key, value in changes.items():
                setattr(structure, key, value)
            audit_record(actor=actor, action="structure.rename", event=event, objects=[structure],
                         before=before, after=changes,
                         summary=(gettext_lazy("Blind structure %(name)s renamed or described anew"),
                                  {"name": structure.name}))
    return structure


def structure_new(*, name: str, actor: Any, description: str = "", source: Structure | None = None) -> Structure:
    """A new template: a copy of `source`'s rows, or one blind level to start from."""
    specs = specs_of_levels(Level.objects.filter(structure=source)) if source is not None else [DEFAULT_LEVEL]
    return _template_from(name=name, description=description, specs=specs, actor=actor, source=source,
                          action="structure.create")


def structure_copy_as_template(*, structure: Structure, name: str, actor: Any, description: str | None = None,
                               event: Event | None = None) -> Structure:
    """Copy a structure (a template, or an event's own: "save as template") as a new template."""
    return _template_from(
        name=name, description=structure.description if description is None else description,
        specs=specs_of_levels(Level.objects.filter(structure=structure)), actor=actor, source=structure,
        action="structure.copy", event=event)


def structure_from_file(*, name: str, description: str, specs: Sequence[LevelSpec], actor: Any) -> Structure:
    """A new template from an imported file's rows (validated as a whole)."""
    return _template_from(name=name, description=description, specs=specs, actor=actor, source=None,
                          action="structure.import")


def _template_from(*, name: str, description: str, specs: Sequence[LevelSpec], actor: Any,
                   source: Structure | None, action: str, event: Event | None = None) -> Structure:
    name = _clean_name(name)
    description = _clean_description(description)
    specs = list(specs)
    specs_check_storable(specs)
    structure_validate(specs)
    with transaction.atomic():
        structure = Structure.objects.create(name=name, slug=_free_slug(name), description=description,
                                             is_template=True)
        Level.objects.bulk_create([
            Level(structure=structure, position=position, kind=spec.kind, small_blind=spec.small_blind,
                  big_blind=spec.big_blind, ante=spec.ante, minutes=spec.minutes, color_up=spec.color_up)
            for position, spec in enumerate(specs, start=1)
        ])
        summaries = {
            "structure.create": gettext_lazy("Blind structure %(name)s created"),
            "structure.copy": gettext_lazy("Blind structure %(name)s copied from %(source)s"),
            "structure.import": gettext_lazy("Blind structure %(name)s imported from a file"),
        }
        audit_record(actor=actor, action=action, event=event, objects=[structure],
                     before={"source": source.slug} if source is not None else None,
                     after={"rows": [_row(s) for s in specs]},
                     summary=(summaries[action], {"name": name, "source": source.name if source else ""}))
    return structure
