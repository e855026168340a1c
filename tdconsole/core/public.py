"""Access rule for an event's public pages (clock screen, feed, seat lookup, payouts).

A public page is reached through the event's unguessable link: `?k=<public_token>`.
Logged-in staff may open it without the key. Event ids never appear in public URLs.
"""

import secrets

from django.conf import settings
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse

from tdconsole.accounts.roles import user_roles
from tdconsole.tournaments.models import Event

PUBLIC_KEY_PARAM = "k"


def public_event_or_404(request: HttpRequest, slug: str) -> Event:
    """Return the event if the request carries its public key or comes from staff; else 404."""
    event = get_object_or_404(Event, slug=slug)
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    if key and secrets.compare_digest(key, event.public_token):
        return event
    if user_roles(request.user):
        return event
    # 404, not 403: without the key nobody learns that the event exists.
    raise Http404("No such event")


def public_url(event: Event, url_name: str, absolute: bool = True) -> str:
    """The shareable URL of one of the event's public pages, key included."""
    path = f"{reverse(url_name, kwargs={'slug': event.slug})}?{PUBLIC_KEY_PARAM}={event.public_token}"
    return f"{settings.PUBLIC_BASE_URL}{path}" if absolute else path
