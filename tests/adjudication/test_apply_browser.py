"""The apply screen in a real browser (pt-BR): read what changes, apply, then undo it all."""

import pytest

from tdconsole.adjudication.models import FloorDecision
from tdconsole.tournaments.models import Entry
from tests.adjudication.test_apply import build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_floor_applies_a_ruling_and_undoes_it_in_the_browser(live_server, page, browser_login, screenshot):
    event, saved, at = build()
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/rulings/disputes/{saved.pk}/apply/")
    busts = page.get_by_test_id("bust-row")
    assert busts.nth(0).inner_text().startswith(f"Ana (assento 3, nº {at[3].number})")
    assert "4º" in busts.nth(0).inner_text()
    assert "A bolha estoura" in page.get_by_test_id("busted").inner_text()
    screenshot(page, "adjudication-apply-preview")
    page.get_by_test_id("apply-submit").click()
    page.get_by_test_id("undo-apply").wait_for()
    assert FloorDecision.objects.filter(event=event).count() == 1
    assert Entry.objects.get(pk=at[3].pk).status == "busted"
    screenshot(page, "adjudication-apply-applied")
    page.get_by_test_id("undo-apply").click()
    page.get_by_test_id("apply-submit").wait_for()
    assert Entry.objects.get(pk=at[3].pk).status == "alive"
    assert not FloorDecision.objects.filter(event=event).exists()
