"""Every page of the site, sent hostile values in every query parameter and form field, answers below 500.

The pages come from the URLconf: a URL pattern that is neither walked here nor excluded with a reason
fails `test_every_url_pattern_is_walked_or_excluded`, so a new page is covered as soon as it exists.
Each page is asked as a Director (who may do everything) and, for public pages, anonymously, against
one running event that has everything a page can show: players seated, a clock running, a payout
table, an elimination, documents, a floor decision and a saved adjudication.

Each hostile value is sent inside a savepoint that is rolled back, so every value meets the same event.
"""

from __future__ import annotations

import datetime
import json
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.core.signals import got_request_exception
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999999"
# Values a clerk's slip of the finger, a pasted spreadsheet cell or a curious visitor can send.
HOSTILE: dict[str, str] = {
    "huge": HUGE,
    "huge-negative": f"-{HUGE}",
    "negative": "-1",
    "zero": "0",
    "fraction": "1.5",
    "nan": "NaN",
    "inf": "inf",
    "minus-inf": "-Infinity",
    "exponent": "1e400",
    "nul": "\x00",
    "nul-inside": "12\x004",
    "accents": "ção",
    "emoji": "\U0001f0a1\U0001f600",
    "rtl": "\u202eمرحبا عالم",
    "long-text": "x" * 10_000,
    "long-digits": "9" * 10_000,
    "empty": "",
    "blank": "   ",
}
# Also sent as htmx requests (which render the page's fragment instead of the page): the parsing is the
# same, so a few values that reach deep are enough to cover the fragments' rendering of what was sent.
HTMX_TOO = frozenset({"huge", "nan", "nul-inside", "emoji", "long-digits", "empty"})


# --- the event every page is asked about ------------------------------------------------------------

LEVELS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20},
    {"kind": "break", "minutes": 10, "color_up": 100},
    {"kind": "level", "small_blind": 500, "big_blind": 1000, "ante": 1000, "minutes": 20},
    {"kind": "level", "small_blind": 1000, "big_blind": 2000, "ante": 2000, "minutes": 20},
]
SETUP_PHH = """variant = "NT"
antes = [0, 200, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [12000, 3500, 20000]
actions = [
]
players = ["Ana (#1)", "Bruno (#4)", "Carla (#7)"]
"""


@dataclass
class World:
    """Ids and names of the event's things, as the URLs and forms need them."""

    event: Any
    director: Any
    values: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def build_world(director) -> World:
    from tdconsole.adjudication.decisions import floor_decision_record
    from tdconsole.adjudication.services import adjudication_save
    from tdconsole.clock.screen_messages import screen_message_add
    from tdconsole.clock.services import clock_start
    from tdconsole.payouts.services import payout_table_generate
    from tdconsole.printing.models import Document
    from tdconsole.rulings.models import RuleEntry
    from tdconsole.rulings.sync import rulings_sync
    from tdconsole.seating.registration import entry_register_seated
    from tdconsole.seating.services import seats_draw_initial, tables_assign
    from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
    from tdconsole.tournaments.events import event_create, event_status_change, structure_create
    from tdconsole.tournaments.models import Entry, Event, Festival, Table, Venue
    from tdconsole.tournaments.players import player_register

    if not RuleEntry.objects.exists():
        rulings_sync()
    venue = Venue.objects.create(name="Hostile Card Room")
    Table.objects.bulk_create([Table(venue=venue, number=n, seats=9) for n in range(1, 9)])
    festival = Festival.objects.create(name="Hostile Series", slug="hostile-series", venue=venue)
    template = structure_create(name="Hostile", slug="hostile", rows=LEVELS)
    event = event_create(
        festival=festival, template=template, actor=director, name="Main Event", slug="main",
        date=datetime.date(2026, 12, 1), buy_in_prize=Decimal("900"), buy_in_fee=Decimal("100"),
        starting_stack=20000, seats_per_table=9, format=Event.Format.REENTRY, max_entries=3,
        late_registration_level=2, currency="BRL",
    )
    tables_assign(event=event, numbers=[1, 2, 3], actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTERING)
    event.refresh_from_db()
    for i in range(20):
        player = player_register(festival=festival, name=f"Player {i:02d}", actor=director)
        entry_register_seated(event=event, player=player, actor=director, level_position=None)
    seats_draw_initial(event=event, actor=director)
    event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    event.refresh_from_db()
    clock_start(event=event, actor=director)
    seated = Entry.objects.filter(event=event, table__number=1).order_by("seat")
    busted = seated[0]
    elimination = entries_eliminate(
        event=event, table_number=1, busts=[SeatBust(seat=busted.seat, starting_stack=None)],
        actor=director, level_position=None
    )
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE, table__number=1).order_by("seat").first()
    payout_table_generate(event=event, actor=director)
    ready = Document.objects.create(event=event, kind=Document.Kind.PAYOUTS, lang="pt-br",
                                    status=Document.Status.READY, progress=100)
    ready.file.save("payouts.pdf", ContentFile(b"%PDF-1.4 hostile test\n"), save=True)
    queued = Document.objects.create(event=event, kind=Document.Kind.DRAW, lang="pt-br")
    saved = adjudication_save(event=event, phh=SETUP_PHH, actor=director, table_number=1, note="Test")
    rule = RuleEntry.objects.order_by("position").first()
    floor_decision_record(actor=director, event=event, question="Oversized chip?", decision="A call.",
                          table_number=1, seats="3", entry=rule, adjudication=saved)
    message = screen_message_add(event=event, actor=director, text="Jantar às 22:00")
    from tdconsole.cashier.cashouts import cash_payout_record
    from tdconsole.cashier.models import Purchase

    purchase = Purchase.objects.filter(event=event).order_by("number").first()
    payout = cash_payout_record(event=event, entry_id=alive.pk, kind="prize", amount=Decimal("1"), method="cash",
                                actor=director, owed=Decimal("1"))
    from tdconsole.tournaments.chipsets import ChipSpec, chip_set_create, event_chip_set_set

    chip_set = chip_set_create(name="Hostile chips", actor=director, venue=venue, chips=[
        ChipSpec(100, "black", "#111111"), ChipSpec(500, "purple", "#6a2c91"), ChipSpec(1000, "yellow", "#e8c31a"),
        ChipSpec(5000, "red", "#c0262d")])
    event_chip_set_set(event=event, chip_set=chip_set, actor=director)
    event.refresh_from_db()
    from tdconsole.leagues.services import league_create

    league = league_create(name="Liga Hostil", slug="liga-hostil", formula="n - p + 1", actor=director,
                           event_ids=[event.pk])
    return World(event=event, director=director, values={
        "league": league.slug, "league_key": league.public_token,
        "chip_set": chip_set.pk, "chip": chip_set.chips.get(value=5000).pk,
        "slug": event.slug, "key": event.public_token, "festival": festival.pk, "template": template.pk,
        "entry": alive.pk, "seat": alive.seat, "elimination": elimination.pk, "document": ready.pk,
        "player": alive.player_id, "other_player": Entry.objects.filter(event=event).exclude(
            player_id=alive.player_id).order_by("pk").values_list("player_id", flat=True).first(),
        "queued_document": queued.pk, "rule": rule.slug, "adjudication": saved.pk,
        "screen_message": message.pk, "purchase": purchase.pk, "payout": payout.pk,
    })


