"""The live JSON's answer, kept in this process for a second, and the middleware that serves it.

A thousand phones polling every few seconds ask for the same few hundred bytes. The view works the
answer out (the event by its key, the version from four small queries, the document from the cache) and
leaves it here under the slug and the key it was asked with; for the next LIVE_MICROCACHE_SECONDS the
middleware, placed right after the security and static-file middlewares, answers the same URL with the
same key from memory: no session, no language, no template, no query. The phone's countdown is worked out
from timestamps in the document, so an answer a second old still counts right; a pause or a level change
reaches the phones at most that second later than it would otherwise (the page polls every 4 s).

Only a key that matched the event is ever stored, so a wrong key always takes the view's path (a lookup
and the same 404 as an unknown event). Each app server keeps its own copy; none is ever more than
LIVE_MICROCACHE_SECONDS old. `LIVE_MICROCACHE_SECONDS = 0` turns it off.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags

from tdconsole.tournaments.public import PUBLIC_KEY_PARAM

# The page polls every POLL_SECONDS; a shared cache may keep an answer for CACHE_SECONDS more.
CACHE_SECONDS = 2
# The server's time on every answer (304s too), so the phone counts down from the server's clock.
SERVER_TIME_HEADER = "X-Server-Time"
# Answers kept at most (events x keys asked with): a festival has a few dozen events.
MAX_KEPT = 512
# The path of the live JSON (tdconsole/live/urls.py `live:state`); the key is the `k` parameter.
STATE_PATH = re.compile(r"^/events/(?P<slug>[-a-zA-Z0-9_]+)/live/state\.json$")
KEY_PARAM = PUBLIC_KEY_PARAM


@dataclass(frozen=True)
class Answer:
    """One version of the live document as sent: its ETag and its JSON bytes."""

    etag: str
    body: bytes
    expires: float


_KEPT: dict[tuple[str, str], Answer] = {}


def seconds() -> float:
    return float(getattr(settings, "LIVE_MICROCACHE_SECONDS", 1.0))


def remember(slug: str, key: str, etag: str, body: bytes) -> None:
    """Keep the answer the view just worked out for (slug, key), for `seconds()`."""
    keep = seconds()
    if keep <= 0:
        return
    if len(_KEPT) >= MAX_KEPT:
        _KEPT.clear()
    _KEPT[(slug, key)] = Answer(etag=etag, body=body, expires=time.monotonic() + keep)


def recall(slug: str, key: str) -> Answer | None:
    answer = _KEPT.get((slug, key))
    if answer is None or answer.expires < time.monotonic():
        return None
    return answer


def forget() -> None:
    _KEPT.clear()


def stamp(response: HttpResponse, max_age: int = CACHE_SECONDS) -> HttpResponse:
    response["Cache-Control"] = f"public, max-age={max_age}"
    response[SERVER_TIME_HEADER] = str(int(time.time() * 1000))
    return response


def answer_for(request: HttpRequest, etag: str, body: bytes) -> HttpResponse:
    """The answer to one poll: 304 without a body when the phone has this version, else the document."""
    asked = parse_etags(request.headers.get("If-None-Match", ""))
    if etag in asked or "*" in asked or f"W/{etag}" in asked:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    return stamp(response)


class LiveMicroCacheMiddleware:
    """Answers a poll of the live JSON from the answer kept in this process, when there is a fresh one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET":
            match = STATE_PATH.match(request.path_info)
            if match is not None:
                kept = recall(match["slug"], request.GET.get(KEY_PARAM, ""))
                if kept is not None:
                    return answer_for(request, kept.etag, kept.body)
        return self.get_response(request)
