"""Every page names its icon, so browsers stop asking for a /favicon.ico that does not exist."""

import re

import pytest
from django.contrib.staticfiles import finders


@pytest.mark.django_db
def test_pages_link_an_icon_that_the_static_files_serve(client):
    html = client.get("/accounts/login/").content.decode()
    match = re.search(r'<link rel="icon" type="image/svg\+xml" href="([^"]+)"', html)
    assert match, "the page has no icon link"
    name = match.group(1).removeprefix("/static/")
    path = finders.find(name)
    assert path, f"{name} is not a static file"
    with open(path, encoding="utf-8") as icon:
        assert icon.read().lstrip().startswith("<svg")
