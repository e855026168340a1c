"""Setting up where events happen: festivals, venues and the venue's numbered tables.

A festival is a series of events at one venue, sharing a player register; a venue has numbered
tables, each of which serves one event at a time (`Table.event`). The director creates and renames
them here; each service is one transaction with its audit record (no event: these records belong
to no event's trail, `event=None`).

A table is the venue's furniture, and the desk's records name it: a table is not taken away while
it serves an event that is not finished, while somebody sits at it, or once an elimination names it
(the record of that night keeps pointing at it). Its number and seats may change, within the same
limits.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, Max, OuterRef, Prefetch, Q, Sum
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import field_max, field_range

from .exceptions import FestivalError
from .models import Elimination, Entry, Event, Festival, Table, Venue

# Slugs the festival pages' own URLs use (/festivals/new/): no festival may take them.
RESERVED_SLUGS = frozenset({"new"})
# Tables added in one go: a whole card room, not a slip of the finger that adds a million rows.
MAX_TABLES_AT_ONCE = 200
NAME_LENGTH = 120


# --- names and numbers ----------------------------------------------------------------------------


def clean_name(text: str | None, *, field: str = "name") -> str:
    """The name as stored: one line, spaces evened out; refused when empty or longer than a name can be."""
    # Control characters (a NUL, a pasted tab or line break) print as nothing or break the database.
    shown = "".join(" " if unicodedata.category(char) == "Cc" else char for char in (text or ""))
    name = " ".join(shown.split())
    if not name:
        raise FestivalError(_("Type a name."), field=field)
    if len(name) > NAME_LENGTH:
        raise FestivalError(_("A name has at most %(n)s characters.") % {"n": NAME_LENGTH}, field=field)
    return name


def number_ranges(numbers: Iterable[int]) -> str:
    """Table numbers in short: [1, 2, 3, 5, 7, 8] -> "1-3, 5, 7-8"."""
    ordered = sorted(set(numbers))
    parts: list[str] = []
    start = previous = None
    for number in [*ordered, None]:
        if number is not None and previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = number
    return ", ".join(parts)


def _free_slug(base: str) -> str:
    """A festival slug made from `base` that no festival has (and no page of the festivals uses)."""
    stem = (slugify(base) or "festival")[:40].strip("-") or "festival"
    slug, n = stem, 1
    while slug in RESERVED_SLUGS or Festival.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{stem}-{n}"
    return slug


def _check_slug(slug: str) -> str:
    slug = (slug or "").strip()
    if slug != slugify(slug) or not slug or len(slug) > Festival._meta.get_field("slug").max_length:
        raise FestivalError(_("A short name has letters, digits and hyphens only."), field="slug")
    if slug in RESERVED_SLUGS:
        raise FestivalError(_("“%(slug)s” is kept for the site's own pages: choose another short name.")
                            % {"slug": slug}, field="slug")
    return slug


def _table_number(number: Any, *, field: str = "number") -> int:
    low, high = 1, field_max(Table, "number")
    if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
        raise FestivalError(_("A table number is a whole number from %(low)s to %(high)s.")
                            % {"low": low, "high": high}, field=field)
    return number


def _seat_count(seats: Any) -> int:
    low, high = 2, 10
    if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
        raise FestivalError(_("A table has from %(low)s to %(high)s seats.") % {"low": low, "high": high},
                            field="seats")
    return seats


# --- venues ---------------------------------------------------------------------------------------


def _same_name_venue(name: str, *, exclude: int | None = None) -> Venue | None:
    found = Venue.objects.filter(name__iexact=name)
    if exclude is not None:
        found = found.exclude(pk=exclude)
    return found.first()


def venue_create(*, name: str, actor: Any) -> Venue:
    """Create a venue (its tables are added on its page); a name already used, in any case, is refused."""
    name = clean_name(name)
    with transaction.atomic():
        if _same_name_venue(name) is not None:
            raise FestivalError(_("A venue named “%(name)s” already exists.") % {"name": name}, field="name")
        try:
            with transaction.atomic():
                venue = Venue.objects.create(name=name)
        except IntegrityError:  # created meanwhile by another desk
            raise FestivalError(_("A venue named “%(name)s” already exists.") % {"name": name}, field="name")
        audit_record(actor=actor, action="venue.create", objects=[venue], after={"name": name},
                     summary=(gettext_lazy("Venue %(name)s created"), {"name": name}))
    return venue


def venue_update(*, venue: Venue, name: str, actor: Any) -> Venue:
    """Rename a venue."""
    name = clean_name(name)
    with transaction.atomic():
        venue = Venue.objects.select_for_update().get(pk=venue.pk)
        if venue.name == name:
            return venue
        if _same_name_venue(name, exclude=venue.pk) is not None:
            raise FestivalError(_("A venue named “%(name)s” already exists.") % {"name": name}, field="name")
        before = venue.name
        venue.name = name
        try:
            with transaction.atomic():
                venue.save(update_fields=["name"])
        except IntegrityError:
            raise FestivalError(_("A venue named “%(name)s” already exists.") % {"name": name}, field="name")
        audit_record(actor=actor, action="venue.update", objects=[venue], before={"name": before},
                     after={"name": name}, summary=(gettext_lazy("Venue %(before)s renamed %(name)s"),
                                                    {"before": before, "name": name}))
    return venue


def _venue_of(*, venue: Venue | None, venue_name: str, actor: Any) -> Venue:
    """The venue chosen, or the one typed: an existing venue of that name, else a new one."""
    typed = " ".join((venue_name or "").split())
    if venue is not None and typed:
        raise FestivalError(_("Choose a venue or type a new one's name, not both."), field="venue_name")
    if venue is not None:
        return venue
    if not typed:
        raise FestivalError(_("Choose the venue, or type the name of a new one."), field="venue")
    name = clean_name(typed, field="venue_name")
    existing = _same_name_venue(name)
    if existing is not None:
        return existing
    try:
        return venue_create(name=name, actor=actor)
    except FestivalError as exc:
        raise FestivalError(str(exc), field="venue_name")


# --- festivals ------------------------------------------------------------------------------------


def festival_create(*, name: str, actor: Any, slug: str = "", venue: Venue | None = None,
                    venue_name: str = "") -> Festival:
    """Create a festival at a venue chosen, or at a new venue typed by name (created with it).

    The short name (slug) is made from the name when empty; one typed that a festival has is refused.
    """
    name = clean_name(name)
    with transaction.atomic():
        venue = _venue_of(venue=venue, venue_name=venue_name, actor=actor)
        if slug:
            slug = _check_slug(slug)
            if Festival.objects.filter(slug=slug).exists():
                raise FestivalError(_("A festival with this short name already exists."), field="slug")
        else:
            slug = _free_slug(name)
        try:
            with transaction.atomic():
                festival = Festival.objects.create(name=name, slug=slug, venue=venue)
        except IntegrityError:
            raise FestivalError(_("A festival with this short name already exists."), field="slug")
        audit_record(actor=actor, action="festival.create", objects=[festival, venue],
                     after={"name": name, "slug": slug, "venue": venue.name},
                     summary=(gettext_lazy("Festival %(name)s created at %(venue)s"),
                              {"name": name, "venue": venue.name}))
    return festival


def festival_update(*, festival: Festival, name: str, actor: Any, venue: Venue | None = None,
                    venue_name: str = "") -> Festival:
    """Rename a festival or move it to another venue (its short name stays: links keep working).

    A move is refused while an event of the festival that is not finished has tables of the old venue.
    """
    name = clean_name(name)
    with transaction.atomic():
        festival = Festival.objects.select_for_update().select_related("venue").get(pk=festival.pk)
        new_venue = _venue_of(venue=venue, venue_name=venue_name, actor=actor)
        before = {"name": festival.name, "venue": festival.venue.name}
        if new_venue.pk != festival.venue_id:
            busy = (Table.objects.filter(event__festival=festival).exclude(event__status=Event.Status.FINISHED)
                    .select_related("event").order_by("number"))
            first = busy.first()
            if first is not None:
                raise FestivalError(
                    _("%(event)s has tables of %(venue)s: the festival moves to another venue once its events "
                      "there are finished.") % {"event": first.event.name, "venue": festival.venue.name},
                    field="venue")
        festival.name, festival.venue = name, new_venue
        after = {"name": name, "venue": new_venue.name}
        if after == before:
            return festival
        festival.save(update_fields=["name", "venue"])
        audit_record(actor=actor, action="festival.update", objects=[festival, new_venue],
                     before={k: v for k, v in before.items() if after[k] != v},
                     after={k: v for k, v in after.items() if before[k] != v},
                     summary=(gettext_lazy("Festival %(name)s changed"), {"name": name}))
    return festival


# --- tables ---------------------------------------------------------------------------------------


def tables_add(*, venue: Venue, first: int, last: int, seats: int, actor: Any) -> list[Table]:
    """Add tables `first` to `last` of `seats` seats to the venue ("tables 1 to 12, 9 seats").

    Refused, naming them, when the venue already has some of those numbers.
    """
    first = _table_number(first, field="first")
    last = _table_number(last, field="last")
    seats = _seat_count(seats)
    if last < first:
        raise FestivalError(_("The last table's number comes after the first one's."), field="last")
    count = last - first + 1
    if count > MAX_TABLES_AT_ONCE:
        raise FestivalError(_("At most %(n)s tables at once.") % {"n": MAX_TABLES_AT_ONCE}, field="last")
    with transaction.atomic():
        # The venue's row orders two desks adding tables at the same moment.
        venue = Venue.objects.select_for_update().get(pk=venue.pk)
        taken = list(Table.objects.filter(venue=venue, number__gte=first, number__lte=last)
                     .order_by("number").values_list("number", flat=True))
        if taken:
            raise FestivalError(
                ngettext("%(venue)s already has table %(numbers)s.", "%(venue)s already has tables %(numbers)s.",
                         len(taken)) % {"venue": venue.name, "numbers": number_ranges(taken)}, field="first")
        try:
            with transaction.atomic():
                Table.objects.bulk_create([Table(venue=venue, number=n, seats=seats) for n in range(first, last + 1)])
        except IntegrityError:
            raise FestivalError(_("Another desk added tables with these numbers meanwhile; reload the page."),
                                field="first")
        added = list(Table.objects.filter(venue=venue, number__gte=first, number__lte=last).order_by("number"))
        audit_record(
            actor=actor, action="tables.add", objects=[venue, *added],
            after={"numbers": [t.number for t in added], "seats": seats},
            summary=(gettext_lazy("Tables %(numbers)s added to %(venue)s (%(seats)s seats)"),
                     {"numbers": number_ranges(t.number for t in added), "venue": venue.name, "seats": seats}),
        )
    return added


def _locked_table(table: Table) -> Table:
    found = Table.objects.select_for_update().filter(pk=table.pk).first()
    if found is None:
        raise FestivalError(_("This table was removed meanwhile."))
    return Table.objects.select_related("event", "venue").get(pk=found.pk)


def _serving(table: Table) -> bool:
    """Whether the table serves an event that is not finished."""
    return table.event is not None and table.event.status != Event.Status.FINISHED


def _seated(table: Table) -> list[Entry]:
    return list(Entry.objects.filter(table=table, status=Entry.Status.ALIVE).select_related("event", "player")
                .order_by("seat"))


def table_update(*, table: Table, actor: Any, number: int | None = None, seats: int | None = None) -> Table:
    """Change a table's number or its seats.

    The number stays while the table serves an event that is not finished (the floor's seat cards
    and slips name it); fewer seats are refused while someone sits in a seat that would go.
    """
    if number is not None:
        number = _table_number(number)
    if seats is not None:
        seats = _seat_count(seats)
    with transaction.atomic():
        table = _locked_table(table)
        before = {"number": table.number, "seats": table.seats}
        if number is not None and number != table.number:
            if _serving(table):
                raise FestivalError(
                    _("Table %(table)s serves %(event)s: its number stays until that event is finished.")
                    % {"table": table.number, "event": table.event.name}, field="number")
            if Table.objects.filter(venue_id=table.venue_id, number=number).exists():
                raise FestivalError(_("%(venue)s already has a table %(number)s.")
                                    % {"venue": table.venue.name, "number": number}, field="number")
            table.number = number
        if seats is not None and seats != table.seats:
            last = Entry.objects.filter(table=table, status=Entry.Status.ALIVE).aggregate(last=Max("seat"))["last"]
            if last is not None and last > seats:
                raise FestivalError(
                    _("Seat %(seat)s of table %(table)s is taken: the table keeps at least %(seat)s seats until "
                      "that player moves.") % {"seat": last, "table": before["number"]}, field="seats")
            table.seats = seats
        after = {"number": table.number, "seats": table.seats}
        if after == before:
            return table
        try:
            with transaction.atomic():
                table.save(update_fields=["number", "seats"])
        except IntegrityError:
            raise FestivalError(_("%(venue)s already has a table %(number)s.")
                                % {"venue": table.venue.name, "number": table.number}, field="number")
        changed = [k for k in after if after[k] != before[k]]
        audit_record(
            actor=actor, action="table.update", objects=[table, table.venue],
            before={k: before[k] for k in changed}, after={k: after[k] for k in changed},
            summary=(gettext_lazy("Table %(before)s of %(venue)s: now table %(number)s, %(seats)s seats"),
                     {"before": before["number"], "venue": table.venue.name, "number": table.number,
                      "seats": table.seats}),
        )
    return table


def table_remove_refusal(*, table: Table, seated: Sequence[Entry] = (), history: Event | None = None) -> str:
    """Why the table cannot be removed ('' when it can), from what sits there and what names it."""
    if seated:
        who = seated[0]
        return ngettext(
            "Table %(table)s has %(n)s player seated (%(event)s): move them first.",
            "Table %(table)s has %(n)s players seated (%(event)s): move them first.", len(seated),
        ) % {"table": table.number, "n": len(seated), "event": who.event.name}
    if _serving(table):
        return _("Table %(table)s serves %(event)s (%(status)s): it stays until that event is finished.") % {
            "table": table.number, "event": table.event.name, "status": Event.Status(table.event.status).label}
    if history is not None:
        return _("Table %(table)s is named in the eliminations of %(event)s: the venue keeps it, so that record "
                 "still points to it. Change its number or seats instead.") % {"table": table.number,
                                                                               "event": history.name}
    return ""


def table_remove(*, table: Table, actor: Any) -> None:
    """Take a table away from its venue, unless it serves, seats or is named by the record (see the module)."""
    with transaction.atomic():
        table = _locked_table(table)
        named = Elimination.objects.filter(table=table).select_related("event").order_by("-pk").first()
        refusal = table_remove_refusal(table=table, seated=_seated(table), history=named.event if named else None)
        if refusal:
            raise FestivalError(refusal)
        ref = {"model": "tournaments.table", "id": table.pk, "label": str(table)}
        before = {"number": table.number, "seats": table.seats,
                  "event": table.event.slug if table.event is not None else None}
        venue = table.venue
        table.delete()
        audit_record(actor=actor, action="table.remove", objects=[ref, venue], before=before,
                     summary=(gettext_lazy("Table %(number)s removed from %(venue)s"),
                              {"number": before["number"], "venue": venue.name}))


# --- reading --------------------------------------------------------------------------------------


def festivals_with_events() -> list[Festival]:
    """Every festival with its venue and its events (newest first, each with `n_entries`): two queries."""
    events = Event.objects.annotate(n_entries=Count("entries")).order_by("-date", "name")
    return list(Festival.objects.select_related("venue").prefetch_related(Prefetch("events", queryset=events))
                .order_by("name"))


def festival_events(*, festival: Festival) -> list[Event]:
    """The festival's events, newest first, each with `n_entries` and `n_alive` (one query)."""
    return list(Event.objects.filter(festival=festival)
                .annotate(n_entries=Count("entries"),
                          n_alive=Count("entries", filter=Q(entries__status=Entry.Status.ALIVE)))
                .order_by("-date", "name"))


