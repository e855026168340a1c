"""Copying an event for next week: the same settings, structure and chips, a new name, slug and date.

The copy is a new draft of the same festival. It gets its own copy of the original's blind structure
(levels and breaks as the original has them now), the same chip set and every setting of the event
form; never its entries, players' results, clock or seats. The venue tables that served the original
are given to the copy when they are free: a table serves one event at a time, so one still serving an
event that is not finished stays where it is, and the answer names it. A table whose event is finished
is free; the players still seated there (the winner) are stood up, since whoever sits at a table of an
event is an entry of that event.

What other apps keep about an event (money rules, prize settings, screen messages) is theirs to copy:
`tdconsole/setup_pages/copying.py` calls this service, then theirs, in one transaction.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record

from .events import EVENT_FIELDS, _event_fields_check, _unique_slug, structure_copy
from .exceptions import EventSettingsError
from .festivals import clean_name, number_ranges
from .locks import event_lock
from .models import Elimination, Entry, Event, Table

# Next week's event is the same one a week later.
COPY_AFTER = datetime.timedelta(days=7)
# The settings a copy takes from its original as they are (beside its structure, copied, and chip set).
COPIED_SETTINGS = tuple(name for name in EVENT_FIELDS if name not in ("name", "slug", "date"))
STRUCTURE_NAME_LENGTH = 120


@dataclass(frozen=True)
class BusyTable:
    """A table of the original that the copy did not get: the event it still serves."""

    number: int
    event: str
    status: str  # the event's status (Event.Status)

    @property
    def status_label(self) -> str:
        return str(Event.Status(self.status).label)


@dataclass(frozen=True)
class EventCopy:
    """What a copy made: the new event, the tables it got, the tables still busy elsewhere."""

    event: Event
    original: Event
    tables: list[int] = field(default_factory=list)
    busy: list[BusyTable] = field(default_factory=list)


def event_copy_defaults(*, event: Event) -> dict[str, Any]:
    """What the copy form proposes: the same name a week later, with a slug no event has."""
    date = event.date + COPY_AFTER
    return {"name": event.name, "date": date, "slug": _unique_slug(Event, f"{event.name}-{date.isoformat()}")}


def tables_of(*, event: Event) -> list[int]:
    """Numbers of the venue tables that served the event, as far as the event's own rows tell: those it
    has now, those its players sit at, and those its eliminations name (a table broken during the night
    is released; see `tdconsole/setup_pages/copying.py` for what the other apps remember)."""
    ids = set(Table.objects.filter(event=event).values_list("pk", flat=True))
    ids |= set(Entry.objects.filter(event=event, table__isnull=False).values_list("table_id", flat=True))
    ids |= set(Elimination.objects.filter(event=event, table__isnull=False).values_list("table_id", flat=True))
    return sorted(Table.objects.filter(pk__in=ids, venue_id=event.festival.venue_id).values_list("number", flat=True))


def _structure_name(original: Event, name: str) -> str:
    """The copy's structure named after the copy: "Main (Turbo 20)" becomes "Main II (Turbo 20)"."""
    base = original.structure.name
    prefix = f"{original.name} ("
    if base.startswith(prefix) and base.endswith(")"):
        base = base[len(prefix):-1]
    return f"{name} ({base})"[:STRUCTURE_NAME_LENGTH]


