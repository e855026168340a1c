"""Starting flights: one tournament whose field starts over several days (Dia 1A, 1B, 1C...).

A flight is an `Event` of its own, with its own date, clock, tables, registration, re-entries and seat
draw, whose `parent` is the main event. Flights share the main event's structure, buy-in, stack and chip
set (copied by `flight_create`, and refused as per-flight changes by `event_update`); the main event holds
what only makes sense across flights: how survivors of several flights advance, whether a player who
bagged may enter again, the entry limit counted over every flight, and where every flight stops (the one
stop setting: apps above keep each flight's end of day in step through `flight_hook_register`).

Locks: a service of a flight takes the flight's lock first (`locks.event_lock`), then the main event's
(`main_lock`), never the other way round; a service of the main event takes only the main event's. So
two clerks registering the same player in two flights queue behind the main event row.

Places: a flight's busts wait for the whole field, known once registration has closed in every flight
(the main event's `registration_closed_at` is then set). From then on places count down from the players
still alive in every flight, in the order the busts happened (see `flights_places_assign`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record

from .events import EVENT_YEARS, SHARED_SETTINGS, _unique_slug, blind_level_count, structure_copy
from .exceptions import EventSettingsError, RegistrationError, TournamentError
from .festivals import clean_name
from .locks import event_lock
from .models import Bust, Entry, Event, Player
from .places import BustRank, group_places

FLIGHT_SETTINGS = ("advance_rule", "bagged_may_reenter", "entry_limit_all_flights", "stop_level", "stop_time")
STOP_SETTINGS = ("stop_level", "stop_time")

# What apps above keep about a flight that must follow its main event (the cash desk's money rules, the
# prize settings, the end of the day): they register here when they load, since this app never imports
# them. A "created" hook is called as hook(main=, flight=, actor=) inside `flight_create`'s transaction;
# a "stop" hook as hook(main=, actor=) inside `flight_settings_update`'s once the stop changed. Both run
# with the main event locked; they lock their own rows, never a flight's event row (a flight's services
# lock the flight first, then the main event).
FlightHook = Callable[..., None]
_hooks: dict[str, list[FlightHook]] = {"created": [], "stop": []}


def flight_hook_register(*, on: str, hook: FlightHook) -> None:
    """Call `hook` when a flight is created (`on="created"`) or the main event's stop changes (`on="stop"`)."""
    if hook not in _hooks[on]:
        _hooks[on].append(hook)


def main_lock(flight: Event) -> Event:
    """Lock a flight's main event row until the end of the transaction (the flight locked already)."""
    return Event.objects.select_for_update().get(pk=flight.parent_id)


# --- creating flights and their settings ------------------------------------------------------------


def flight_create(*, event: Event, name: str, date: datetime.date, actor: Any, slug: str = "") -> Event:
    """Add a starting flight to a main event: a draft event of its own with the main event's settings,
    a copy of its structure and its chip set, and no guarantee (the main event's pool has it)."""
    name = clean_name(name)
    if not isinstance(date, datetime.date) or not EVENT_YEARS[0] <= date.year <= EVENT_YEARS[1]:
        raise EventSettingsError(_("Give a date between the years %(first)s and %(last)s.")
                                 % {"first": EVENT_YEARS[0], "last": EVENT_YEARS[1]}, field="date")
    with transaction.atomic():
        main = event_lock(event)
        if main.parent_id is not None:
            raise TournamentError(_("%(name)s is a flight: add flights to its main event.") % {"name": main.name})
        if main.status == Event.Status.FINISHED:
            raise TournamentError(_("A finished event cannot get another flight."))
        if main.registration_closed_at is not None:
            raise TournamentError(_("Registration has closed in every flight, so the field is known: no flight "
                                    "can be added now."))
        if Entry.objects.filter(event=main).exists():
            raise TournamentError(_("%(name)s has entries of its own: flights are added before anyone buys in.")
                                  % {"name": main.name})
        same = Event.objects.filter(parent=main, name__iexact=name).values_list("name", flat=True).first()
        if same is not None:
            raise EventSettingsError(_("%(event)s already has a flight named %(name)s.")
                                     % {"event": main.name, "name": same}, field="name")
        slug = slug or _unique_slug(Event, f"{main.slug}-{name}")
        if Event.objects.filter(slug=slug).exists():
            raise EventSettingsError(_("An event with this short name already exists."), field="slug")
        structure = structure_copy(template=main.structure, name=f"{main.name} {name}", slug=f"{slug}-structure")
        flight = Event.objects.create(
            festival_id=main.festival_id, parent=main, name=name, slug=slug, date=date, structure=structure,
            chip_set_id=main.chip_set_id, **{k: getattr(main, k) for k in SHARED_SETTINGS},
        )
        if not main.has_flights:
            main.has_flights = True
            main.save(update_fields=["has_flights"])
        for hook in _hooks["created"]:
            hook(main=main, flight=flight, actor=actor)
        audit_record(actor=actor, action="event.flight_create", event=main, objects=[flight],
                     after={"flight": flight.slug, "name": name, "date": date},
                     summary=(gettext_lazy("Flight %(name)s added"), {"name": name}))
    return flight


