"""The festival drill: a main event in two flights played through the browser, in production.

Against the whole-night drill's set-up (two gunicorn instances with DEBUG off, PostgreSQL, a real Celery
worker building the PDFs, Chromium): the main event created through its form, two flights (Day 1A, Day
1B) made on its flights page under the best-stack rule with bagged players allowed into a later flight,
the day's stop set there. Each flight's eight players are typed on the registration page (no added
latency: the whole-night drill proves typing under latency), one player entering both flights, the seat
draw, the clock started, three busts typed on the eliminations page, the clock moved on through the
clock desk to the stop, the day's end on the desk and on the projected screen. Then the end of the day:
the bag slips printed by the worker and downloaded, every count typed by a scripted clerk at keyboard
speed (mixed forms: 12.350, 30,5k, 41 000), the checks passing. Then the merge on the Day 2 page (the
player in both flights keeps the bigger bag), the Day 2 tables and random draw, the public seat list by
its public link, the Day 2 seat list and chip-count leaderboard PDFs built by the worker, read back with
pdftotext and rendered with pdftoppm into test-artifacts/, and Day 2 played to a champion (following the
balancing panel to the final table), the event finished and the champion on the dashboard and on the
screen: every place from 1 to the number of distinct players given once across both flights and Day 2,
one prize pool of all 16 buy-ins. The database is checked after every step.
"""

from __future__ import annotations

