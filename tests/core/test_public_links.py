"""Public links use the address the site is really served on when no public URL is configured."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import RequestFactory
from django.urls import reverse

from tdconsole.tournaments.public import public_url

from ..factories import make_event


@pytest.fixture
def event(db):
    return make_event("links")


def payouts_link(html: str) -> str:
    return html.split('data-testid="public-link"', 1)[0].rsplit('href="', 1)[1].split('"', 1)[0]


def test_the_payouts_page_links_to_the_address_it_was_reached_on(event, client_as, settings):
    settings.PUBLIC_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["10.0.0.5"]
    html = client_as("viewer").get(reverse("payouts:table", args=[event.slug]), HTTP_HOST="10.0.0.5:8123")
    assert html.status_code == 200
    expected = f"http://10.0.0.5:8123/events/{event.slug}/payouts/?k={event.public_token}"
    assert payouts_link(html.content.decode()).replace("&amp;", "&") == expected


def test_a_configured_public_url_wins_over_the_request(event, client_as, settings):
    settings.PUBLIC_BASE_URL = "https://poker.example"
    settings.ALLOWED_HOSTS = ["10.0.0.5"]
    html = client_as("viewer").get(reverse("payouts:table", args=[event.slug]), HTTP_HOST="10.0.0.5:8123")
    assert payouts_link(html.content.decode()).startswith("https://poker.example/events/links/payouts/?k=")


def test_public_url_builds_on_the_request_scheme_and_port(event, settings):
    settings.PUBLIC_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["td.lan"]
    request = RequestFactory().get("/", HTTP_HOST="td.lan:9000", secure=True)
    assert public_url(event, "seating:seat_lookup", request=request) == (
        f"https://td.lan:9000/events/links/seats/?k={event.public_token}"
    )
    # No request and nothing configured: a path, never a made-up host.
    assert public_url(event, "clock:screen") == f"/events/links/screen/?k={event.public_token}"


def run_links(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("event_links", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_event_links_takes_the_address_as_an_option(event, settings):
    settings.PUBLIC_BASE_URL = ""
    out, _ = run_links(event.slug, "--base-url", "http://192.168.0.10:8000/")
    assert out.splitlines()[0] == f"screen: http://192.168.0.10:8000/events/links/screen/?k={event.public_token}"
    settings.PUBLIC_BASE_URL = "https://poker.example"
    out, _ = run_links(event.slug, "--base-url", "http://192.168.0.10:8000")
    assert "http://192.168.0.10:8000/events/links/seats/" in out  # the option wins over the setting


def test_event_links_without_an_address_prints_paths_and_says_how_to_add_one(event, settings):
    settings.PUBLIC_BASE_URL = ""
    out, err = run_links(event.slug)
    assert out.splitlines()[1] == f"feed: /api/events/links/clock.json?k={event.public_token}"
    assert "--base-url" in err
    assert "8000/events" not in out


def test_event_links_refuses_a_base_that_is_not_a_web_address(event):
    with pytest.raises(CommandError, match="http"):
        run_links(event.slug, "--base-url", "192.168.0.10:8000")


def test_no_public_url_is_configured_by_default():
    from .test_settings import run_manage

    code = "from django.conf import settings; print(repr(settings.PUBLIC_BASE_URL))"
    assert run_manage("shell", "--no-imports", "-c", code, DJANGO_DEBUG="1").stdout.strip() == "''"
