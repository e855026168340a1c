"""Chip sets: the house's chips with their colours, and the chip set an event plays with.

The chips decide what the blinds can be: every blind and ante must be payable with the chips in play at its
level (`structures.structure_problems`). So a chip set is attached to an event only when the event's
structure is payable with it, and a chip set's denominations change only when every event still to be
played with it stays payable; an event registering or running keeps its chips (no chip removed, no value
changed), whatever its structure. Colours and names may change at any time. Each service is one
transaction, audited inside it; a change to an event takes the event lock first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.messages import Number
from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_max

from .events import shared_settings_check
from .exceptions import ChipSetError
from .locks import event_lock
from .models import Chip, ChipSet, Event, Level, Venue
from .structure_edit import specs_of_levels
from .structures import structure_problems

HEX = re.compile(r"#[0-9a-fA-F]{6}")
# An event whose players hold the chips: its chip set keeps its denominations.
IN_PLAY = (Event.Status.REGISTERING, Event.Status.RUNNING)
NAME_MAX = ChipSet._meta.get_field("name").max_length
COLOUR_MAX = Chip._meta.get_field("colour").max_length


@dataclass(frozen=True)
class ChipSpec:
    """One chip as typed: its value, its colour's name and its colour code (#rrggbb)."""

    value: int
    colour: str
    colour_hex: str


def chip_set_problems(*, event: Event, denominations: Iterable[int]) -> list[str]:
    """Why the event's structure cannot be played with these chips (empty when it can).

    Only the problems the chips bring: a structure's own faults (an ante above the big blind...) belong
    to the structure's editor, not to the chip set.
    """
    specs = specs_of_levels(Level.objects.filter(structure_id=event.structure_id))
    own = set(structure_problems(specs))
    return [p for p in structure_problems(specs, list(denominations)) if p not in own]


def _name(name: str, *, exclude: int | None = None) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ChipSetError(_("Give the chip set a name."), field="name")
    if len(name) > NAME_MAX:
        raise ChipSetError(_("A chip set's name has at most %(n)s characters.") % {"n": NAME_MAX}, field="name")
    if ChipSet.objects.filter(name__iexact=name).exclude(pk=exclude).exists():
        raise ChipSetError(_("A chip set called “%(name)s” already exists.") % {"name": name}, field="name")
    return name


def _chip(spec: ChipSpec) -> ChipSpec:
    """The chip as stored (colour tidied, code in lower case), or ChipSetError naming the field at fault."""
    top = field_max(Chip, "value")
    if not isinstance(spec.value, int) or spec.value < 1 or spec.value > top:
        raise ChipSetError(_("A chip's value is a whole number from 1 to %(top)s.") % {"top": top}, field="value")
    colour = " ".join((spec.colour or "").split())
    if not colour:
        raise ChipSetError(_("Name the chip's colour (green, black...)."), field="colour")
    if len(colour) > COLOUR_MAX:
        raise ChipSetError(_("A colour's name has at most %(n)s characters.") % {"n": COLOUR_MAX}, field="colour")
    code = (spec.colour_hex or "").strip()
    if not HEX.fullmatch(code):
        raise ChipSetError(_("A colour code is # and six hexadecimal digits, like #1f8a3b."), field="colour_hex")
    return ChipSpec(spec.value, colour, code.lower())


def _locked(chip_set: ChipSet) -> ChipSet:
    return ChipSet.objects.select_for_update().get(pk=chip_set.pk)


def _values(chip_set: ChipSet) -> list[int]:
    return list(Chip.objects.filter(chip_set=chip_set).values_list("value", flat=True))