def flight_settings_update(*, event: Event, actor: Any, **fields: Any) -> Event:
    """Change how the main event's flights play together (`FLIGHT_SETTINGS`)."""
    unknown = set(fields) - set(FLIGHT_SETTINGS)
    if unknown:
        raise TypeError(f"unknown flight settings: {sorted(unknown)}")
    with transaction.atomic():
        main = event_lock(event)
        if main.parent_id is not None:
            raise TournamentError(_("These settings belong to the main event, %(name)s.")
                                  % {"name": main.parent.name})
        if main.status == Event.Status.FINISHED:
            raise TournamentError(_("A finished event cannot be changed."))
        rule = fields.get("advance_rule", main.advance_rule)
        if rule not in Event.AdvanceRule.values:
            raise EventSettingsError(_("Choose how survivors of several flights advance."), field="advance_rule")
        limit = fields.get("entry_limit_all_flights", main.entry_limit_all_flights)
        if limit is not None and not 1 <= limit <= 1000:
            raise EventSettingsError(_("The entry limit across flights is a whole number from 1 to 1000, or empty "
                                       "for no limit."), field="entry_limit_all_flights")
        stop = fields.get("stop_level", main.stop_level)
        if stop is not None:
            levels = blind_level_count(structure=main.structure)
            if not 1 <= stop <= levels:
                raise EventSettingsError(
                    ngettext("The structure has %(count)s blind level: the flights stop after a level from 1 to "
                             "%(count)s.",
                             "The structure has %(count)s blind levels: the flights stop after a level from 1 to "
                             "%(count)s.", levels) % {"count": levels}, field="stop_level")
        before = {k: getattr(main, k) for k in fields if getattr(main, k) != fields[k]}
        for key, value in fields.items():
            setattr(main, key, value)
        main.save(update_fields=list(fields) or None)
        audit_record(actor=actor, action="event.flight_settings", event=main, objects=[main], before=before,
                     after={k: getattr(main, k) for k in before},
                     summary=gettext_lazy("Flight settings changed"))
        if any(k in before for k in STOP_SETTINGS):
            for hook in _hooks["stop"]:
                hook(main=main, actor=actor)
    return main


# --- registration across flights ---------------------------------------------------------------------


def flight_entry_check(*, flight: Event, player: Player) -> Event:
    """Refuse a flight entry the main event's rules forbid: over the entry limit counted in every flight,
    or a player who bagged in another flight when the event does not let them enter again.

    Called by `entry_register` with the flight and the player locked; takes the main event's lock, so
    two clerks registering the same player in two flights at once are served one after the other.
    """
    main = main_lock(flight)
    rows = {
        row["event_id"]: row for row in
        Entry.objects.filter(event__parent_id=main.pk, player=player).values("event_id")
        .annotate(entries=Count("id"), alive=Count("id", filter=Q(status=Entry.Status.ALIVE)))
    }
    limit = main.entry_limit_all_flights
    total = sum(r["entries"] for r in rows.values())
    if limit is not None and total >= limit:
        raise RegistrationError(ngettext("%(name)s has used the %(limit)d entry allowed across all flights.",
                                         "%(name)s has used all %(limit)d entries allowed across all flights.", limit)
                                % {"name": player.name, "limit": limit})
    bagged = [event_id for event_id, r in rows.items() if event_id != flight.pk and r["alive"]]
    if bagged and not main.bagged_may_reenter:
        other = Event.objects.only("name").get(pk=bagged[0])
        raise RegistrationError(_("%(name)s is through from %(flight)s: %(event)s does not let a player who "
                                  "bagged enter another flight.")
                                % {"name": player.name, "flight": other.name, "event": main.name})
    return main


# The main event takes no entry of its own, except what the app running Day 2 (above tournaments, so it is
# never imported here) accepts: it registers its check, which returns the entry's starting stack.
_main_entry_checks: list[Callable[..., int]] = []


def main_entry_check_register(check: Callable[..., int]) -> None:
    """Let `check(event=, player=, level_position=)` accept an entry into a main event with flights."""
    if check not in _main_entry_checks:
        _main_entry_checks.append(check)


# What the app running Day 2 keeps of each entry the main event took (its starting stack, which the Day 2
# page may change later): it registers a recorder, called in the registration's transaction.
_main_entry_recorders: list[Callable[..., None]] = []


