"""Every write of the tournament floor: structures, events, players, entries, eliminations.

Each service is one transaction. Services that number things (entries, eliminations,
places) lock the event row first (`select_for_update`), so two staff members working at
the same moment are serialised on the event; the database constraints (one live entry
per player, one entry per seat) are the last guard. Every change is audited inside the
same transaction. No service loops over the field: places come from one count of the
entries still alive.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Max, ProtectedError, Q, Sum
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record, describe
from tdconsole.core.money import format_number
from tdconsole.seating.exceptions import SeatingError
from tdconsole.seating.models import SeatDraw, Table
from tdconsole.seating.services import entry_seat_random

from .exceptions import EliminationError, RegistrationError, StructureError, TournamentError
from .models import Bust, ChipCount, Elimination, Entry, Event, Festival, Level, Player, Structure
from .places import BustRank, group_places
from .structures import LevelSpec, level_specs, registration_open_at, structure_validate

STRUCTURES_DIR = Path(settings.BASE_DIR) / "fixtures" / "structures"

# Status transitions as data: from -> the statuses it may move to.
STATUS_TRANSITIONS: dict[str, frozenset[str]] = {
    Event.Status.DRAFT: frozenset({Event.Status.REGISTERING}),
    Event.Status.REGISTERING: frozenset({Event.Status.DRAFT, Event.Status.RUNNING}),
    Event.Status.RUNNING: frozenset({Event.Status.FINISHED}),
    Event.Status.FINISHED: frozenset(),
}
OPEN_FOR_ENTRIES = frozenset({Event.Status.REGISTERING, Event.Status.RUNNING})
EVENT_FIELDS = (
    "name", "slug", "date", "currency", "buy_in_prize", "buy_in_fee", "starting_stack", "seats_per_table",
    "format", "max_entries", "late_registration_level", "ante_type", "guarantee",
)


def _locked_event(event: Event) -> Event:
    """Re-read the event row with a lock held until the end of the transaction."""
    return Event.objects.select_for_update().get(pk=event.pk)


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


def _unique_slug(model: type, base: str) -> str:
    base = (slugify(base) or "item")[:40]
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
                         after={"levels": len(specs)}, summary=_("Structure %(name)s created") % {"name": name})
    return structure


def structure_copy(*, template: Structure, name: str, slug: str) -> Structure:
    """Copy a structure (levels and breaks) as an event's own, editable structure."""
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


def _event_fields_check(fields: Mapping[str, Any]) -> None:
    fmt = fields.get("format")
    max_entries = fields.get("max_entries") or 1
    if fmt == Event.Format.FREEZEOUT and max_entries != 1:
        raise TournamentError(_("A freezeout allows exactly one entry per player."))
    if fmt == Event.Format.REENTRY and max_entries < 2:
        raise TournamentError(_("A re-entry event allows at least two entries per player."))
    if (fields.get("buy_in_prize") or 0) < 0 or (fields.get("buy_in_fee") or 0) < 0:
        raise TournamentError(_("The buy-in cannot be negative."))


def event_create(*, festival: Festival, template: Structure, actor: Any, **fields: Any) -> Event:
    """Create an event (as a draft) with its own copy of the chosen structure template."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    if fields.get("format") == Event.Format.FREEZEOUT:
        fields["max_entries"] = 1
    _event_fields_check(fields)
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
                     summary=_("Event %(name)s created") % {"name": event.name})
    return event


def event_update(*, event: Event, actor: Any, template: Structure | None = None, **fields: Any) -> Event:
    """Change an event's settings; a new structure template replaces its copy only before the start."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown event fields: {sorted(unknown)}")
    with transaction.atomic():
        event = _locked_event(event)
        if event.status == Event.Status.FINISHED:
            raise TournamentError(_("A finished event cannot be changed."))
        if fields.get("format") == Event.Format.FREEZEOUT:
            fields["max_entries"] = 1
        merged = {k: getattr(event, k) for k in EVENT_FIELDS} | fields
        _event_fields_check(merged)
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
        event.save()
        if template is not None and not old.is_template and not old.events.exists():
            old.delete()
        audit_record(actor=actor, action="event.update", event=event, objects=[event], before=before,
                     after={k: getattr(event, k) for k in before if k != "structure"},
                     summary=_("Event %(name)s changed") % {"name": event.name})
    return event


