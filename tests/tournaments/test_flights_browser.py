"""The flights page in headless Chromium: the director adds Day 1A from the main event's dashboard and
opens the new flight's dashboard from the list."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_adds_a_flight_and_opens_its_dashboard(live_server, page, browser_login, make_event,
                                                            screenshot):
    main = make_event(name="Main Event", slug="main-event", buy_in_prize=Decimal("900"),
                      status=Event.Status.DRAFT, tables=())
    browser_login(page, "director")
    page.goto(f"{live_server.url}/events/{main.slug}/")
    page.locator("[data-testid=dash-flights]").click()
    form = page.locator("[data-testid=flight-create]")
    form.locator("input[name=new-name]").fill("Dia 1A")
    form.locator("input[name=new-date]").fill("2026-12-10")
    form.locator("[data-testid=flight-create-submit]").click()
    page.locator("[data-testid=flight-open]").wait_for()
    flight = Event.objects.get(parent=main)
    assert (flight.name, flight.date) == ("Dia 1A", datetime.date(2026, 12, 10))
    screenshot(page, "tournaments-flights")
    page.locator("[data-testid=flight-open]").click()
    page.wait_for_url(f"**/events/{flight.slug}/")
    assert page.locator("[data-testid=flights-link]").count() == 1
