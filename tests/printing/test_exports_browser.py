"""The WhatsApp text in Chromium: the desk opens it from the print page and copies it with one click."""

from decimal import Decimal

import pytest

from tdconsole.payouts import services as payout_services
from tdconsole.tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_floor_copies_the_results_text_for_the_group(live_server, page, browser_login, screenshot, make_event,
                                                         director):
    event = make_event(entries=6, alive=1)
    payout_services.payout_table_save(event=event, amounts=[Decimal("400"), Decimal("200")], actor=director)
    Entry.objects.filter(event=event, number=1).update(place=1)
    browser_login(page, "floor")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{live_server.url}/events/{event.slug}/print/")
    page.click("[data-testid=results-text-link]")
    page.wait_for_selector("[data-testid=results-text]")
    text = page.input_value("[data-testid=results-text]")
    assert "🏆 1º" in text and "R$\xa0400,00" in text
    page.click("[data-testid=copy]")
    page.wait_for_function("() => document.querySelector('[data-testid=copy-status]').textContent === 'Copiado.'")
    assert page.evaluate("() => navigator.clipboard.readText()") == text
    screenshot(page, "results-whatsapp")