def event_status_can_change(*, current: str, to: str) -> bool:
    """Whether the status table allows moving from `current` to `to`."""
    return to in STATUS_TRANSITIONS.get(current, frozenset())


def event_status_change(*, event: Event, to: str, actor: Any) -> Event:
    """Move the event to another status, if the transition table allows it."""
    with transaction.atomic():
        event = _locked_event(event)
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
                     summary=_("Status: %(to)s") % {"to": Event.Status(to).label})
    return event


# --- late registration ----------------------------------------------------------------------------


def clock_level_position(*, event: Event) -> int | None:
    """The structure position the clock is at, None before the start."""
    from tdconsole.clock.selectors import clock_level_now

    return clock_level_now(event=event)


def registration_close_position(*, event: Event) -> int | None:
    """Structure position of the level after which late registration closes (one query)."""
    if event.late_registration_level is None:
        return None
    positions = list(
        Level.objects.filter(structure_id=event.structure_id, kind=Level.Kind.LEVEL)
        .order_by("position").values_list("position", flat=True)[: event.late_registration_level]
    )
    if len(positions) < event.late_registration_level:
        return positions[-1] if positions else None
    return positions[-1]


def registration_is_open(*, event: Event, level_position: int | None | bool = False) -> bool:
    """Whether new entries (late registration, re-entries) are accepted now.

    `level_position` is the clock's position; pass it to decide without the clock (tests,
    simulation); by default the clock is read.
    """
    if event.status not in OPEN_FOR_ENTRIES or event.registration_closed_at is not None:
        return False
    if level_position is False:
        level_position = clock_level_position(event=event)
    if level_position is None:
        return True
    return registration_open_at(
        close_position=registration_close_position(event=event),
        level_position=level_position,  # type: ignore[arg-type]
        closed=False,
    )


def _assign_pending_places(event: Event) -> int:
    """Give places to busts recorded while registration was open; returns how many."""
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
    busts = list(
        Bust.objects.filter(elimination__event=event)
        .select_related("elimination", "entry")
        .order_by("-elimination__group", "elimination__sequence", "seat")
    )
    groups: dict[int, list[Bust]] = {}
    for bust in busts:
        groups.setdefault(bust.elimination.group, []).append(bust)
    changed = []
    after = 0
    for _group, members in groups.items():  # latest group first: it finished highest
        best = alive + after + 1
        ranks = [BustRank(key=b.entry_id, table_number=b.elimination.table_number, stack=b.starting_stack)
                 for b in members]
        places = group_places(ranks, best_place=best)
        for bust in members:
            if bust.entry.place != places[bust.entry_id]:
                bust.entry.place = places[bust.entry_id]
                changed.append(bust.entry)
        after += len(members)
    Entry.objects.bulk_update(changed, ["place"], batch_size=500)
    if alive == 1 and busts:
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE).update(place=1)
    return len(changed)


def event_registration_close(*, event: Event, actor: Any) -> Event:
    """Close late registration and re-entry, and place the entries busted while it was open."""
    with transaction.atomic():
        event = _locked_event(event)
        if event.registration_closed_at is not None:
            return event
        event.registration_closed_at = timezone.now()
        event.save(update_fields=["registration_closed_at"])
        placed = _assign_pending_places(event)
        audit_record(actor=actor, action="event.registration_close", event=event, objects=[event],
                     after={"closed_at": event.registration_closed_at, "placed": placed},
                     summary=_("Registration closed"))
    return event