def main_entry_recorder_register(recorder: Callable[..., None]) -> None:
    """Let `recorder(event=, entry=, stack=)` keep what it needs of an entry just taken by a main event."""
    if recorder not in _main_entry_recorders:
        _main_entry_recorders.append(recorder)


def main_entry_recorded(*, event: Event, entry: Entry, stack: int) -> None:
    """Tell the recorders of an entry the main event (with flights) has just taken, with its starting stack."""
    for recorder in _main_entry_recorders:
        recorder(event=event, entry=entry, stack=stack)


# The chips in play of a main event once its flights are merged (the stacks brought, not a starting stack
# per entry), from the app running Day 2: it registers its reader, which answers None before the merge.
_day2_chips_readers: list[Callable[..., int | None]] = []


def day2_chips_register(reader: Callable[..., int | None]) -> None:
    """Let `reader(event=)` give a merged main event's chips in play (None: not merged)."""
    if reader not in _day2_chips_readers:
        _day2_chips_readers.append(reader)


def day2_chips(*, event: Event) -> int | None:
    """A merged main event's chips in play, or None (not merged, or no app running Day 2)."""
    for reader in _day2_chips_readers:
        chips = reader(event=event)
        if chips is not None:
            return chips
    return None


def main_entry_check(*, event: Event, player: Player, level_position: int | None) -> int:
    """The starting stack of an entry into a main event with flights (its lock held), or RegistrationError."""
    if not _main_entry_checks:
        raise RegistrationError(_("%(event)s is played in its flights: register the player in one of them.")
                                % {"event": event.name})
    return _main_entry_checks[0](event=event, player=player, level_position=level_position)


# --- places across flights ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceScope:
    """Whether a bust gets its place now, and how many players still alive elsewhere finish above it."""

    placed: bool
    alive_elsewhere: int = 0
    # Of the players of the `leaving` entries, those still in another flight: their bust (or its undo) does
    # not change the players in, so it makes (or gives back) a place below the busts already placed.
    still_in: int = 0


def place_scope(event: Event, *, leaving: Collection[int] = (), lock: bool = True) -> PlaceScope:
    """An event's busts are placed once its registration closed; a flight's, once every flight's has (the
    main event locked here, after the flight), counting the players alive in the other flights.

    A player still in two flights (`bagged_may_reenter`) takes one entry into Day 2, so counts once: the
    other flights' players already in this flight do not count again. `leaving` names this flight's entries
    busting now (still alive in the database), whose players count if they are still in elsewhere (or the
    entries an undo brings back). `lock=False` reads the same without the lock, for a preview of what a
    bust would get.
    """
    if event.parent_id is None:
        return PlaceScope(placed=event.registration_closed_at is not None)
    main = main_lock(event) if lock else Event.objects.only("registration_closed_at").get(pk=event.parent_id)
    if main.registration_closed_at is None:
        return PlaceScope(placed=False)
    here = (Entry.objects.filter(event=event, status=Entry.Status.ALIVE).exclude(pk__in=list(leaving))
            .values("player_id"))
    alive = (Entry.objects.filter(event__parent_id=main.pk, status=Entry.Status.ALIVE).exclude(event=event)
             .exclude(player_id__in=here).values("player_id").distinct().count())
    still_in = 0
    if leaving:
        still_in = (Entry.objects.filter(event__parent_id=main.pk, status=Entry.Status.ALIVE).exclude(event=event)
                    .filter(player_id__in=Entry.objects.filter(pk__in=list(leaving)).values("player_id"))
                    .values("player_id").distinct().count())
    return PlaceScope(placed=True, alive_elsewhere=alive, still_in=still_in)


def flights_places_shift(*, main_id: int, by: int, before: datetime.datetime | None = None) -> None:
    """Move the placed busts of every flight down by `by` places (up when negative); `before`: only the busts
    made before that moment. A bust of a player still in another flight adds a place below the players in."""
    placed = Entry.objects.filter(event__parent_id=main_id, place__isnull=False, status=Entry.Status.BUSTED)
    if before is not None:
        placed = placed.filter(bust__elimination__created_at__lt=before)
    placed.update(place=F("place") + by)


def field_close_if_complete(*, flight: Event, actor: Any) -> int:
    """After a flight's registration closed: when every flight's has, the field is known, the main event
    is marked closed and every flight's busts get their places. Returns how many places were given."""
    main = main_lock(flight)
    if main.registration_closed_at is not None:
        return 0
    if Event.objects.filter(parent=main, registration_closed_at__isnull=True).exists():
        return 0
    main.registration_closed_at = timezone.now()
    main.save(update_fields=["registration_closed_at"])
    placed = flights_places_assign(main=main)
    audit_record(actor=actor, action="event.registration_close", event=main, objects=[main],
                 after={"closed_at": main.registration_closed_at, "placed": placed},
                 summary=gettext_lazy("Registration closed in every flight: the field is known"))
    return placed


