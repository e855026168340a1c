"""Browser: search as you type, open an entry, see the replay button (phone and desk widths)."""

import pytest


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_search_as_you_type_then_open_the_entry(live_server, page, reference, screenshot):
    page.goto(f"{live_server.url}/rulings/")
    box = page.get_by_test_id("rulings-q")
    box.press_sequentially("all-in menor que o aumento reabre a aposta", delay=15)
    from playwright.sync_api import expect

    first = page.locator("#rulings-results [data-testid^=result-]").first
    # Requests fire while typing; wait for the answer to the whole question, best match first.
    expect(first).to_have_attribute("data-testid", "result-reopening-short-all-in", timeout=10_000)
    assert page.url.rstrip("/").endswith("/rulings")  # results came in place, no page load
    screenshot(page, "rulings-search-as-you-type")
    first.click()
    page.wait_for_url("**/rulings/reopening-short-all-in/")
    assert page.get_by_test_id("tda-rule").inner_text().strip().startswith("TDA 47-A")
    replay = page.get_by_test_id("replay").first
    assert replay.get_attribute("href").startswith("/rulings/adjudicate/?phh=")
    screenshot(page, "rulings-entry-desk")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    assert page.get_by_test_id("replay").first.is_visible()
    screenshot(page, "rulings-entry-phone")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_floor_records_a_decision_and_prints_the_log(live_server, page, browser_login, reference, screenshot):
    from playwright.sync_api import expect

    from .conftest import make_event

    event = make_event("browser-event")
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/rulings/")
    page.get_by_test_id("add-decision").click()
    page.fill("input[name=table_number]", "7")
    page.fill("input[name=seats]", "2, 5")
    page.fill("textarea[name=question]", "Seat 5 shoved 1,500 over a 1,200 bet; may seat 2 re-raise?")
    page.fill("textarea[name=decision]", "No: the all-in is not a full raise. Seat 2 may call 300 or fold.")
    page.select_option("select[name=entry]", "reopening-short-all-in")
    page.get_by_test_id("save-decision").click()
    page.wait_for_url(f"**/events/{event.slug}/rulings/")
    row = page.get_by_test_id("decision").first
    expect(row).to_contain_text("TDA 47-A")
    expect(row).to_contain_text("2, 5")
    screenshot(page, "rulings-decision-log")
    page.emulate_media(media="print")
    assert not page.get_by_test_id("add-decision").is_visible()
    assert row.is_visible()
    screenshot(page, "rulings-decision-log-print")
