"""The blind clock's pages: desk controls, the projected screen, its state fragment, the JSON feed."""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, has_role, role_required
from tdconsole.core.bounds import whole_number
from tdconsole.core.durations import whole_seconds
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import PUBLIC_KEY_PARAM, public_event_or_404, public_event_polled, public_url

from . import screen_messages, services
from .display import money_lines, screen_context
from .exceptions import ClockError, ScreenMessageError
from .models import ScreenMessage
from .selectors import (
    clock_snapshot,
    clocks_on_screens,
    event_results,
    late_registration_left,
    screen_message_texts,
    screen_money_rules,
)
from .selectors import screen_messages as screen_messages_of

ERROR_MESSAGES = {
    "not_started": lambda: _("The clock has not started yet."),
    "started": lambda: _("The clock is already running."),
    "paused": lambda: _("The clock is already paused."),
    "not_paused": lambda: _("The clock is not paused."),
    "first": lambda: _("This is the first level."),
    "last": lambda: _("This is the last level."),
    "no_levels": lambda: _("The event's structure has no levels."),
    "negative": lambda: _("The time left cannot be negative."),
    "too_long": lambda: _("The time left cannot be more than 24 hours."),
    "day_over": lambda: _(
        "The day is over: the clock stands still until the next day is started on the end-of-day page."),
}
# Refusals of what was typed (400), as opposed to controls that do not fit the clock's state (409).
INPUT_ERRORS = frozenset({"negative", "too_long"})

# Each desk button: the URL's action name and the service it calls.
CONTROLS = {
    "start": services.clock_start,
    "pause": services.clock_pause,
    "resume": services.clock_resume,
    "next": services.clock_next_level,
    "previous": services.clock_previous_level,
    "plus-minute": lambda **kw: services.clock_adjust(seconds=60, **kw),
    "minus-minute": lambda **kw: services.clock_adjust(seconds=-60, **kw),
}


def feed_data(snapshot: dict) -> dict:
    return {key: value for key, value in snapshot.items() if not key.startswith("_")}


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def feed(request: HttpRequest, slug: str) -> HttpResponse:
    """The clock as JSON, for overlays and other displays (public link rules)."""
    event = public_event_polled(request, slug, settings.CLOCK_CACHE_SECONDS)
    snapshot = clock_snapshot(event=event)
    data = feed_data(snapshot)
    # What the screen shows besides the clock: the late-registration countdown (playing seconds left, None
    # when it is not counting) and the director's messages, as the screen rotates them.
    extra = snapshot["_extra"]
    left = late_registration_left(event=event, levels=extra["levels"], reading=extra["reading"])
    data["registration_closes_in"] = whole_seconds(left) if left is not None else None
    data["messages"] = screen_message_texts(event=event)
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    # Overlays (OBS browser sources, other sites) read it from another origin; the key is in the URL.
    response["Access-Control-Allow-Origin"] = "*"
    return _no_store(response)


def _screen_page_context(request: HttpRequest, event: Event) -> dict:
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    snapshot = clock_snapshot(event=event)
    finished = event.status == Event.Status.FINISHED
    return {
        "event": event,
        "key": key,
        # The players' live page as a QR code in a corner, when the director shows it.
        "live_qr_url": (public_url(event, "clock:screen_qr", absolute=False)
                        if snapshot["_extra"]["live_qr"] else ""),
        "screen": screen_context(
            event=event, snapshot=snapshot, messages=screen_message_texts(event=event),
            results=event_results(event=event) if finished else None,
            money=None if finished else money_lines(event=event, snapshot=snapshot,
                                                    rules=screen_money_rules(event=event)),
        ),
    }


def _screen_state_response(request: HttpRequest, event: Event) -> HttpResponse:
    """The state fragment; once the event is finished it also tells htmx to stop polling (286)."""
    response = render(request, "clock/screen.html#state", _screen_page_context(request, event))
    if event.status == Event.Status.FINISHED:
        response = HttpResponseStopPolling(response.content, content_type=response["Content-Type"])
    return _no_store(response)


@require_GET
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """The full-screen clock for the room (public link rules)."""
    event = public_event_or_404(request, slug)
    if request.htmx:
        return _screen_state_response(request, event)
    return _no_store(render(request, "clock/screen.html", _screen_page_context(request, event)))


# The QR code's image changes only with the link (the event's key and the site's address): phones and
# screens may keep it for an hour.
QR_CACHE_SECONDS = 3600


@require_GET
def screen_qr(request: HttpRequest, slug: str) -> HttpResponse:
    """The players' live page link as a QR code (SVG), for the corner of the screen (public link rules)."""
    event = public_event_or_404(request, slug)
    # The live page is the live app's (above this one): named here by its URL only.
    link = public_url(event, "live:page", request=request)
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, border=2, xmldecl=False,
                                     dark="#000000", light="#ffffff", title=event.name)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={QR_CACHE_SECONDS}"
    return response


@require_POST
@role_required(DIRECTOR)
def live_qr(request: HttpRequest, slug: str) -> HttpResponse:
    """Show or hide the live page's QR code on the projected screen (Director)."""
    event = get_object_or_404(Event, slug=slug)
    shown = request.POST.get("show", "")
    if shown not in {"1", "0"}:
        return _no_store(HttpResponse(_("Say whether to show the QR code."), status=400))
    services.clock_live_qr_set(event=event, actor=request.user, shown=shown == "1")
    return redirect("clock:desk", slug=event.slug)


