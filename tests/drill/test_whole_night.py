"""The whole-night drill: one tournament played through the browser as staff play it, in production.

Against two gunicorn instances with DEBUG off (static files served by the application), PostgreSQL
and a real Celery worker: an event created through the form, 40 players registered by a clerk typing
at real speed over a slow network, one re-entry, the draw, the clock running with the projected
screen open on a second page served by the second instance (a pause pressed on the first shows there
within 2 s), busts down to the final table following the balancing panel, a break, hand-for-hand at
the bubble with two players out in one hand, the payouts locked and their sheet printed by the
worker, a deal, and a winner. The state is checked after every step.
"""

from __future__ import annotations

import datetime
import random
import shutil
import subprocess
import time
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.models import Elimination, Entry, Event, Festival, Level, Player, Structure, Venue
from tests.drill.play import (
    KEY_DELAY_MS,
    _alive,
    _bust,
    _check_seating,
    _login,
    _wait,
    browser_contexts,
    bust_one_and_rebalance,
    password_for_gunicorn,
)

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.worker, pytest.mark.drill]

LATENCY_MS = 300
NAMES = [
    "Renata Pinto", "João Araújo", "Ana Beatriz Souza", "Luís Câmara", "Márcia Conceição", "Pedro Henrique Lima",
    "Fernanda Gonçalves", "José Antônio Ribeiro", "Letícia Fontes", "Caio Brandão", "Thaís Magalhães",
    "Rogério Nóbrega", "Paula Assunção", "Vinícius Teixeira", "Bruna Sá", "Otávio Quintão", "Débora Mourão",
    "Gustavo Peçanha", "Lúcia Damasceno", "Raimundo Nonato", "Isabela Falcão", "Sérgio Guimarães",
    "Priscila Ávila", "André Luiz Barros", "Cecília Meireles Rocha", "Fábio Júnior Castro", "Helena Brás",
    "Igor Sampaio", "Joana D'Arc Pires", "Kátia Loureiro", "Leonardo Vasconcelos", "Mônica Albuquerque",
    "Nélson Pimentel", "Olívia Tavares", "Rafael Estêvão", "Simone Aragão", "Tiago Leão", "Úrsula Prates",
    "Wágner Coutinho", "Yasmin Figueirôa",
]


def _with_latency(page, ms: int) -> None:
    """Every request of this page waits `ms` before it leaves, like a venue's slow wireless.

    The handler runs in Playwright's dispatcher, which turns only while the test is inside a Playwright
    call: a wait meanwhile must go through `page.wait_for_timeout` (see `_wait`), or the requests still
    held stay held for as long as the test sleeps.
    """

    def slow(route):
        time.sleep(ms / 1000)
        route.continue_()

    page.route("**/*", slow)


def test_a_whole_tournament_night_in_production(production_site, browser, cast, screenshot):
    with browser_contexts(screenshot, "drill") as contexts:
        _play_the_night(production_site, browser, cast, screenshot, contexts)