def _chips_text(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _check_events(chip_set: ChipSet, values: Sequence[int], refused: str) -> None:
    """Refuse a change of the set's denominations to `values` that an event played with it cannot take.

    `refused` says what was asked ("The 25 chip cannot be removed"); the reasons follow it.
    """
    events = list(Event.objects.filter(chip_set=chip_set).exclude(status=Event.Status.FINISHED)
                  .order_by("date", "name"))
    playing = [e for e in events if e.status in IN_PLAY]
    if playing:
        names = ", ".join(f"{e.name} ({e.get_status_display().lower()})" for e in playing)
        raise ChipSetError(refused + " " + _("These events play with this chip set now: %(events)s.")
                           % {"events": names})
    problems = []
    for event in events:
        problems += [f"{event.name}: {p}" for p in chip_set_problems(event=event, denominations=values)]
    if problems:
        raise ChipSetError(refused + " " + _("The structures of the events to be played with it need it."),
                           problems=problems)


# --- chip sets -------------------------------------------------------------------------------------


def chip_set_create(*, name: str, actor: Any, venue: Venue | None = None, chips: Sequence[ChipSpec] = ()) -> ChipSet:
    """A new chip set, with its chips (values distinct)."""
    cleaned = [_chip(c) for c in chips]
    if len({c.value for c in cleaned}) != len(cleaned):
        raise ChipSetError(_("Two chips of a set cannot have the same value."), field="value")
    with transaction.atomic():
        chip_set = ChipSet.objects.create(name=_name(name), venue=venue)
        Chip.objects.bulk_create([Chip(chip_set=chip_set, value=c.value, colour=c.colour, colour_hex=c.colour_hex)
                                  for c in cleaned])
        audit_record(actor=actor, action="chipset.create", objects=[chip_set],
                     after={"name": chip_set.name, "venue": venue.name if venue else None,
                            "chips": [c.__dict__ for c in cleaned]},
                     summary=(gettext_lazy("Chip set %(name)s created"), {"name": chip_set.name}))
    return chip_set


def chip_set_edit(*, chip_set: ChipSet, name: str, venue: Venue | None, actor: Any) -> ChipSet:
    """Rename a chip set or change its venue (its chips stay as they are)."""
    with transaction.atomic():
        chip_set = _locked(chip_set)
        before = {"name": chip_set.name, "venue": chip_set.venue.name if chip_set.venue else None}
        chip_set.name = _name(name, exclude=chip_set.pk)
        chip_set.venue = venue
        after = {"name": chip_set.name, "venue": venue.name if venue else None}
        if after == before:
            return chip_set
        chip_set.save(update_fields=["name", "venue"])
        audit_record(actor=actor, action="chipset.edit", objects=[chip_set], before=before, after=after,
                     summary=(gettext_lazy("Chip set %(name)s changed"), {"name": chip_set.name}))
    return chip_set


# --- chips -----------------------------------------------------------------------------------------


def chip_add(*, chip_set: ChipSet, value: int, colour: str, colour_hex: str, actor: Any) -> Chip:
    """Add a denomination to a chip set (refused while an event plays with the set)."""
    spec = _chip(ChipSpec(value, colour, colour_hex))
    with transaction.atomic():
        chip_set = _locked(chip_set)
        values = _values(chip_set)
        if spec.value in values:
            raise ChipSetError(_("The set already has a %(value)s chip.") % {"value": spec.value}, field="value")
        _check_events(chip_set, [*values, spec.value],
                      _("The %(value)s chip cannot be added.") % {"value": spec.value})
        chip = Chip.objects.create(chip_set=chip_set, value=spec.value, colour=spec.colour,
                                   colour_hex=spec.colour_hex)
        audit_record(actor=actor, action="chip.add", objects=[chip_set, chip], after=spec.__dict__,
                     summary=(gettext_lazy("Chip %(value)s (%(colour)s) added to %(name)s"),
                              {"value": Number(spec.value), "colour": spec.colour, "name": chip_set.name}))
    return chip


def chip_edit(*, chip: Chip, value: int, colour: str, colour_hex: str, actor: Any) -> Chip:
    """Change a chip's colour (any time) or its value (as a removal and an addition would be checked)."""
    spec = _chip(ChipSpec(value, colour, colour_hex))
    with transaction.atomic():
        chip_set = _locked(chip.chip_set)
        chip = Chip.objects.get(pk=chip.pk, chip_set=chip_set)
        before = ChipSpec(chip.value, chip.colour, chip.colour_hex)
        if spec == before:
            return chip
        if spec.value != chip.value:
            values = [v for v in _values(chip_set) if v != chip.value]
            if spec.value in values:
                raise ChipSetError(_("The set already has a %(value)s chip.") % {"value": spec.value}, field="value")
            _check_events(chip_set, [*values, spec.value],
                          _("The %(old)s chip cannot become a %(new)s chip.") % {"old": chip.value, "new": spec.value})
        chip.value, chip.colour, chip.colour_hex = spec.value, spec.colour, spec.colour_hex
        chip.save(update_fields=["value", "colour", "colour_hex"])
        audit_record(actor=actor, action="chip.edit", objects=[chip_set, chip], before=before.__dict__,
                     after=spec.__dict__,
                     summary=(gettext_lazy("Chip %(value)s (%(colour)s) of %(name)s changed"),
                              {"value": Number(spec.value), "colour": spec.colour, "name": chip_set.name}))
    return chip


def chip_remove(*, chip: Chip, actor: Any) -> None:
    """Take a denomination out of a chip set (refused while an event plays with the set, or when an event to
    be played with it needs the chip)."""
    with transaction.atomic():
        chip_set = _locked(chip.chip_set)
        chip = Chip.objects.filter(pk=chip.pk, chip_set=chip_set).first()
        if chip is None:
            raise ChipSetError(_("This chip was already removed from the set."))
        values = [v for v in _values(chip_set) if v != chip.value]
        _check_events(chip_set, values, _("The %(value)s chip cannot be removed.") % {"value": chip.value})
        before = ChipSpec(chip.value, chip.colour, chip.colour_hex).__dict__
        audit_record(actor=actor, action="chip.remove", objects=[chip_set, chip], before=before,
                     after={"chips": _chips_text(values)},
                     summary=(gettext_lazy("Chip %(value)s (%(colour)s) removed from %(name)s"),
                              {"value": Number(chip.value), "colour": chip.colour, "name": chip_set.name}))
        chip.delete()


# --- an event's chip set ---------------------------------------------------------------------------


def event_chip_set_set(*, event: Event, chip_set: ChipSet | None, actor: Any) -> Event:
    """Play `event` with `chip_set` (None: with no chip set), refused when its structure could not be paid
    with those chips; `ChipSetError.problems` then lists each level at fault."""
    with transaction.atomic():
        event = event_lock(event)
        if chip_set is not None:
            chip_set = _locked(chip_set)
        if (chip_set.pk if chip_set else None) == event.chip_set_id:
            return event
        shared_settings_check(event, [], structure_replaced=True)
        if chip_set is not None:
            values = _values(chip_set)
            if not values:
                raise ChipSetError(_("The chip set %(name)s has no chips yet.") % {"name": chip_set.name})
            problems = chip_set_problems(event=event, denominations=values)
            if problems:
                raise ChipSetError(
                    _("%(event)s cannot be played with the chip set %(name)s:") % {"event": event.name,
                                                                                    "name": chip_set.name},
                    problems=problems)
        before = ChipSet.objects.filter(pk=event.chip_set_id).values_list("name", flat=True).first()
        event.chip_set = chip_set
        event.save(update_fields=["chip_set"])
        name = chip_set.name if chip_set else None
        audit_record(actor=actor, action="event.chip_set", event=event, objects=[event],
                     before={"chip_set": before}, after={"chip_set": name},
                     summary=(gettext_lazy("Chip set of %(event)s: %(name)s"),
                              {"event": event.name, "name": name or "—"}) if chip_set else
                     (gettext_lazy("Chip set of %(event)s taken off"), {"event": event.name}))
    return event
