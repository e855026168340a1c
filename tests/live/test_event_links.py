"""`event_links SLUG` prints the live page's link, and the link it prints opens the page."""

from io import StringIO
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_event_links_prints_a_live_line_that_opens_the_live_page(client, seeded, settings):
    settings.PUBLIC_BASE_URL = "http://192.168.0.10:8000"
    out = StringIO()
    call_command("event_links", seeded.slug, stdout=out)
    lines = out.getvalue().splitlines()
    assert [line.split(":", 1)[0] for line in lines] == ["screen", "feed", "seats", "live"]
    live = lines[-1].removeprefix("live: ")
    assert live == f"http://192.168.0.10:8000/events/{seeded.slug}/live/?k={seeded.public_token}"
    parts = urlsplit(live)
    response = client.get(f"{parts.path}?{parts.query}")
    assert response.status_code == 200
    assert seeded.name in response.content.decode()