def _play_the_night(production_site, browser, cast, screenshot, contexts: list) -> None:
    base = production_site.base
    director = cast["director"]
    password_for_gunicorn(director)
    rng = random.Random(20261201)

    # The venue's furniture exists before the night: the club, its festival, ten tables, and a
    # structure template with a break after level 2.
    venue = Venue.objects.create(name="Clube da Drill")
    festival = Festival.objects.create(name="Festival da Drill", slug="drill-fest", venue=venue)
    from tdconsole.tournaments.models import Table

    Table.objects.bulk_create([Table(venue=venue, number=n, seats=9) for n in range(1, 11)])
    template = Structure.objects.create(name="Drill turbo", slug="drill-turbo", is_template=True)
    specs = [("level", 100, 200, 200), ("level", 200, 400, 400), ("break", 0, 0, 0), ("level", 300, 600, 600),
             ("level", 400, 800, 800), ("level", 500, 1000, 1000), ("level", 600, 1200, 1200)]
    Level.objects.bulk_create([
        Level(structure=template, position=i, kind=k, small_blind=sb, big_blind=bb, ante=a, minutes=20)
        for i, (k, sb, bb, a) in enumerate(specs, start=1)
    ])

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    console_errors: list[str] = []
    page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
    _login(page, base, director)

    # --- 0. Production serving: htmx and the desk's scripts load from the application. ------------
    assert page.evaluate("typeof htmx") == "object", "htmx is served in production"
    for asset in page.evaluate("Array.from(document.querySelectorAll('script[src],link[rel=stylesheet]'))"
                               ".map(e => e.src || e.href)"):
        assert page.request.get(asset).status == 200, asset

    # --- 1. The event, created through the form. ----------------------------------------------------
    page.goto(f"{base}/events/new/")
    form = page.locator("[data-testid=event-form]")
    form.locator("select[name=festival]").select_option(label=festival.name)
    form.locator("select[name=template]").select_option(label=template.name)
    page.fill("input[name=name]", "Drill Main Event")
    page.fill("input[name=date]", datetime.date.today().isoformat())
    page.fill("input[name=buy_in_prize]", "500")
    page.fill("input[name=buy_in_fee]", "50")
    page.fill("input[name=starting_stack]", "20000")
    page.fill("input[name=seats_per_table]", "9")
    form.locator("select[name=format]").select_option(value=Event.Format.REENTRY)
    page.fill("input[name=max_entries]", "2")
    page.fill("input[name=late_registration_level]", "2")
    form.locator("button[type=submit]").click()
    page.locator("[data-testid=status][data-status=draft]").wait_for()
    event = Event.objects.get(name="Drill Main Event")
    assert page.url.endswith(f"/events/{event.slug}/")
    assert (event.format, event.max_entries, event.starting_stack) == (Event.Format.REENTRY, 2, 20000)
    assert event.structure.levels.count() == len(specs) and not event.structure.is_template
    page.click("[data-testid=status-registering]")
    page.locator("[data-testid=status][data-status=registering]").wait_for()

    # Five tables for the night.
    page.goto(f"{base}/events/{event.slug}/tables/assign/")
    for n in range(1, 6):
        page.check(f"[data-testid=table-{n}]")
    page.click("[data-testid=assign-submit]")
    page.locator("[data-testid=draw-seats]").wait_for()
    assert sorted(Table.objects.filter(event=event).values_list("number", flat=True)) == [1, 2, 3, 4, 5]

    # --- 2. Forty players typed at 30 ms a key, 300 ms of latency on every request. ---------------
    reg = context.new_page()
    reg.set_default_timeout(15_000)
    reg.goto(f"{base}/events/{event.slug}/registration/")
    _with_latency(reg, LATENCY_MS)
    field = reg.locator("[data-testid=name-input]")
    field.focus()
    started = time.monotonic()
    for name in NAMES:
        reg.keyboard.type(name, delay=KEY_DELAY_MS)
        reg.keyboard.press("Enter")
    try:
        _wait(lambda: Entry.objects.filter(event=event).count() >= len(NAMES), 60, "40 entries", pump=reg)
    except AssertionError:
        pass  # the comparison of the names below says what went wrong
    reg.wait_for_timeout(2 * LATENCY_MS)  # anything still in flight lands (and no later send is held back)
    typing_seconds = time.monotonic() - started
    names = sorted(Player.objects.filter(festival=festival).values_list("name", flat=True))
    assert names == sorted(NAMES), "every name arrives whole, once"
    assert Entry.objects.filter(event=event).count() == len(NAMES)
    assert field.input_value() == "", "the field is ready for the next player"
    reg.unroute("**/*")
    screenshot(reg, "drill-registration")
    reg.close()
    print(f"drill: 40 names typed and registered in {typing_seconds:.1f} s with {LATENCY_MS} ms latency")

    # --- 3. The draw. -------------------------------------------------------------------------------
    page.goto(f"{base}/events/{event.slug}/tables/assign/")
    page.click("[data-testid=draw-seats]")
    page.locator("[data-testid=table-map]").wait_for()
    _check_seating(event)
    assert len(_alive(event)) == len(NAMES)

    # --- 4. The clock runs; the projected screen, served by the other app server, counts and shows a
    # pause pressed on this one within 2 s. --------------------------------------------------------
    page.goto(f"{base}/events/{event.slug}/")
    page.click("[data-testid=status-running]")
    page.locator("[data-testid=status][data-status=running]").wait_for()
    page.goto(f"{base}/events/{event.slug}/clock/")
    page.click("[data-testid=control-start]")
    page.locator("[data-testid=control-pause]").wait_for()
    event.refresh_from_db()
    screen_context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="pt-BR")
    contexts.append(screen_context)
    screen = screen_context.new_page()
    screen.goto(f"{production_site.other}/events/{event.slug}/screen/?k={event.public_token}")
    clock_text = screen.locator("[data-testid=time]")
    first = clock_text.inner_text()
    _wait(lambda: clock_text.inner_text() != first, 5, "the screen's countdown to move")
    page.click("[data-testid=control-pause]")
    paused_at = time.monotonic()
    screen.locator("[data-testid=paused]").wait_for(state="visible", timeout=2_000)
    assert time.monotonic() - paused_at <= 2.0, "the screen shows a pause within 2 s"
    frozen = clock_text.inner_text()
    time.sleep(1.2)
    assert clock_text.inner_text() == frozen, "a paused clock does not count"
    page.click("[data-testid=control-resume]")
    screen.locator("[data-testid=paused]").wait_for(state="hidden", timeout=2_000)
    screenshot(screen, "drill-screen")

    # --- 5. One player busts early and re-enters (late registration is open). ----------------------
    victim = rng.choice(_alive(event))
    assert _bust(page, base, event, f"{victim.table.number} {victim.seat}") == [victim.number]
    victim.refresh_from_db()
    assert victim.status == Entry.Status.BUSTED
    page.goto(f"{base}/events/{event.slug}/registration/")
    page.locator("[data-testid=name-input]").type(victim.player.name[:6], delay=KEY_DELAY_MS)
    page.locator(f"[data-testid=register-player-{victim.player_id}]").click()
    page.locator("[data-testid=seat-card]").wait_for()
    reentry = Entry.objects.get(event=event, player=victim.player, attempt=2)
    assert reentry.status == Entry.Status.ALIVE and reentry.table_id and reentry.seat
    total_entries = len(NAMES) + 1

    page.goto(f"{base}/events/{event.slug}/")
    page.once("dialog", lambda d: d.accept())
    page.click("[data-testid=close-registration]")
    page.locator("[data-testid=registration-state][data-open='0']").wait_for()
    victim.refresh_from_db()
    assert victim.place == total_entries, "the early bust finishes last once registration closes"

    # The payout table for 41 entries, locked.
    page.goto(f"{base}/events/{event.slug}/payouts/table/")
    page.click("[data-testid=generate]")
    page.locator("[data-testid=payout-table]").wait_for()
    page.click("[data-testid=lock]")
    page.locator("[data-testid=locked]").wait_for()
    from tdconsole.payouts.models import PayoutTable

    payout = PayoutTable.objects.get(event=event)
    places_paid = payout.places.count()
    assert payout.locked_at is not None and 2 < places_paid < 9
    assert sum(p.amount for p in payout.places.all()) == payout.prize_pool == Decimal("500") * total_entries

    # --- 6. Busts down to the final table, doing what the balancing panel says. --------------------
    actions: list[str] = []
    while True:
        alive = _alive(event)
        tables = {e.table.number for e in alive}
        if len(tables) == 1 and len(alive) <= event.seats_per_table:
            break
        bust_one_and_rebalance(page, base, event, rng, actions)
    assert "break" in actions and ("final" in actions or len({e.table_id for e in _alive(event)}) == 1)
    print(f"drill: down to the final table with {len(_alive(event))} players; panel actions {actions}")

    # --- 7. The break: the clock desk moves on past level 2, the screen says so. ------------------
    from tdconsole.clock.models import ClockState

    page.goto(f"{base}/events/{event.slug}/clock/")
    while ClockState.objects.get(event=event).level_position < 3:
        position = ClockState.objects.get(event=event).level_position
        page.click("[data-testid=control-next]")
        _wait(lambda p=position: ClockState.objects.get(event=event).level_position > p, 5, "the next level")
    screen.locator("[data-testid=level-label]", has_text="Intervalo").wait_for(timeout=2_500)
    screenshot(screen, "drill-screen-break")
    page.click("[data-testid=control-next]")
    screen.locator("[data-testid=level-label]", has_text="Nível 3").wait_for(timeout=2_500)

    # --- 8. Hand-for-hand at the bubble, two players out in one hand. ------------------------------
    while len(_alive(event)) > places_paid + 1:
        out = rng.choice(_alive(event))
        _bust(page, base, event, f"{out.table.number} {out.seat}")
    page.goto(f"{base}/events/{event.slug}/hand-for-hand/")
    page.click("[data-testid=h4h-on]")
    page.locator("[data-testid=h4h-panel][data-on='1']").wait_for()
    event.refresh_from_db()
    assert event.hand_for_hand
    short, big = rng.sample(_alive(event), 2)
    assert _bust(page, base, event, f"{short.table.number} {short.seat}:3000 {big.seat}:9000") == [
        short.number, big.number]
    short.refresh_from_db()
    big.refresh_from_db()
    assert short.status == big.status == Entry.Status.BUSTED
    # The one who started the hand with more chips finishes higher: the last paid place.
    assert (big.place, short.place) == (places_paid, places_paid + 1)
    page.goto(f"{base}/events/{event.slug}/hand-for-hand/")
    page.click("[data-testid=h4h-off]")
    page.locator("[data-testid=h4h-panel][data-on='0']").wait_for()

    # --- 9. The payout sheet, printed by the worker. --------------------------------------------------
    page.goto(f"{base}/events/{event.slug}/print/")
    page.locator("[data-testid=print-kind]").select_option(value="payouts")
    page.click("[data-testid=print-submit]")
    download = page.locator("[data-testid^=download-]").first
    download.wait_for(timeout=30_000)
    pdf = page.request.get(base + download.get_attribute("href"))
    assert pdf.status == 200 and pdf.body()[:5] == b"%PDF-"
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-", "-"], input=pdf.body(), capture_output=True, check=True).stdout
        assert "Drill Main Event" in text.decode()

    # --- 10. A deal between the last three, then the winner. -------------------------------------
    while len(_alive(event)) > 3:
        out = rng.choice(_alive(event))
        _bust(page, base, event, f"{out.table.number} {out.seat}")
    page.goto(f"{base}/events/{event.slug}/payouts/deal/")
    last_three = _alive(event)
    for entry, chips in zip(last_three, (300_000, 330_000, 190_000), strict=True):
        page.fill(f"[data-testid=chips-{entry.number}]", str(chips))
    page.click("[data-testid=calculate]")
    page.locator("[data-testid=deal-table]").wait_for()
    page.click("[data-testid=record-deal]")
    page.locator("[data-testid=deal-recorded]").wait_for()
    for out in rng.sample(last_three, 2):
        out.refresh_from_db()
        _bust(page, base, event, f"{out.table.number} {out.seat}")
    page.goto(f"{base}/events/{event.slug}/")
    page.locator("[data-testid=winner]").wait_for()

    # --- The night's record. -----------------------------------------------------------------------
    entries = list(Entry.objects.filter(event=event))
    assert len(entries) == total_entries
    assert sorted(e.place for e in entries) == list(range(1, total_entries + 1)), "every place given once"
    winner = next(e for e in entries if e.place == 1)
    assert page.locator("[data-testid=winner]").inner_text().endswith(winner.player.name)
    assert Elimination.objects.filter(event=event).count() >= total_entries - 2
    actions_seen = set(AuditEntry.entries.filter(event_id=event.pk).values_list("action", flat=True))
    for action in ("event.create", "tables.assign", "entry.register", "seats.draw", "clock.start", "clock.pause",
                   "entry.eliminate", "event.registration_close", "payouts.table_lock", "tables.break",
                   "event.hand_for_hand", "printing.request", "payouts.deal"):
        assert action in actions_seen, action
    assert AuditEntry.entries.filter(event_id=event.pk, action="entry.register").count() == total_entries
    assert not [e for e in console_errors if "Content Security Policy" in e or "404" in e], console_errors
    screenshot(page, "drill-winner")
