import pytest

from tdconsole.seating import services
from tdconsole.tournaments.models import Entry
from tests.factories import rename_player

from .conftest import make_entries, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seated_event(cast):
    event = make_event(slug="browser", tables=12)
    services.tables_assign(event=event, numbers=list(range(1, 7)), actor=cast["floor"])
    entries = make_entries(event, 50)
    rename_player(entries[0].player_id, "Ana Beatriz Souza")
    services.seats_draw_initial(event=event, actor=cast["floor"])
    return event


def entries_at_map(event):
    return Entry.objects.filter(event=event, table__isnull=False).order_by("number").values_list("id", flat=True)[0]


def test_table_map_renders_live_and_filters(live_server, page, browser_login, screenshot, cast):
    event = seated_event(cast)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/tables/")
    assert page.locator(".seat-table").count() == 6
    assert page.locator(".seat[data-entry]").count() == 50
    page.fill("#map-filter", "beatriz")
    assert page.locator(".seat.match").count() == 1
    page.fill("#map-filter", "  BEÁTRIZ  SOUZA ")  # case, accents and spaces as the desk search ignores them
    assert page.locator(".seat.match").count() == 1
    page.fill("#map-filter", "")
    screenshot(page, "seating-map")
    # The map polls: a change made at another desk appears without reloading.
    Entry.objects.filter(pk=entries_at_map(event)).update(status="busted", table=None, seat=None)
    page.wait_for_function("() => document.querySelectorAll('.seat[data-entry]').length === 49", timeout=12_000)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "seating-map-phone")


def test_public_lookup_searches_as_you_type(live_server, page, screenshot, cast):
    event = seated_event(cast)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.slug}/seats/?k={event.public_token}")
    page.fill("[data-testid=lookup-q]", "beatr")
    page.wait_for_selector("[data-testid=hit-table]")
    assert page.locator(".lookup-hit").count() == 1
    screenshot(page, "seating-lookup-phone")


def test_panel_balances_with_button_seats(live_server, page, browser_login, screenshot, cast):
    event = seated_event(cast)
    at_one = list(Entry.objects.filter(event=event, table__number=1).order_by("seat").values_list("id", flat=True))
    Entry.objects.filter(pk__in=at_one[:4]).update(status="busted", table=None, seat=None)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/tables/balance/")
    for box in page.locator("[data-testid^=button-]").all():
        box.fill("2")
    page.click("[data-testid=show-moves]")
    page.wait_for_selector("[data-testid=moves]")
    screenshot(page, "seating-panel")
    page.click("[data-testid=confirm-moves]")
    page.wait_for_selector("[data-testid=panel-notice]")
    counts = [t.entries.filter(status="alive").count() for t in event.tables.all()]
    assert max(counts) - min(counts) <= 1