def row_fingerprint() -> tuple[tuple[str, int, int], ...]:
    """Every table's row count and highest key, read in one query: what a test could leave behind."""
    from django.apps import apps
    from django.db import connection

    tables = sorted({(m._meta.db_table, m._meta.pk.column if m._meta.pk.get_internal_type().endswith("AutoField")
                      else None) for m in apps.get_models() if m._meta.managed})
    quote = connection.ops.quote_name
    highest = "(SELECT COALESCE(MAX({pk}), 0) FROM {table})"  # tables keyed by text (sessions) count rows only
    columns = ", ".join(f"(SELECT COUNT(*) FROM {quote(t)}), "
                        + (highest.format(pk=quote(pk), table=quote(t)) if pk else "0") for t, pk in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns}")
        row = cursor.fetchone()
    return tuple((table, row[2 * i], row[2 * i + 1]) for i, (table, _) in enumerate(tables))


@pytest.fixture(scope="module")
def shared_world(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[tuple[World, tuple]]:
    """The event, built once for the module inside a transaction that is rolled back at its end.

    Building it costs a third of a second; the walk asks about it in more than 500 tests. Each test runs in
    its own savepoint inside this transaction (pytest-django's `db`), so each meets the world as built.
    """
    from django.test.utils import override_settings

    from tests.conftest import make_user

    media = tmp_path_factory.mktemp("hostile-media")
    with django_db_blocker.unblock(), override_settings(MEDIA_ROOT=media, CLOCK_CACHE_SECONDS=0):
        outer = transaction.atomic()
        outer.__enter__()
        try:
            built = build_world(make_user("director", "Director"))
            yield built, row_fingerprint()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def world(shared_world, db) -> World:
    """The shared world for one test, checked to hold the rows it held when it was built.

    The check runs as each test starts, so it sees what the previous test's rolled-back savepoint left.
    """
    from django.core.cache import caches

    built, fingerprint = shared_world
    assert row_fingerprint() == fingerprint, "an earlier test left rows behind in the shared world"
    for cache in caches.all():
        cache.clear()  # a page cached by an earlier test is asked again, not served from the cache
    return built


# --- what each page reads ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """A query parameter or form field; `shapes` place the hostile value inside structured text."""

    name: str
    shapes: tuple[str, ...] = ("{v}",)

    def key(self, world: World) -> str:
        return self.name.format(**world.values)

    def values(self, world: World, value: str) -> list[str]:
        return [shape.format(**world.values, v="{v}").replace("{v}", value) for shape in self.shapes]


def P(name: str, *shapes: str) -> Param:
    return Param(name, shapes or ("{v}",))


@dataclass(frozen=True)
class Endpoint:
    """One URL pattern: how to fill its URL, what it reads from GET and POST, who may ask."""

    kwargs: Callable[[World], dict[str, Any]] = lambda w: {}
    get: tuple[Param, ...] = ()
    post: tuple[Param, ...] = ()
    base: Callable[[World], dict[str, Any]] = lambda w: {}  # a valid form the hostile value goes into
    can_get: bool = True
    can_post: bool = True
    public: bool = False  # opened anonymously too (with the event's key when it has one)
    keyed: bool = False   # a public page of an event: `?k=` is its key
    int_kwargs: tuple[str, ...] = ()  # path ids that are tried with hostile numbers
    anonymous_post: bool = False


def slug(w: World) -> dict[str, Any]:
    return {"slug": w["slug"]}


def entry_token_of(w: World) -> str:
    from tdconsole.live.links import entry_token

    return entry_token(event=w.event, entry_id=w["entry"])


def event_form(w: World) -> dict[str, Any]:
    return {
        "festival": w["festival"], "template": w["template"], "name": "Side Event", "slug": "",
        "date": "2026-12-02", "currency": "BRL", "buy_in_prize": "900", "buy_in_fee": "100",
        "starting_stack": "20000", "seats_per_table": "9", "format": "reentry", "max_entries": "3",
        "late_registration_level": "2", "ante_type": "bba", "guarantee": "",
    }


EVENT_FIELDS = tuple(
    P(name) for name in ("festival", "template", "name", "slug", "date", "currency", "buy_in_prize", "buy_in_fee",
                         "starting_stack", "seats_per_table", "format", "max_entries", "late_registration_level",
                         "ante_type", "guarantee")
)
SETUP_FORM = {"op": "setup", "seats": "1 Ana 12000\n4 Bruno 3500\n7 Carla 20000", "button": "7",
              "small_blind": "100", "big_blind": "200", "ante": "200", "ante_type": "bba", "variant": "NT",
              "mode": "tournament", "smallest_chip": "1"}
# The hostile value inside a hand history: as a stack, a blind, an ante, an action amount, a player.
PHH_SHAPES = (
    "{v}",
    SETUP_PHH.replace("[12000, 3500, 20000]", "[{v}, 3500, 20000]"),
    SETUP_PHH.replace("[100, 200, 0]", "[100, {v}, 0]"),
    SETUP_PHH.replace("[0, 200, 0]", "[0, {v}, 0]"),
    SETUP_PHH.replace("min_bet = 200", "min_bet = {v}"),
    SETUP_PHH.replace("actions = [\n]", 'actions = ["p3 cbr {v}"]'),
    SETUP_PHH.replace('"Ana (#1)"', '"{v}"'),
)

GENERATOR_FIELDS = ("stack", "entries", "level_minutes", "hours", "starts_at", "ends_at", "chip_set", "chips",
                    "ante_style", "break_every", "break_minutes")
GENERATOR_FORM = {"stack": "20000", "entries": "100", "level_minutes": "20", "hours": "6",
                  "chips": "25, 100, 500, 1.000, 5.000"}
RETARGET_ROWS = ('[{{"kind": "level", "minutes": 20, "small_blind": {v}, "big_blind": 400, "ante": 400}}]',
                 '[{{"kind": "{v}", "minutes": 20, "small_blind": 200, "big_blind": 400, "ante": 400}}]',
                 '[{{"kind": "level", "minutes": {v}, "small_blind": 200, "big_blind": 400, "ante": 400}}]',
                 '[{{"kind": "break", "minutes": 10, "color_up": {v}}}]')


def retarget_form(w: World) -> dict[str, Any]:
    """A proposal of the event's levels after the one being played, as the retarget page sends it."""
    from tdconsole.clock.selectors import clock_level_now
    from tdconsole.setup_pages.retarget import structure_version
    from tdconsole.tournaments.models import Level
    from tdconsole.tournaments.structure_edit import specs_of_levels

    rows = [{"kind": "level", "minutes": 20, "small_blind": 200 * n, "big_blind": 400 * n, "ante": 400 * n}
            for n in (1, 2, 3)]
    specs = specs_of_levels(Level.objects.filter(structure_id=w.event.structure_id))
    return {"rows": json.dumps(rows), "position": str(clock_level_now(event=w.event)),
            "version": structure_version(specs), "target": "23:00", "expected": "23:10"}


def structure_form(locked: int) -> Callable[[World], dict[str, Any]]:
    """The structure editor's fields for the world's structure (LEVELS), the first `locked` rows not sent."""
    def form(w: World) -> dict[str, Any]:
        data = {"rows": str(len(LEVELS)), "locked": str(locked), "name": "Hostile", "description": "",
                "op": "save", "after": ""}
        for i, row in enumerate(LEVELS[locked:], start=locked):
            data[f"r{i}-kind"] = row["kind"]
            data |= {f"r{i}-{key}": str(row[key]) for key in ("small_blind", "big_blind", "ante", "minutes",
                                                               "color_up") if key in row}
        return data
    return form


STRUCTURE_FIELDS = (
    P("rows"), P("locked"), P("after"), P("op", "{v}", "up:{v}", "remove:{v}", "add-level:{v}"), P("name"),
    P("description"), P("r1-kind"), P("r1-small_blind"), P("r1-big_blind"), P("r1-ante"), P("r1-minutes"),
    P("r2-minutes"), P("r2-color_up"),
)

def league(w: World) -> dict[str, Any]:
    return {"slug": w["league"]}


LEAGUE_FIELDS = tuple(P(name) for name in ("name", "preset", "formula", "participation_points", "best_events"))
LEAGUE_FORM = {"name": "Liga Hostil", "preset": "", "formula": "n - p + 1", "participation_points": "1",
               "best_events": ""}

ENDPOINTS: dict[str, Endpoint] = {
    # Django's own pages that the desk uses.
    "set_language": Endpoint(can_get=False, post=(P("language"), P("next")), base=lambda w: {"language": "en"},
                             public=True, anonymous_post=True),
    "login": Endpoint(get=(P("next"),), post=(P("username"), P("password"), P("next")),
                      base=lambda w: {"username": "director", "password": "wrong"}, public=True,
                      anonymous_post=True),
    "logout": Endpoint(can_get=False, post=(P("next"),)),
    "home": Endpoint(),
    # Audit trail.
    "audit:event_audit": Endpoint(kwargs=slug, get=(P("action"), P("actor"), P("page")), can_post=False),
    # Tournament desk.
    "tournaments:event_create": Endpoint(get=(P("festival"),), post=EVENT_FIELDS, base=event_form),
    "tournaments:event_dashboard": Endpoint(kwargs=slug, can_post=False),
    # Without a template: a running event keeps its structure, and the other settings must get through.
    "tournaments:event_edit": Endpoint(kwargs=slug, post=EVENT_FIELDS, base=lambda w: event_form(w) | {
        "name": "Main Event", "date": "2026-12-01", "template": ""}),
    "tournaments:event_status": Endpoint(kwargs=slug, can_get=False, post=(P("to"),)),
    "tournaments:registration": Endpoint(kwargs=slug, post=(P("name"), P("nickname"), P("document"), P("player"),
                                                            P("method")),
                                         base=lambda w: {"name": "New Player"}),
    "tournaments:registration_search": Endpoint(kwargs=slug, get=(P("name"),), can_post=False),
    "tournaments:registration_close": Endpoint(kwargs=slug, can_get=False),
    "tournaments:event_flights": Endpoint(kwargs=slug, post=(
        P("action"), P("new-name"), P("new-date"), P("rules-advance_rule"), P("rules-bagged_may_reenter"),
        P("rules-entry_limit_all_flights"), P("rules-stop_level"), P("rules-stop_time")),
        base=lambda w: {"action": "settings", "rules-advance_rule": "best_stack", "new-name": "Day 1X",
                        "new-date": "2026-12-20"}),
    "tournaments:entry_cancel": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["entry"]}, can_get=False,
                                         int_kwargs=("pk",)),
    "tournaments:player_detail": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["player"]}, get=(P("q"),),
                                          can_post=False, int_kwargs=("pk",)),
    "tournaments:players_search": Endpoint(get=(P("q"),), can_post=False),
    "tournaments:player_history": Endpoint(kwargs=lambda w: {"pk": w["player"]}, can_post=False, int_kwargs=("pk",)),
    "tournaments:player_edit": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["player"]},
                                        post=(P("name"), P("nickname"), P("document")),
                                        base=lambda w: {"name": "Corrected Name"}, int_kwargs=("pk",)),
    "tournaments:player_merge": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["player"]}, get=(P("other"),),
                                         post=(P("other"),), base=lambda w: {"other": str(w["other_player"])},
                                         int_kwargs=("pk",)),
    "tournaments:eliminations": Endpoint(
        kwargs=slug, get=(P("table"),),
        post=(P("bust", "{v}", "1 {v}", "{v} 2", "1 {seat}:{v}"),),
        base=lambda w: {"bust": f"1 {w['seat']}"},
    ),
    # The same page, busting by ticking seats on a table's list.
    "tournaments:eliminations#pick": Endpoint(
        kwargs=slug, can_get=False, post=(P("pick_table"), P("seat"), P("stack_{seat}")),
        base=lambda w: {"pick_table": "1", "seat": str(w["seat"]), f"stack_{w['seat']}": "20000"},
    ),
    "tournaments:elimination_undo": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["elimination"]}, can_get=False,
                                             int_kwargs=("pk",)),
    "tournaments:hand_for_hand": Endpoint(kwargs=slug, post=(P("action"),), base=lambda w: {"action": "on"}),
    "tournaments:chip_counts": Endpoint(kwargs=slug, get=(P("table"),), post=(P("chips_{entry}"),),
                                        base=lambda w: {f"chips_{w['entry']}": "25000"}),
    # The end of a day.
    "dayend:day_end": Endpoint(kwargs=slug, post=(P("name"), P("last_level"), P("stop_at"), P("action")),
                               base=lambda w: {"name": "Dia 1A", "last_level": "2"}),
    "dayend:counts": Endpoint(kwargs=slug, get=(P("table"),), can_post=False),
    "dayend:count_save": Endpoint(kwargs=lambda w: slug(w) | {"entry_id": w["entry"]}, can_get=False,
                                  post=(P("count"),), base=lambda w: {"count": "25.000"}, int_kwargs=("entry_id",)),
    "dayend:leaderboard": Endpoint(kwargs=slug, can_post=False),
    "dayend:public_leaderboard": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    # Day 2 of an event in flights (the walked event has none: the page is empty, the merge refused).
    "day2:day2": Endpoint(kwargs=slug, can_post=False),
    "day2:action": Endpoint(kwargs=slug, can_get=False, post=(P("do"),), base=lambda w: {"do": "merge"}),
    "day2:seats_import": Endpoint(kwargs=slug, can_get=False,
                                  post=(P("seats", "{v}", "1;1;{v}", "{v};1;1", "1;{v};1"),),
                                  base=lambda w: {"seats": "1;1;1"}),
    "day2:late": Endpoint(kwargs=slug, can_get=False, post=(P("late_entries"), P("late_stack"), P("late_until_level")),
                          base=lambda w: {"late_entries": "on", "late_stack": "30000"}),
    "day2:public_seats": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    # Seating.
    "seating:table_map": Endpoint(kwargs=slug, get=(P("v"),), can_post=False),
    "seating:tables_assign": Endpoint(kwargs=slug, post=(P("do"), P("table"), P("break_order", "{v}", "1, {v}")),
                                      base=lambda w: {"do": "assign", "table": ["1", "2", "3"]}),
    "seating:balance_panel": Endpoint(kwargs=slug, get=(P("button_1"), P("button_2")), can_post=False),
    "seating:balance_apply": Endpoint(kwargs=slug, can_get=False,
                                      post=(P("move", "{v}", "{entry}:1:{seat}:{v}:1", "{v}:1:1:2:9"),)),
    "seating:table_break": Endpoint(kwargs=slug, can_get=False, post=(P("table"),)),
    "seating:seat_move": Endpoint(kwargs=slug, can_get=False,
                                  post=(P("seat_move", "{v}", "1 {seat} {v} 1", "{v} 1 2 1", "1 {seat} 2 {v}"),)),
    "seating:final_table": Endpoint(kwargs=slug, can_get=False, post=(P("table"),)),
    "seating:seat_lookup": Endpoint(kwargs=slug, get=(P("q"),), can_post=False, public=True, keyed=True),
    # Clock.
    "clock:screens": Endpoint(can_post=False),
    "clock:desk": Endpoint(kwargs=slug, can_post=False),
    "clock:control": Endpoint(kwargs=lambda w: slug(w) | {"action": "set-left"}, can_get=False,
                              post=(P("time_left", "{v}", "{v}:00", "1:{v}", "{v}:00:00"),)),
    "clock:message_add": Endpoint(kwargs=slug, can_get=False, post=(P("text"),)),
    "clock:message_change": Endpoint(
        kwargs=lambda w: slug(w) | {"message_id": w["screen_message"], "action": "hide"}, can_get=False,
        int_kwargs=("message_id",)),
    "clock:screen": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "clock:screen_state": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "clock:feed": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "clock:screen_qr": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "clock:live_qr": Endpoint(kwargs=slug, can_get=False, post=(P("show"),), base=lambda w: {"show": "1"}),
    # The players' live page.
    "live:page": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "live:state": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "live:seats": Endpoint(kwargs=slug, get=(P("q"),), can_post=False, public=True, keyed=True),
    # An entry's own page: its token in the path stands for the key.
    "live:entry": Endpoint(kwargs=lambda w: slug(w) | {"entry_id": w["entry"], "token": entry_token_of(w)},
                           can_post=False, public=True, int_kwargs=("entry_id",)),
    # Payouts.
    "cashier_pages:desk": Endpoint(kwargs=slug, get=(P("q"), P("entry"), P("part")), can_post=False),
    "cashier_pages:sell": Endpoint(kwargs=slug, can_get=False, post=(P("entry"), P("kind"), P("method")),
                              base=lambda w: {"entry": w["entry"], "kind": "staff", "method": "cash"}),
    "cashier_pages:purchase_void": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["purchase"]}, can_get=False,
                                       post=(P("reason"),), int_kwargs=("pk",)),
    "cashier_pages:pay": Endpoint(kwargs=slug, can_get=False, post=(P("entry"), P("kind"), P("method"), P("from")),
                             base=lambda w: {"entry": w["entry"], "kind": "prize", "method": "cash"}),
    "cashier_pages:payout_void": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["payout"]}, can_get=False,
                                     post=(P("reason"),), int_kwargs=("pk",)),
    "cashier_pages:ledger": Endpoint(kwargs=slug, can_post=False),
    "cashier_pages:closeout": Endpoint(kwargs=slug, can_post=False),
    "cashier_pages:rules": Endpoint(kwargs=slug, post=tuple(P(n) for n in (
        "rebuy_until_level", "rebuy_condition", "max_rebuys", "double_rebuy", "rebuy_prize", "rebuy_chips",
        "addon_break_after_level", "addon_chips", "bounty_kind", "bounty", "pko_cash_percent", "bounty_unit",
        "staff_percent"))),
    "payouts:public": Endpoint(kwargs=slug, can_post=False, public=True, keyed=True),
    "payouts:table": Endpoint(kwargs=slug, can_post=False),
    "payouts:generate": Endpoint(kwargs=slug, can_get=False),
    "payouts:edit": Endpoint(kwargs=slug, can_get=False, post=(P("t-table", "{v}", "1 {v}", "1-{v} 100", "{v} 100"),)),
    "payouts:lock": Endpoint(kwargs=slug, can_get=False),
    "payouts:settings": Endpoint(
        kwargs=slug, can_get=False,
        post=(P("s-percent_paid"), P("s-rounding"), P("s-min_cash_multiple")),
        base=lambda w: {"s-percent_paid": "15", "s-rounding": "10", "s-min_cash_multiple": "1.5"},
    ),
    # Without every player's chips the calculator stops at "enter the chips of ...": a valid deal of the
    # event's 19 players is left to the deal calculator's own tests (exact ICM of 19 is slow there).
    "payouts:deal": Endpoint(
        kwargs=slug,
        post=(P("left_to_play"), P("method"), P("note"), P("chips-{entry}"), P("amount-{entry}"), P("do")),
    ),
    # Printing.
    "printing:desk": Endpoint(kwargs=slug, can_post=False),
    "printing:request": Endpoint(kwargs=slug, can_get=False, post=(P("kind"), P("lang"), P("variant")),
                                 base=lambda w: {"kind": "seats", "lang": "pt-br", "variant": "a4"}),
    "printing:status": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["queued_document"]}, can_post=False,
                                int_kwargs=("pk",)),
    "printing:download": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["document"]}, can_post=False,
                                  int_kwargs=("pk",)),
    "printing:purchase_receipt": Endpoint(kwargs=lambda w: slug(w) | {"pk": w["purchase"]}, can_post=False,
                                          get=(P("size"), P("lang")), int_kwargs=("pk",)),
    "printing:cash_closeout": Endpoint(kwargs=slug, can_post=False, get=(P("lang"),)),
    # Blind structures (set-up): the world's template is "hostile"; its event's copy plays level 1 (locked).
    "setup_pages:structures": Endpoint(can_post=False),
    "setup_pages:structure_new": Endpoint(post=(P("name"), P("description"), P("source")),
                                          base=lambda w: {"name": "New"}),
    "setup_pages:structure_import": Endpoint(post=(P("file"), P("name"))),
    "setup_pages:structure_edit": Endpoint(kwargs=lambda w: {"slug": "hostile"}, post=STRUCTURE_FIELDS,
                                     base=structure_form(0)),
    "setup_pages:event_structure": Endpoint(kwargs=slug, post=STRUCTURE_FIELDS, base=structure_form(1)),
    "setup_pages:structure_copy": Endpoint(kwargs=lambda w: {"slug": "hostile"}, post=(P("name"), P("description")),
                                     base=lambda w: {"name": "Hostile copy"}),
    "setup_pages:structure_replace": Endpoint(kwargs=lambda w: {"slug": "hostile"}, post=(P("file"), P("name"))),
    "setup_pages:structure_export_json": Endpoint(kwargs=lambda w: {"slug": "hostile"}, can_post=False),
    "setup_pages:structure_export_csv": Endpoint(kwargs=lambda w: {"slug": "hostile"}, can_post=False),
    "printing:event_structure_pdf": Endpoint(kwargs=slug, get=(P("layout"), P("lang")), can_post=False),
    "printing:structure_pdf": Endpoint(kwargs=lambda w: {"slug": "hostile"}, get=(P("layout"), P("lang")),
                                       can_post=False),
    "printing:results_csv": Endpoint(kwargs=slug, can_post=False),
    "printing:results_text": Endpoint(kwargs=slug, get=(P("lang"),), can_post=False),
    "printing:festival_results_csv": Endpoint(kwargs=lambda w: {"slug": w.event.festival.slug}, can_post=False),
    # Leagues: the list and a new league, a league's page, its settings and events, the public table and PDF.
    "leagues:list": Endpoint(post=LEAGUE_FIELDS + (P("slug"),), base=lambda w: LEAGUE_FORM),
    "leagues:league": Endpoint(kwargs=league, can_post=False),
    "leagues:save": Endpoint(kwargs=league, can_get=False, post=LEAGUE_FIELDS, base=lambda w: LEAGUE_FORM),
    "leagues:event_add": Endpoint(kwargs=league, can_get=False, post=(P("event"),),
                                  base=lambda w: {"event": str(w.event.pk)}),
    "leagues:event_remove": Endpoint(kwargs=league, can_get=False, post=(P("event"),),
                                     base=lambda w: {"event": str(w.event.pk)}),
    "leagues:public": Endpoint(kwargs=league, get=(P("k"),), can_post=False, public=True),
    "leagues:pdf": Endpoint(kwargs=league, get=(P("k"), P("lang")), can_post=False, public=True),
    # Rules reference and floor decisions.
    "rulings:index": Endpoint(can_post=False, public=True),
    "rulings:search": Endpoint(get=(P("q"),), can_post=False, public=True),
    "rulings:glossary": Endpoint(get=(P("q"),), can_post=False, public=True),
    "rulings:entry": Endpoint(kwargs=lambda w: {"slug": w["rule"]}, can_post=False, public=True),
    "adjudication:decision_log": Endpoint(kwargs=slug, get=(P("q"),), can_post=False),
    "adjudication:decision_add": Endpoint(
        kwargs=slug, get=(P("entry"), P("table_number"), P("seats"), P("adjudication")),
        post=(P("table_number"), P("seats"), P("question"), P("decision"), P("entry"), P("rule_cited"),
              P("adjudication")),
        base=lambda w: {"question": "Oversized chip?", "decision": "A call.", "table_number": "1", "seats": "3",
                        "entry": w["rule"], "adjudication": w["adjudication"]},
    ),
    # Hand adjudicator: each step of the page is a form of its own (`op`).
    "adjudication:adjudicate": Endpoint(get=(P("phh", *PHH_SHAPES),), post=(P("op"),)),
    "adjudication:adjudicate#setup": Endpoint(
        can_get=False,
        post=(P("seats", "{v}", "1 Ana {v}\n4 Bruno 3500\n7 Carla 20000", "{v} Ana 100\n4 Bruno 3500"),
              P("button"), P("small_blind"), P("big_blind"), P("ante"), P("ante_type"), P("variant"), P("mode"),
              P("smallest_chip")),
        base=lambda w: dict(SETUP_FORM),
    ),
    "adjudication:adjudicate#load": Endpoint(can_get=False, post=(P("phh_text", *PHH_SHAPES),),
                                             base=lambda w: {"op": "load"}),
    "adjudication:adjudicate#act": Endpoint(
        can_get=False,
        post=(P("phh", *PHH_SHAPES), P("kind"), P("amount"), P("cards"), P("line", "{v}", "p3 cbr {v}", "p3 {v}")),
        base=lambda w: {"op": "act", "phh": SETUP_PHH, "kind": "raise", "amount": "600"},
    ),
    "adjudication:adjudicate#undo": Endpoint(can_get=False, post=(P("phh", *PHH_SHAPES),),
                                             base=lambda w: {"op": "undo", "phh": SETUP_PHH}),
    # Dispute history (its list reads the event from the query string).
    "adjudication:dispute_list": Endpoint(get=(P("event"), P("table")), can_post=False),
    "adjudication:dispute": Endpoint(kwargs=lambda w: {"pk": w["adjudication"]}, can_post=False, int_kwargs=("pk",)),
    "adjudication:dispute_phh": Endpoint(kwargs=lambda w: {"pk": w["adjudication"]}, can_post=False,
                                         int_kwargs=("pk",)),
    # Applying a saved ruling to the event, and undoing it (the world's dispute has no table entries:
    # refused with a message, whatever the fields say).
    "adjudication:apply": Endpoint(kwargs=lambda w: {"pk": w["adjudication"]}, int_kwargs=("pk",),
                                   post=(P("question"), P("decision")),
                                   base=lambda w: {"question": "q", "decision": "d"}),
    "adjudication:undo_apply": Endpoint(kwargs=lambda w: {"pk": w["adjudication"]}, int_kwargs=("pk",),
                                        can_get=False),
    "printing:dispute_sheet": Endpoint(kwargs=lambda w: {"pk": w["adjudication"]}, can_post=False,
                                       int_kwargs=("pk",)),
    # Set-up: the structure generator, and an event's levels retargeted during play.
    "setup_pages:structure_generate": Endpoint(get=tuple(P(n) for n in GENERATOR_FIELDS),
                                         post=tuple(P(n) for n in (*GENERATOR_FIELDS, "name")),
                                         base=lambda w: GENERATOR_FORM | {"name": "Generated"}),
    "setup_pages:event_retarget": Endpoint(kwargs=slug, get=(P("ends_at"), P("starts_at"), P("entries")),
                                     post=(P("rows", "{v}", *RETARGET_ROWS), P("position"), P("version"),
                                           P("target"), P("expected")),
                                     base=retarget_form),
    "adjudication:adjudicate#save": Endpoint(
        can_get=False, post=(P("phh", *PHH_SHAPES), P("event"), P("table_number"), P("note")),
        base=lambda w: {"op": "save", "phh": SETUP_PHH, "event": w.event.pk, "table_number": "1", "note": "n"},
    ),
    # Chip sets, an event's chips in play, the chip race.
    "setup_pages:chip_sets": Endpoint(can_post=False),
    "setup_pages:chip_set_new": Endpoint(post=(P("name"), P("venue")), base=lambda w: {"name": "Hostile new set"}),
    "setup_pages:chip_set": Endpoint(kwargs=lambda w: {"pk": w["chip_set"]}, post=(P("name"), P("venue")),
                               base=lambda w: {"name": "Hostile chips"}, int_kwargs=("pk",)),
    "setup_pages:chip_new": Endpoint(kwargs=lambda w: {"pk": w["chip_set"]}, can_get=False,
                               post=(P("value"), P("colour"), P("colour_hex")),
                               base=lambda w: {"value": "25000", "colour": "grey", "colour_hex": "#888888"},
                               int_kwargs=("pk",)),
    "setup_pages:chip_change": Endpoint(
        kwargs=lambda w: {"pk": w["chip_set"], "chip_id": w["chip"]}, can_get=False,
        post=(P("chip{chip}-value"), P("chip{chip}-colour"), P("chip{chip}-colour_hex")),
        base=lambda w: {f"chip{w['chip']}-value": "5000", f"chip{w['chip']}-colour": "red",
                        f"chip{w['chip']}-colour_hex": "#c0262d"},
        int_kwargs=("pk", "chip_id")),
    "setup_pages:chip_delete": Endpoint(kwargs=lambda w: {"pk": w["chip_set"], "chip_id": w["chip"]}, can_get=False,
                                  int_kwargs=("pk", "chip_id")),
    "setup_pages:event_chips": Endpoint(kwargs=slug, post=(P("chip_set"),), base=lambda w: {"chip_set": w["chip_set"]}),
    "setup_pages:chip_race": Endpoint(kwargs=slug, get=(P("at"), P("per_stack"), P("odd", "{v}", "3 {v}", "{v} 1")),
                                can_post=False),
}

