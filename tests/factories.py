"""The test data builders of every app (plain functions with keyword arguments, no factory library).

Rows straight in the database, in bulk where a test needs a big field:
- `make_festival` / `make_event`: a venue (with tables if asked), a festival, an event with its own
  structure of levels;
- `make_players` / `make_entries` / `add_field` / `seat_field`: players (with their `search_name`, as
  the services keep it) and their entries, alive, busted and placed, seated table by table.
Through the desk's services, as staff would:
- `event_create_at_desk` / `register_at_desk`: an event from a structure template, players bought in;
- `seated_at_desk`: a field registered, seated by the initial draw, the event running.

The conftests' fixtures are thin wrappers that give each area its defaults.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from tdconsole.tournaments.models import Chip, ChipSet, Entry, Event, Festival, Level, Player, Structure, Table, Venue
from tdconsole.tournaments.names import search_key

# (kind, small blind, big blind, ante, minutes, colour-up chip)
LevelRow = tuple[str, int, int, int, int, int | None]


def simple_levels(count: int) -> list[LevelRow]:
    """`count` playing levels of 20 minutes: 100/200 ante 200, 200/400 ante 400, ..."""
    return [("level", 100 * i, 200 * i, 200 * i, 20, None) for i in range(1, count + 1)]


def make_venue(name: str = "Test venue", *, tables: int = 0, seats: int = 9) -> Venue:
    """The venue of that name (made once), with tables 1..`tables` of `seats` seats when it is new."""
    venue, created = Venue.objects.get_or_create(name=name)
    if created and tables:
        Table.objects.bulk_create([Table(venue=venue, number=n, seats=seats) for n in range(1, tables + 1)])
    return venue


def make_festival(slug: str = "fest", *, name: str = "Test festival", venue: Venue | None = None,
                  venue_name: str = "Test venue", tables: int = 0, seats: int = 9) -> Festival:
    """The festival of that slug (made once), in `venue` or in the venue named `venue_name`."""
    festival = Festival.objects.filter(slug=slug).first()
    if festival is None:
        venue = venue or make_venue(venue_name, tables=tables, seats=seats)
        festival = Festival.objects.create(slug=slug, name=name, venue=venue)
    return festival


HOUSE_CHIPS = ((25, "green", "#1f8a3b"), (100, "black", "#111111"), (500, "purple", "#6a2c91"),
               (1000, "yellow", "#e8c31a"), (5000, "red", "#c0262d"))


def make_chip_set(name: str = "House chips", *, chips: Sequence[tuple[int, str, str]] = HOUSE_CHIPS,
                  venue: Venue | None = None) -> ChipSet:
    """A chip set of those (value, colour, colour code) chips; the house's five by default."""
    chip_set = ChipSet.objects.create(name=name, venue=venue)
    Chip.objects.bulk_create([Chip(chip_set=chip_set, value=v, colour=c, colour_hex=h) for v, c, h in chips])
    return chip_set


def make_structure(name: str, slug: str, *, levels: int | Sequence[LevelRow] = 3) -> Structure:
    """An event's own structure: `levels` simple levels, or the rows given."""
    structure = Structure.objects.create(name=name, slug=slug, is_template=False)
    rows = simple_levels(levels) if isinstance(levels, int) else list(levels)
    Level.objects.bulk_create([
        Level(structure=structure, position=i, kind=kind, small_blind=sb, big_blind=bb, ante=ante,
              minutes=minutes, color_up=color_up)
        for i, (kind, sb, bb, ante, minutes, color_up) in enumerate(rows, start=1)
    ])
    return structure


def make_event(slug: str = "main", *, festival: Festival | None = None, levels: int | Sequence[LevelRow] = 3,
               structure_name: str | None = None, structure_slug: str | None = None, **fields: Any) -> Event:
    """An event straight in the database (status as given, draft by default) with its own structure.

    `festival` defaults to the shared test festival; `fields` are the Event's own (status,
    starting_stack, seats_per_table, buy-ins...).
    """
    festival = festival or make_festival()
    structure = make_structure(structure_name or f"{slug} structure", structure_slug or f"{slug}-structure",
                               levels=levels)
    values = {
        "festival": festival, "name": f"Event {slug}", "slug": slug, "date": datetime.date(2026, 11, 30),
        "buy_in_prize": Decimal("500.00"), "buy_in_fee": Decimal("50.00"), "starting_stack": 20000,
        "structure": structure,
    } | fields
    return Event.objects.create(**values)


def make_players(festival: Festival, names: Iterable[str]) -> list[Player]:
    """Players of the festival in bulk, each with the `search_name` the services would give them."""
    names = list(names)
    players = Player.objects.bulk_create(
        [Player(festival=festival, name=name, search_name=search_key(name)) for name in names]
    )
    if players and players[0].pk is None:  # a backend that does not return the new keys
        players = list(Player.objects.filter(festival=festival).order_by("id"))[-len(names):]
    return players