@require_GET
def screen_state(request: HttpRequest, slug: str) -> HttpResponse:
    """The screen's refresh fragment, polled every second until the event is finished."""
    event = public_event_polled(request, slug, settings.CLOCK_CACHE_SECONDS)
    return _screen_state_response(request, event)


def _desk_context(event: Event, error: str = "") -> dict:
    snapshot = clock_snapshot(event=event)
    return {
        "event": event,
        "snapshot": snapshot,
        "screen": screen_context(event=event, snapshot=snapshot),
        "error": error,
        "screen_url": public_url(event, "clock:screen", absolute=False),
        "feed_url": public_url(event, "clock:feed", absolute=False),
        "live_url": public_url(event, "live:page", absolute=False),
        "live_qr": snapshot["_extra"]["live_qr"],
    }


def _messages_context(request: HttpRequest, event: Event, error: str = "") -> dict:
    return {
        "event": event,
        "screen_messages": screen_messages_of(event=event),
        "can_edit_messages": has_role(request.user, [DIRECTOR]),
        "can_show_qr": has_role(request.user, [DIRECTOR]),
        "message_max": ScreenMessage.MAX_LENGTH,
        "message_error": error,
    }


@role_required(FLOOR)
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    """Desk controls of the clock, and the screen's messages."""
    event = get_object_or_404(Event, slug=slug)
    if request.htmx:
        return render(request, "clock/desk.html#panel", _desk_context(event))
    return render(request, "clock/desk.html", _desk_context(event) | _messages_context(request, event))


MESSAGE_ACTIONS = {"show", "hide", "remove"}


def _messages_answer(request: HttpRequest, event: Event, error: str = "", status: int = 200) -> HttpResponse:
    if not request.htmx and not error:
        return redirect("clock:desk", slug=event.slug)
    template = "clock/desk.html#messages" if request.htmx else "clock/desk.html"
    context = _messages_context(request, event, error)
    if not request.htmx:
        context |= _desk_context(event)
    return render(request, template, context, status=status)


def _message_refusal(exc: ScreenMessageError) -> tuple[str, int]:
    # Refused input is a 400; a message gone or a full rotation (the state of things) a 409.
    return str(exc), {"gone": 409, "too_many": 409}.get(exc.code, 400)


@require_POST
@role_required(DIRECTOR)
def message_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Add a line to the screen's rotation (Director)."""
    event = get_object_or_404(Event, slug=slug)
    try:
        screen_messages.screen_message_add(event=event, actor=request.user, text=request.POST.get("text", ""))
    except ScreenMessageError as exc:
        return _messages_answer(request, event, *_message_refusal(exc))
    return _messages_answer(request, event)


@require_POST
@role_required(DIRECTOR)
def message_change(request: HttpRequest, slug: str, message_id: int, action: str) -> HttpResponse:
    """Show, hide or remove one line of the screen's rotation (Director)."""
    event = get_object_or_404(Event, slug=slug)
    if action not in MESSAGE_ACTIONS:
        return _messages_answer(request, event, _("Unknown action."), 400)
    try:
        if action == "remove":
            screen_messages.screen_message_remove(event=event, actor=request.user, message_id=message_id)
        else:
            screen_messages.screen_message_set_active(event=event, actor=request.user, message_id=message_id,
                                                      active=action == "show")
    except ScreenMessageError as exc:
        return _messages_answer(request, event, *_message_refusal(exc))
    return _messages_answer(request, event)


@require_POST
@role_required(FLOOR)
def control(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    """Apply one desk control; answer with the refreshed panel (or the full page without htmx)."""
    event = get_object_or_404(Event, slug=slug)
    error = ""
    status = 200
    try:
        if action == "set-left":
            seconds = _parse_time_left(request.POST.get("time_left", ""))
            if seconds is None:
                error, status = _("Type the time left as minutes:seconds, for example 12:30."), 400
            else:
                services.clock_set_left(event=event, actor=request.user, seconds=seconds)
        elif action in CONTROLS:
            CONTROLS[action](event=event, actor=request.user)
        else:
            error, status = _("Unknown control."), 400
    except ClockError as exc:
        message = ERROR_MESSAGES.get(exc.code)
        error, status = (message() if message else str(exc)), 400 if exc.code in INPUT_ERRORS else 409
    if not request.htmx and not error:
        # Without JavaScript: back to the desk page, so a reload does not press the button again.
        return redirect("clock:desk", slug=event.slug)
    template = "clock/desk.html#panel" if request.htmx else "clock/desk.html"
    return render(request, template, _desk_context(event, error), status=status)


def _parse_time_left(text: str) -> int | None:
    """'12:30' -> 750; '12' -> 720 (minutes); '1:02:03' -> 3723; None when it is not a time."""
    parts = [whole_number(part) for part in text.split(":")]
    numbers = [n for n in parts if n is not None]
    if len(numbers) != len(parts) or len(numbers) > 3:
        return None
    if len(numbers) == 1:
        return numbers[0] * 60
    if any(n >= 60 for n in numbers[1:]):
        return None
    seconds = 0
    for n in numbers:
        seconds = seconds * 60 + n
    return seconds


@role_required(*ANY_STAFF)
def screens(request: HttpRequest) -> HttpResponse:
    """The running events, each with a link to its screen (one venue, several screens)."""
    rows = clocks_on_screens()
    for row in rows:
        row["screen_url"] = public_url(row["event"], "clock:screen", absolute=False)
        row["feed_url"] = public_url(row["event"], "clock:feed", absolute=False)
    return render(request, "clock/screens.html", {"rows": rows})