# Set-up: festivals, venues and their tables, an event copied for next week (the world's venue has
# tables 1-8; 1-3 serve the running event, 8 is free).
def festival_slug(w: World) -> dict[str, Any]:
    return {"slug": w.event.festival.slug}


def venue_pk(w: World) -> dict[str, Any]:
    return {"pk": w.event.festival.venue_id}


def free_table(w: World) -> dict[str, Any]:
    from tdconsole.tournaments.models import Table

    return venue_pk(w) | {"table_id": Table.objects.get(venue_id=w.event.festival.venue_id, number=8).pk}


ENDPOINTS.update({
    "setup_pages:festival_list": Endpoint(can_post=False),
    "setup_pages:festival_create": Endpoint(post=(P("name"), P("slug"), P("venue"), P("venue_name")),
                                      base=lambda w: {"name": "Autumn Series", "venue_name": "Annex"}),
    "setup_pages:festival_detail": Endpoint(kwargs=festival_slug, can_post=False),
    "setup_pages:festival_edit": Endpoint(kwargs=festival_slug, post=(P("name"), P("venue"), P("venue_name")),
                                    base=lambda w: {"name": "Hostile Series", "venue": str(w.event.festival.venue_id)}),
    "setup_pages:venue_list": Endpoint(can_post=False),
    "setup_pages:venue_create": Endpoint(post=(P("name"),), base=lambda w: {"name": "Annex"}),
    "setup_pages:venue_detail": Endpoint(kwargs=venue_pk, can_post=False, int_kwargs=("pk",)),
    "setup_pages:venue_edit": Endpoint(kwargs=venue_pk, post=(P("name"),), base=lambda w: {"name": "Hostile Room"},
                                 int_kwargs=("pk",)),
    "setup_pages:tables_add": Endpoint(kwargs=venue_pk, can_get=False, post=(P("first"), P("last"), P("seats")),
                                 base=lambda w: {"first": "20", "last": "22", "seats": "9"}, int_kwargs=("pk",)),
    "setup_pages:table_edit": Endpoint(kwargs=free_table, can_get=False, post=(P("number"), P("seats")),
                                 base=lambda w: {"number": "8", "seats": "9"}, int_kwargs=("pk", "table_id")),
    "setup_pages:table_remove": Endpoint(kwargs=free_table, can_get=False, int_kwargs=("pk", "table_id")),
    "setup_pages:event_copy": Endpoint(
        kwargs=slug, post=(P("name"), P("slug"), P("date"), P("tables", "{v}", "1-{v}", "{v}-3", "1, {v}")),
        base=lambda w: {"name": "Main Event", "date": "2026-12-08", "tables": "1-3, 8"},
    ),
})

