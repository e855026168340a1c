"""A dispute opened from the eliminations page in Chromium: "d", the table number, Enter."""

import pytest

from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.tournaments.models import Entry

from .test_from_table import table_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_floor_opens_a_dispute_with_the_keyboard_and_saves_it(live_server, page, browser_login, screenshot):
    event, _table = table_event(button=None)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    # The cursor starts in the empty bust field: "d" there opens the dispute field.
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'bust'")
    page.keyboard.press("d")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=from-table]")
    # desk.js is deferred: it listens for the level change only once the page has been parsed.
    # Under load the panel can be on screen before that, and a change made then sends nothing.
    page.wait_for_load_state("domcontentloaded")
    assert page.input_value("[name=seats]").splitlines() == ["3 Ana 31000", "4 Bruno Costa 8000", "7 Carla 20000"]
    assert page.input_value("[name=big_blind]") == "200"
    assert page.input_value("[name=smallest_chip]") == "100"
    # The hand was dealt before the level changed: the floor picks level 2.
    with page.expect_navigation():
        page.select_option("[data-testid=level-select]", "2")
    page.wait_for_function("() => document.querySelector('[name=big_blind]').value === '100'")
    assert page.input_value("[name=smallest_chip]") == "25"  # the 25s leave only at the break
    screenshot(page, "adjudicate-from-table")
    page.fill("[name=button]", "7")
    page.click("[data-testid=setup-submit]")
    page.wait_for_selector("[data-testid=hand]")
    page.click("[data-testid=save-form] button[type=submit]")
    page.wait_for_selector("[data-testid=saved]")
    saved = SavedAdjudication.objects.get()
    assert saved.level_position == 2 and saved.table_number == 5
    assert saved.table_entries == {str(e.seat): e.pk for e in Entry.objects.filter(event=event, table__number=5)}
