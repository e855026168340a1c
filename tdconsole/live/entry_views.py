"""One entry's own page, reached by the link on the player's seat card (no key: the link's token)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import NOT_FOUND, public_url

from .entry import entry_card
from .links import entry_token_matches

# The page reloads itself this often (seconds): a seat changed at the desk, a new count, a bust.
REFRESH_SECONDS = 60


@require_GET
def entry_page(request: HttpRequest, slug: str, entry_id: int, token: str) -> HttpResponse:
    """The player's entry: name, number, table and seat (or place and prize), last count, bounty."""
    event = Event.objects.filter(slug=slug).first()
    # A wrong token, an entry of another event or a key changed since: the unknown event's 404, word for word.
    if event is None or not entry_token_matches(event=event, entry_id=entry_id, token=token):
        raise Http404(NOT_FOUND)
    card = entry_card(event=event, entry_id=entry_id)
    if card is None:
        raise Http404(NOT_FOUND)
    response = render(request, "live/entry.html", {
        "event": event,
        "card": card,
        "live_url": public_url(event, "live:page", absolute=False),
        "refresh_seconds": REFRESH_SECONDS,
    })
    # A player's own page (and a CSRF token for the language switch): never kept by a shared cache.
    response["Cache-Control"] = "private, no-cache"
    response["X-Robots-Tag"] = "noindex"
    return response
