"""The eliminations desk in headless Chromium: two Enters per bust, a stale bust refused in place."""

import pytest

from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.registration import event_registration_close
from tests.browser import focused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_enter_names_the_player_enter_busts_and_a_stale_bust_is_refused_in_the_panel(
        live_server, page, browser_login, full_field, register, director, screenshot):
    event = full_field
    ana = Entry.objects.select_related("player").get(event=event, table__number=1, seat=4)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    # Type only once the cursor is in the field (a loaded machine may still be running desk.js).
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'bust'")
    page.keyboard.type("1 4")
    page.keyboard.press("Enter")
    page.locator(f"[data-testid=bust-who][data-entry='{ana.number}']").wait_for()
    assert ana.player.name in page.locator("[data-testid=bust-confirm]").inner_text()
    # The cursor is back in the field, the text kept: the next Enter confirms.
    assert focused(page, "bust") == "bust"
    screenshot(page, "eliminations-confirm")

    # Meanwhile another terminal busts Ana, and a late entry takes her seat.
    entry_eliminate(event=event, table_number=1, seat=4, actor=director, level_position=None)
    late = register(event, "Late Lucas")
    page.keyboard.press("Enter")
    error = page.locator("[data-testid=form-error]")
    error.wait_for()
    assert "Late Lucas" in error.inner_text() and f"{late.number}" in error.inner_text()
    late.refresh_from_db()
    assert late.status == Entry.Status.ALIVE
    screenshot(page, "eliminations-stale-refused")

    # Enter again shows who sits there now; one more Enter busts the late entry, as now confirmed.
    page.keyboard.press("Enter")
    page.locator(f"[data-testid=bust-who][data-entry='{late.number}']").wait_for()
    page.keyboard.press("Enter")
    page.locator("[data-testid=bust-done]").wait_for()
    late.refresh_from_db()
    assert late.status == Entry.Status.BUSTED


def test_a_refused_undo_shows_its_message_in_the_panel(live_server, page, browser_login, full_field, director):
    event = full_field
    first = entry_eliminate(event=event, table_number=2, seat=1, actor=director, level_position=None)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    # Another terminal busts at the same table: the undo shown is now too late.
    entry_eliminate(event=event, table_number=2, seat=2, actor=director, level_position=None)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click(f"[data-testid=undo-{first.pk}]")
    error = page.locator("[data-testid=form-error]")
    error.wait_for()
    assert "undo" in error.inner_text().lower() or "desfaça" in error.inner_text().lower()


def test_chip_counts_flag_the_chips_missing_from_the_counts(live_server, page, browser_login, full_field, director,
                                                            screenshot):
    event_registration_close(event=full_field, actor=director)
    entry_eliminate(event=full_field, table_number=1, seat=1, actor=director, level_position=None)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{full_field.slug}/chips/?table=1")
    flag = page.locator("[data-testid=chips-difference]")
    assert flag.get_attribute("data-difference") == "-20000" and "20.000" in flag.inner_text()
    # The counts of table 1, the busted player's chips now on the first player left.
    boxes = page.locator("input[name^=chips_]")
    boxes.nth(0).fill("40000")
    for i in range(1, boxes.count()):
        boxes.nth(i).fill("20000")
    page.click("[data-testid=chips-form] button[type=submit]")
    page.locator("[data-testid=chips-match]").wait_for()
    screenshot(page, "chip-counts-match")