# Satellites (issue 25): the target, issuing the tickets, the tickets page and its cancel / move.
ENDPOINTS.update({
    "payouts:satellite": Endpoint(kwargs=slug, can_get=False, post=(P("sat-target"),)),
    "payouts:tickets_issue": Endpoint(kwargs=slug, can_get=False),
    "payouts:tickets": Endpoint(kwargs=slug, get=(P("move"), P("q")), can_post=False),
    "payouts:ticket_cancel": Endpoint(kwargs=slug, can_get=False, post=(P("ticket"), P("reason")),
                                      base=lambda w: {"ticket": "1", "reason": "Sold back"}),
    "payouts:ticket_move": Endpoint(kwargs=slug, can_get=False, post=(P("ticket"), P("player")),
                                    base=lambda w: {"ticket": "1", "player": "1"}),
})

# URL patterns deliberately not walked, each with the reason.
EXCLUDED: dict[str, str] = {
    "admin:*": "Django's admin site: Django's own forms and validation, for superusers only.",
}

# Cases other helpers are fixing on their branches at the same time; the coordinator removes these marks
# after merging. Each names (endpoint, parameter, method) and the branch that fixes it.
PENDING: dict[tuple[str, str, str], str] = {}


def pending(name: str, label: str, method: str) -> list[Any]:
    reason = PENDING.get((name, label, method))
    return [pytest.mark.xfail(strict=False, reason=reason)] if reason else []


