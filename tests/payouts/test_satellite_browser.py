"""A satellite in a real browser: the Director sets the target, issues the tickets, then moves one to
another player found by typing a name (htmx) and cancels another."""

from decimal import Decimal

import pytest

from tdconsole.cashier.models import Ticket
from tdconsole.payouts import services
from tests import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_sets_the_target_issues_moves_and_cancels(live_server, page, browser_login, make_event,
                                                          director, screenshot):
    target = make_event(name="High Roller", buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))
    satellite = make_event(name="Sat", entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))
    bia = factories.make_players(satellite.festival, ["Bianca Sá"])[0]
    browser_login(page, "director")
    page.goto(f"{live_server.url}/events/{satellite.slug}/payouts/table/")
    page.select_option("select[name=sat-target]", str(target.pk))
    page.click("[data-testid=satellite-save]")
    page.click("[data-testid=generate]")
    page.wait_for_selector("[data-testid=seats]")
    assert page.inner_text("[data-testid=seats]") == "3"
    assert "Vaga para High Roller" in page.inner_text("[data-testid=payout-table] tbody tr:first-child")
    services.payout_table_lock(event=satellite, actor=director)
    page.reload()
    page.click("[data-testid=issue-tickets]")
    page.wait_for_selector("[data-testid=winners]")
    assert "3 tickets emitidos." in page.inner_text("#messages")
    screenshot(page, "satellite-payouts")

    first, second = Ticket.objects.filter(source_event=satellite).order_by("source_entry__place")[:2]
    page.click("[data-testid=nav-tickets]")
    page.click(f"[data-testid=move-{first.pk}]")
    page.fill("[data-testid=move-search]", "bianca")
    page.wait_for_selector(f"[data-testid=move-to-{bia.pk}]")  # found while typing, without a page load
    screenshot(page, "satellite-ticket-move")
    page.click(f"[data-testid=move-to-{bia.pk}]")
    page.wait_for_selector(f"[data-testid=ticket-{first.pk}] >> text=Bianca Sá")
    page.fill(f"[data-testid=cancel-reason-{second.pk}]", "Vendido de volta ao clube")
    page.click(f"[data-testid=cancel-{second.pk}]")
    page.wait_for_selector(f"[data-testid=ticket-{second.pk}][data-status=cancelled]")
    screenshot(page, "satellite-tickets")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.player_id, second.status) == (bia.pk, "cancelled")