def _close_registration_if_due(event: Event, actor: Any) -> Event:
    """Close registration when the clock has passed its last level (called with the event locked)."""
    if event.registration_closed_at is not None:
        return event
    open_now = registration_open_at(
        close_position=registration_close_position(event=event),
        level_position=clock_level_position(event=event),
        closed=False,
    )
    if open_now:
        return event
    return event_registration_close(event=event, actor=actor)


# --- players and entries --------------------------------------------------------------------------


def player_register(*, festival: Festival, name: str, actor: Any, nickname: str = "", document: str = "") -> Player:
    """Register a person with the festival (once: a document number is unique in a festival)."""
    name = " ".join((name or "").split())
    if not name:
        raise RegistrationError(_("Type the player's name."))
    document = (document or "").strip()
    with transaction.atomic():
        if document and Player.objects.filter(festival=festival, document=document).exists():
            raise RegistrationError(_("A player with this document is already registered in this festival."))
        try:
            # No savepoint needed: on a clash the error leaves this transaction, which rolls back.
            player = Player.objects.create(festival=festival, name=name[:120], nickname=nickname.strip()[:60],
                                           document=document[:40])
        except IntegrityError:
            raise RegistrationError(_("A player with this document is already registered in this festival."))
        audit_record(actor=actor, action="player.register", objects=[player],
                     after={"name": player.name, "nickname": player.nickname, "festival": festival.slug},
                     summary=_("Player %(name)s registered") % {"name": player.name})
    return player


def player_for_desk(*, festival: Festival, name: str, actor: Any, document: str = "", nickname: str = "") -> Player:
    """The player staff typed: found by document, or by the exact name if only one has it, else new."""
    name = " ".join((name or "").split())
    document = (document or "").strip()
    if document:
        found = Player.objects.filter(festival=festival, document=document).first()
        if found is not None:
            return found
    elif name:
        same = list(Player.objects.filter(festival=festival, name__iexact=name)[:2])
        if len(same) == 1:
            return same[0]
    return player_register(festival=festival, name=name, nickname=nickname, document=document, actor=actor)


def entry_register(*, event: Event, player: Player, actor: Any, level_position: int | None | bool = False) -> Entry:
    """Buy a player into the event: a new entry, seated at random once the seats are drawn.

    Freezeout: one entry per player. Re-entry: a new entry only after the previous one
    busted, while registration is open, up to the event's maximum; it gets a full stack.
    """
    with transaction.atomic():
        event = _locked_event(event)
        if event.status not in OPEN_FOR_ENTRIES:
            raise RegistrationError(_("This event is not taking entries (status: %(status)s).")
                                    % {"status": Event.Status(event.status).label})
        if player.festival_id != event.festival_id:
            raise RegistrationError(_("This player is registered in another festival."))
        if not registration_is_open(event=event, level_position=level_position):
            raise RegistrationError(_("Registration and re-entry are closed for this event."))
        # Each read uses an index (no scan of the field): the player's own entries, the
        # highest entry number, and whether the seats have been drawn.
        row = Entry.objects.filter(event=event, player=player).aggregate(
            mine=Count("id"), mine_alive=Count("id", filter=Q(status=Entry.Status.ALIVE)),
        )
        if row["mine_alive"]:
            raise RegistrationError(_("%(name)s already has an entry in play.") % {"name": player.name})
        if row["mine"] >= event.max_entries:
            if event.format == Event.Format.FREEZEOUT:
                raise RegistrationError(_("%(name)s already played this freezeout.") % {"name": player.name})
            raise RegistrationError(ngettext("%(name)s has used their only entry.",
                                             "%(name)s has used all %(max)d entries.", event.max_entries)
                                    % {"name": player.name, "max": event.max_entries})
        row["last"] = Entry.objects.filter(event=event).aggregate(last=Max("number"))["last"]
        try:
            # The event lock makes this clash unlikely; the constraint is the last guard (the
            # error leaves the transaction, which rolls back).
            number = max(row["last"] or 0, event.entry_numbers_used) + 1
            entry = Entry.objects.create(event=event, player=player, number=number,
                                         attempt=row["mine"] + 1, chips=event.starting_stack)
        except IntegrityError:
            raise RegistrationError(_("%(name)s already has an entry in play.") % {"name": player.name})
        entry.event = event
        entry.player = player
        if SeatDraw.objects.filter(event=event).exists():
            # The seats have been drawn: a late entry or re-entry sits down at once.
            try:
                entry_seat_random(entry=entry, actor=actor, event_locked=True)
            except SeatingError as exc:
                raise RegistrationError(str(exc))
        audit_record(
            actor=actor, action="entry.register", event=event, objects=[entry],
            after={"number": entry.number, "attempt": entry.attempt, "player": player.name,
                   "table": entry.table.number if entry.table_id else None, "seat": entry.seat},
            summary=(_("Entry #%(number)d: %(name)s") if entry.attempt == 1 else
                     _("Re-entry #%(number)d: %(name)s")) % {"number": entry.number, "name": player.name},
        )
    return entry


