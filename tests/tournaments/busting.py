"""The eliminations desk's two Enters, for view tests: "12 4" shows who sits there, the second busts them."""

import re

from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}
SEEN = re.compile(r'name="seen" value="([^"]*)"')


def bust_preview(client, event, text: str, **extra):
    """The first Enter: the confirmation naming who sits at the seats typed."""
    return client.post(reverse("tournaments:eliminations", kwargs={"slug": event.slug}), {"bust": text},
                       **(HTMX | extra))


def seen_in(response) -> str:
    """The entries a confirmation names, as its hidden field carries them ("4:1187")."""
    match = SEEN.search(response.content.decode())
    assert match, "no confirmation on the page"
    return match.group(1)


def bust_confirm(client, event, text: str, seen: str, **extra):
    """The second Enter: the bust, naming the entries the confirmation showed."""
    return client.post(reverse("tournaments:eliminations", kwargs={"slug": event.slug}),
                       {"bust": text, "confirmed": text, "seen": seen}, **(HTMX | extra))


def bust(client, event, text: str, **extra):
    """Both Enters, as the clerk types them: returns the answer to the second."""
    return bust_confirm(client, event, text, seen_in(bust_preview(client, event, text, **extra)), **extra)
