"""The chip pages and the screen's chips in headless Chromium: a chip set built by the director (htmx, refusals
shown in place), an event given it, the screen at 1920x1080 and on a phone with the chips in their colours and
the colour-up named by colour, the chips changing on a screen that lost the server, and the chip race page."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tdconsole.clock import services as clock
from tdconsole.tournaments.models import ChipSet, Event
from tdconsole.tournaments.public import public_url
from tests.browser import overflow
from tests.factories import add_field, make_chip_set, make_event, seat_field

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLICY = "Content Security Policy"
LEVELS = [
    ("level", 25, 50, 50, 20, None), ("level", 50, 100, 100, 20, None), ("break", 0, 0, 0, 10, 25),
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None),
]


def watch_policy(page) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda msg: seen.append(msg.text) if POLICY in msg.text else None)
    page.on("pageerror", lambda error: seen.append(f"page error {error}"))
    return seen


def test_the_director_builds_a_chip_set_and_gives_it_to_an_event(live_server, page, browser_login, screenshot):
    violations = watch_policy(page)
    running = make_event("main", levels=LEVELS, status=Event.Status.RUNNING, name="Main Event")
    browser_login(page, "director")
    page.click("[data-testid=chip-sets-link]")
    page.click("[data-testid=new-chip-set]")
    page.fill("[data-testid=chip-set-name]", "Clube chips")
    page.click("[data-testid=chip-set-create]")
    page.wait_for_selector("[data-testid=no-chips]")
    for value, colour, code in (("25", "verde", "#1f8a3b"), ("100", "preta", "#111111"),
                                ("500", "roxa", "#6a2c91"), ("1.000", "amarela", "#e8c31a")):
        count = page.locator("[data-testid=chip-row]").count()
        page.fill("[data-testid=add-value]", value)
        page.fill("[data-testid=add-colour]", colour)
        page.fill("[data-testid=add-hex]", code)
        page.press("[data-testid=add-value]", "Enter")
        page.wait_for_function("(n) => document.querySelectorAll('[data-testid=chip-row]').length > n", arg=count)
    assert page.locator("[data-testid=chip-row]").evaluate_all("rows => rows.map(r => r.dataset.value)") == [
        "25", "100", "500", "1000"]
    # A value typed twice is refused in place, the chips unchanged.
    page.fill("[data-testid=add-value]", "100")
    page.fill("[data-testid=add-colour]", "azul")
    page.press("[data-testid=add-value]", "Enter")
    page.wait_for_selector("[data-testid=add-error]")
    assert "100" in page.locator("[data-testid=add-error]").inner_text()
    screenshot(page, "chips-chip-set")

    # The event takes the set from its chips-in-play page, reached from the dashboard.
    page.goto(f"{live_server.url}/events/main/")
    page.click("[data-testid=dash-chips-in-play]")
    chip_set = ChipSet.objects.get(name="Clube chips")
    page.select_option("select[name=chip_set]", str(chip_set.pk))
    page.click("[data-testid=chip-set-save]")
    page.wait_for_selector("[data-testid=chips-by-level]")
    running.refresh_from_db()
    assert running.chip_set_id == chip_set.pk
    assert page.locator("[data-testid=level-row][data-position='3'] [data-testid=colour-up]").inner_text().strip() \
        == "retirar as fichas de 25 (verde)"
    assert overflow(page) == 0
    screenshot(page, "chips-in-play")

    # Now that the running event plays with it, the set's 25 cannot be removed: said in place.
    page.goto(f"{live_server.url}/chip-sets/{chip_set.pk}/")
    page.locator("[data-testid=chip-row][data-value='25'] [data-testid=chip-remove]").click()
    page.wait_for_selector("[data-testid=chip-refusal]")
    refusal = page.locator("[data-testid=chip-refusal]").inner_text()
    assert "A ficha de 25 não pode ser retirada." in refusal and "Main Event" in refusal
    assert page.locator("[data-testid=chip-row]").count() == 4
    screenshot(page, "chips-refused-removal")
    assert violations == []


def chips_shown(page) -> list[str]:
    return page.locator("[data-testid=chips-in-play] [data-testid=chip]").evaluate_all(
        "chips => chips.map(c => c.dataset.value)")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_screen_shows_the_chips_and_the_colour_up_across_the_room(live_server, browser, cast, screenshot,
                                                                      width, height):
    event = make_event("room", levels=LEVELS, status=Event.Status.RUNNING, chip_set=make_chip_set(),
                       starting_stack=20000, late_registration_level=2)
    add_field(event, 120, alive=96)
    clock.clock_start(event=event, actor=cast["floor"], now=timezone.now() - timedelta(minutes=5))
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    page = context.new_page()
    violations = watch_policy(page)
    page.goto(live_server.url + public_url(event, "clock:screen", absolute=False))
    page.wait_for_selector("[data-testid=chips-in-play]")
    assert chips_shown(page) == ["25", "100", "500", "1000", "5000"]
    size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width and size[1] <= height, size
    # Readable from the back of the room: the values at least 30 px tall at 1080 lines, swatches as big.
    chip_box = page.locator("[data-testid=chips-in-play] [data-testid=chip]").first.bounding_box()
    assert chip_box["height"] >= height * 0.028
    screenshot(page, f"chips-screen-{width}x{height}", full_page=False)

    # The colour-up break: the chip leaving by colour, and the race in one line.
    clock.clock_next_level(event=event, actor=cast["floor"])
    clock.clock_next_level(event=event, actor=cast["floor"])
    page.wait_for_function("() => !document.querySelector('[data-testid=chip-race]').hidden", timeout=10_000)
    assert page.locator("[data-testid=colour-up]").inner_text() == "Troca de fichas: retirar as fichas de 25 (green)"
    assert "uma carta por ficha de 25" in page.locator("[data-testid=chip-race]").inner_text()
    assert chips_shown(page) == ["100", "500", "1000", "5000"]
    size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width and size[1] <= height, size
    screenshot(page, f"chips-screen-break-{width}x{height}", full_page=False)
    assert violations == []
    context.close()


def test_a_screen_without_the_server_moves_to_the_break_s_chips_by_itself(live_server, browser, cast):
    event = make_event("offline", levels=LEVELS, status=Event.Status.RUNNING, chip_set=make_chip_set())
    # Level 2 ends four seconds after the page opens.
    clock.clock_start(event=event, actor=cast["floor"], now=timezone.now() - timedelta(minutes=40) + timedelta(
        seconds=6))
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en")
    page = context.new_page()
    page.goto(live_server.url + public_url(event, "clock:screen", absolute=False))
    page.wait_for_selector("[data-testid=chips-in-play]")
    assert chips_shown(page) == ["25", "100", "500", "1000", "5000"]
    page.route("**/screen/state/**", lambda route: route.abort())
    page.wait_for_function("() => document.querySelector('[data-bind=label]').textContent === 'Break'",
                           timeout=15_000)
    assert chips_shown(page) == ["100", "500", "1000", "5000"]
    swatch = page.locator("[data-testid=chips-in-play] [data-testid=chip] svg circle").first
    assert swatch.get_attribute("fill") == "#111111"
    assert page.locator("[data-testid=colour-up]").inner_text() == "Colour-up: remove the green 25 chips"
    assert page.locator("[data-testid=chip-race]").is_visible()
    context.close()


def test_the_screen_on_a_phone(live_server, browser, cast, screenshot):
    event = make_event("phone", levels=LEVELS, status=Event.Status.RUNNING, chip_set=make_chip_set())
    add_field(event, 40, alive=30)
    clock.clock_start(event=event, actor=cast["floor"], now=timezone.now() - timedelta(minutes=43))
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="pt-BR")
    page = context.new_page()
    page.goto(live_server.url + public_url(event, "clock:screen", absolute=False))
    page.wait_for_selector("[data-testid=chips-in-play]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("[data-testid=chip-race]").is_visible()
    screenshot(page, "chips-screen-phone")
    context.close()


def test_the_chip_race_page_on_a_desk_and_a_phone(live_server, browser, browser_login, cast, screenshot):
    event = make_event("race", levels=LEVELS, status=Event.Status.RUNNING, chip_set=make_chip_set())
    add_field(event, 100, alive=90)
    seat_field(event, per_table=9)
    clock.clock_start(event=event, actor=cast["floor"], now=timezone.now() - timedelta(minutes=43))
    for width, height, name in ((1280, 900, "chips-race"), (390, 844, "chips-race-phone")):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR",
                                      is_mobile=width < 500)
        page = context.new_page()
        violations = watch_policy(page)
        browser_login(page, "floor")
        page.goto(f"{live_server.url}/events/race/chip-race/")
        page.fill("[data-testid=race-per-stack]", "8")
        page.fill("[data-testid=race-odd-input]", "3 0 2 1 3")
        page.click("[data-testid=race-submit]")
        page.wait_for_selector("[data-testid=table-race]")
        assert "9 fichas de 25 de sobra (225) disputam 2 fichas de 100" in page.locator(
            "[data-testid=table-race]").inner_text()
        assert "800 (100 entradas × 8)" in page.locator("[data-testid=race-removed-chips]").inner_text()
        assert overflow(page) == 0
        screenshot(page, name)
        assert violations == []
        context.close()