def entry_cancel(*, event: Event, entry_id: int, actor: Any) -> Entry:
    """Cancel an entry registered by mistake (wrong player, typed twice): as if it never happened.

    Only an entry still in play, and only while registration is open: busts get their places
    when registration closes, so no place has been counted from it yet. The seat is freed,
    the prize pool loses the buy-in, and the number is never given again. Audited with
    everything the entry was, so the record survives the row.
    """
    with transaction.atomic():
        event = _locked_event(event)
        entry = (Entry.objects.select_for_update(of=("self",)).select_related("player", "table")
                 .filter(event=event, pk=entry_id).first())
        if entry is None:
            raise RegistrationError(_("This entry no longer exists (already cancelled?)."))
        if entry.status != Entry.Status.ALIVE:
            raise RegistrationError(_("Entry #%(number)d is out: undo the elimination before cancelling it.")
                                    % {"number": entry.number})
        if event.registration_closed_at is not None:
            raise RegistrationError(_("Registration is closed: places have been counted, so entries can no "
                                      "longer be cancelled."))
        before = {"number": entry.number, "attempt": entry.attempt, "player": entry.player.name,
                  "player_id": entry.player_id, "table": entry.table.number if entry.table_id else None,
                  "seat": entry.seat, "chips": entry.chips}
        described = describe(entry)  # taken now: the row (and its pk) is about to go
        try:
            entry.delete()
        except ProtectedError:
            raise RegistrationError(_("Entry #%(number)d is part of a deal and cannot be cancelled.")
                                    % {"number": entry.number})
        if entry.number > event.entry_numbers_used:
            event.entry_numbers_used = entry.number
            event.save(update_fields=["entry_numbers_used"])
        audit_record(
            actor=actor, action="entry.cancel", event=event, objects=[described], before=before,
            summary=_("Entry #%(number)d cancelled: %(name)s") % {"number": before["number"],
                                                                    "name": before["player"]},
        )
    return entry


# --- eliminations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatBust:
    """One seat busted in a hand, with the stack the player started the hand with (if known)."""

    seat: int
    starting_stack: int | None = None


def _bust_ranks(busts: Iterable[Bust]) -> list[BustRank]:
    return [BustRank(key=b.entry_id, table_number=b.elimination.table_number, stack=b.starting_stack) for b in busts]