def venues_with_counts() -> list[Venue]:
    """Every venue with `n_tables`, `n_seats` and its festivals (two queries)."""
    return list(Venue.objects.annotate(n_tables=Count("tables"), n_seats=Sum("tables__seats"))
                .prefetch_related(Prefetch("festivals", queryset=Festival.objects.order_by("name")))
                .order_by("name"))


@dataclass(frozen=True)
class TableRow:
    """A venue table as its page shows it: who it serves, who sits there, and what may be done with it."""

    table: Table
    seated: int
    named: bool  # an elimination names it

    @property
    def serving(self) -> bool:
        return _serving(self.table)

    @property
    def removable(self) -> bool:
        return not (self.seated or self.serving or self.named)

    @property
    def renumberable(self) -> bool:
        return not self.serving


def venue_tables(*, venue: Venue) -> list[TableRow]:
    """The venue's tables in number order with what serves and sits there (one query)."""
    tables = (Table.objects.filter(venue=venue).select_related("event")
              .annotate(n_seated=Count("entries", filter=Q(entries__status=Entry.Status.ALIVE)),
                        n_named=Exists(Elimination.objects.filter(table=OuterRef("pk"))))
              .order_by("number"))
    return [TableRow(table=t, seated=t.n_seated, named=bool(t.n_named)) for t in tables]


def table_number_limits() -> tuple[int, int]:
    """The numbers a table may have."""
    return 1, field_range(Table, "number")[1]
