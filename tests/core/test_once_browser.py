"""One click, one result in headless Chromium, over a slow venue network (issue 11, point 5).

Every answer is held LATENCY seconds after the server has given it (Playwright routing): the work is
done at once, the clerk only sees it late, which is when a second click or a retry happens.
"""

import re
import time
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Error as PlaywrightError

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock_services
from tdconsole.tournaments.models import Entry
from tests.tournaments.conftest import festival, make_event, register, seated_event, template  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LATENCY = 0.3


class SlowNetwork:
    """Every answer reaches the page LATENCY seconds after the server gave it.

    The answers are held in a list and let through by `wait()`: sleeping in the route handler would
    stop Playwright's sync API (and so the test's own clicks) for that long. Each POST's token is noted
    in `posts`. With `lose_first_answer`, the first POST's answer never arrives (the work was done).
    The test reads the database only when no request is on its way: the live server shares the test's
    in-memory SQLite connection. `replayed` says, for each POST answered, whether the server answered it
    with the answer stored for its token (the first send's) instead of doing the work.
    """

    def __init__(self, page, lose_first_answer: bool = False) -> None:
        self.page = page
        self.lose_first_answer = lose_first_answer
        self.posts: list[str] = []
        self.replayed: list[bool] = []
        self.held: list = []
        page.route("**/*", self._hold)

    def _hold(self, route) -> None:
        request = route.request
        lose = False
        if request.method == "POST":
            self.posts.append(parse_qs(request.post_data or "").get("_once", [""])[0])
            lose = self.lose_first_answer and len(self.posts) == 1
        try:
            response = route.fetch()
        except PlaywrightError:
            return  # the browser gave up on this request meanwhile
        if request.method == "POST":
            self.replayed.append(response.headers.get("x-once-replayed") == "1")
        self.held.append((time.monotonic() + LATENCY, route, response, lose))

    def wait(self, predicate=lambda: False, seconds: float = 3 * LATENCY) -> None:
        """Let answers through as they fall due, until `predicate()` holds or `seconds` have passed."""
        deadline = time.monotonic() + seconds
        while True:
            now = time.monotonic()
            due = [held for held in self.held if held[0] <= now]
            self.held = [held for held in self.held if held[0] > now]
            for _due, route, response, lose in due:
                try:
                    if lose:
                        route.abort("connectionreset")
                    else:
                        route.fulfill(response=response)
                except PlaywrightError:
                    pass  # a newer navigation replaced this one
            if predicate() or now >= deadline:
                return
            self.page.wait_for_timeout(20)

    def wait_for(self, selector: str, seconds: float = 10) -> None:
        # Asked only when no answer is held: the page cannot be read while its navigation waits for one.
        self.wait(lambda: not self.held and self.page.locator(selector).count() > 0, seconds)
        assert self.page.locator(selector).count() > 0, f"{selector} never showed"

    def holds_answer_to_post(self) -> bool:
        """The server has answered the last POST and its answer is on its way."""
        return bool(self.posts) and any(route.request.method == "POST" for _d, route, _r, _l in self.held)


SUBMIT = "[data-testid=registration-form] button[type=submit]"


