"""The director's set-up in headless Chromium, from an empty database with only the structure templates: a venue
and its tables, a festival at it, an event in it through the event form, tables for the event, and the event
copied for next week; the festival page is saved as a screenshot, at a desk screen and on a phone."""

import datetime

import pytest

from tdconsole.tournaments.events import structure_templates_load
from tdconsole.tournaments.models import Event, Festival, Table, Venue
from tests.browser import overflow, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_director_sets_up_a_venue_a_festival_an_event_and_copies_it(live_server, page, browser_login, screenshot):
    templates = structure_templates_load()
    regular = next(t for t in templates if t.slug == "regular-40")
    assert not Venue.objects.exists() and not Festival.objects.exists() and not Event.objects.exists()
    page.set_viewport_size({"width": 1366, "height": 768})
    browser_login(page, "director")

    # A venue, from the home page, and its twelve tables in one go (htmx answers the table list in place).
    page.click("[data-testid=home-venues]")
    page.click("[data-testid=new-venue]")
    page.fill("input[name=name]", "Clube Central")
    page.click("[data-testid=venue-form-submit]")
    page.locator("[data-testid=tables-add]").wait_for()
    venue = Venue.objects.get(name="Clube Central")
    assert page.url.endswith(f"/venues/{venue.pk}/")
    assert page.input_value("[data-testid=add-first]") == "1"
    page.fill("[data-testid=add-last]", "12")
    page.fill("[data-testid=add-seats]", "9")
    page.click("[data-testid=add-submit]")
    page.locator("[data-testid=tables-done]").wait_for()
    assert "12 mesas adicionadas: 1-12." in page.inner_text("[data-testid=tables-done]")
    assert page.locator("[data-testid=table-list] li[data-table]").count() == 12
    assert sorted(Table.objects.filter(venue=venue).values_list("number", flat=True)) == list(range(1, 13))
    # A number already taken is refused in place, with the reason, and the list stays as it was.
    page.fill("[data-testid=number-12]", "3")
    page.click("[data-testid=save-12]")
    page.locator("[data-testid=tables-error]").wait_for()
    assert "Clube Central já tem uma mesa 3." in page.inner_text("[data-testid=tables-error]")
    assert Table.objects.filter(venue=venue, number=12).exists()
    screenshot(page, "setup-venue-1366")

    # A festival at that venue, from the menu.
    page.click("[data-testid=nav-festivals]")
    page.click("[data-testid=new-festival]")
    page.fill("input[name=name]", "Série de Verão")
    page.select_option("select[name=venue]", label="Clube Central")
    page.click("[data-testid=festival-form-submit]")
    page.locator("[data-testid=festival-events]").wait_for()
    festival = Festival.objects.get(name="Série de Verão")
    assert page.url.endswith("/festivals/serie-de-verao/") and festival.venue == venue

    # An event in it: the event form opens with the festival chosen.
    page.click("[data-testid=new-event-here]")
    form = page.locator("[data-testid=event-form]")
    assert form.locator("select[name=festival]").input_value() == str(festival.pk)
    form.locator("select[name=template]").select_option(value=str(regular.pk))
    page.fill("input[name=name]", "Quinta Turbo")
    page.fill("input[name=date]", "2026-12-10")
    page.fill("input[name=buy_in_prize]", "250")
    page.fill("input[name=buy_in_fee]", "30")
    page.fill("input[name=starting_stack]", "25000")
    form.locator("button[type=submit]").click()
    page.locator("[data-testid=status][data-status=draft]").wait_for()
    event = Event.objects.get(name="Quinta Turbo")
    assert event.festival == festival

    # Tables 1 to 6 for it, on the seating desk's page.
    page.goto(f"{live_server.url}/events/{event.slug}/tables/assign/")
    for n in range(1, 7):
        page.check(f"[data-testid=table-{n}]")
    page.click("[data-testid=assign-submit]")
    page.locator("[data-testid=draw-seats]").wait_for()

    # Copy for next week, from the dashboard: a week later, the tables that served it proposed. Tables 1-6
    # still serve this week's draft; the director adds 7 and 8, which are free.
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.click("[data-testid=copy-event]")
    copy_form = page.locator("[data-testid=copy-form]")
    assert copy_form.locator("input[name=name]").input_value() == "Quinta Turbo"
    assert copy_form.locator("input[name=date]").input_value() == "2026-12-17"
    assert copy_form.locator("input[name=tables]").input_value() == "1-6"
    screenshot(page, "setup-event-copy-1366")
    copy_form.locator("input[name=tables]").fill("1-8")
    page.click("[data-testid=copy-submit]")
    page.locator("[data-testid=status][data-status=draft]").wait_for()
    copy = Event.objects.exclude(pk=event.pk).get()
    assert (copy.name, copy.date, copy.festival) == ("Quinta Turbo", datetime.date(2026, 12, 17), festival)
    assert page.url.endswith(f"/events/{copy.slug}/")
    shown = " ".join(page.inner_text("#messages").split())
    assert "Ele tem as mesas 7-8." in shown
    assert "As mesas 1-6 ainda atendem Quinta Turbo (Rascunho): não foram passadas à cópia." in shown
    assert wait_for(lambda: sorted(Table.objects.filter(event=copy).values_list("number", flat=True)) == [7, 8],
                    page)
    assert copy.structure_id != event.structure_id
    assert copy.structure.levels.count() == event.structure.levels.count()

    # The festival page lists both, each with its status, date and links.
    page.goto(f"{live_server.url}/festivals/{festival.slug}/")
    rows = page.locator("[data-testid=festival-events] tbody tr")
    assert rows.count() == 2
    assert page.locator(f"[data-testid=status-{copy.slug}]").inner_text() == "Rascunho"
    assert "17/12/2026" in page.inner_text(f"[data-testid=event-{copy.slug}]")
    assert overflow(page) <= 0
    screenshot(page, "setup-festival-1366")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    screenshot(page, "setup-festival-390")
    assert overflow(page) <= 0
    page.goto(f"{live_server.url}/venues/{venue.pk}/")
    assert overflow(page) <= 0
    screenshot(page, "setup-venue-390")
