"""Setting an event up: blind structures, the event and its settings, and its status.

An event plays its own copy of a structure template, so the template can change without
touching the events made from it. Each service is one transaction, audited inside it;
a change to an existing event takes the event lock first (see `locks.py`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_range

from .currencies import CURRENCIES
from .exceptions import EventSettingsError, StructureError, TournamentError
from .locks import event_lock
from .models import Entry, Event, Festival, Level, Structure
from .structures import LevelSpec, level_specs, structure_validate

STRUCTURES_DIR = Path(settings.BASE_DIR) / "fixtures" / "structures"

# Status transitions as data: from -> the statuses it may move to.
STATUS_TRANSITIONS: dict[str, frozenset[str]] = {
    Event.Status.DRAFT: frozenset({Event.Status.REGISTERING}),
    Event.Status.REGISTERING: frozenset({Event.Status.DRAFT, Event.Status.RUNNING}),
    Event.Status.RUNNING: frozenset({Event.Status.FINISHED}),
    Event.Status.FINISHED: frozenset(),
}
EVENT_FIELDS = (
    "name", "slug", "date", "currency", "buy_in_prize", "buy_in_fee", "starting_stack", "seats_per_table",
    "format", "max_entries", "late_registration_level", "ante_type", "guarantee",
)
# What every starting flight has as its main event has it (see flights.py); a flight cannot change them.
SHARED_SETTINGS = tuple(name for name in EVENT_FIELDS if name not in ("name", "slug", "date", "guarantee"))


# --- structures -----------------------------------------------------------------------------------


def _levels_from_specs(structure: Structure, specs: Sequence[LevelSpec]) -> list[Level]:
    return [
        Level(
            structure=structure,
            position=position,
            kind=spec.kind,
            small_blind=spec.small_blind,
            big_blind=spec.big_blind,
            ante=spec.ante,
            minutes=spec.minutes,
            color_up=spec.color_up,
        )
        for position, spec in enumerate(specs, start=1)
    ]


def _specs_of(structure: Structure) -> list[LevelSpec]:
    return [
        LevelSpec(kind=lv.kind, minutes=lv.minutes, small_blind=lv.small_blind, big_blind=lv.big_blind,
                  ante=lv.ante, color_up=lv.color_up)
        for lv in structure.levels.order_by("position")
    ]


def _unique_slug(model: type, base: str, fallback: str = "item") -> str:
    """A slug made from `base` that no `model` row has yet (`fallback` when `base` gives none)."""
    base = (slugify(base) or fallback)[:40].strip("-") or fallback
    slug, n = base, 1
    while model.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def structure_create(
    *,
    name: str,
    rows: Iterable[Mapping[str, Any]],
    slug: str = "",
    description: str = "",
    is_template: bool = True,
    actor: Any = None,
) -> Structure:
    """Create a blind structure after validating it (no levels or going backwards is refused)."""
    specs = level_specs(rows)
    structure_validate(specs)
    name = (name or "").strip()
    if not name:
        raise StructureError(_("Give the structure a name."))
    with transaction.atomic():
        slug = slug or _unique_slug(Structure, name)
        if Structure.objects.filter(slug=slug).exists():
            raise StructureError(_("A structure with this short name already exists."))
        structure = Structure.objects.create(name=name, slug=slug, description=description, is_template=is_template)
        Level.objects.bulk_create(_levels_from_specs(structure, specs))
        if actor is not None:
            audit_record(actor=actor, action="structure.create", objects=[structure],
                         after={"levels": len(specs)},
                         summary=(gettext_lazy("Structure %(name)s created"), {"name": name}))
    return structure


def _fitted_name(name: str) -> str:
    """A structure name cut to what the column holds, marked with an ellipsis where it was cut."""
    limit = Structure._meta.get_field("name").max_length
    return name if len(name) <= limit else name[:limit - 1].rstrip() + "…"


def structure_copy(*, template: Structure, name: str, slug: str) -> Structure:
    """Copy a structure (levels and breaks) as an event's own, editable structure (a name longer than the
    column holds, an event's long name with the template's after it, is cut)."""
    name = _fitted_name(name)
    with transaction.atomic():
        copy = Structure.objects.create(
            name=name, slug=_unique_slug(Structure, slug), description=template.description, is_template=False
        )
        Level.objects.bulk_create(_levels_from_specs(copy, _specs_of(template)))
    return copy


def structure_templates_load(*, directory: Path | None = None) -> list[Structure]:
    """Load the shipped structure templates (fixtures/structures/*.json); existing slugs are kept as they are."""
    loaded = []
    for path in sorted((directory or STRUCTURES_DIR).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        existing = Structure.objects.filter(slug=data["slug"]).first()
        if existing is not None:
            loaded.append(existing)
            continue
        # Named in the site's language (a template is data, stored once), English otherwise.
        words = data.get("translations", {}).get(settings.LANGUAGE_CODE.lower(), {})
        loaded.append(
            structure_create(name=words.get("name", data["name"]), slug=data["slug"],
                             description=words.get("description", data.get("description", "")),
                             rows=data["levels"], is_template=True)
        )
    return loaded


# --- events ---------------------------------------------------------------------------------------


# An event's date lies in these years: a year typed wrong ("0205", "20266") is refused, not stored.
EVENT_YEARS = (2000, 2100)
INTEGER_SETTINGS = ("starting_stack", "seats_per_table", "max_entries", "late_registration_level")
MONEY_SETTINGS = ("buy_in_prize", "buy_in_fee", "guarantee")


def _label(name: str) -> str:
    return str(Event._meta.get_field(name).verbose_name).capitalize()


def _event_fields_check(fields: Mapping[str, Any], *, structure: Structure | None = None) -> None:
    """Refuse settings no event can have; `structure` is the blind structure the event will play."""
    for name in INTEGER_SETTINGS:
        value = fields.get(name)
        low, high = field_range(Event, name)
        if value is not None and not low <= value <= high:
            raise EventSettingsError(_("“%(setting)s” must be a whole number from %(low)s to %(high)s.")
                                     % {"setting": _label(name), "low": low, "high": high}, field=name)
    for name in MONEY_SETTINGS:
        value = fields.get(name)
        field = Event._meta.get_field(name)
        limit = 10 ** (field.max_digits - field.decimal_places)
        if value is not None and not (Decimal(str(value)).is_finite() and abs(Decimal(str(value))) < limit):
            raise EventSettingsError(_("“%(setting)s” is not an amount the event can hold.")
                                     % {"setting": _label(name)}, field=name)
    fmt = fields.get("format")
    max_entries = fields.get("max_entries") or 1
    if fmt == Event.Format.FREEZEOUT and max_entries != 1:
        raise EventSettingsError(_("A freezeout allows exactly one entry per player."), field="max_entries")
    if fmt == Event.Format.REENTRY and max_entries < 2:
        raise EventSettingsError(_("A re-entry event allows at least two entries per player."), field="max_entries")
    if (fields.get("buy_in_prize") or 0) < 0 or (fields.get("buy_in_fee") or 0) < 0:
        raise EventSettingsError(_("The buy-in cannot be negative."),
                                 field="buy_in_prize" if (fields.get("buy_in_prize") or 0) < 0 else "buy_in_fee")
    if (fields.get("guarantee") or 0) < 0:
        raise EventSettingsError(_("The guarantee cannot be negative."), field="guarantee")
    currency = fields.get("currency")
    if currency is not None and currency not in CURRENCIES:
        raise EventSettingsError(_("“%(code)s” is not an ISO 4217 currency code (for example BRL, USD or EUR).")
                                 % {"code": currency}, field="currency")
    date = fields.get("date")
    if isinstance(date, datetime.date) and not EVENT_YEARS[0] <= date.year <= EVENT_YEARS[1]:
        raise EventSettingsError(_("Give a date between the years %(first)s and %(last)s.")
                                 % {"first": EVENT_YEARS[0], "last": EVENT_YEARS[1]}, field="date")
    level = fields.get("late_registration_level")
    if level is not None and level < 1:
        raise EventSettingsError(_("Late registration closes after level 1 at the earliest; leave it empty to close "
                                   "it by hand."), field="late_registration_level")
    if level is not None and structure is not None:
        levels = blind_level_count(structure=structure)
        if level > levels:
            raise EventSettingsError(
                ngettext("The structure has %(count)s blind level: late registration cannot close after level "
                         "%(level)s.",
                         "The structure has %(count)s blind levels: late registration cannot close after level "
                         "%(level)s.", levels) % {"count": levels, "level": level},
                field="late_registration_level",
            )


def blind_level_count(*, structure: Structure) -> int:
    """How many blind levels (breaks not counted) a structure has."""
    return Level.objects.filter(structure=structure, kind=Level.Kind.LEVEL).count()


def _seats_check(event: Event, seats_per_table: int) -> None:
    """Refuse fewer seats per table than a table of the event now seats, naming that table."""
    rows = (Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__isnull=False)
            .values("table__number").annotate(players=Count("id"), last_seat=Max("seat")).order_by("table__number"))
    for row in rows:
        if row["players"] > seats_per_table:
            raise EventSettingsError(
                ngettext("Table %(table)s seats %(players)s player: seats per table cannot be fewer.",
                         "Table %(table)s seats %(players)s players: seats per table cannot be fewer until some "
                         "move.", row["players"]) % {"table": row["table__number"], "players": row["players"]},
                field="seats_per_table",
            )
        if row["last_seat"] > seats_per_table:
            raise EventSettingsError(
                _("Seat %(seat)s of table %(table)s is taken: seats per table cannot be fewer than %(seat)s until "
                  "that player moves.") % {"seat": row["last_seat"], "table": row["table__number"]},
                field="seats_per_table",
            )


def event_create(*, festival: Festival, template: Structure, actor: Any, **fields: Any) -> Event:
    """Create an event (as a draft) with its own copy of the chosen structure template."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    if fields.get("format") == Event.Format.FREEZEOUT:
        fields["max_entries"] = 1
    _event_fields_check(fields, structure=template)
    with transaction.atomic():
        if not fields.get("slug"):
            fields["slug"] = _unique_slug(Event, f"{fields['name']}-{fields['date']}")
        if Event.objects.filter(slug=fields["slug"]).exists():
            raise TournamentError(_("An event with this short name already exists."))
        structure = structure_copy(template=template, name=f"{fields['name']} ({template.name})",
                                   slug=f"{fields['slug']}-structure")
        event = Event.objects.create(festival=festival, structure=structure, **fields)
        audit_record(actor=actor, action="event.create", event=event, objects=[event],
                     after={k: fields.get(k) for k in EVENT_FIELDS} | {"structure": template.slug},
                     summary=(gettext_lazy("Event %(name)s created"), {"name": event.name}))
    return event


def event_update(*, event: Event, actor: Any, template: Structure | None = None, **fields: Any) -> Event:
    """Change an event's settings; a new structure template replaces its copy only before the start."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    with transaction.atomic():
        event = event_lock(event)
        if event.status == Event.Status.FINISHED:
            raise TournamentError(_("A finished event cannot be changed."))
        if fields.get("format") == Event.Format.FREEZEOUT:
            fields["max_entries"] = 1
        merged = {k: getattr(event, k) for k in EVENT_FIELDS} | fields
        _event_fields_check(merged, structure=template or event.structure)
        if merged["seats_per_table"] != event.seats_per_table:
            _seats_check(event, merged["seats_per_table"])
        shared_settings_check(event, [k for k in fields if getattr(event, k) != fields[k]],
                              structure_replaced=template is not None)
        if event.status == Event.Status.RUNNING and (
            merged["format"] != event.format or merged["starting_stack"] != event.starting_stack
        ):
            raise TournamentError(_("The format and starting stack cannot change once the event runs."))
        before = {k: getattr(event, k) for k in fields if getattr(event, k) != fields[k]}
        for key, value in fields.items():
            setattr(event, key, value)
        if template is not None:
            if event.status not in (Event.Status.DRAFT, Event.Status.REGISTERING):
                raise TournamentError(_("The structure can only be replaced before the event runs."))
            old = event.structure
            event.structure = structure_copy(template=template, name=f"{event.name} ({template.name})",
                                             slug=f"{event.slug}-structure")
            before["structure"] = old.slug
            _template_chips_check(event, template)
        event.save()
        if template is not None and not old.is_template and not old.events.exists():
            old.delete()
        audit_record(actor=actor, action="event.update", event=event, objects=[event], before=before,
                     after={k: getattr(event, k) for k in before if k != "structure"},
                     summary=(gettext_lazy("Event %(name)s changed"), {"name": event.name}))
    return event


def shared_settings_check(event: Event, changed: Sequence[str], *, structure_replaced: bool = False) -> None:
    """Refuse a change of a setting every flight shares, on a flight or on a main event that has flights."""
    shared = [name for name in changed if name in SHARED_SETTINGS]
    if not shared and not structure_replaced:
        return
    if event.parent_id is not None:
        raise EventSettingsError(
            _("A flight plays the main event's structure, chips, buy-in and stack: change them on %(name)s.")
            % {"name": event.parent.name}, field=shared[0] if shared else "template")
    if event.has_flights:
        raise EventSettingsError(
            _("%(name)s has flights, which play its structure, chips, buy-in and stack as they were when "
              "they were made: these can no longer change.") % {"name": event.name},
            field=shared[0] if shared else "template")


def _template_chips_check(event: Event, template: Structure) -> None:
    """Refuse a template the event's chip set cannot pay (a blind or ante below its smallest chip, or not
    made of its chips), naming each level at fault; the caller's transaction then keeps nothing."""
    if event.chip_set_id is None:
        return
    # chipsets builds on structure_edit, which builds on this module: imported here, not at the top.
    from .chipsets import chip_set_problems
    from .models import Chip

    values = list(Chip.objects.filter(chip_set_id=event.chip_set_id).values_list("value", flat=True))
    problems = chip_set_problems(event=event, denominations=values) if values else []
    if problems:
        raise EventSettingsError(
            _("The structure %(template)s cannot be played with the event's chip set: %(problems)s Choose another "
              "structure, or another chip set first.") % {"template": template.name, "problems": " ".join(problems)},
            field="template")


def event_status_can_change(*, current: str, to: str) -> bool:
    """Whether the status table allows moving from `current` to `to`."""
    return to in STATUS_TRANSITIONS.get(current, frozenset())


def event_status_change(*, event: Event, to: str, actor: Any) -> Event:
    """Move the event to another status, if the transition table allows it."""
    with transaction.atomic():
        event = event_lock(event)
        if not event_status_can_change(current=event.status, to=to):
            raise TournamentError(
                _("An event cannot go from %(current)s to %(to)s.")
                % {"current": Event.Status(event.status).label, "to": Event.Status(to).label}
            )
        if to == Event.Status.FINISHED:
            alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
            if alive > 1:
                raise TournamentError(_("The event can finish only when one player is left."))
        if to == Event.Status.DRAFT and Entry.objects.filter(event=event).exists():
            raise TournamentError(_("An event with entries cannot go back to draft."))
        before = event.status
        event.status = to
        event.save(update_fields=["status"])
        audit_record(actor=actor, action="event.status", event=event, objects=[event],
                     before={"status": before}, after={"status": to},
                     summary=(gettext_lazy("Status: %(to)s"), {"to": Event.Status(to).label}))
    return event

