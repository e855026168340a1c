"""The registration desk in headless Chromium, typed at a clerk's speed over a slow venue network."""

import itertools
import time

import pytest
from django.db import OperationalError

from tdconsole.tournaments.models import Entry, Player
from tests.browser import focused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = ["Renata", "João", "Márcia", "Luís", "Beatriz", "Otávio", "Cecília", "Caio"]
LAST = ["Pinto", "Araújo", "Gonçalves", "Melo", "Sá"]
NAMES = [f"{first} {last}" for first, last in itertools.product(FIRST, LAST)]
LATENCY = 0.3


def slow_network(page) -> None:
    """Hold every request of the page for LATENCY seconds before it leaves the browser.

    The handler runs in Playwright's dispatcher, which turns only inside a Playwright call: waits after
    this go through `page.wait_for_timeout`, or a request still held stays held while the test sleeps.
    """

    def hold(route):
        time.sleep(LATENCY)
        route.continue_()

    page.route("**/*", hold)


def wait_for(predicate, timeout: float, page=None) -> bool:
    """Poll `predicate` until it holds. On SQLite the test's read shares the in-memory database with the
    live server's writes and may find a table locked by one of them: that read is tried again."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
        if page is not None:
            page.wait_for_timeout(200)
        else:
            time.sleep(0.2)
    return predicate()


def test_forty_names_typed_fast_over_a_slow_network_all_arrive_whole(live_server, page, browser_login, make_event,
                                                                    screenshot):
    assert len(NAMES) == 40
    event = make_event(tables=())
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    assert focused(page, "name") == "name"
    slow_network(page)
    for name in NAMES:
        # Each name is typed while the previous ones are still saving; Enter, then straight on.
        page.keyboard.type(name, delay=30)
        page.keyboard.press("Enter")
    wait_for(lambda: Entry.objects.filter(event=event).count() >= len(NAMES), timeout=90, page=page)
    # Let anything still travelling land before judging what arrived.
    page.wait_for_timeout(2 * LATENCY * 1000)
    screenshot(page, "tournaments-registration-forty-names")
    names = sorted(Player.objects.values_list("name", flat=True))
    assert names == sorted(NAMES), {"missing": sorted(set(NAMES) - set(names)),
                                    "unexpected": sorted(set(names) - set(NAMES))}
    assert sorted(Entry.objects.filter(event=event).values_list("player__name", flat=True)) == sorted(NAMES)
    assert sorted(Entry.objects.filter(event=event).values_list("number", flat=True)) == list(range(1, 41))
    # The field is empty and still has the cursor, ready for the 41st player.
    assert focused(page, "name") == "name"
    assert page.input_value("[data-testid=name-input]") == ""


def test_matches_of_a_name_already_sent_do_not_come_back(live_server, page, browser_login, make_event, director):
    from tdconsole.tournaments.players import player_register

    event = make_event(tables=())
    player_register(festival=event.festival, name="Ana Lima", actor=director)
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    # The browser itself holds every answer for 800 ms (Python stays free to type meanwhile).
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 800, "downloadThroughput": -1, "uploadThroughput": -1})
    with page.expect_request("**/registration/search/**"):
        page.keyboard.type("ana", delay=30)
    # The search for "ana" is on its way; Enter sends "ana" and empties the field meanwhile.
    page.keyboard.press("Enter")
    page.wait_for_timeout(2000)
    assert page.input_value("[data-testid=name-input]") == ""
    assert page.locator("#matches li").count() == 0


def test_a_name_already_registered_asks_and_the_clerk_chooses(live_server, page, browser_login, make_event, director,
                                                              screenshot):
    from tdconsole.tournaments.players import player_register

    event = make_event(tables=())
    joao = player_register(festival=event.festival, name="João Silva", actor=director)
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    page.keyboard.type("joao silva", delay=20)
    # Found without the accent while typing...
    page.locator(f"[data-testid=register-player-{joao.pk}]").wait_for()
    # ...but the clerk presses Enter anyway and types on: asked, not duplicated.
    page.keyboard.press("Enter")
    page.keyboard.type("Bruno", delay=20)
    notice = page.locator("[data-testid=notice-choose]")
    notice.wait_for()
    assert page.input_value("[data-testid=name-input]") == "Bruno"
    assert focused(page, "name") == "name"
    assert Player.objects.count() == 1 and not Entry.objects.exists()
    screenshot(page, "tournaments-registration-same-name")
    notice.locator(f"[data-testid=choose-player-{joao.pk}]").click()
    page.locator("[data-testid=seat-card]").wait_for()
    assert page.locator("[data-testid=notice-choose]").count() == 0
    assert Entry.objects.get().player == joao
    # What the clerk had typed meanwhile is still there.
    assert page.input_value("[data-testid=name-input]") == "Bruno"
    # The player page, from the recent list.
    page.locator("[data-testid=player-link-1]").click()
    page.locator("[data-testid=player-form]").wait_for()
    screenshot(page, "tournaments-player")


def test_a_player_picked_from_the_matches_is_bought_in(live_server, page, browser_login, make_event, director):
    from tdconsole.tournaments.players import player_register

    event = make_event(tables=())
    ana = player_register(festival=event.festival, name="Ana Lima", actor=director)
    player_register(festival=event.festival, name="Anabela Reis", actor=director)
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    page.keyboard.type("ANA LI", delay=20)
    page.locator(f"[data-testid=register-player-{ana.pk}]").click()
    page.locator("[data-testid=seat-card]").wait_for()
    assert Entry.objects.get().player == ana and Player.objects.count() == 2
    assert page.input_value("[data-testid=name-input]") == ""
