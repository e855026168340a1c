"""The adjudicator in Chromium: set up a table, act with the keyboard and buttons, see the ruling."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_floor_adjudicates_a_short_all_in_in_the_browser(live_server, page, browser_login, screenshot):
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/rulings/adjudicate/")
    page.fill("[name=seats]", "2 Ana 10000\n5 Bruno 1100\n8 Carla 20000")
    page.fill("[name=button]", "8")
    page.click("[data-testid=setup-submit]")
    page.wait_for_selector("[data-testid=hand]")
    # Carla (button) raises to 600, Ana calls, Bruno (700 behind after blind and ante) moves all-in to 900,
    # a raise of 300 where a full raise is 400: a short all-in.
    page.fill("[data-testid=raise-amount]", "600")
    page.click("[data-testid=act-raise]")
    page.wait_for_selector("tr.to-act[data-player=p1]")
    page.click("[data-testid=act-call]")
    page.wait_for_selector("tr.to-act[data-player=p2]")
    page.click("[data-testid=act-allin]")
    page.wait_for_selector("tr.to-act[data-player=p3]")
    # Back to Carla: she faces only 300 more, not a full raise, so she may not re-raise.
    assert page.locator("[data-testid=act-raise]").count() == 0
    assert page.locator("[data-testid=act-call]").inner_text().strip().endswith("300")
    # Typing a raise anyway is refused on the spot, with the reason.
    page.fill("[data-testid=action-line]", "p3 cbr 2000")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=action-error]")
    screenshot(page, "adjudicate-refused")
    page.click("[data-testid=act-call]")
    page.wait_for_selector("tr.to-act[data-player=p1]")
    page.click("[data-testid=act-call]")
    page.wait_for_selector("[data-testid=board-cards]")
    assert "Bruno" in page.locator("[data-testid=pots]").inner_text()
    screenshot(page, "adjudicate-pots")
