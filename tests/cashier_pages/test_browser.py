"""The cash desk in headless Chromium: a rebuy sold from the keyboard ("/", the name, Enter, Enter), the ledger
row updated in place; the page fits a desk screen (1366x768) and a phone (390 wide)."""


import pytest

from tdconsole.cashier.models import Purchase
from tests import factories
from tests.browser import focused, overflow, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_rebuy_sold_from_the_keyboard_updates_the_ledger_row(live_server, page, browser_login, screenshot,
                                                                make_money_event):
    from tests.cashier.conftest import HOUSE_RULES

    event = make_money_event()
    factories.make_money_rules(event, **HOUSE_RULES)
    factories.make_paid_entries(event, ["Ana Souza", "Bruno Lima", "Márcia Melo"], method="cash")
    page.set_viewport_size({"width": 1366, "height": 768})
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/cash/")
    page.locator("h1").click()  # the cursor out of the search box: "/" brings it back
    page.keyboard.press("/")
    assert focused(page, "q") == "q"
    page.keyboard.type("marcia", delay=20)
    page.wait_for_selector("[data-testid=cash-matches]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=chosen-player]")
    # The first sale offered (the rebuy) has the cursor: Enter sells it, paid by the method picked.
    assert focused(page, "sell-rebuy", attr="data-testid") == "sell-rebuy"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=receipt-line]")
    assert wait_for(lambda: Purchase.objects.filter(event=event, kind="rebuy").count() == 1, page)
    line = " ".join(page.inner_text("[data-testid=receipt-line]").split())
    assert line.startswith("Recibo nº 4 · R$ 110,00 · Dinheiro")
    row = page.locator("[data-testid=ledger-row-3]")
    assert row.locator("[data-testid=rebuys]").inner_text().strip() == "1"
    assert " ".join(row.locator("[data-testid=paid]").inner_text().split()).startswith("R$ 220,00")
    assert overflow(page) <= 0
    screenshot(page, "cashdesk-desk-1366")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert overflow(page) <= 0
    screenshot(page, "cashdesk-desk-390")
    for name in ("ledger", "closeout"):
        page.goto(f"{live_server.url}/events/{event.slug}/cash/{name}/")
        assert overflow(page) <= 0, name
        screenshot(page, f"cashdesk-{name}-390")
    page.set_viewport_size({"width": 1366, "height": 768})
    for name in ("ledger", "closeout"):
        page.goto(f"{live_server.url}/events/{event.slug}/cash/{name}/")
        assert overflow(page) <= 0, name
        screenshot(page, f"cashdesk-{name}-1366")
