"""The players' live page of an event (public link rules): the page, its JSON document, "where do I sit?"."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from tdconsole.clock.display import level_label
from tdconsole.core.durations import clock_text
from tdconsole.tournaments.public import PUBLIC_KEY_PARAM, public_event_or_404, public_event_polled

from . import microcache
from .microcache import CACHE_SECONDS
from .microcache import stamp as _stamp
from .selectors import live_document, live_seat_search, live_state

# The page polls every POLL_SECONDS.
POLL_SECONDS = 4


# A live document is the same for every phone until its version changes; kept this long after that.
DOCUMENT_CACHE_SECONDS = 120


def _json(data) -> JsonResponse:
    return JsonResponse(data, safe=False, json_dumps_params={"ensure_ascii": False, "separators": (",", ":")})


def _texts() -> dict:
    """The words the script puts together, in the page's language ({v} stands for a value)."""
    return {
        "level": _("Level %(number)s") % {"number": "{v}"},
        "break": _("Break"),
        "ante": _("Ante %(ante)s") % {"ante": "{v}"},
        "last_level": _("Last level"),
        "break_minutes": _("Break (%(minutes)s min)") % {"minutes": "{v}"},
        "no_break": _("No break ahead"),
        "not_started": _("Not started"),
        "paused": _("Paused"),
        "overtime": _("Last level: play continues"),
        "bb": pgettext("big blinds", "%(count)s BB") % {"count": "{v}"},
        "offline": _("Offline: showing the last news"),
        "no_match": _("Nobody found: check the spelling or type your entry number."),
        "type_more": _("Type at least two letters of your name, or your entry number."),
        "not_seated": _("Not seated yet: ask at the desk."),
        "out": _("Out"),
        "table_seat": _("Table %(table)s · seat %(seat)s") % {"table": "{table}", "seat": "{seat}"},
        "place": _("Place %(place)s") % {"place": "{v}"},
        "entry": _("Entry #%(number)s") % {"number": "{v}"},
    }


@require_GET
def page(request: HttpRequest, slug: str) -> HttpResponse:
    """The live page: the clock, the field, the money, the leaders and busts; the document inline."""
    event = public_event_or_404(request, slug)
    state = live_state(event=event)
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    query = f"?{PUBLIC_KEY_PARAM}={key}" if key else ""
    document = live_document(event=event, state=state)
    reading = state.reading
    current = state.levels[reading.index if reading.index is not None else 0] if state.levels else None
    response = render(request, "live/page.html", {
        "event": event,
        "key": key,
        "key_param": PUBLIC_KEY_PARAM,
        "doc": document,
        "texts": _texts(),
        "state_url": reverse("live:state", kwargs={"slug": event.slug}) + query,
        "seats_url": reverse("live:seats", kwargs={"slug": event.slug}) + query,
        "poll_ms": POLL_SECONDS * 1000,
        "cache_seconds": CACHE_SECONDS,
        "server_ms": int(state.now.timestamp() * 1000),
        # The first paint, before the script counts (and without it).
        "level_text": level_label(current) if current is not None else "",
        "time_text": ("+" + clock_text(reading.overtime)) if reading.finished else clock_text(reading.seconds_left),
    })
    # The page carries a CSRF token for the language switch: a phone's own, never a shared cache's.
    response["Cache-Control"] = "private, no-cache"
    return response


@require_GET
def state(request: HttpRequest, slug: str) -> HttpResponse:
    """The live document as JSON, with an ETag: 304 without a body while nothing changed.

    The answer is also kept in this process for a second (`microcache`): the polls after it, until then,
    are answered by the middleware without reaching this view.
    """
    event = public_event_polled(request, slug, settings.CLOCK_CACHE_SECONDS)
    current = live_state(event=event)
    etag = quote_etag(current.version)
    # Every phone polling asks for the same document: built once per version (and app server, or once
    # for all of them on Redis), then served from the cache until something changes at the desk.
    key = f"live:doc:{event.pk}:{current.version}"
    body = cache.get(key)
    if body is None:
        body = _json(live_document(event=event, state=current)).content
        cache.set(key, body, DOCUMENT_CACHE_SECONDS)
    # Only now is the key known to be right: the middleware answers with it for a second.
    microcache.remember(slug, request.GET.get(microcache.KEY_PARAM, ""), etag, body)
    return microcache.answer_for(request, etag, body)


@require_GET
def seats(request: HttpRequest, slug: str) -> HttpResponse:
    """"Where do I sit?" as JSON: by name without case or accents, or by entry number."""
    event = public_event_polled(request, slug, settings.CLOCK_CACHE_SECONDS)
    # A NUL cannot be searched for (PostgreSQL refuses it in a query); nobody's name has one.
    query = request.GET.get("q", "").replace("\x00", "")[:100]
    return _stamp(_json({"query": query, "results": live_seat_search(event=event, query=query)}))
