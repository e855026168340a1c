"""End to end in headless Chromium: log in as the demo director, switch language, log out."""

import pytest
from django.core.management import call_command

from tests.browser import focused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_demo_director_logs_in_switches_language_and_logs_out(live_server, page, screenshot):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    page.goto(f"{live_server.url}/")
    assert "/accounts/login/" in page.url
    assert page.locator("html").get_attribute("lang") == "pt-br"
    # The cursor is already in the username field: staff type straight away.
    assert focused(page, "username") == "username"
    page.keyboard.type("diretor")
    page.fill("input[name=password]", "tdconsole-demo")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator(".who").inner_text() == "diretor"
    screenshot(page, "desk-home-pt-br")

    page.click("[data-testid=lang-en]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("[data-testid=logout]").inner_text() == "Log out"
    screenshot(page, "desk-home-en")

    page.click("[data-testid=logout]")
    page.wait_for_url("**/accounts/login/")
    page.goto(f"{live_server.url}/")
    assert "/accounts/login/" in page.url


def test_desk_fits_a_phone_screen(live_server, browser, browser_login, screenshot):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = context.new_page()
    browser_login(pg, "floor")
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    pg.click("label.nav-toggle-label")
    assert pg.locator(".mainnav").is_visible()
    screenshot(pg, "desk-home-phone")
    context.close()
