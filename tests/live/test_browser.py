"""The live page on a phone over regular 3G: small, quick to show the clock, and following the desk."""

import re
import time

import pytest
from django.utils import timezone

from tdconsole.clock import services as clock_services
from tdconsole.tournaments.public import public_url

from .conftest import seed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Regular 3G as the DevTools protocol takes it: bytes per second, latency in ms.
DOWN_BPS = 750_000 // 8
UP_BPS = 250_000 // 8
LATENCY_MS = 100
FIRST_VIEW_LIMIT = 100 * 1024
CLOCK_LIMIT_MS = 2000
CHANGE_LIMIT_S = 5.0

# Notes when the ticking clock is on screen (the script has taken over and shows a time), by the page's
# own clock (ms since the navigation started).
CLOCK_SHOWN = """
(function () {
  function check() {
    var el = document.querySelector('[data-testid=live-time]');
    if (window.tdLive && el && /\\d\\d:\\d\\d/.test(el.textContent) && el.getBoundingClientRect().height > 0) {
      window.__clockShownAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})();
"""


def seconds(text: str) -> int:
    total = 0
    for part in re.findall(r"\d+", text):
        total = total * 60 + int(part)
    return total


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR", is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    context.close()


def throttle(page):
    """Regular 3G for this page, its cache off (a first view), through the DevTools protocol."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS, "downloadThroughput": DOWN_BPS, "uploadThroughput": UP_BPS})
    return cdp


def shows_within(page, script: str, limit: float) -> float:
    """Seconds until `script` (a function's body returning a boolean) comes true; fails past `limit` (+2 s)."""
    began = time.monotonic()
    page.wait_for_function(f"() => {{ {script} }}", timeout=(limit + 2) * 1000)
    return time.monotonic() - began


def text_is(testid: str, text: str) -> str:
    found = f"document.querySelector('[data-testid={testid}]')"
    return f"const e = {found}; return !!e && e.textContent.trim() === {text!r};"


def test_the_first_view_is_small_and_quick_on_3g_and_a_pause_shows_within_5_s(live_server, phone, floor_user,
                                                                             screenshot):
    event = seed(actor=floor_user)
    cdp = throttle(phone)
    received: dict[str, int] = {}
    urls: dict[str, str] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]))
    phone.add_init_script(CLOCK_SHOWN)
    polls = []
    phone.on("request", lambda r: "/live/state.json" in r.url and polls.append(r.headers))

    phone.goto(live_server.url + public_url(event, "live:page", absolute=False))
    phone.wait_for_function("() => window.__clockShownAt !== undefined")
    phone.wait_for_load_state("networkidle")
    shown_ms = phone.evaluate("window.__clockShownAt")
    first_view = sum(received.values())
    by_url = sorted(((received[k], urls.get(k, "?").split("?")[0].rsplit("/", 2)[-2:]) for k in received),
                    reverse=True)
    print(f"first view: {first_view} bytes in {len(received)} responses {by_url}; clock shown at {shown_ms:.0f} ms")
    assert first_view < FIRST_VIEW_LIMIT
    assert shown_ms < CLOCK_LIMIT_MS

    # It shows what the server counts: level 2, 200/400, and the time left to the second.
    assert phone.locator("[data-testid=live-level]").inner_text() == "Nível 2"
    assert phone.locator("[data-testid=live-blinds]").inner_text() == "200 / 400"
    assert phone.locator("[data-testid=live-players]").inner_text() == "2 / 10"
    assert phone.locator("[data-testid=live-average]").inner_text() == "150.000"
    assert phone.locator("[data-testid=live-average-bb]").inner_text() == "375,0 BB"
    assert phone.locator("[data-testid=live-leader]").count() == 2
    assert phone.locator("[data-testid=live-elimination]").count() == 8
    ends_ms = phone.evaluate("window.tdLive.doc().clock.ends_ms")
    left = ends_ms / 1000 - timezone.now().timestamp()
    assert abs(seconds(phone.locator("[data-testid=live-time]").inner_text()) - left) <= 1.5

    # Where do I sit? by a name typed without accents.
    phone.fill("[data-testid=live-seat-q]", "joao")
    hit = phone.locator("[data-testid=live-seat-hit]")
    hit.wait_for()
    assert "João Pérez" in hit.inner_text() and "Mesa 1 · assento 1" in hit.inner_text()
    phone.evaluate("window.scrollTo(0, 0)")
    screenshot(phone, "live-phone-3g", full_page=True)

    # A pause made on the server shows within 5 s, and the clock stands still.
    clock_services.clock_pause(event=event, actor=floor_user)
    paused_at = time.monotonic()
    phone.wait_for_function("() => document.querySelector('[data-testid=live-status]').textContent === 'Pausado'",
                            timeout=CHANGE_LIMIT_S * 1000 + 2000)
    took = time.monotonic() - paused_at
    print(f"pause shown after {took:.2f} s")
    assert took < CHANGE_LIMIT_S
    frozen = phone.locator("[data-testid=live-time]").inner_text()
    phone.wait_for_timeout(1500)
    assert phone.locator("[data-testid=live-time]").inner_text() == frozen
    screenshot(phone, "live-phone-paused", full_page=False)
    # Each poll revalidates its ETag, and lets a shared cache answer from what it kept for 2 s (no no-cache).
    assert polls and all(h.get("cache-control") == "max-age=2" for h in polls)
    assert all(h.get("if-none-match", "").startswith('"') for h in polls)