def flights_places_assign(*, main: Event) -> int:
    """Give every flight's busts their places, counting down from the players alive in every flight (a
    player in two flights counts once).

    The busts rank in the order they happened, the last one best: a player busted in an earlier flight
    finishes below every player busted later and every player still in. Busts of one hand keep the rules
    of `places.group_places` (the bigger starting stack finishes higher, hand-for-hand busts tie).
    """
    # Players, not entries: one still in two flights takes one entry into Day 2.
    alive = (Entry.objects.filter(event__parent_id=main.pk, status=Entry.Status.ALIVE)
             .values("player_id").distinct().count())
    busts = list(Bust.objects.filter(elimination__event__parent_id=main.pk)
                 .select_related("elimination", "entry").order_by("elimination__sequence", "seat"))
    groups: dict[tuple[int, int], list[Bust]] = {}
    for bust in busts:
        groups.setdefault((bust.elimination.event_id, bust.elimination.group), []).append(bust)
    # A group's moment is its first hand's; the latest group finished highest.
    started = {key: min(b.elimination.created_at for b in members) for key, members in groups.items()}
    changed = []
    after = 0
    for key in sorted(groups, key=lambda k: (started[k], k), reverse=True):
        members = groups[key]
        ranks = [BustRank(key=b.entry_id, table_number=b.elimination.table_number, stack=b.starting_stack)
                 for b in members]
        places = group_places(ranks, best_place=alive + after + 1)
        for bust in members:
            if bust.entry.place != places[bust.entry_id]:
                bust.entry.place = places[bust.entry_id]
                changed.append(bust.entry)
        after += len(members)
    Entry.objects.bulk_update(changed, ["place"], batch_size=500)
    return len(changed)


# --- reading ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FlightRow:
    flight: Event
    entries: int
    alive: int
    busted: int


def flights_of(*, event: Event) -> list[FlightRow]:
    """A main event's flights, earliest first, with their entries and players alive (one query)."""
    flights = (Event.objects.filter(parent=event).order_by("date", "pk")
               .annotate(n_entries=Count("entries"),
                         n_alive=Count("entries", filter=Q(entries__status=Entry.Status.ALIVE))))
    return [FlightRow(flight=f, entries=f.n_entries, alive=f.n_alive, busted=f.n_entries - f.n_alive)
            for f in flights]


def flights_out(*, event: Event, limit: int = 200) -> list[Entry]:
    """The entries busted in a main event's flights, the latest first, with their flight (one query):
    unplaced ones show as out in their flight until the field is known."""
    return list(Entry.objects.filter(event__parent_id=event.pk, status=Entry.Status.BUSTED)
                .select_related("player", "event").order_by("-busted_at", "-number")[:limit])


@dataclass(frozen=True)
class Advancing:
    """What one player takes into the next day under the main event's rule, and the bags left behind."""

    player_id: int
    stack: int
    bags: tuple[int, ...]  # every flight's bag, biggest first
    forfeited: tuple[int, ...]  # under best stack, the bags that do not count


def advancing_stack(*, player_id: int, bags: Sequence[int], rule: str) -> Advancing:
    """A player's advancing stack from their bags: the biggest (the others forfeited) or their sum.

    >>> advancing_stack(player_id=1, bags=[41000, 87500], rule="best_stack")
    Advancing(player_id=1, stack=87500, bags=(87500, 41000), forfeited=(41000,))
    >>> advancing_stack(player_id=1, bags=[41000, 87500], rule="cumulative").stack
    128500
    """
    ordered = tuple(sorted(bags, reverse=True))
    if not ordered:
        raise ValueError("a player with no bag does not advance")
    if rule == Event.AdvanceRule.CUMULATIVE:
        return Advancing(player_id=player_id, stack=sum(ordered), bags=ordered, forfeited=())
    return Advancing(player_id=player_id, stack=ordered[0], bags=ordered, forfeited=ordered[1:])


def flights_advancing(*, event: Event) -> list[Advancing]:
    """Every player still in after their flights, with the stack they take on under the event's rule (one
    query; a bag is the last chip count of an entry in play), biggest stack first."""
    bags: dict[int, list[int]] = {}
    for player_id, chips in (Entry.objects.filter(event__parent_id=event.pk, status=Entry.Status.ALIVE)
                             .values_list("player_id", "chips")):
        bags.setdefault(player_id, []).append(chips or 0)
    rows = [advancing_stack(player_id=p, bags=b, rule=event.advance_rule) for p, b in bags.items()]
    return sorted(rows, key=lambda a: (-a.stack, a.player_id))