def entries_eliminate(*, event: Event, table_number: int, busts: Sequence[SeatBust], actor: Any) -> Elimination:
    """Bust one or more entries at one table in one hand, and give them their places.

    Places count down from the entries still alive. Busted in the same hand, the one who
    started it with more chips finishes higher, equal stacks tie. During hand-for-hand,
    busts of the same hand at different tables tie. While registration is open the
    places wait for it to close (entries keep arriving).
    """
    seats = [b.seat for b in busts]
    if not seats:
        raise EliminationError(_("Choose the seat of the player who busted."))
    if len(set(seats)) != len(seats):
        raise EliminationError(_("The same seat was given twice."))
    with transaction.atomic():
        event = _locked_event(event)
        if event.status != Event.Status.RUNNING:
            raise EliminationError(_("Players can only be eliminated while the event runs."))
        # Found through the table (event, number) and the seat index: the field is not scanned.
        # Whoever sits at a table of the event is an entry of the event (tables_assign refuses
        # a table that still has another event's players).
        entries = {
            e.seat: e for e in Entry.objects.select_for_update(of=("self",)).select_related("player")
            .filter(table__event=event, table__number=table_number, seat__in=seats, status=Entry.Status.ALIVE)
        }
        empty = [s for s in seats if s not in entries]
        table_id = next(iter(entries.values())).table_id if entries else None
        if table_id is None and not Table.objects.filter(event=event, number=table_number).exists():
            raise EliminationError(_("Table %(table)s is not in play in this event.") % {"table": table_number})
        if empty:
            raise EliminationError(_("Table %(table)s, seat %(seats)s: nobody is sitting there.")
                                   % {"table": table_number, "seats": ", ".join(str(s) for s in empty)})
        alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
        if alive - len(seats) < 1:
            raise EliminationError(_("At least one player must be left: the last one wins."))
        event = _close_registration_if_due(event, actor)
        sequence = (Elimination.objects.filter(event=event).aggregate(m=Max("sequence"))["m"] or 0) + 1
        group = sequence
        h4h_round = event.hand_for_hand_round if event.hand_for_hand else None
        if h4h_round is not None:
            first = (Elimination.objects.filter(event=event, hand_for_hand_round=h4h_round)
                     .order_by("sequence").values_list("group", flat=True).first())
            group = first or sequence
        elimination = Elimination.objects.create(
            event=event, sequence=sequence, group=group, table_id=table_id, table_number=table_number,
            hand_for_hand_round=h4h_round, actor=actor if getattr(actor, "pk", None) else None,
        )
        now = timezone.now()
        rows = []
        for b in busts:
            entry = entries[b.seat]
            rows.append(Bust(elimination=elimination, entry=entry, seat=b.seat, starting_stack=b.starting_stack))
            entry.status, entry.table, entry.seat, entry.busted_at = Entry.Status.BUSTED, None, None, now
        Bust.objects.bulk_create(rows)
        placed = event.registration_closed_at is not None
        members = rows
        if group != sequence:
            members = list(Bust.objects.filter(elimination__event=event, elimination__group=group)
                           .select_related("elimination"))
        alive_after = alive - len(seats)
        places = group_places(_bust_ranks(members), best_place=alive_after + 1) if placed else {}
        by_place: dict[int | None, list[int]] = {}
        for entry in entries.values():
            entry.place = places.get(entry.pk)
            by_place.setdefault(entry.place, []).append(entry.pk)
        # One UPDATE per distinct place (one in all but a multi-bust hand with different stacks).
        for place, ids in by_place.items():
            Entry.objects.filter(pk__in=ids).update(status=Entry.Status.BUSTED, table=None, seat=None,
                                                    busted_at=now, place=place)
        # Busts of the same hand-for-hand hand at other tables: their shared place moves with the group.
        busted_now = {e.pk for e in entries.values()}
        others = {m.entry_id: places[m.entry_id] for m in members if m.entry_id not in busted_now} if placed else {}
        for place in set(others.values()):
            Entry.objects.filter(pk__in=[k for k, v in others.items() if v == place]).update(place=place)
        if placed and alive_after == 1:
            Entry.objects.filter(event=event, status=Entry.Status.ALIVE).update(place=1)
        audit_record(
            actor=actor, action="entry.eliminate", event=event, objects=list(entries.values()),
            before={"table": table_number, "seats": {str(s): entries[s].number for s in seats}},
            after={"places": {str(e.number): e.place for e in entries.values()}, "sequence": sequence,
                   "hand_for_hand_round": h4h_round,
                   "stacks": {str(b.seat): b.starting_stack for b in busts if b.starting_stack is not None}},
            summary=_("Table %(table)s: %(names)s out") % {
                "table": table_number, "names": ", ".join(entries[s].player.name for s in seats)},
        )
    return elimination