def rename_player(player_id: int, name: str, **fields: str) -> None:
    """Change a player's name (and other fields) in place, with the search columns the services keep."""
    nickname = {"search_nickname": search_key(fields["nickname"])} if "nickname" in fields else {}
    Player.objects.filter(pk=player_id).update(name=name, search_name=search_key(name), **fields, **nickname)


def make_entries(event: Event, count: int, *, start: int | None = None, busted: int = 0,
                 names: str = "Player {n:05d}") -> list[Entry]:
    """`count` new players, one entry each numbered from `start` (next free number by default).

    The first `busted` entries are busted (no place); the others alive and unseated. Names count
    from `start` when it is given, else on from the festival's players.
    """
    first_name = start if start is not None else Player.objects.filter(festival=event.festival).count() + 1
    if start is None:
        start = Entry.objects.filter(event=event).count() + 1
    players = make_players(event.festival, [names.format(n=n) for n in range(first_name, first_name + count)])
    Entry.objects.bulk_create(
        [Entry(event=event, player=p, number=start + i,
               status=Entry.Status.BUSTED if i < busted else Entry.Status.ALIVE)
         for i, p in enumerate(players)],
        batch_size=500,
    )
    return list(Entry.objects.filter(event=event, number__gte=start).order_by("number"))


def add_field(event: Event, entries: int, alive: int) -> list[Entry]:
    """`entries` players and entries; the last `entries - alive` busted and placed from the bottom."""
    players = make_players(event.festival, [f"Player {event.pk}-{i:05d}" for i in range(entries)])
    rows = []
    for i, player in enumerate(players):
        is_alive = i < alive
        rows.append(Entry(
            event=event, player=player, number=i + 1,
            status=Entry.Status.ALIVE if is_alive else Entry.Status.BUSTED,
            chips=20000 if is_alive else 0, place=None if is_alive else i + 1,
        ))
    return Entry.objects.bulk_create(rows)


def seat_field(event: Event, per_table: int = 9) -> None:
    """Seat the entries still alive at new tables of the event, table by table, in entry order."""
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number"))
    count = (len(alive) + per_table - 1) // per_table
    base = Table.objects.filter(venue=event.festival.venue).count()
    tables = Table.objects.bulk_create(
        [Table(venue=event.festival.venue, number=base + n + 1, seats=per_table, event=event) for n in range(count)]
    )
    for i, entry in enumerate(alive):
        entry.table = tables[i // per_table]
        entry.seat = i % per_table + 1
    Entry.objects.bulk_update(alive, ["table", "seat"])


# --- through the desk's services ------------------------------------------------------------------

def event_create_at_desk(*, festival: Festival, template: Structure, actor: Any,
                         status: str = Event.Status.REGISTERING, tables: Sequence[int] = (1, 2, 3),
                         **fields: Any) -> Event:
    """An event made as the director does: from a template, its venue tables assigned, then `status`."""
    from tdconsole.seating.services import tables_assign
    from tdconsole.tournaments.events import event_create

    data = {
        "name": "Event", "date": datetime.date(2026, 12, 1), "buy_in_prize": Decimal("900"),
        "buy_in_fee": Decimal("100"), "starting_stack": 20000, "seats_per_table": 9,
        "format": Event.Format.FREEZEOUT, "max_entries": 1, "late_registration_level": 2,
    } | fields
    event = event_create(festival=festival, template=template, actor=actor, **data)
    if tables:
        tables_assign(event=event, numbers=list(tables), actor=actor)
    if status != Event.Status.DRAFT:
        Event.objects.filter(pk=event.pk).update(status=status)
        event.refresh_from_db()
    return event


def register_at_desk(event: Event, name: str, *, actor: Any, player: Player | None = None) -> Entry:
    """A new player (or `player`) registered and bought in at the desk, the clock not started."""
    from tdconsole.seating.registration import entry_register_seated
    from tdconsole.tournaments.players import player_register

    if player is None:
        player = player_register(festival=event.festival, name=name, actor=actor)
    return entry_register_seated(event=event, player=player, actor=actor, level_position=None)


def seated_at_desk(event: Event, players: int, *, actor: Any, names: str = "Player {n:02d}") -> Event:
    """`players` new players registered at the desk ("Player 00", ...), seated by the initial draw over
    the event's tables, then the event marked running (registration stays as the event had it)."""
    from tdconsole.seating.services import seats_draw_initial

    for n in range(players):
        register_at_desk(event, names.format(n=n), actor=actor)
    seats_draw_initial(event=event, actor=actor)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event


def two_flights_at_desk(main: Event, *, actor: Any, names: tuple[str, str] = ("A{n}", "B{n}")) -> tuple[Event, Event]:
    """Day 1A (10 December, six players at table 1) and Day 1B (11 December, five players at table 3) of
    `main`, registered and seated at the desk, both running; `names` name each flight's players."""
    from tdconsole.seating.services import tables_assign
    from tdconsole.tournaments.flights import flight_create

    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=actor)
    b = flight_create(event=main, name="Day 1B", date=datetime.date(2026, 12, 11), actor=actor)
    Event.objects.filter(pk__in=[a.pk, b.pk]).update(status=Event.Status.REGISTERING)
    tables_assign(event=a, numbers=[1], actor=actor)
    tables_assign(event=b, numbers=[3], actor=actor)
    a = seated_at_desk(Event.objects.get(pk=a.pk), 6, actor=actor, names=names[0])
    b = seated_at_desk(Event.objects.get(pk=b.pk), 5, actor=actor, names=names[1])
    main.refresh_from_db()
    return a, b


