"""Registration: who may buy in and until when, the desk that turns a typed name into an entry,
cancelling an entry typed by mistake, and closing late registration.

The desk's one service, `desk_register`, finds or creates the player and buys them in within
one transaction: a refusal at any step (registration closed, entry limit, a seat draw that
fails) rolls back the player it was about to create and that player's audit record too.

The festival row is locked first, so two clerks typing the same new name at the same
moment are taken one after the other: the second one finds the player the first one
created and is asked to choose instead of creating a duplicate. Buying in then takes the
event lock (see `locks.py`), so entry numbers are given one at a time.

Late registration stays open through the level named by the event and closes when the
clock moves past it (or by hand). Busts while it is open wait for their places: they are
given when it closes, counted from the entries still alive then.

This app sits below the clock and the seating: a service that needs the clock's level is
given it (`level_position`, the structure position the clock is at, None before the start),
and one that seats a new entry is given the function that does it (`seat`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, ProtectedError, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record, describe

from .exceptions import PlayerChoiceNeeded, RegistrationError
from .flights import field_close_if_complete, flight_entry_check, main_entry_check, main_entry_recorded
from .locks import event_lock
from .models import Bust, Entry, Event, Festival, Level, Player
from .names import search_key, tidy_name
from .places import BustRank, group_places
from .players import document_clean, player_register
from .structures import registration_open_at

OPEN_FOR_ENTRIES = frozenset({Event.Status.REGISTERING, Event.Status.RUNNING})

# Seats a new entry inside the registration's transaction (the event locked); given by the app that
# owns the seating, it raises RegistrationError to refuse the entry (see seating/registration.py).
Seat = Callable[[Entry], object]


def desk_register(
    *,
    event: Event,
    actor: Any,
    name: str = "",
    nickname: str = "",
    document: str = "",
    player_id: int | None = None,
    new_player: bool = False,
    level_position: int | None,
    seat: Seat | None = None,
) -> Entry:
    """Buy a player into the event from the registration desk, creating the player if they are new.

    `player_id` names a player staff picked from the list. Otherwise the typed document finds
    its holder (refused when the holder has another name), and a name that matches players of
    the festival raises `PlayerChoiceNeeded` unless staff asked for a `new_player`, who must
    then be told apart from the others by a nickname or a document. `level_position` and
    `seat` are `entry_register`'s.
    """
    with transaction.atomic():
        festival = Festival.objects.select_for_update().get(pk=event.festival_id)
        if player_id is not None:
            player = Player.objects.filter(pk=player_id, festival=festival).first()
            if player is None:
                raise RegistrationError(_("This player is no longer registered in this festival (merged into "
                                          "another?): search the name again."))
        else:
            player = _player_typed(festival=festival, event=event, name=name, nickname=nickname,
                                   document=document, new_player=new_player, actor=actor)
        return entry_register(event=event, player=player, actor=actor, level_position=level_position, seat=seat)


def _player_typed(*, festival: Festival, event: Event, name: str, nickname: str, document: str,
                  new_player: bool, actor: Any) -> Player:
    """The player a typed name (and document) stands for; created when new (festival locked by the caller)."""
    name, nickname = tidy_name(name), tidy_name(nickname)
    document = document_clean(document, error=RegistrationError)
    if not name:
        raise RegistrationError(_("Type the player's name."))
    key = search_key(name)
    if document:
        holder = Player.objects.filter(festival=festival, document=document).first()
        if holder is not None:
            if search_key(holder.name) == key:
                return holder
            raise RegistrationError(
                _("Document %(document)s belongs to %(holder)s, not to %(name)s: check the number, or pick "
                  "%(holder)s from the list.") % {"document": document, "holder": holder.name, "name": name})
    same = list(Player.objects.filter(festival=festival, search_name=key).order_by("name", "pk"))
    if same and not new_player:
        raise PlayerChoiceNeeded(
            ngettext("%(name)s is already registered in this festival. The same person?",
                     "%(count)d players named %(name)s are already registered in this festival. One of them?",
                     len(same)) % {"name": same[0].name, "count": len(same)},
            players=same)
    if same:
        nicknames = {search_key(p.nickname) for p in same}
        if not document and (not nickname or search_key(nickname) in nicknames):
            raise PlayerChoiceNeeded(
                _("Another %(name)s is registered: give the new one a nickname or a document number that "
                  "tells them apart.") % {"name": same[0].name},
                players=same, new_player_refused=True)
    return player_register(festival=festival, name=name, nickname=nickname, document=document,
                           actor=actor, event=event)


def entry_register(*, event: Event, player: Player, actor: Any, level_position: int | None,
                   seat: Seat | None = None) -> Entry:
    """Buy a player into the event: a new entry, with a full stack.

    Freezeout: one entry per player. Re-entry: a new entry only after the previous one
    busted, while registration is open (`level_position` is the clock's, see
    `registration_is_open`), up to the event's maximum. `seat` seats the entry before the
    registration is recorded, so the record names the table and seat (once the seats are
    drawn a late entry sits down at once: seating/registration.py passes it).
    """
    with transaction.atomic():
        event = event_lock(event)
        if event.status not in OPEN_FOR_ENTRIES:
            raise RegistrationError(_("This event is not taking entries (status: %(status)s).")
                                    % {"status": Event.Status(event.status).label})
        if player.festival_id != event.festival_id:
            raise RegistrationError(_("This player is registered in another festival."))
        # Held until the end: a merge of this player waits for the entry, or the entry for the merge.
        locked = Player.objects.select_for_update().filter(pk=player.pk).first()
        if locked is None:
            raise RegistrationError(_("This player is no longer registered (merged into another?): "
                                      "search the name again."))
        player = locked
        stack = event.starting_stack
        if event.has_flights:
            # Only a late entry into Day 2, when the app running Day 2 allows it, with its stack (flights.py).
            stack = main_entry_check(event=event, player=player, level_position=level_position)
        elif not registration_is_open(event=event, level_position=level_position):
            raise RegistrationError(_("Registration and re-entry are closed for this event."))
        if event.parent_id is not None:
            # The main event's lock (taken after this flight's) serves entries of every flight one at a time.
            flight_entry_check(flight=event, player=player)
        # Each read uses an index (no scan of the field): the player's own entries and the
        # highest entry number.
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
                                         attempt=row["mine"] + 1, chips=stack)
        except IntegrityError:
            raise RegistrationError(_("%(name)s already has an entry in play.") % {"name": player.name})
        entry.event = event
        entry.player = player
        if event.has_flights:
            main_entry_recorded(event=event, entry=entry, stack=stack)
        if seat is not None:
            seat(entry)
        audit_record(
            actor=actor, action="entry.register", event=event, objects=[entry],
            after={"number": entry.number, "attempt": entry.attempt, "player": player.name, "chips": entry.chips,
                   "table": entry.table.number if entry.table_id else None, "seat": entry.seat},
            summary=(gettext_lazy("Entry #%(number)d: %(name)s") if entry.attempt == 1 else
                     gettext_lazy("Re-entry #%(number)d: %(name)s"), {"number": entry.number, "name": player.name}),
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
        event = event_lock(event)
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
            raise RegistrationError(_("Entry #%(number)d has a deal or a bounty won recorded against it: undo "
                                      "that first, then cancel.") % {"number": entry.number})
        if entry.number > event.entry_numbers_used:
            event.entry_numbers_used = entry.number
            event.save(update_fields=["entry_numbers_used"])
        audit_record(
            actor=actor, action="entry.cancel", event=event, objects=[described], before=before,
            summary=(gettext_lazy("Entry #%(number)d cancelled: %(name)s"), {"number": before["number"],
                                                                               "name": before["player"]}),
        )
    return entry


# --- late registration ----------------------------------------------------------------------------


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


def registration_is_open(*, event: Event, level_position: int | None) -> bool:
    """Whether new entries (late registration, re-entries) are accepted now.

    `level_position` is the structure position the clock is at (None before the start), read
    by the caller: `clock.selectors.registration_clock_level` reads it only when it can matter.
    """
    if event.status not in OPEN_FOR_ENTRIES or event.registration_closed_at is not None:
        return False
    if level_position is None:
        return True
    return registration_open_at(
        close_position=registration_close_position(event=event),
        level_position=level_position,
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
        event = event_lock(event)
        if event.registration_closed_at is not None:
            return event
        if event.has_flights:
            raise RegistrationError(_("%(event)s closes when registration has closed in each of its flights.")
                                    % {"event": event.name})
        event.registration_closed_at = timezone.now()
        event.save(update_fields=["registration_closed_at"])
        if event.parent_id is not None:
            # A flight's busts wait for the whole field: placed when the last flight closes.
            placed = field_close_if_complete(flight=event, actor=actor)
        else:
            placed = _assign_pending_places(event)
        audit_record(actor=actor, action="event.registration_close", event=event, objects=[event],
                     after={"closed_at": event.registration_closed_at, "placed": placed},
                     summary=gettext_lazy("Registration closed"))
    return event


def registration_close_if_due(*, event: Event, actor: Any, level_position: int | None) -> Event:
    """Close registration when the clock (at `level_position`) has passed its last level (called with the
    event locked)."""
    if event.registration_closed_at is not None:
        return event
    open_now = registration_open_at(
        close_position=registration_close_position(event=event),
        level_position=level_position,
        closed=False,
    )
    if open_now:
        return event
    return event_registration_close(event=event, actor=actor)
