"""The floor pages in headless Chromium: keyboard-first registration and busting, and a phone screen."""

import pytest

from tdconsole.tournaments.models import Entry
from tests.browser import focused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_registration_desk_type_enter_seat_card_then_bust_and_undo(live_server, page, browser_login, seated_event,
                                                                    screenshot):
    browser_login(page, "director")
    page.goto(f"{live_server.url}/events/{seated_event.slug}/registration/")
    # The cursor waits in the name field: type, Enter.
    assert focused(page, "name") == "name"
    page.keyboard.type("Joana Prado")
    page.keyboard.press("Enter")
    card = page.locator("[data-testid=seat-card]")
    card.wait_for()
    entry = Entry.objects.get(event=seated_event, player__name="Joana Prado")
    assert card.get_attribute("data-table") == str(entry.table.number)
    assert card.get_attribute("data-seat") == str(entry.seat)
    # Ready for the next player at once.
    assert focused(page, "name") == "name"
    screenshot(page, "tournaments-registration")

    page.goto(f"{live_server.url}/events/{seated_event.slug}/eliminations/")
    assert focused(page, "bust") == "bust"
    page.keyboard.type(f"{entry.table.number} {entry.seat}")
    page.keyboard.press("Enter")
    # The first Enter names who sits there; the second busts them.
    page.locator(f"[data-testid=bust-who][data-entry='{entry.number}']").wait_for()
    assert "Joana Prado" in page.locator("[data-testid=bust-confirm]").inner_text()
    page.keyboard.press("Enter")
    page.locator("[data-testid=bust-done]").wait_for()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.BUSTED
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("[data-testid^=undo-]").first.click()
    page.locator("[data-testid=undo-done]").wait_for()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ALIVE
    screenshot(page, "tournaments-eliminations")


def test_dashboard_and_eliminations_fit_a_phone(live_server, browser, browser_login, seated_event, screenshot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = context.new_page()
    browser_login(pg, "floor")
    for path, name in (("", "dashboard"), ("eliminations/", "eliminations"), ("chips/?table=1", "chips")):
        pg.goto(f"{live_server.url}/events/{seated_event.slug}/{path}")
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390, name
        screenshot(pg, f"tournaments-{name}-phone")
    context.close()