def _tables_give(copy: Event, numbers: Sequence[int], actor: Any) -> tuple[list[int], list[BusyTable]]:
    """Give the copy those of the venue tables `numbers` that are free; the others, with whom they serve."""
    wanted = sorted(set(numbers))
    if not wanted:
        return [], []
    venue_id = copy.festival.venue_id
    found = {t.number: t for t in Table.objects.select_for_update().filter(venue_id=venue_id, number__in=wanted)}
    missing = [n for n in wanted if n not in found]
    if missing:
        raise EventSettingsError(
            _("%(venue)s has no table %(numbers)s.") % {"venue": copy.festival.venue.name,
                                                       "numbers": number_ranges(missing)}, field="tables")
    seated: dict[int, set[int]] = {}
    for table_id, event_id in (Entry.objects.filter(table__in=found.values(), status=Entry.Status.ALIVE)
                               .values_list("table_id", "event_id")):
        seated.setdefault(table_id, set()).add(event_id)
    holder_ids = {t.event_id for t in found.values() if t.event_id} | {i for ids in seated.values() for i in ids}
    holders = {e.pk: e for e in Event.objects.filter(pk__in=holder_ids).only("name", "status")}
    given: list[Table] = []
    busy: list[BusyTable] = []
    for number in wanted:
        table = found[number]
        mine = ({table.event_id} if table.event_id else set()) | seated.get(table.pk, set())
        unfinished = sorted((holders[i] for i in mine if holders[i].status != Event.Status.FINISHED),
                            key=lambda e: e.pk)
        if unfinished:
            busy.append(BusyTable(number=number, event=unfinished[0].name, status=unfinished[0].status))
        else:
            given.append(table)
    if not given:
        return [], busy
    # The winner of a finished event still sits at its last table: stood up, the table is the copy's.
    standing = list(Entry.objects.select_for_update().filter(table__in=given, status=Entry.Status.ALIVE)
                    .select_related("event", "table"))
    for finished in {e.event_id: e.event for e in standing}.values():
        mine = [e for e in standing if e.event_id == finished.pk]
        audit_record(
            actor=actor, action="tables.release", event=finished, objects=mine,
            before={"seats": {str(e.number): [e.table.number, e.seat] for e in mine}},
            after={"event": copy.slug},
            summary=(gettext_lazy("Tables %(numbers)s released for %(event)s"),
                     {"numbers": number_ranges(e.table.number for e in mine), "event": copy.name}),
        )
    if standing:
        Entry.objects.filter(pk__in=[e.pk for e in standing]).update(table=None, seat=None)
    # As the seating desk gives tables: the highest number breaks first. A new event's button is unknown.
    for order, table in enumerate(reversed(given), start=1):
        table.event, table.break_order = copy, order
        table.button_seat = table.small_blind_seat = None
    Table.objects.bulk_update(given, ["event", "break_order", "button_seat", "small_blind_seat"])
    return [t.number for t in given], busy


def event_copy(*, event: Event, name: str, date: datetime.date, actor: Any, slug: str = "",
               table_numbers: Sequence[int] = ()) -> EventCopy:
    """Copy the event as a new draft of its festival named `name` on `date` (see the module).

    `slug` is made from the name and date when empty; one an event has is refused. `table_numbers`
    are the venue tables the copy should have (usually `tables_of` the original, perhaps amended):
    the free ones are given to it, the busy ones listed in the answer.
    """
    name = clean_name(name)
    with transaction.atomic():
        original = event_lock(event)
        original = Event.objects.select_related("festival", "festival__venue", "structure", "chip_set").get(
            pk=original.pk)
        fields: dict[str, Any] = {k: getattr(original, k) for k in COPIED_SETTINGS}
        fields |= {"name": name, "date": date}
        _event_fields_check(fields, structure=original.structure)
        if slug:
            if Event.objects.filter(slug=slug).exists():
                raise EventSettingsError(_("An event with this short name already exists."), field="slug")
        else:
            slug = _unique_slug(Event, f"{name}-{date.isoformat()}")
        fields["slug"] = slug
        structure = structure_copy(template=original.structure, name=_structure_name(original, name),
                                   slug=f"{slug}-structure")
        copy = Event.objects.create(festival=original.festival, structure=structure, chip_set=original.chip_set,
                                    status=Event.Status.DRAFT, **fields)
        tables, busy = _tables_give(copy, table_numbers, actor)
        audit_record(
            actor=actor, action="event.copy", event=copy, objects=[copy, original],
            after={k: fields[k] for k in EVENT_FIELDS} | {
                "from": original.slug, "structure": structure.slug,
                "chip_set": original.chip_set.name if original.chip_set else None,
                "tables": tables, "tables_busy": [b.number for b in busy]},
            summary=(gettext_lazy("Event %(name)s created as a copy of %(original)s"),
                     {"name": name, "original": original.name}),
        )
    return EventCopy(event=copy, original=original, tables=tables, busy=busy)