def test_a_double_click_on_register_over_a_slow_network_registers_once(live_server, page, browser_login,
                                                                         make_event):  # noqa: F811
    """The first click sends the name and empties the field; the second click, on the emptied form with
    nothing typed since, is the same registration: it is not sent. One entry, one seat card, no error."""
    event = make_event()
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    network = SlowNetwork(page)
    page.fill("[data-testid=name-input]", "Renata Pinto")
    page.dblclick(SUBMIT)
    network.wait_for("[data-testid=seat-card]")
    network.wait()
    assert len(network.posts) == 1, network.posts
    assert Entry.objects.filter(event=event).count() == 1
    assert page.locator("[data-testid=seat-card]").count() == 1
    assert "Renata Pinto" in page.locator("[data-testid=seat-card]").inner_text()
    assert page.locator("#reg-notices li").count() == 0  # no refusal, no "not sent"
    # Enter once more on the emptied field, the answer in: still nothing sent, nothing refused.
    page.press("[data-testid=name-input]", "Enter")
    network.wait()
    assert len(network.posts) == 1, network.posts
    assert page.locator("#reg-notices li").count() == 0
    # The next name typed is a new registration.
    page.fill("[data-testid=name-input]", "Ana Lima")
    page.press("[data-testid=name-input]", "Enter")
    network.wait(lambda: len(network.posts) >= 2, seconds=5)
    network.wait_for("[data-testid=seat-card] >> text=Ana Lima")
    network.wait()
    assert len(network.posts) == 2 and network.posts[1] != network.posts[0], network.posts
    assert sorted(Entry.objects.filter(event=event).values_list("player__name", flat=True)) == [
        "Ana Lima", "Renata Pinto"]


def test_a_second_click_while_the_answer_is_on_its_way_without_javascript_shows_the_first_result(
        live_server, browser, cast, make_event):  # noqa: F811
    """Without JavaScript the second click is a second request; the page shown answers that one."""
    from tests.conftest import PASSWORD

    event = make_event()
    context = browser.new_context(java_script_enabled=False, locale="pt-BR")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", cast["registration"].username)
        page.fill("input[name=password]", PASSWORD)
        page.click("[data-testid=login-submit]")
        page.wait_for_url(f"{live_server.url}/")
        page.goto(f"{live_server.url}/events/{event.slug}/registration/")
        network = SlowNetwork(page)
        page.fill("[data-testid=name-input]", "Renata Pinto")
        # The mouse, not page.click: Playwright's click would wait for the pending navigation.
        box = page.locator(SUBMIT).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        network.wait(network.holds_answer_to_post, seconds=5)
        page.mouse.click(x, y)
        network.wait(lambda: len(network.posts) >= 2, seconds=5)
        network.wait_for("[data-testid=seat-card]")
        network.wait()
        assert len(network.posts) == 2 and len(set(network.posts)) == 1, network.posts
        assert Entry.objects.filter(event=event).count() == 1
        assert page.locator("[data-testid=form-error]").count() == 0
    finally:
        context.close()


def test_an_answer_lost_on_the_way_then_typed_again_shows_the_first_result(live_server, page, browser_login,
                                                                           make_event):  # noqa: F811
    """The registration reached the server, its answer did not reach the clerk. The field was emptied at
    Enter, and a notice says the name was not sent: Enter on the empty field sends nothing, "Type again"
    puts the name back with that send's token, and Enter then gets the server's first answer (its seat
    card), not a second registration."""
    event = make_event()
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    network = SlowNetwork(page, lose_first_answer=True)
    page.fill("[data-testid=name-input]", "Renata Pinto")
    page.press("[data-testid=name-input]", "Enter")
    network.wait_for("[data-testid=notice-unsent]")
    assert "Renata Pinto" in page.locator("[data-testid=notice-unsent]").inner_text()
    assert page.locator("[data-testid=seat-card]").count() == 0
    assert Entry.objects.filter(event=event).count() == 1  # the work was done
    assert page.input_value("[data-testid=name-input]") == ""
    page.press("[data-testid=name-input]", "Enter")
    network.wait()
    assert len(network.posts) == 1, network.posts
    page.click("[data-testid=notice-unsent] [data-refill]")
    assert page.input_value("[data-testid=name-input]") == "Renata Pinto"
    page.press("[data-testid=name-input]", "Enter")
    network.wait_for("[data-testid=seat-card]")
    network.wait()
    assert len(network.posts) == 2 and network.posts[0] == network.posts[1], network.posts
    assert network.replayed == [False, True]
    entry = Entry.objects.get(event=event)
    card = page.locator("[data-testid=seat-card]")
    assert card.get_attribute("data-entry") == str(entry.pk)
    assert "Renata Pinto" in card.inner_text()
    assert re.search(rf"\b{entry.number}\b", card.inner_text())
    assert page.locator("[data-testid=form-error]").count() == 0
    assert page.input_value("[data-testid=name-input]") == ""


