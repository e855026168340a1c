"""Access rule for an event's public pages (clock screen, feed, seat lookup, payouts).

A public page is reached through the event's unguessable link: `?k=<public_token>`.
Logged-in staff may open it without the key. Event ids never appear in public URLs.
"""

import secrets
import time

from django.conf import settings
from django.http import Http404, HttpRequest
from django.urls import reverse

from tdconsole.accounts.roles import user_roles
from tdconsole.tournaments.models import Event

PUBLIC_KEY_PARAM = "k"


# One answer for an unknown event and for a wrong key of any kind: nobody learns which events exist.
NOT_FOUND = "No such event"


def key_matches(key: str, token: str) -> bool:
    """Whether `key` is the event's token, compared in constant time.

    Any text may arrive in a query string; `compare_digest` refuses non-ASCII strings, so both
    sides are compared as UTF-8 bytes and a key with other characters is simply a wrong key.
    """
    return bool(key) and secrets.compare_digest(key.encode("utf-8", "replace"), token.encode("utf-8"))


def _event_or_404(slug: str) -> Event:
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404(NOT_FOUND)
    return event


def public_event_or_404(request: HttpRequest, slug: str) -> Event:
    """Return the event if the request carries its public key or comes from staff; else 404."""
    event = _event_or_404(slug)
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    if key_matches(key, event.public_token):
        return event
    if user_roles(request.user):
        return event
    # 404, not 403: without the key nobody learns that the event exists.
    raise Http404(NOT_FOUND)


def public_url(
    event: Event, url_name: str, absolute: bool = True, *, request: HttpRequest | None = None, base_url: str = ""
) -> str:
    """The shareable URL of one of the event's public pages, key included.

    An absolute URL starts with `base_url`, else the configured TDCONSOLE_PUBLIC_URL, else the
    address this request reached the site on (so a link shown on a LAN address or another
    port works as shown). With none of the three it stays a path.
    """
    path = f"{reverse(url_name, kwargs={'slug': event.slug})}?{PUBLIC_KEY_PARAM}={event.public_token}"
    if not absolute:
        return path
    base = (base_url or settings.PUBLIC_BASE_URL).rstrip("/")
    if base:
        return f"{base}{path}"
    if request is not None:
        return request.build_absolute_uri(path)
    return path


_EVENT_MEMO: dict[tuple[str, str], tuple[float, Event]] = {}


def public_event_polled(request: HttpRequest, slug: str, max_age: float) -> Event:
    """`public_event_or_404` for endpoints that hundreds of screens poll every second.

    With the public key, the event row is remembered in this process for `max_age`
    seconds, so a poll reads only what changes by the second (the clock). The key is
    checked against the remembered row on every request; staff without a key take the
    ordinary path.
    """
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    if not key or max_age <= 0:
        return public_event_or_404(request, slug)
    now = time.monotonic()
    memo = _EVENT_MEMO.get((slug, key))
    if memo is not None and memo[0] >= now:
        return memo[1]
    event = _event_or_404(slug)
    if not key_matches(key, event.public_token):
        raise Http404(NOT_FOUND)
    # Only a key that matched is remembered: a wrong key always costs a lookup and a 404.
    _EVENT_MEMO[(slug, key)] = (now + max_age, event)
    return event
