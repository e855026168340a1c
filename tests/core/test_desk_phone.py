"""The desk pages of the demo event on a phone and at a desk, in both languages, in headless Chromium.

Each check here stood for a defect seen on screen: the adjudication form spilling past its card on a
phone, the chip-count table hiding its first columns, page links a finger could barely hit, numbers
left-aligned in tables, and the cursor not waiting where staff type.
"""

import pytest
from django.core.management import call_command

from tests.browser import focused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESK_PAGES = {
    "dashboard": "/events/demo/",
    "registration": "/events/demo/registration/",
    "table-map": "/events/demo/tables/",
    "eliminations": "/events/demo/eliminations/",
    "balancing": "/events/demo/tables/balance/",
    "hand-for-hand": "/events/demo/hand-for-hand/",
    "chips": "/events/demo/chips/",
    "payouts": "/events/demo/payouts/table/",
    "public-payouts": "/events/demo/payouts/",
    "seat-lookup": "/events/demo/seats/?q=Gomes",
    "rules": "/rulings/",
    "rules-search": "/rulings/search/?q=all-in",
    "adjudicate": "/rulings/adjudicate/",
}
# Everything inside main that pokes out of the card holding it (scrolling boxes excepted).
SPILLS = """() => [...document.querySelectorAll('main .card')].filter(
  card => getComputedStyle(card).overflowX === 'visible' && card.scrollWidth > card.clientWidth + 1
).map(card => (card.dataset.testid || card.className) + ' ' + card.scrollWidth + '>' + card.clientWidth)"""


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=open("/dev/null", "w"))


def desk(browser, live_server, *, width, height, lang):
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500,
                                  has_touch=width < 500)
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    pg.goto(f"{live_server.url}/accounts/login/")
    pg.fill("input[name=username]", "diretor")
    pg.fill("input[name=password]", "tdconsole-demo")
    pg.click("[data-testid=login-submit]")
    pg.wait_for_url(f"{live_server.url}/")
    return context, pg


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_every_desk_page_fits_a_phone(live_server, browser, demo, screenshot, lang):
    context, pg = desk(browser, live_server, width=390, height=844, lang=lang)
    for name, path in DESK_PAGES.items():
        pg.goto(live_server.url + path)
        assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
        assert pg.evaluate(SPILLS) == [], name
        # Page links under the title are big enough for a finger (about 40 px).
        short = pg.evaluate("""() => [...document.querySelectorAll('.event-nav a, .seating-nav a, .payouts-nav a')]
            .filter(a => a.getBoundingClientRect().height < 38).map(a => a.innerText)""")
        assert short == [], name
        screenshot(pg, f"desk-{name}-phone-{lang}", full_page=False)
    context.close()


def test_chip_counts_show_every_column_on_a_phone(live_server, browser, demo):
    """The count table was wider than the phone; the focused first box scrolled the names' table away."""
    context, pg = desk(browser, live_server, width=390, height=844, lang="pt-br")
    pg.goto(f"{live_server.url}/events/demo/chips/")
    box = pg.locator("#chips-panel .table-scroll")
    assert box.evaluate("el => el.scrollWidth <= el.clientWidth && el.scrollLeft === 0")
    assert (focused(pg, "chips_", prefix=True) or "").startswith("chips_")
    # The table and seat ride under the player's name instead, in Portuguese.
    assert pg.locator("#chips-panel tbody tr").first.locator(".where-inline").inner_text().startswith("M")
    context.close()


def test_numbers_line_up_on_the_right_in_desk_tables(live_server, browser, demo):
    context, pg = desk(browser, live_server, width=1366, height=768, lang="pt-br")
    pg.goto(f"{live_server.url}/events/demo/chips/")
    cell = pg.locator("#chips-panel tbody td.num").first
    assert cell.evaluate("td => getComputedStyle(td).textAlign") == "right"
    context.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_adjudicating_keeps_the_cursor_on_the_action_line(live_server, browser, demo, screenshot, width):
    """After dealing, the cursor went nowhere: the first [autofocus] was the set-up box, folded away."""
    context, pg = desk(browser, live_server, width=width, height=844, lang="en")
    pg.goto(f"{live_server.url}/rulings/adjudicate/")
    assert focused(pg, "seats") == "seats"
    pg.click("[data-testid=setup-submit]")
    pg.locator("[data-testid=hand]").wait_for()
    pg.wait_for_function("() => document.activeElement && document.activeElement.name === 'line'")
    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert pg.evaluate(SPILLS) == []
    pg.keyboard.type("p3 cc")
    pg.keyboard.press("Enter")
    pg.wait_for_function("() => document.querySelector('[data-testid=action-line]').value === ''")
    assert focused(pg, "line") == "line"
    screenshot(pg, f"adjudicate-hand-{width}")
    context.close()


def test_table_map_puts_the_cursor_in_the_player_filter(live_server, browser, demo):
    context, pg = desk(browser, live_server, width=1366, height=768, lang="pt-br")
    pg.goto(f"{live_server.url}/events/demo/tables/")
    assert focused(pg, "map-filter", attr="id") == "map-filter"
    pg.keyboard.type("Gomes")
    assert pg.locator(".seat.match").count() > 0
    context.close()