# --- the URLconf, walked ----------------------------------------------------------------------------


def url_pattern_names() -> set[str]:
    """Every URL pattern of the site, as `namespace:name` (or its route when it has no name)."""
    names: set[str] = set()

    def walk(patterns, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern):
                names.add(f"{namespace}{pattern.name}" if pattern.name else f"{namespace}<{pattern.pattern}>")

    walk(get_resolver().url_patterns, "")
    return names


def is_excluded(name: str) -> bool:
    return name in EXCLUDED or any(name.startswith(key[:-1]) for key in EXCLUDED if key.endswith("*"))


def test_every_url_pattern_is_walked_or_excluded():
    names = url_pattern_names()
    walked = {name.split("#")[0] for name in ENDPOINTS}
    missing = sorted(name for name in names if name not in walked and not is_excluded(name))
    assert not missing, f"URL patterns neither walked nor excluded with a reason: {missing}"
    stale = sorted(walked - names)
    assert not stale, f"Walked endpoints that are no longer URL patterns: {stale}"
    assert all(reason.strip() for reason in EXCLUDED.values())


def test_the_walker_catches_a_500(world, monkeypatch):
    """The walker's own check: a page that raises is reported, not passed."""
    from tdconsole.rulings import views

    def broken(request):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    monkeypatch.setattr(views, "entry_search", lambda **kw: broken(None))
    failures = walk_get(world, "rulings:search", ENDPOINTS["rulings:search"], P("q"), roles=("director",))
    assert failures and "OverflowError" in failures[0]


