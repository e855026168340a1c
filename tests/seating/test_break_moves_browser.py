"""The floor breaks a table in Chromium: the panel lists who moves where, and the slips print."""

import pytest

from tdconsole.printing.models import Document
from tdconsole.seating import services
from tdconsole.tournaments.models import Entry

from .conftest import make_entries, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_break_lists_the_moves_and_prints_their_slips(live_server, page, browser_login, screenshot, cast):
    event = make_event(slug="breaking", tables=6)
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=cast["floor"])
    make_entries(event, 20)  # 7 / 7 / 6
    services.seats_draw_initial(event=event, actor=cast["floor"])
    # Two busts at table 1 and one at 2: seventeen players fit at two tables, table 3 breaks.
    gone = list(Entry.objects.filter(event=event, table__number=1).order_by("seat")[:2]) + \
        list(Entry.objects.filter(event=event, table__number=2).order_by("seat")[:1])
    Entry.objects.filter(pk__in=[e.pk for e in gone]).update(status="busted", table=None, seat=None)
    leaving = Entry.objects.filter(event=event, table__number=3).count()

    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/eliminations/")
    assert page.locator("[data-testid=floor-action][data-action=break]").is_visible()
    screenshot(page, "eliminations-floor-action")

    page.goto(f"{live_server.url}/events/{event.slug}/tables/balance/")
    page.click("[data-testid=break-table]")
    page.wait_for_selector("[data-testid=break-moves]")
    rows = page.locator("[data-testid=break-moves] tbody tr")
    assert rows.count() == leaving
    screenshot(page, "seating-break-moves")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    spills = page.evaluate("""() => [...document.querySelectorAll('main .card')].filter(
      card => getComputedStyle(card).overflowX === 'visible' && card.scrollWidth > card.clientWidth + 1).length""")
    assert spills == 0
    screenshot(page, "seating-break-moves-phone")

    page.click("[data-testid=print-slips-receipt]")
    page.wait_for_url(f"{live_server.url}/events/{event.slug}/print/")
    document = Document.objects.get(event=event, kind="moves")
    page.locator(f"[data-testid=doc-{document.pk}][data-status=ready]").wait_for()
    assert document.variant.startswith("receipt-")