def entry_eliminate(*, event: Event, table_number: int, seat: int, actor: Any,
                    starting_stack: int | None = None) -> Elimination:
    """Bust the entry at one seat (see `entries_eliminate`)."""
    return entries_eliminate(event=event, table_number=table_number,
                             busts=[SeatBust(seat=seat, starting_stack=starting_stack)], actor=actor)


def elimination_undo(*, event: Event, elimination_id: int, actor: Any) -> list[Entry]:
    """Undo an elimination (wrong seat): the entries are alive again at their seats.

    Allowed until the next elimination at that table. Places of later busts move down
    by the number of entries restored (those players finished lower than they were told).
    """
    with transaction.atomic():
        event = _locked_event(event)
        elimination = (Elimination.objects.select_for_update(of=("self",)).filter(event=event, pk=elimination_id)
                       .select_related("table").first())
        if elimination is None:
            raise EliminationError(_("This elimination no longer exists (already undone?)."))
        table = elimination.table
        if table is None or table.event_id != event.pk:
            raise EliminationError(_("Table %(table)s is no longer in play: this elimination cannot be undone.")
                                   % {"table": elimination.table_number})
        if Elimination.objects.filter(table=table, sequence__gt=elimination.sequence, event=event).exists():
            raise EliminationError(_("There was another elimination at table %(table)s since; undo that one first.")
                                   % {"table": elimination.table_number})
        busts = list(elimination.busts.select_related("entry", "entry__player"))
        entries = [b.entry for b in busts]
        seats = [b.seat for b in busts]
        if Entry.objects.filter(table=table, seat__in=seats).exists():
            raise EliminationError(_("Someone now sits at table %(table)s, seat %(seats)s: move them first.")
                                   % {"table": table.number, "seats": ", ".join(str(s) for s in seats)})
        players = [e.player_id for e in entries]
        back = Entry.objects.filter(event=event, player_id__in=players, status=Entry.Status.ALIVE).first()
        if back is not None:
            raise EliminationError(_("%(name)s has re-entered since: this elimination cannot be undone.")
                                   % {"name": back.player.name})
        before = {str(e.number): e.place for e in entries}
        k = len(entries)
        # Later groups finished higher than the restored players: their places move down by k.
        Entry.objects.filter(bust__elimination__event=event, bust__elimination__group__gt=elimination.group,
                             place__isnull=False).update(place=F("place") + k)
        # A winner named by the last bust is no longer the winner.
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE, place__isnull=False).update(place=None)
        for bust, entry in zip(busts, entries, strict=True):
            entry.status, entry.table, entry.seat, entry.place, entry.busted_at = (
                Entry.Status.ALIVE, table, bust.seat, None, None)
        group, sequence = elimination.group, elimination.sequence
        elimination.delete()
        try:
            with transaction.atomic():
                Entry.objects.bulk_update(entries, ["status", "table", "seat", "place", "busted_at"])
        except IntegrityError:
            raise EliminationError(_("The seat or the player changed meanwhile; reload and try again."))
        if event.registration_closed_at is not None:
            rest = list(Bust.objects.filter(elimination__event=event, elimination__group=group)
                        .select_related("elimination"))
            if rest:
                alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
                later = Bust.objects.filter(elimination__event=event, elimination__group__gt=group).count()
                places = group_places(_bust_ranks(rest), best_place=alive + later + 1)
                for place in set(places.values()):
                    Entry.objects.filter(pk__in=[k for k, v in places.items() if v == place]).update(place=place)
        audit_record(
            actor=actor, action="entry.eliminate_undo", event=event, objects=entries,
            before={"places": before, "sequence": sequence},
            after={"table": table.number, "seats": {str(e.seat): e.number for e in entries}},
            summary=_("Undo at table %(table)s: %(names)s back in") % {
                "table": table.number, "names": ", ".join(e.player.name for e in entries)},
        )
    return entries


