"""The eliminations desk in headless Chromium with a bounty: "1 2 por ana", Enter, Enter."""

import pytest

from tdconsole.cashier.models import BountyAward
from tdconsole.tournaments.models import Entry

from .test_bounties import bounty_night, who

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_bust_by_name_shows_the_eliminator_and_the_bounty_then_pays_it(live_server, page, browser_login,
                                                                         screenshot):
    event = bounty_night()
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'bust'")
    page.keyboard.type("1 2 por ana")
    page.keyboard.press("Enter")
    page.locator("[data-testid=bust-by-who][data-entry='1']").wait_for()
    confirm = page.locator("[data-testid=bust-confirm]").inner_text()
    assert "Bruno" in confirm and "Ana" in confirm
    assert "Ana ganha R$\u00a050,00 na hora e R$\u00a050,00 na própria cabeça por Bruno" in confirm
    screenshot(page, "bounty-confirm")
    page.keyboard.press("Enter")
    page.locator("[data-testid=bounty-won]").wait_for()
    assert who(event, "Bruno").status == Entry.Status.BUSTED
    assert BountyAward.objects.filter(event=event, eliminator=who(event, "Ana")).count() == 1
    assert "recompensa: Ana" in page.locator("[data-testid=recent-bounty]").inner_text()
    screenshot(page, "bounty-done")