def test_an_answer_lost_then_other_players_then_typed_again_is_still_the_first_send(live_server, page, browser_login,
                                                                                   make_event):  # noqa: F811
    """The clerk goes on with the queue before dealing with the "not sent" notice: "Type again" still
    sends the lost registration with its own token (the form's has changed since), so it is answered
    with its first result instead of being registered, or asked about, a second time."""
    event = make_event()
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    network = SlowNetwork(page, lose_first_answer=True)
    page.fill("[data-testid=name-input]", "Renata Pinto")
    page.press("[data-testid=name-input]", "Enter")
    network.wait_for("[data-testid=notice-unsent]")
    page.fill("[data-testid=name-input]", "Ana Lima")
    page.press("[data-testid=name-input]", "Enter")
    network.wait_for("[data-testid=seat-card] >> text=Ana Lima")
    network.wait()
    page.click("[data-testid=notice-unsent] [data-refill]")
    page.press("[data-testid=name-input]", "Enter")
    network.wait_for("[data-testid=seat-card] >> text=Renata Pinto")
    network.wait()
    assert len(network.posts) == 3 and network.posts[2] == network.posts[0] != network.posts[1], network.posts
    assert network.replayed == [False, False, True]
    renata = Entry.objects.get(event=event, player__name="Renata Pinto")
    assert page.locator("[data-testid=seat-card]").get_attribute("data-entry") == str(renata.pk)
    assert Entry.objects.filter(event=event).count() == 2
    assert page.locator("[data-testid=notice-choose]").count() == 0


def test_a_form_that_stays_on_the_page_keeps_its_token_for_a_double_click_and_not_after(
        live_server, page, browser_login, seated_event, director):  # noqa: F811
    """The clock's "set time left" form is not replaced by its answer: a double click is one action, and
    the next deliberate send (after the answer came) is another one."""
    clock_services.clock_start(event=seated_event, actor=director)
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{seated_event.slug}/clock/")
    network = SlowNetwork(page)
    token = page.input_value(".clock-set-left input[name=_once]")
    page.fill("[data-testid=time-left-input]", "12:30")
    assert page.input_value(".clock-set-left input[name=_once]") != token  # typing makes it another form
    page.click("[data-testid=control-set-left]")
    network.wait(network.holds_answer_to_post, seconds=5)
    page.click("[data-testid=control-set-left]")
    network.wait(lambda: len(network.posts) >= 2, seconds=5)
    network.wait()
    assert len(network.posts) == 2 and network.posts[0] == network.posts[1], network.posts
    assert AuditEntry.entries.filter(action="clock.set_left").count() == 1

    page.click("[data-testid=control-set-left]")
    network.wait(lambda: len(network.posts) >= 3, seconds=5)
    network.wait()
    assert len(network.posts) == 3 and network.posts[2] != network.posts[0], network.posts
    assert AuditEntry.entries.filter(action="clock.set_left").count() == 2


def test_a_refused_token_is_shown_in_the_messages_area(live_server, page, browser_login, seated_event):  # noqa: F811
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{seated_event.slug}/clock/")
    page.fill("[data-testid=time-left-input]", "12:30")
    page.press("[data-testid=time-left-input]", "Tab")  # its "change" gives the form a fresh token: before
    page.eval_on_selector(".clock-set-left input[name=_once]", "field => { field.value = 'damaged!' }")
    page.click("[data-testid=control-set-left]")
    message = page.locator("#messages [data-testid=once-refused]")
    message.wait_for()
    assert "Recarregue a página" in message.inner_text()
    assert AuditEntry.entries.filter(action="clock.set_left").count() == 0
