"""The projected screen in headless Chromium: it counts, follows the desk, survives losing the server."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tdconsole.clock import services
from tdconsole.tournaments.public import public_url

from .conftest import make_entries, make_event, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seconds_shown(page) -> int:
    text = page.locator("[data-testid=clock-screen] [data-bind=time]").inner_text().strip()
    parts = [int(p) for p in re.findall(r"\d+", text)]
    total = 0
    for p in parts:
        total = total * 60 + p
    return total


def open_screen(page, live_server, event):
    page.goto(live_server.url + public_url(event, "clock:screen", absolute=False))
    page.wait_for_selector("[data-testid=clock-state]")



def test_screen_counts_down(live_server, page, floor_user):
    event = make_event()
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=2))
    open_screen(page, live_server, event)
    first = seconds_shown(page)
    assert 17 * 60 < first <= 18 * 60
    wait_until(lambda: seconds_shown(page) <= first - 2, timeout=4)
    assert page.locator("[data-testid=offline]").is_hidden()


def test_pausing_at_the_desk_stops_the_screen_at_its_next_poll(live_server, page, floor_user):
    event = make_event()
    polls = []
    page.on("requestfinished", lambda request: "/screen/state/" in request.url and polls.append(request.url))
    services.clock_start(event=event, actor=floor_user)
    open_screen(page, live_server, event)
    page.wait_for_timeout(1200)
    services.clock_pause(event=event, actor=floor_user)
    before = len(polls)
    took = wait_until(lambda: page.locator("[data-testid=paused]").count() == 1, timeout=10.0)
    # The screen polls every second: the pause shows with the first answer read after it (one
    # more when a poll was already on its way), however slow the machine.
    after = len(polls) - before
    print(f"pause shown after {after} poll(s), {took:.2f} s")
    assert 1 <= after <= 2
    frozen = seconds_shown(page)
    page.wait_for_timeout(1500)
    assert seconds_shown(page) == frozen
    services.clock_resume(event=event, actor=floor_user)
    wait_until(lambda: page.locator("[data-testid=paused]").count() == 0, timeout=10.0)
    wait_until(lambda: seconds_shown(page) < frozen, timeout=10.0)


def test_the_desk_page_pauses_every_screen_with_the_space_bar(live_server, browser, page, browser_login, screenshot):
    event = make_event()
    desk = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    browser_login(desk, "floor")
    desk.goto(f"{live_server.url}/events/{event.slug}/clock/")
    desk.click("[data-testid=control-start]")
    desk.wait_for_selector("[data-testid=desk-state][data-status=running]")
    open_screen(page, live_server, event)
    wait_until(lambda: page.locator("[data-testid=clock-state][data-status=running]").count() == 1, timeout=3)
    desk.keyboard.press("Space")
    desk.wait_for_selector("[data-testid=desk-state][data-status=paused]", timeout=2000)
    wait_until(lambda: page.locator("[data-testid=paused]").count() == 1, timeout=2.0)
    # A second pause from a stale desk is refused with a message, and the state stays paused.
    desk.evaluate("""() => htmx.ajax('POST', location.pathname + 'pause/', {target: '#clock-panel'})""")
    desk.wait_for_selector("[data-testid=clock-error]")
    assert desk.locator("[data-testid=desk-state]").get_attribute("data-status") == "paused"
    screenshot(desk, "clock-desk")
    desk.context.close()


def test_screen_keeps_counting_offline_and_recovers(live_server, page, floor_user):
    event = make_event()
    services.clock_start(event=event, actor=floor_user)
    open_screen(page, live_server, event)
    services.clock_set_left(event=event, actor=floor_user, seconds=6)
    wait_until(lambda: seconds_shown(page) <= 6, timeout=3)
    assert page.locator("[data-testid=level-label]").inner_text().strip().endswith("1")
    page.route("**/screen/state/**", lambda route: route.abort("connectionrefused"))
    wait_until(lambda: page.locator("[data-testid=offline]").is_visible(), timeout=6)
    # While offline the level ends and the browser moves on to level 2 by itself.
    wait_until(lambda: page.locator("[data-testid=level-label]").inner_text().strip().endswith("2"), timeout=8)
    assert page.locator("[data-testid=blinds]").inner_text().strip() == "200 / 400"
    before = seconds_shown(page)
    wait_until(lambda: seconds_shown(page) <= before - 1, timeout=3)
    page.unroute("**/screen/state/**")
    wait_until(lambda: page.locator("[data-testid=offline]").is_hidden(), timeout=4)
    assert page.locator("[data-testid=blinds]").inner_text().strip() == "200 / 400"


def test_screen_keeps_counting_when_the_browser_goes_offline(live_server, page, floor_user):
    event = make_event()
    services.clock_start(event=event, actor=floor_user)
    open_screen(page, live_server, event)
    page.context.set_offline(True)
    wait_until(lambda: page.locator("[data-testid=offline]").is_visible(), timeout=6)
    shown = seconds_shown(page)
    wait_until(lambda: seconds_shown(page) < shown, timeout=3)
    page.context.set_offline(False)
    wait_until(lambda: page.locator("[data-testid=offline]").is_hidden(), timeout=5)


def test_sound_switch_is_remembered(live_server, page, floor_user):
    event = make_event()
    open_screen(page, live_server, event)
    toggle = page.locator("[data-testid=sound-toggle]")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()
    assert page.locator("[data-testid=sound-toggle]").get_attribute("aria-pressed") == "true"


def test_level_change_and_last_minute_fire_signals(live_server, page, floor_user):
    event = make_event()
    services.clock_start(event=event, actor=floor_user)
    open_screen(page, live_server, event)
    page.evaluate("""() => { window.signals = [];
        document.addEventListener('clock:signal', e => window.signals.push(e.detail.kind)); }""")
    # Set after the page listens, so a slow page load cannot skip the crossing of the minute.
    services.clock_set_left(event=event, actor=floor_user, seconds=62)
    wait_until(lambda: "warning" in page.evaluate("window.signals"), timeout=6)
    assert "level" not in page.evaluate("window.signals")
    services.clock_next_level(event=event, actor=floor_user)
    wait_until(lambda: "level" in page.evaluate("window.signals"), timeout=3)


@pytest.mark.parametrize("width,height", [(1920, 1080), (1280, 720)])
def test_screen_fits_the_display_and_is_saved_for_review(live_server, browser, floor_user, screenshot, width, height):
    event = make_event(
        slug=f"shot-{width}", name="Main Event R$ 1.000 GTD 500K", format="reentry", max_entries=3,
        late_registration_level=8, hand_for_hand=True,
        levels=[("level", 1000, 2000, 2000, 20, None)] * 3 + [("break", 0, 0, 0, 15, 100)]
        + [("level", 2000, 4000, 4000, 20, None)] * 3,
    )
    make_entries(event, 1312, busted=1074)
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=47, seconds=21))
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    page = context.new_page()
    open_screen(page, live_server, event)
    page.wait_for_timeout(1300)
    size = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width and size[1] <= height, size
    # The countdown is the biggest thing on the screen.
    time_shown = page.locator("[data-testid=clock-screen] [data-bind=time]")
    time_shown.wait_for(state="visible")
    box = time_shown.bounding_box()
    assert box["height"] > height * 0.2
    screenshot(page, f"clock-{width}x{height}", full_page=False)
    context.close()


def test_break_screen_shows_the_colour_up_and_paused_state(live_server, browser, floor_user, screenshot):
    event = make_event(slug="on-break")
    make_entries(event, 40, busted=8)
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=43))
    services.clock_pause(event=event, actor=floor_user)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="pt-BR")
    page = context.new_page()
    open_screen(page, live_server, event)
    assert page.locator("[data-testid=colour-up]").is_visible()
    assert "25" in page.locator("[data-testid=colour-up]").inner_text()
    assert page.locator("[data-testid=blinds]").is_hidden()
    assert page.locator("[data-testid=paused]").is_visible()
    screenshot(page, "clock-break-paused-1280x720", full_page=False)
    context.close()


def test_screen_and_desk_fit_a_phone(live_server, browser, browser_login, floor_user, screenshot):
    event = make_event(slug="phone", late_registration_level=3)
    make_entries(event, 120, busted=20)
    services.clock_start(event=event, actor=floor_user)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="pt-BR")
    pg = context.new_page()
    open_screen(pg, live_server, event)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(pg, "clock-phone")
    browser_login(pg, "floor")
    pg.goto(f"{live_server.url}/events/{event.slug}/clock/")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(pg, "clock-desk-phone")
    context.close()