# --- the cash desk --------------------------------------------------------------------------------

def make_purchase(entry: Entry, *, kind: str = "entry", prize: Decimal | str | None = None,
                  fee: Decimal | str | None = None, bounty: Decimal | str = "0", chips: int | None = None,
                  number: int | None = None, **fields: Any) -> Any:
    """A purchase of `entry` straight in the database, numbered on from the event's last receipt.

    An entry or re-entry costs the event's buy-in by default (prize and fee) with its starting stack;
    anything else costs nothing unless told. `fields`: the other Purchase fields (method, voided_at...).
    One not voided counts in the event's running tally, as a sale at the desk would.
    """
    from django.db import transaction
    from django.db.models import Max

    from tdconsole.cashier.models import Purchase
    from tdconsole.cashier.tally import tally_count

    buy_in = kind in ("entry", "reentry")
    event = entry.event
    if number is None:
        number = (Purchase.objects.filter(event=event).aggregate(m=Max("number"))["m"] or 0) + 1
    with transaction.atomic():
        purchase = Purchase.objects.create(
            event=event, entry=entry, player_id=entry.player_id, number=number, kind=kind,
            prize=Decimal(prize) if prize is not None else (event.buy_in_prize if buy_in else Decimal("0")),
            fee=Decimal(fee) if fee is not None else (event.buy_in_fee if buy_in else Decimal("0")),
            bounty=Decimal(bounty), chips=chips if chips is not None else (event.starting_stack if buy_in else 0),
            **fields,
        )
        if purchase.voided_at is None:
            tally_count(event=event, purchase=purchase, sign=1)
    return purchase


def make_money_rules(event: Event, **fields: Any):
    """The event's money rules straight in the database (not checked: see `money_rules_set` for that)."""
    from tdconsole.cashier.models import MoneyRules

    rules, _created = MoneyRules.objects.update_or_create(event=event, defaults=fields)
    return rules


def sell_at_desk(event: Event, entry: Entry, kind: str, *, actor: Any = None, method: str = "cash",
                 level: int | None = None, on_break: bool = False):
    """Sell `kind` (rebuy, double, addon, staff, bonus) to `entry` at the cash desk, the clock at `level`
    (None: not started; `on_break`: on the break after `level`)."""
    from tdconsole.cashier.purchases import ClockPoint, purchase_sell

    return purchase_sell(event=event, entry_id=entry.pk, kind=kind, method=method, actor=actor,
                         clock=ClockPoint(level_number=level, on_break=on_break))


def addons_at_desk(event: Event, count: int, *, prize: Decimal = Decimal("50"), chips: int = 10000,
                   after_level: int = 1, actor: Any = None) -> list:
    """Add-on rules (`prize` to the pool for `chips`, sold at the break after `after_level`) and one add-on
    sold to each of the first `count` entries in play, at that break."""
    make_money_rules(event, addon_break_after_level=after_level, addon_prize=prize, addon_chips=chips)
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number")[:count]
    return [sell_at_desk(event, entry, "addon", actor=actor, level=after_level, on_break=True) for entry in alive]


def make_paid_entries(event: Event, names: Sequence[str], *, method: str = "cash", actor: Any = None) -> list[Entry]:
    """New players named `names`, one entry each at a full starting stack (alive, unseated), each with its
    buy-in recorded at the cash desk as paid by `method`."""
    from tdconsole.cashier.purchases import purchase_buy_in_record

    players = make_players(event.festival, names)
    start = (Entry.objects.filter(event=event).order_by("-number").values_list("number", flat=True).first() or 0) + 1
    entries = Entry.objects.bulk_create([Entry(event=event, player=p, number=start + i, chips=event.starting_stack)
                                         for i, p in enumerate(players)])
    entries = list(Entry.objects.filter(event=event, number__gte=start).select_related("player", "event")
                   .order_by("number"))
    for entry in entries:
        purchase_buy_in_record(entry=entry, method=method, actor=actor)
    return entries