# --- sending -----------------------------------------------------------------------------------------


@contextmanager
def crashes() -> Iterator[list[str]]:
    """Collect the exceptions raised inside views (the test client turns them into a 500)."""
    seen: list[str] = []

    def record(sender, request=None, **kwargs):
        seen.append(traceback.format_exc(limit=-3).strip().splitlines()[-1])

    got_request_exception.connect(record)
    try:
        yield seen
    finally:
        got_request_exception.disconnect(record)


def client_for(world: World, role: str) -> Client:
    client = Client(raise_request_exception=False)
    if role == "director":
        client.force_login(world.director)
    return client


def path_of(name: str, endpoint: Endpoint, world: World, **override: Any) -> str:
    return reverse(name.split("#")[0], kwargs=endpoint.kwargs(world) | override)


def send(client: Client, method: str, url: str, data: dict[str, Any], htmx: bool) -> int:
    """One request inside a savepoint that is rolled back: every hostile value meets the same event."""
    headers = {"HX-Request": "true"} if htmx else {}
    with transaction.atomic():
        response = getattr(client, method)(url, data, headers=headers)
        transaction.set_rollback(True)
    return response.status_code


def probe(client: Client, method: str, url: str, data: dict[str, Any], label: str, htmx_too: bool = True) -> list[str]:
    failures = []
    for htmx in (False, True) if htmx_too else (False,):
        with crashes() as seen:
            status = send(client, method, url, data, htmx)
        if status >= 500:
            detail = seen[-1] if seen else "no exception recorded"
            failures.append(f"{method.upper()} {label}{' (htmx)' if htmx else ''} -> {status}: {detail}")
    return failures


