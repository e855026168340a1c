"""The links a player is handed (on a seat card, a table tent, a receipt): the event's live page, and
each entry's own page.

An entry's page is reached by a token, not by the event's public key (which every player has, from the
screen or a tent): an HMAC of the event, the entry and the event's public key, under the site's secret.
Nothing is stored, so no migration; a new public key (or a new SECRET_KEY) turns every entry link over.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import salted_hmac

from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import key_matches, public_url

ENTRY_SALT = "tdconsole.live.entry"
# 24 hex digits: 96 bits, beyond guessing, short enough for a small QR code.
TOKEN_LENGTH = 24


def entry_token(*, event: Event, entry_id: int) -> str:
    """The unguessable token of one entry's page."""
    value = f"{event.pk}:{entry_id}:{event.public_token}"
    return salted_hmac(ENTRY_SALT, value, algorithm="sha256").hexdigest()[:TOKEN_LENGTH]


def entry_token_matches(*, event: Event, entry_id: int, token: str) -> bool:
    """Whether `token` opens this entry's page (constant time, any text accepted)."""
    return key_matches(token, entry_token(event=event, entry_id=entry_id))


# The address a document asked for at the desk was asked on, while it is checked and built (`site_base`).
_SITE_BASE: ContextVar[str] = ContextVar("site_base", default="")


@contextmanager
def site_base(base: str) -> Iterator[None]:
    """Inside: links without an address of their own use `base` (after TDCONSOLE_PUBLIC_URL)."""
    token = _SITE_BASE.set((base or "").rstrip("/"))
    try:
        yield
    finally:
        _SITE_BASE.reset(token)


def base_url_of(*, base_url: str = "", request: HttpRequest | None = None) -> str:
    """Where players reach the site: `base_url`, else TDCONSOLE_PUBLIC_URL, else the address the document
    being built was asked on (`site_base`), else this request's address; "" when none is known."""
    base = (base_url or settings.PUBLIC_BASE_URL or _SITE_BASE.get()).rstrip("/")
    if not base and request is not None:
        base = request.build_absolute_uri("/").rstrip("/")
    return base


def entry_path(*, event: Event, entry_id: int) -> str:
    return reverse("live:entry", kwargs={"slug": event.slug, "entry_id": entry_id,
                                         "token": entry_token(event=event, entry_id=entry_id)})


def entry_url(*, event: Event, entry_id: int, base_url: str = "") -> str:
    """The entry's page as an absolute link when `base_url` (or TDCONSOLE_PUBLIC_URL) is known, else a path."""
    return base_url_of(base_url=base_url) + entry_path(event=event, entry_id=entry_id)


def live_url(*, event: Event, base_url: str = "") -> str:
    """The event's live page with its key, absolute when the base is known, else a path."""
    base = base_url_of(base_url=base_url)
    return public_url(event, "live:page", base_url=base) if base else public_url(event, "live:page", absolute=False)