def test_a_level_change_and_the_end_show_within_5_s_and_the_switch_turns_the_page_english(live_server, phone,
                                                                                        floor_user, screenshot):
    from tdconsole.tournaments.models import Event

    from .conftest import bust

    event = seed(actor=floor_user)
    throttle(phone)
    phone.goto(live_server.url + public_url(event, "live:page", absolute=False))
    phone.locator("[data-testid=live-level]").wait_for()
    assert phone.locator("[data-testid=live-level]").inner_text() == "Nível 2"

    # The desk moves on to the break: the page follows at its next poll.
    clock_services.clock_next_level(event=event, actor=floor_user)
    moved = time.monotonic()
    took = shows_within(phone, text_is("live-level", "Intervalo"), CHANGE_LIMIT_S)
    print(f"level change shown after {took:.2f} s")
    assert took < CHANGE_LIMIT_S
    # The break's ten minutes, counted from the moment the desk moved on (to the second).
    left = 600 - (time.monotonic() - moved)
    assert abs(seconds(phone.locator("[data-testid=live-time]").inner_text()) - left) <= 1.5
    assert phone.locator("[data-testid=live-blinds]").inner_text() == ""
    # After a break the stack is measured against the next level's big blind (2,000): 75 BB.
    assert phone.locator("[data-testid=live-average-bb]").inner_text() == "75,0 BB"

    # The switch: the same page in English, the clock still right.
    phone.click("[data-testid=lang-en]")
    phone.wait_for_function(f"() => {{ {text_is('live-level', 'Break')} }}")
    assert phone.locator("h2", has_text="Where do I sit?").count() == 1
    phone.wait_for_function("() => window.tdLive !== undefined")
    assert phone.locator("[data-testid=live-average]").inner_text() == "150,000"
    assert phone.locator("[data-testid=live-average-bb]").inner_text() == "75.0 BB"

    # The last bust and the end of the event: the champion and the results replace the clock.
    bust(event, 2, floor_user)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    took = shows_within(phone, text_is("live-champion", "João Pérez"), CHANGE_LIMIT_S)
    print(f"results shown after {took:.2f} s")
    assert took < CHANGE_LIMIT_S
    assert phone.locator("[data-testid=live-clock]").is_hidden()
    assert phone.locator("[data-testid=live-average-bb]").inner_text() == ""
    results = phone.locator("[data-testid=live-result]")
    # The paid places and the final table (places 1 to 9), best first.
    assert results.count() == 9
    print(results.all_inner_texts())
    assert results.nth(0).inner_text().split("\n") == ["Place 1 João Pérez", "R$2,500"]
    assert results.nth(2).inner_text().split("\n") == ["Place 3 main player 0003", "R$1,000"]
    assert results.nth(3).inner_text() == "Place 4 main player 0004"
    screenshot(phone, "live-phone-results-en", full_page=False)
