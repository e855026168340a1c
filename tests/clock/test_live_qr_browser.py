"""The live page's QR code drawn in a corner of the projected screen, in headless Chromium."""

import pytest

from tdconsole.clock import services
from tdconsole.tournaments.public import public_url

from .conftest import make_entries, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_qr_code_shows_in_the_corner_and_goes_at_the_next_poll(live_server, page, director, screenshot):
    event = make_event()
    make_entries(event, 12)
    services.clock_start(event=event, actor=director)
    services.clock_live_qr_set(event=event, actor=director, shown=True)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(live_server.url + public_url(event, "clock:screen", absolute=False))
    qr = page.locator("[data-testid=live-qr] img")
    qr.wait_for()
    page.wait_for_function("() => { const i = document.querySelector('[data-testid=live-qr] img');"
                           " return i && i.complete && i.naturalWidth > 0; }")
    box = qr.bounding_box()
    # Bottom right, clear of the middle of the screen, large enough to scan from a table.
    assert box["x"] > 1280 * 0.75 and box["y"] > 720 * 0.5 and box["width"] >= 120
    screenshot(page, "clock-screen-live-qr", full_page=False)
    services.clock_live_qr_set(event=event, actor=director, shown=False)
    page.locator("[data-testid=live-qr]").wait_for(state="detached", timeout=5000)