def roles_of(endpoint: Endpoint, method: str) -> tuple[str, ...]:
    if method == "post":
        return ("director", "anonymous") if endpoint.anonymous_post else ("director",)
    return ("director", "anonymous") if endpoint.public else ("director",)


def base_query(endpoint: Endpoint, world: World, role: str) -> dict[str, Any]:
    return {"k": world["key"]} if endpoint.keyed and role == "anonymous" else {}


def get_params(endpoint: Endpoint) -> tuple[Param, ...]:
    """The page's own query parameters; an event's public page also reads its key, `k`."""
    return ((P("k"),) if endpoint.keyed else ()) + endpoint.get


def walk_get(world: World, name: str, endpoint: Endpoint, param: Param | None,
             roles: tuple[str, ...] | None = None) -> list[str]:
    url = path_of(name, endpoint, world)
    failures = []
    for role in roles or roles_of(endpoint, "get"):
        client = client_for(world, role)
        if param is None:
            failures += probe(client, "get", url, base_query(endpoint, world, role), f"{url} as {role}")
            continue
        for label, value in HOSTILE.items():
            for sent in param.values(world, value):
                data = base_query(endpoint, world, role) | {param.key(world): sent}
                failures += probe(client, "get", url, data, f"{url} {param.key(world)}={label} as {role}",
                                  htmx_too=label in HTMX_TOO)
    return failures


