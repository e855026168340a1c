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


def test_the_first_view_is_small_and_quick_on_3g_and_a_pause_shows_within_5_s(live_server, phone, floor_user,
                                                                             screenshot):
    event = seed(actor=floor_user)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS, "downloadThroughput": DOWN_BPS, "uploadThroughput": UP_BPS})
    received: dict[str, int] = {}
    urls: dict[str, str] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]))
    phone.add_init_script(CLOCK_SHOWN)

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