import datetime
import random
import re
import shutil
import subprocess
import time
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.clock.models import ClockState
from tdconsole.day2.models import Advance
from tdconsole.dayend.models import BagCount, DayEnd
from tdconsole.printing.models import Document
from tdconsole.tournaments.models import Entry, Event, Festival, Level, Player, Structure, Table, Venue
from tests.drill.conftest import ROOT
from tests.drill.play import (
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

KEY_DELAY_MS = 30  # the registration clerk
COUNT_KEY_DELAY_MS = 125  # the counting clerk: 8 keystrokes a second, as in tests/dayend/test_browser.py
STACK = 20_000
BOTH = "Beatriz Nogueira"  # plays Day 1A, bags, and enters Day 1B too
FLIGHT_A = ["Renata Pinto", "João Araújo", BOTH, "Luís Câmara", "Márcia Conceição", "Pedro Henrique Lima",
            "Fernanda Gonçalves", "Caio Brandão"]
FLIGHT_B = ["Thaís Magalhães", "Rogério Nóbrega", "Paula Assunção", "Vinícius Teixeira", "Bruna Sá",
            "Otávio Quintão", "Débora Mourão"]
# What the clerk types for each flight's five bags (table by table, seat by seat), and what it means:
# each flight's eight stacks of 20.000, to the chip.
TYPED = {"Day 1A": ["12.350", "45000", "30,5k", "27.650", "44,5k"],
         "Day 1B": ["52k", "8.750", "33,25k", "41 000", "25.000"]}
MEANT = {"Day 1A": [12_350, 45_000, 30_500, 27_650, 44_500],
         "Day 1B": [52_000, 8_750, 33_250, 41_000, 25_000]}
BUSTS_PER_FLIGHT = 3
ARTIFACTS = ROOT / "test-artifacts"


def _pdf(page, base: str, event: Event, kind: str, before: int) -> bytes:
    """Wait on the print desk for the worker to build the newest `kind` document; download it."""
    doc = _wait(lambda: Document.objects.filter(event=event, kind=kind, pk__gt=before).order_by("-pk").first(), 10,
                f"the {kind} request")
    if "/print/" not in page.url:
        page.goto(f"{base}/events/{event.slug}/print/")
    link = page.locator(f"[data-testid=download-{doc.pk}]")
    link.wait_for(timeout=30_000)
    response = page.request.get(base + link.get_attribute("href"))
    assert response.status == 200 and response.body()[:5] == b"%PDF-", kind
    return response.body()


def _last_doc() -> int:
    return Document.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def _text(pdf: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode()


def _render(pdf: bytes, name: str) -> list:
    """Render each page at 50 dpi into test-artifacts/<name>-<n>.png (pdftoppm); return the paths."""
    ARTIFACTS.mkdir(exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-", str(ARTIFACTS / name)], input=pdf, check=True)
    pngs = sorted(ARTIFACTS.glob(f"{name}-*.png"))
    assert pngs and all(p.stat().st_size > 1000 for p in pngs), name
    return pngs


def _line_with(text: str, *words: str) -> str:
    """The one line of a pdftotext -layout page that holds every word."""
    lines = [line for line in text.splitlines() if all(w in line for w in words)]
    assert lines, (words, text)
    return lines[0]


def test_a_festival_in_two_flights_to_a_champion(production_site, browser, cast, screenshot):
    # CI installs poppler-utils: without pdftotext and pdftoppm the drill fails rather than skip the PDFs.
    assert shutil.which("pdftotext") and shutil.which("pdftoppm"), "poppler-utils is needed"
    started = time.monotonic()
    with browser_contexts(screenshot, "festival") as contexts:
        _play_the_festival(production_site, browser, cast, screenshot, contexts)
    print(f"festival drill: played in {time.monotonic() - started:.1f} s")


def _play_the_festival(site, browser, cast, screenshot, contexts: list) -> None:
    base = site.base
    director = cast["director"]
    password_for_gunicorn(director)
    rng = random.Random(20261207)

    # The venue's furniture: the club, its festival, six tables, a six-level structure template.
    venue = Venue.objects.create(name="Clube do Festival")
    festival = Festival.objects.create(name="Festival de Dezembro", slug="fest-dez", venue=venue)
    Table.objects.bulk_create([Table(venue=venue, number=n, seats=9) for n in range(1, 7)])
    template = Structure.objects.create(name="Festival slow", slug="festival-slow", is_template=True)
    Level.objects.bulk_create([
        Level(structure=template, position=i, kind="level", small_blind=sb, big_blind=2 * sb, ante=2 * sb, minutes=40)
        for i, sb in enumerate((100, 200, 300, 400, 500, 600), start=1)
    ])

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    console_errors: list[str] = []
    page.on("console", lambda msg: console_errors.append(msg.text) if msg.type == "error" else None)
    _login(page, base, director)
    t0 = last = time.monotonic()

    def lap(what: str) -> None:
        nonlocal last
        now = time.monotonic()
        print(f"festival drill: {what} in {now - last:.1f} s")
        last = now

    # --- 1. The main event and its two flights. --------------------------------------------------------
    page.goto(f"{base}/events/new/")
    form = page.locator("[data-testid=event-form]")
    form.locator("select[name=festival]").select_option(label=festival.name)
    form.locator("select[name=template]").select_option(label=template.name)
    page.fill("input[name=name]", "Festival Main Event")
    page.fill("input[name=date]", datetime.date.today().isoformat())
    page.fill("input[name=buy_in_prize]", "1000")
    page.fill("input[name=buy_in_fee]", "100")
    page.fill("input[name=starting_stack]", str(STACK))
    page.fill("input[name=seats_per_table]", "6")
    form.locator("select[name=format]").select_option(value=Event.Format.FREEZEOUT)
    page.fill("input[name=late_registration_level]", "2")  # open all day: the desk closes it at the day's end
    form.locator("button[type=submit]").click()
    page.locator("[data-testid=status][data-status=draft]").wait_for()
    main = Event.objects.get(name="Festival Main Event")
    assert main.late_registration_level == 2

    page.goto(f"{base}/events/{main.slug}/flights/")
    for offset, name in enumerate(("Day 1A", "Day 1B")):
        page.fill("input[name=new-name]", name)
        page.fill("input[name=new-date]", (datetime.date.today() + datetime.timedelta(days=offset)).isoformat())
        page.click("[data-testid=flight-create-submit]")
        page.locator("[data-testid=flight-list]", has_text=name).wait_for()
    settings_form = page.locator("[data-testid=flight-settings]")
    settings_form.locator("select[name=rules-advance_rule]").select_option(value=Event.AdvanceRule.BEST_STACK)
    settings_form.locator("input[name=rules-bagged_may_reenter]").check()
    page.fill("input[name=rules-stop_level]", "2")
    page.click("[data-testid=flight-settings-submit]")
    page.locator(".msg.success").wait_for()
    main.refresh_from_db()
    flights = list(Event.objects.filter(parent=main).order_by("date", "pk"))
    assert [f.name for f in flights] == ["Day 1A", "Day 1B"]
    assert (main.advance_rule, main.bagged_may_reenter, main.stop_level) == (Event.AdvanceRule.BEST_STACK, True, 2)
    assert all(f.starting_stack == STACK and f.structure.levels.count() == 6 for f in flights)
    assert sorted(DayEnd.objects.filter(event__in=flights).values_list("name", "last_level")) == [
        ("Day 1A", 2), ("Day 1B", 2)], "the stop is written as each flight's day"

    lap("the main event and its flights")

    # --- 2. Each flight: its tables, its players typed, the draw, the clock, busts, the stop. ------------
    names_of = {"Day 1A": FLIGHT_A, "Day 1B": [BOTH, *FLIGHT_B]}
    busted: dict[str, list[Entry]] = {}
    for flight, tables in zip(flights, ((1, 2), (3, 4)), strict=True):
        page.goto(f"{base}/events/{flight.slug}/")
        page.click("[data-testid=status-registering]")
        page.locator("[data-testid=status][data-status=registering]").wait_for()
        page.goto(f"{base}/events/{flight.slug}/tables/assign/")
        for n in tables:
            page.check(f"[data-testid=table-{n}]")
        page.click("[data-testid=assign-submit]")
        page.locator("[data-testid=draw-seats]").wait_for()

        page.goto(f"{base}/events/{flight.slug}/registration/")
        field = page.locator("[data-testid=name-input]")
        for name in names_of[flight.name]:
            field.focus()
            if name == BOTH and flight.name == "Day 1B":
                # Still in from Day 1A: found by the first letters, the same player enters again.
                page.keyboard.type(name[:7], delay=KEY_DELAY_MS)
                both = Player.objects.get(name=BOTH)
                page.locator(f"[data-testid=register-player-{both.pk}]").click()
                page.locator("[data-testid=seat-card]").wait_for()
                continue
            page.keyboard.type(name, delay=KEY_DELAY_MS)
            page.keyboard.press("Enter")
        _wait(lambda f=flight: Entry.objects.filter(event=f).count() == 8, 20, f"{flight.name}'s 8 entries", pump=page)
        assert sorted(Entry.objects.filter(event=flight).values_list("player__name", flat=True)) == sorted(
            names_of[flight.name])

        page.goto(f"{base}/events/{flight.slug}/tables/assign/")
        page.click("[data-testid=draw-seats]")
        page.locator("[data-testid=table-map]").wait_for()
        _check_seating(flight)
        assert {e.table.number for e in _alive(flight)} == set(tables)

        page.goto(f"{base}/events/{flight.slug}/")
        page.click("[data-testid=status-running]")
        page.locator("[data-testid=status][data-status=running]").wait_for()
        page.goto(f"{base}/events/{flight.slug}/clock/")
        page.click("[data-testid=control-start]")
        page.locator("[data-testid=control-pause]").wait_for()

        busted[flight.name] = []
        for _ in range(BUSTS_PER_FLIGHT):
            out = rng.choice([e for e in _alive(flight) if e.player.name != BOTH])
            assert _bust(page, base, flight, f"{out.table.number} {out.seat}") == [out.number]
            out.refresh_from_db()
            assert out.status == Entry.Status.BUSTED and out.place is None, "a flight's bust waits for the field"
            busted[flight.name].append(out)

        # The clock desk moves on to level 2, the day's last, and sets two seconds left: the day ends.
        page.goto(f"{base}/events/{flight.slug}/clock/")
        page.click("[data-testid=control-next]")
        _wait(lambda f=flight: ClockState.objects.get(event=f).level_position == 2, 5, "level 2")
        page.fill("[data-testid=time-left-input]", "0:02")
        page.click("[data-testid=control-set-left]")
        page.locator("[data-testid=desk-day-over]").wait_for(timeout=10_000)
        assert flight.name in page.locator("[data-testid=desk-day-over]").inner_text()
        page.click("[data-testid=control-next]")
        page.locator("[data-testid=clock-error]").wait_for()
        assert ClockState.objects.get(event=flight).level_position == 2, "the day's end holds the clock"
        flight.refresh_from_db()
        screen = context.new_page()
        screen.goto(f"{site.other}/events/{flight.slug}/screen/?k={flight.public_token}")
        screen.locator("[data-testid=day-over]").wait_for(state="visible", timeout=5_000)
        assert flight.name in screen.locator("[data-testid=day-over]").inner_text()
        screenshot(screen, f"festival-screen-{flight.slug}")
        screen.close()

        page.goto(f"{base}/events/{flight.slug}/")
        page.once("dialog", lambda d: d.accept())
        page.click("[data-testid=close-registration]")
        page.locator("[data-testid=registration-state][data-open='0']").wait_for()
        lap(f"{flight.name} registered, drawn, played to its stop")

    # The field is known once both flights closed: 15 players, nine still in (one of them twice).
    flight_busts = [e for outs in busted.values() for e in outs]
    for e in flight_busts:
        e.refresh_from_db()
    players = Player.objects.filter(entries__event__parent=main).distinct().count()
    assert players == len(FLIGHT_A) + len(FLIGHT_B) == 15
    main.refresh_from_db()
    assert main.registration_closed_at is not None
    assert sorted(e.place for e in flight_busts) == list(range(10, 16)), "the flights' busts below the nine still in"
    assert [e.place for e in flight_busts] == list(range(15, 9, -1)), "in the order the busts happened, the latest best"

    # --- 3. The end of each day: the bag slips, then every count typed. --------------------------------
    for flight in flights:
        survivors = _alive(flight)
        assert len(survivors) == 5
        page.goto(f"{base}/events/{flight.slug}/day-end/")
        page.locator("[data-testid=day-over]").wait_for()
        before = _last_doc()
        page.click("[data-testid=print-bag-slips]")
        slips = _text(_pdf(page, base, flight, "bagslips", before))
        for e in survivors:
            assert e.player.name in slips
            assert f"Mesa {e.table.number} · Assento {e.seat}" in _line_with(slips, f"Inscrição nº {e.number}")
        assert slips.count("Assinatura do jogador") == len(survivors), "a slip per player, in pt-BR"

        typed, meant = TYPED[flight.name], MEANT[flight.name]
        table_numbers = sorted({e.table.number for e in survivors})
        i = 0
        began = time.monotonic()
        for t in table_numbers:
            page.goto(f"{base}/events/{flight.slug}/day-end/counts/?table={t}")
            inputs = page.locator("[data-testid=count-input]")
            at_table = [e for e in survivors if e.table.number == t]
            assert inputs.count() == len(at_table)
            inputs.nth(0).click()
            for k, _e in enumerate(at_table):
                page.keyboard.type(typed[i], delay=COUNT_KEY_DELAY_MS)
                page.keyboard.press("Enter" if i % 2 else "Tab", delay=COUNT_KEY_DELAY_MS)
                i += 1
                if k + 1 < len(at_table):
                    assert page.evaluate("document.activeElement.closest('tr').dataset.seat") == str(
                        at_table[k + 1].seat), "the cursor moves on to the next seat"
            page.wait_for_function(
                f"() => document.querySelectorAll('[data-testid=count-saved]').length >= {len(at_table)}")
        print(f"festival drill: {flight.name}'s {len(survivors)} bags typed in {time.monotonic() - began:.1f} s")
        page.locator("[data-testid=checks-match]").wait_for()
        day = DayEnd.objects.get(event=flight)
        saved = dict(BagCount.objects.filter(day=day).values_list("entry_id", "chips"))
        assert saved == {e.pk: chips for e, chips in zip(survivors, meant, strict=True)}
        assert sum(saved.values()) == 8 * STACK
        assert {e.pk: e.chips for e in Entry.objects.filter(event=flight, status=Entry.Status.ALIVE)} == saved
        page.goto(f"{base}/events/{flight.slug}/day-end/")
        page.locator("[data-testid=checks-match]").wait_for()
        screenshot(page, f"festival-dayend-{flight.slug}")

    lap("the bag slips and the counts")

    # --- 4. The merge, the Day 2 tables and draw, the public seat list, the PDFs. ----------------------
    both = Player.objects.get(name=BOTH)
    bags = dict(Entry.objects.filter(event__parent=main, player=both).values_list("event__name", "chips"))
    assert set(bags) == {"Day 1A", "Day 1B"}
    page.goto(f"{base}/events/{main.slug}/day2/")
    assert page.title().startswith("Dia 2") and "<" not in page.title(), page.title()
    page.click("[data-testid=day2-merge]")
    page.locator("[data-testid=day2-draw]").wait_for()
    assert page.title().startswith("Dia 2") and "<" not in page.title(), page.title()
    day2 = list(Entry.objects.filter(event=main).select_related("player").order_by("number"))
    assert len(day2) == 9 and len({e.player_id for e in day2}) == 9
    assert [e.chips for e in day2] == sorted((e.chips for e in day2), reverse=True), "#1 is the chip leader"
    mine = next(e for e in day2 if e.player_id == both.pk)
    assert mine.chips == max(bags.values()), "best stack: the bigger bag goes through"
    advance = Advance.objects.get(event=main, player=both)
    assert sorted(b["chips"] for b in advance.bags if not b["kept"]) == [min(bags.values())]
    assert sum(e.chips for e in day2) == 16 * STACK - min(bags.values())
    assert not Entry.objects.filter(event__parent=main, status=Entry.Status.ALIVE).exists()
    # A flight's own leaderboard still shows its day's counts once its players went through to Day 2.
    page.goto(f"{base}/events/{flights[0].slug}/day-end/leaderboard/")
    assert page.locator("[data-testid=leader-row]").count() == 5

    page.goto(f"{base}/events/{main.slug}/tables/assign/")
    for n in (5, 6):
        page.check(f"[data-testid=table-{n}]")
    page.click("[data-testid=assign-submit]")
    page.locator("[data-testid=draw-seats]").wait_for()
    page.goto(f"{base}/events/{main.slug}/day2/")
    page.click("[data-testid=day2-draw]")
    page.locator(".msg.success").wait_for()
    _check_seating(main)
    seats = {e.player.name: (e.table.number, e.seat) for e in _alive(main)}
    assert len(seats) == 9 and {t for t, _s in seats.values()} <= {5, 6}

    public_url = page.locator("[data-testid=day2-seat-list]").get_attribute("href")
    visitor = browser.new_context(viewport={"width": 1000, "height": 900}, locale="pt-BR")
    contexts.append(visitor)
    pub = visitor.new_page()
    assert pub.goto(site.other + public_url).status == 200, "the public link opens without a login"
    by_name = pub.locator("[data-testid=day2-seats-by-name] tbody tr").all_inner_texts()
    by_table = pub.locator("[data-testid=day2-seats-by-table] tbody tr").all_inner_texts()
    assert [r.split("\t")[0] for r in by_name] == sorted(seats, key=str.casefold)
    assert [tuple(int(x) for x in r.split("\t")[:2]) for r in by_table] == sorted(seats.values())
    for row in by_name:
        name, _number, table, seat = row.split("\t")
        assert seats[name] == (int(table), int(seat))
    screenshot(pub, "festival-day2-seats-public")

    before = _last_doc()
    page.goto(f"{base}/events/{main.slug}/day2/")
    page.locator("[data-testid=day2-print] button").click()
    seat_pdf = _pdf(page, base, main, "day2seats", before)
    seat_text = _text(seat_pdf)
    for name, (table, seat) in seats.items():
        line = _line_with(seat_text, name)
        assert re.search(rf"\b{table}\s+{seat}\s*$", line), (name, line)
    _render(seat_pdf, "festival-day2-seats")

    before = _last_doc()
    page.goto(f"{base}/events/{main.slug}/print/")
    page.locator("[data-testid=print-kind]").select_option(value="chipboard")
    page.click("[data-testid=print-submit]")
    board_pdf = _pdf(page, base, main, "chipboard", before)
    board_text = _text(board_pdf)
    for e in day2:
        line = _line_with(board_text, e.player.name)
        assert f"{e.chips:,}".replace(",", ".") in line, (e.player.name, e.chips, line)
    leader = _line_with(board_text, day2[0].player.name)
    assert leader.split()[0] == "1", leader
    _render(board_pdf, "festival-chipboard")

    lap("the merge, the Day 2 draw, the seat list and the PDFs")

    # --- 5. Day 2 to a champion. -----------------------------------------------------------------------
    page.goto(f"{base}/events/{main.slug}/")
    page.click("[data-testid=status-registering]")
    page.locator("[data-testid=status][data-status=registering]").wait_for()
    page.click("[data-testid=status-running]")
    page.locator("[data-testid=status][data-status=running]").wait_for()
    page.goto(f"{base}/events/{main.slug}/clock/")
    page.click("[data-testid=control-resume]")
    page.locator("[data-testid=control-pause]").wait_for()
    assert ClockState.objects.get(event=main).level_position == 3, "Day 2 starts at the level after the stop"
    actions: list[str] = []
    while len(alive := _alive(main)) > 1:
        bust_one_and_rebalance(page, base, main, rng, actions)
        if len(alive) - 1 == main.seats_per_table:
            assert len({e.table_id for e in _alive(main)}) == 1, f"one final table of six ({actions})"
    assert actions and actions[-1] in ("final", "break"), actions
    print(f"festival drill: Day 2's balancing panel asked for {actions}")
    page.goto(f"{base}/events/{main.slug}/")
    page.locator("[data-testid=winner]").wait_for()
    champion = Entry.objects.get(event=main, place=1)
    assert page.locator("[data-testid=winner]").inner_text().endswith(champion.player.name)
    page.click("[data-testid=status-finished]")
    page.locator("[data-testid=status][data-status=finished]").wait_for()
    screenshot(page, "festival-champion")
    main.refresh_from_db()
    assert main.status == Event.Status.FINISHED
    from tdconsole.payouts.selectors import event_prize_summary

    assert Decimal(event_prize_summary(event=main)["prize_pool"]) == 16 * Decimal("1000"), "one pool, every buy-in"
    screen = context.new_page()
    screen.goto(f"{site.other}/events/{main.slug}/screen/?k={main.public_token}")
    assert screen.locator("[data-testid=champion-name]").inner_text() == champion.player.name
    screenshot(screen, "festival-screen-champion")
    screen.close()

    lap("Day 2 to a champion")
    print(f"festival drill: the browser story in {time.monotonic() - t0:.1f} s")

    # --- The festival's record: places 1..15, each once, across both flights and Day 2. ----------------
    placed = list(Entry.objects.filter(event__parent=main, status=Entry.Status.BUSTED).values_list("place", flat=True))
    placed += list(Entry.objects.filter(event=main).values_list("place", flat=True))
    assert sorted(placed) == list(range(1, players + 1))
    forfeited = Entry.objects.get(event__parent=main, player=both, chips=min(bags.values()))
    assert forfeited.status == Entry.Status.BAGGED and forfeited.place is None
    actions_seen = set(AuditEntry.entries.filter(event_id__in=[main.pk, *(f.pk for f in flights)])
                       .values_list("action", flat=True))
    for action in ("event.create", "entry.register", "seats.draw", "clock.start", "entry.eliminate",
                   "event.registration_close", "printing.request", "day2.merge"):
        assert action in actions_seen, action
    assert not [e for e in console_errors if "Content Security Policy" in e or "404" in e], console_errors