def walk_post(world: World, name: str, endpoint: Endpoint, param: Param | None) -> list[str]:
    url = path_of(name, endpoint, world)
    failures = []
    for role in roles_of(endpoint, "post"):
        client = client_for(world, role)
        base = endpoint.base(world)
        if param is None:
            failures += probe(client, "post", url, base, f"{url} as {role}")
            continue
        for label, value in HOSTILE.items():
            for shape, sent in enumerate(param.values(world, value)):
                data = base | {param.key(world): sent}
                failures += probe(client, "post", url, data,
                                  f"{url} {param.key(world)}={label}#{shape} as {role}", htmx_too=label in HTMX_TOO)
    return failures


def cases(method: str) -> Iterator[Any]:
    for name, endpoint in ENDPOINTS.items():
        if not (endpoint.can_get if method == "get" else endpoint.can_post):
            continue
        params = get_params(endpoint) if method == "get" else endpoint.post
        for param in (None, *params):
            label = param.name if param else "-"
            yield pytest.param(name, param, id=f"{name}[{label}]", marks=pending(name, label, method))


@pytest.mark.parametrize(("name", "param"), list(cases("get")))
def test_query_strings_with_hostile_values_answer_below_500(world, name, param):
    failures = walk_get(world, name, ENDPOINTS[name], param)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("name", "param"), list(cases("post")))
def test_form_fields_with_hostile_values_answer_below_500(world, name, param):
    failures = walk_post(world, name, ENDPOINTS[name], param)
    assert not failures, "\n".join(failures)


PATH_NUMBERS = {"zero": 0, "unknown": 987654, "huge": int(HUGE), "bigint": 2**63, "int": 2**31}


@pytest.mark.parametrize(("name", "kwarg"), [
    pytest.param(name, kwarg, id=f"{name}[{kwarg}]", marks=pending(name, kwarg, "path"))
    for name, endpoint in ENDPOINTS.items() for kwarg in endpoint.int_kwargs
])
def test_ids_in_the_path_beyond_the_integer_range_answer_below_500(world, name, kwarg):
    endpoint = ENDPOINTS[name]
    client = client_for(world, "director")
    method = "get" if endpoint.can_get else "post"
    failures = []
    for label, number in PATH_NUMBERS.items():
        url = path_of(name, endpoint, world, **{kwarg: number})
        failures += probe(client, method, url, endpoint.base(world), f"{url} {kwarg}={label}")
    assert not failures, "\n".join(failures)


WRONG_KEYS = {"ascii": "guess", "accents": "ção", "emoji": "\U0001f600", "rtl": "\u202eمفتاح", "nul": "\x00",
              "long": "x" * 10_000, "empty": ""}


@pytest.mark.parametrize("name", [name for name, endpoint in ENDPOINTS.items() if endpoint.keyed])
def test_a_wrong_key_of_any_kind_answers_the_same_404_as_an_unknown_event(world, name):
    """A non-ASCII key answered 500 for an event that exists and 404 for one that does not."""
    client = Client(raise_request_exception=False)
    for label, key in WRONG_KEYS.items():
        wrong = client.get(reverse(name, kwargs={"slug": world["slug"]}), {"k": key})
        unknown = client.get(reverse(name, kwargs={"slug": "no-such-event"}), {"k": key})
        assert (label, wrong.status_code, unknown.status_code) == (label, 404, 404)
        assert wrong.content == unknown.content, label
    assert client.get(reverse(name, kwargs={"slug": world["slug"]}), {"k": world["key"]}).status_code == 200


UPLOADS = {
    "binary": b"\xff\xfe\x00\x01\x80",
    "nul": b'variant = "NT"\x00\n',
    "latin-1": "players = [\"Conceição\"]".encode("latin-1"),
    "huge-stack": SETUP_PHH.replace("12000", HUGE).encode(),
    "cut-in-a-character": b"#" + "ç".encode() * 150_000,
    "empty": b"",
}


def test_uploaded_hand_histories_with_hostile_bytes_answer_below_500(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(world, "director")
    url = reverse("adjudication:adjudicate")
    failures = []
    for label, content in UPLOADS.items():
        with crashes() as seen:
            status = send(client, "post", url, {"op": "load", "phh_file": SimpleUploadedFile("hand.phh", content)},
                          htmx=False)
        if status >= 500:
            failures.append(f"upload {label} -> {status}: {seen[-1] if seen else ''}")
    assert not failures, "\n".join(failures)


def test_pending_marks_name_cases_that_exist():
    """A mark left for a case that is no longer walked would hide nothing and mislead."""
    walked = {(name, param.name, method) for name, endpoint in ENDPOINTS.items()
              for method, params in (("get", get_params(endpoint)), ("post", endpoint.post)) for param in params}
    walked |= {(name, kwarg, "path") for name, endpoint in ENDPOINTS.items() for kwarg in endpoint.int_kwargs}
    assert set(PENDING) <= walked, sorted(set(PENDING) - walked)
