"""Content-Security-Policy: only the site's own scripts and styles, no inline code, no eval.

The browser test walks the main pages with the policy on and fails on any violation Chromium
reports in the console (an inline style htmx injects, an inline handler, an eval).
"""

import pytest
from django.core.management import call_command

from tdconsole.tournaments.models import Event

POLICY_WORDS = "Content Security Policy"


def test_every_page_sends_a_policy_without_inline_code_or_eval(client):
    response = client.get("/accounts/login/")
    policy = response.headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "unsafe" not in policy


def test_htmx_is_told_to_inject_no_style_and_evaluate_nothing(client):
    html = client.get("/accounts/login/").content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, "allowEval": false}\'>' in html


def test_no_template_carries_an_inline_handler_or_script():
    import re

    from .servers import ROOT

    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        if re.search(r"\son[a-z]+\s*=", text) or re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text):
            offenders.append(str(path.relative_to(ROOT)))
        if re.search(r'\sstyle\s*=\s*"', text):
            offenders.append(f"{path.relative_to(ROOT)} (style attribute)")
    assert offenders == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_main_pages_run_under_the_policy_without_a_violation(live_server, page, screenshot):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo")
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(f"{page.url}: {msg.text}") if POLICY_WORDS in msg.text else None)
    page.on("pageerror", lambda error: violations.append(f"{page.url}: page error {error}"))

    first = page.goto(f"{live_server.url}/accounts/login/")
    assert "script-src 'self'" in first.headers["content-security-policy"]
    page.fill("input[name=username]", "diretor")
    page.fill("input[name=password]", "tdconsole-demo")
    page.click("[data-testid=login-submit]")
    page.wait_for_url(f"{live_server.url}/")  # desk home

    # Registration: htmx search and an htmx registration swap the panel in.
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    page.keyboard.type("Helena CSP")
    page.keyboard.press("Enter")
    page.locator("[data-testid=seat-card]").wait_for()

    # Chip counts: choosing a table sends the filter form (the handler lives in desk.js now).
    page.goto(f"{live_server.url}/events/{event.slug}/chips/")
    page.select_option("select[name=table]", index=1)
    page.wait_for_url("**/chips/?table=*")

    # The projected clock screen, started from the desk, counting and polling.
    page.goto(f"{live_server.url}/events/{event.slug}/clock/")
    page.click("[data-testid=control-start]")
    page.wait_for_selector("[data-testid=desk-state][data-status=running]")
    page.goto(f"{live_server.url}/events/{event.slug}/screen/?k={event.public_token}")
    page.wait_for_timeout(2500)
    assert page.locator("[data-testid=clock-state]").get_attribute("data-status") == "running"

    # The adjudicator: a table set up through htmx.
    page.goto(f"{live_server.url}/rulings/adjudicate/")
    page.fill("[name=seats]", "2 Ana 10000\n5 Bruno 1100\n8 Carla 20000")
    page.fill("[name=button]", "8")
    page.click("[data-testid=setup-submit]")
    page.wait_for_selector("[data-testid=hand]")
    screenshot(page, "csp-adjudicate")

    assert violations == []


def test_browser_tests_wait_with_functions_the_policy_allows():
    """Playwright polls a string predicate through eval, which the policy refuses: use `() => ...`."""
    import re

    from .servers import ROOT

    offenders = []
    for path in (ROOT / "tests").rglob("*.py"):
        for match in re.finditer(r"wait_for_function\(\s*f?[\"']([^\"']{0,12})", path.read_text()):
            if not match.group(1).lstrip().startswith(("() =>", "function", "(")):
                offenders.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert offenders == [], "string predicates fail under the Content-Security-Policy: " + "; ".join(offenders)