# --- hand-for-hand --------------------------------------------------------------------------------


def hand_for_hand_set(*, event: Event, on: bool, actor: Any) -> Event:
    """Turn hand-for-hand on (starting its first hand) or off."""
    with transaction.atomic():
        event = _locked_event(event)
        if event.hand_for_hand == on:
            return event
        if on and event.status != Event.Status.RUNNING:
            raise TournamentError(_("Hand-for-hand is played only while the event runs."))
        event.hand_for_hand = on
        if on:
            event.hand_for_hand_round += 1
        event.save(update_fields=["hand_for_hand", "hand_for_hand_round"])
        audit_record(actor=actor, action="event.hand_for_hand", event=event, objects=[event],
                     before={"hand_for_hand": not on}, after={"hand_for_hand": on, "round": event.hand_for_hand_round},
                     summary=_("Hand-for-hand on") if on else _("Hand-for-hand off"))
    return event


def hand_for_hand_next(*, event: Event, actor: Any) -> Event:
    """Start the next hand-for-hand hand (every table has finished the current one)."""
    with transaction.atomic():
        event = _locked_event(event)
        if not event.hand_for_hand:
            raise TournamentError(_("Hand-for-hand is off."))
        event.hand_for_hand_round += 1
        event.save(update_fields=["hand_for_hand_round"])
        audit_record(actor=actor, action="event.hand_for_hand_next", event=event, objects=[event],
                     before={"round": event.hand_for_hand_round - 1}, after={"round": event.hand_for_hand_round},
                     summary=_("Hand-for-hand: hand %(round)d") % {"round": event.hand_for_hand_round})
    return event


# --- chip counts ----------------------------------------------------------------------------------


def chip_counts_record(*, event: Event, counts: Mapping[int, int], actor: Any) -> list[Entry]:
    """Record chip counts (entry id -> chips) of entries in play; the last count is kept on the entry."""
    if not counts:
        raise TournamentError(_("Type at least one chip count."))
    if any(not isinstance(c, int) or isinstance(c, bool) or c < 0 for c in counts.values()):
        raise TournamentError(_("Chip counts are whole, non-negative numbers."))
    with transaction.atomic():
        event = _locked_event(event)
        entries = list(Entry.objects.select_for_update(of=("self",)).select_related("player")
                       .filter(event=event, pk__in=list(counts), status=Entry.Status.ALIVE))
        if len(entries) != len(counts):
            raise TournamentError(_("Some of these entries are no longer in play; reload the page."))
        before = {str(e.number): e.chips for e in entries}
        for entry in entries:
            entry.chips = counts[entry.pk]
        Entry.objects.bulk_update(entries, ["chips"])
        ChipCount.objects.bulk_create(
            [ChipCount(entry=e, chips=e.chips, actor=actor if getattr(actor, "pk", None) else None) for e in entries]
        )
        total = sum(counts.values())
        audit_record(actor=actor, action="chips.count", event=event, objects=entries[:50], before=before,
                     after={str(e.number): e.chips for e in entries},
                     summary=ngettext("Chip count of %(n)d entry (%(total)s chips)",
                                      "Chip counts of %(n)d entries (%(total)s chips)", len(entries))
                     % {"n": len(entries), "total": format_number(total, get_language() or "pt-br")})
    return entries


def chips_in_play(*, event: Event) -> int:
    """Chips counted on the entries in play (sum of their last counts)."""
    return Entry.objects.filter(event=event, status=Entry.Status.ALIVE).aggregate(s=Sum("chips"))["s"] or 0
