"""Eliminations: busting players by table and seat, their finishing places, and undoing a bust.

A bust names the table, the seats and (from the desk) the entries the clerk saw there; it
is refused when a seat's player changed since. Places count down from the entries still
alive: busted in the same hand, the one who started it with more chips finishes higher,
and busts of one hand-for-hand hand tie across tables (see `places.py`). Every service
takes the event lock first (see `locks.py`), so eliminations are numbered one at a time,
and no service loops over the field: places come from one count of the entries alive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import fits

from .exceptions import EliminationError
from .flights import flights_places_shift, place_scope
from .locks import event_lock
from .models import Bust, Elimination, Entry, Event, Table
from .places import BustRank, group_places
from .registration import registration_close_if_due


@dataclass(frozen=True)
class SeatBust:
    """One seat busted in a hand, with the stack the player started the hand with (if known).

    `entry_id` names the entry the clerk saw in that seat: the bust is refused when
    somebody else sits there now (or nobody), so a repeated or late "12 4" never busts
    the player who sat down there since.
    """

    seat: int
    starting_stack: int | None = None
    entry_id: int | None = None


def _seat_changed_message(table_number: int, seat: int, expected: Entry | None, now: Entry | None) -> str:
    """Why a bust of a seat whose player changed is refused, naming who sits there now."""
    parts = [_("Table %(table)s, seat %(seat)s changed since you read it.") % {"table": table_number, "seat": seat}]
    if expected is not None:
        who = {"name": expected.player.name, "number": expected.number}
        if expected.status != Entry.Status.ALIVE:
            parts.append(_("%(name)s (#%(number)d) is out already.") % who)
        elif expected.table_id is not None:
            parts.append(_("%(name)s (#%(number)d) now sits at table %(table)s, seat %(seat)s.")
                         % (who | {"table": expected.table.number, "seat": expected.seat}))
        else:
            parts.append(_("%(name)s (#%(number)d) no longer sits there.") % who)
    if now is None:
        parts.append(_("Nobody sits there now."))
    else:
        parts.append(_("%(name)s (#%(number)d) sits there now.") % {"name": now.player.name, "number": now.number})
    parts.append(_("Nothing was recorded: check the seat and bust again."))
    return " ".join(parts)


def _seats_changed(event: Event, table_number: int, busts: Sequence[SeatBust], entries: Mapping[int, Entry]) -> None:
    """Refuse the bust when a seat's player is not the entry the clerk saw there."""
    changed = [b for b in busts if b.entry_id is not None
               and (b.seat not in entries or entries[b.seat].pk != b.entry_id)]
    if not changed:
        return
    expected = {e.pk: e for e in Entry.objects.select_related("player", "table")
                .filter(event=event, pk__in=[b.entry_id for b in changed])}
    raise EliminationError(" ".join(
        _seat_changed_message(table_number, b.seat, expected.get(b.entry_id), entries.get(b.seat)) for b in changed))


def _bust_ranks(busts: Iterable[Bust]) -> list[BustRank]:
    return [BustRank(key=b.entry_id, table_number=b.elimination.table_number, stack=b.starting_stack) for b in busts]


def _bust_numbers_check(table_number: int, busts: Sequence[SeatBust]) -> None:
    """Refuse numbers no table, seat or stack can have (before they reach a query and overflow it)."""
    if not fits(table_number, Table, "number"):
        raise EliminationError(_("Table %(table)s is not in play in this event.") % {"table": table_number})
    for b in busts:
        if not fits(b.seat, Entry, "seat"):
            raise EliminationError(_("Table %(table)s has no seat %(seat)s.") % {"table": table_number, "seat": b.seat})
        if b.starting_stack is not None and not fits(b.starting_stack, Bust, "starting_stack"):
            raise EliminationError(_("Seat %(seat)s: %(stack)s chips is not a possible stack.")
                                   % {"seat": b.seat, "stack": b.starting_stack})
        if b.entry_id is not None and not fits(b.entry_id, Entry, "id"):
            raise EliminationError(_("The page is out of date; reload it and bust again."))


def entries_eliminate(*, event: Event, table_number: int, busts: Sequence[SeatBust], actor: Any,
                      level_position: int | None) -> Elimination:
    """Bust one or more entries at one table in one hand, and give them their places.

    Places count down from the entries still alive. Busted in the same hand, the one who
    started it with more chips finishes higher, equal stacks tie. During hand-for-hand,
    busts of the same hand at different tables tie. While registration is open the
    places wait for it to close (entries keep arriving); the bust closes it first when
    the clock, at `level_position` (None before the start), has passed its last level.
    """
    seats = [b.seat for b in busts]
    if not seats:
        raise EliminationError(_("Choose the seat of the player who busted."))
    if len(set(seats)) != len(seats):
        raise EliminationError(_("The same seat was given twice."))
    _bust_numbers_check(table_number, busts)
    with transaction.atomic():
        event = event_lock(event)
        if event.status != Event.Status.RUNNING:
            raise EliminationError(_("Players can only be eliminated while the event runs."))
        # Found through the table (event, number) and the seat index: the field is not scanned.
        # Whoever sits at a table of the event is an entry of the event (tables_assign refuses
        # a table that still has another event's players).
        entries = {
            e.seat: e for e in Entry.objects.select_for_update(of=("self",)).select_related("player")
            .filter(table__event=event, table__number=table_number, seat__in=seats, status=Entry.Status.ALIVE)
        }
        _seats_changed(event, table_number, busts, entries)
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
        event = registration_close_if_due(event=event, actor=actor, level_position=level_position)
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
        # A flight's busts are placed once the whole field is known, below the players of every flight.
        scope = place_scope(event, leaving=[e.pk for e in entries.values()])
        placed = scope.placed
        if placed and scope.still_in:
            # Their player is still in another flight: the busts placed so far finish one place lower each.
            flights_places_shift(main_id=event.parent_id, by=scope.still_in)
        members = rows
        if group != sequence:
            members = list(Bust.objects.filter(elimination__event=event, elimination__group=group)
                           .select_related("elimination"))
        alive_after = alive - len(seats)
        places = (group_places(_bust_ranks(members), best_place=alive_after + scope.alive_elsewhere + 1)
                  if placed else {})
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
        if placed and alive_after + scope.alive_elsewhere == 1:
            Entry.objects.filter(event=event, status=Entry.Status.ALIVE).update(place=1)
        audit_record(
            actor=actor, action="entry.eliminate", event=event, objects=list(entries.values()),
            before={"table": table_number, "seats": {str(s): entries[s].number for s in seats}},
            after={"places": {str(e.number): e.place for e in entries.values()}, "sequence": sequence,
                   "hand_for_hand_round": h4h_round,
                   "stacks": {str(b.seat): b.starting_stack for b in busts if b.starting_stack is not None}},
            summary=(gettext_lazy("Table %(table)s: %(names)s out"), {
                "table": table_number, "names": ", ".join(entries[s].player.name for s in seats)}),
        )
    return elimination


def entry_eliminate(*, event: Event, table_number: int, seat: int, actor: Any, level_position: int | None,
                    starting_stack: int | None = None) -> Elimination:
    """Bust the entry at one seat (see `entries_eliminate`)."""
    return entries_eliminate(event=event, table_number=table_number, level_position=level_position,
                             busts=[SeatBust(seat=seat, starting_stack=starting_stack)], actor=actor)


def elimination_undo(*, event: Event, elimination_id: int, actor: Any) -> list[Entry]:
    """Undo an elimination (wrong seat): the entries are alive again at their seats.

    Allowed until the next elimination at that table. Places of later busts move down
    by the number of entries restored (those players finished lower than they were told).
    """
    gone = _("This elimination no longer exists (already undone?).")
    if not isinstance(elimination_id, int) or not fits(elimination_id, Elimination, "id"):
        raise EliminationError(gone)
    with transaction.atomic():
        event = event_lock(event)
        elimination = (Elimination.objects.select_for_update(of=("self",)).filter(event=event, pk=elimination_id)
                       .select_related("table").first())
        if elimination is None:
            raise EliminationError(gone)
        if event.status != Event.Status.RUNNING:
            raise EliminationError(_("Eliminations can only be undone while the event runs."))
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
        # A re-entry first: it may well sit in that very seat, and it is the reason to give.
        players = [e.player_id for e in entries]
        back = Entry.objects.filter(event=event, player_id__in=players, status=Entry.Status.ALIVE).first()
        if back is not None:
            raise EliminationError(_("%(name)s has re-entered since: this elimination cannot be undone.")
                                   % {"name": back.player.name})
        if Entry.objects.filter(table=table, seat__in=seats).exists():
            raise EliminationError(_("Someone now sits at table %(table)s, seat %(seats)s: move them first.")
                                   % {"table": table.number, "seats": ", ".join(str(s) for s in seats)})
        before = {str(e.number): e.place for e in entries}
        scope = place_scope(event, leaving=[e.pk for e in entries])
        # A restored player still in another flight does not add a player in: the busts before this one
        # move back up, the later ones stay.
        k = len(entries) - scope.still_in
        if scope.still_in:
            flights_places_shift(main_id=event.parent_id, by=-scope.still_in, before=elimination.created_at)
        # Later groups finished higher than the restored players: their places move down by k.
        Entry.objects.filter(bust__elimination__event=event, bust__elimination__group__gt=elimination.group,
                             place__isnull=False).update(place=F("place") + k)
        if event.parent_id is not None and scope.placed:
            # So did the busts of the other flights made after this one (places follow the order of busts).
            (Entry.objects.filter(bust__elimination__event__parent_id=event.parent_id, place__isnull=False,
                                  bust__elimination__created_at__gt=elimination.created_at)
             .exclude(event=event).update(place=F("place") + k))
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
        if scope.placed:
            rest = list(Bust.objects.filter(elimination__event=event, elimination__group=group)
                        .select_related("elimination"))
            if rest:
                # Counted again with the restored entries in play (a player in two flights counts once).
                alive = (Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
                         + place_scope(event).alive_elsewhere)
                later = Bust.objects.filter(elimination__event=event, elimination__group__gt=group).count()
                if event.parent_id is not None:
                    later += (Bust.objects.filter(elimination__event__parent_id=event.parent_id,
                                                  elimination__created_at__gt=elimination.created_at)
                              .exclude(elimination__event=event).count())
                places = group_places(_bust_ranks(rest), best_place=alive + later + 1)
                for place in set(places.values()):
                    Entry.objects.filter(pk__in=[k for k, v in places.items() if v == place]).update(place=place)
        audit_record(
            actor=actor, action="entry.eliminate_undo", event=event, objects=entries,
            before={"places": before, "sequence": sequence},
            after={"table": table.number, "seats": {str(e.seat): e.number for e in entries}},
            summary=(gettext_lazy("Undo at table %(table)s: %(names)s back in"), {
                "table": table.number, "names": ", ".join(e.player.name for e in entries)}),
        )
    return entries
