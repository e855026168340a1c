"""The blind clock's pages: desk controls, the projected screen, its state fragment, the JSON feed."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, FLOOR, role_required
from tdconsole.core.public import PUBLIC_KEY_PARAM, public_event_or_404, public_event_polled, public_url
from tdconsole.tournaments.models import Event

from . import services
from .display import clock_text, screen_context
from .exceptions import ClockError
from .maths import read
from .selectors import clock_snapshot, clock_structure, clock_times, steps_of

ERROR_MESSAGES = {
    "not_started": lambda: _("The clock has not started yet."),
    "started": lambda: _("The clock is already running."),
    "paused": lambda: _("The clock is already paused."),
    "not_paused": lambda: _("The clock is not paused."),
    "first": lambda: _("This is the first level."),
    "last": lambda: _("This is the last level."),
    "no_levels": lambda: _("The event's structure has no levels."),
    "negative": lambda: _("The time left cannot be negative."),
}

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
    response = JsonResponse(feed_data(clock_snapshot(event=event)), json_dumps_params={"ensure_ascii": False})
    # Overlays (OBS browser sources, other sites) read it from another origin; the key is in the URL.
    response["Access-Control-Allow-Origin"] = "*"
    return _no_store(response)


def _screen_page_context(request: HttpRequest, event: Event) -> dict:
    key = request.GET.get(PUBLIC_KEY_PARAM, "")
    snapshot = clock_snapshot(event=event)
    return {
        "event": event,
        "key": key,
        "screen": screen_context(event=event, snapshot=snapshot),
    }


@require_GET
def screen(request: HttpRequest, slug: str) -> HttpResponse:
    """The full-screen clock for the room (public link rules)."""
    event = public_event_or_404(request, slug)
    context = _screen_page_context(request, event)
    if request.htmx:
        return _no_store(render(request, "clock/screen.html#state", context))
    return _no_store(render(request, "clock/screen.html", context))


@require_GET
def screen_state(request: HttpRequest, slug: str) -> HttpResponse:
    """The screen's refresh fragment, polled every second."""
    event = public_event_polled(request, slug, settings.CLOCK_CACHE_SECONDS)
    return _no_store(render(request, "clock/screen.html#state", _screen_page_context(request, event)))


def _desk_context(event: Event, error: str = "") -> dict:
    snapshot = clock_snapshot(event=event)
    return {
        "event": event,
        "snapshot": snapshot,
        "screen": screen_context(event=event, snapshot=snapshot),
        "error": error,
        "screen_url": public_url(event, "clock:screen", absolute=False),
        "feed_url": public_url(event, "clock:feed", absolute=False),
    }


@role_required(FLOOR)
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    """Desk controls of the clock."""
    event = get_object_or_404(Event, slug=slug)
    template = "clock/desk.html#panel" if request.htmx else "clock/desk.html"
    return render(request, template, _desk_context(event))


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
            services.clock_set_left(event=event, actor=request.user, seconds=seconds)
        elif action in CONTROLS:
            CONTROLS[action](event=event, actor=request.user)
        else:
            error, status = _("Unknown control."), 400
    except ClockError as exc:
        message = ERROR_MESSAGES.get(exc.code)
        error, status = (message() if message else str(exc)), 409
    except ValueError:
        error, status = _("Type the time left as minutes:seconds, for example 12:30."), 400
    if not request.htmx and not error:
        # Without JavaScript: back to the desk page, so a reload does not press the button again.
        return redirect("clock:desk", slug=event.slug)
    template = "clock/desk.html#panel" if request.htmx else "clock/desk.html"
    return render(request, template, _desk_context(event, error), status=status)


def _parse_time_left(text: str) -> int:
    """'12:30' -> 750; '12' -> 720 (minutes); '1:02:03' -> 3723."""
    parts = text.strip().split(":")
    if not parts or not all(p.strip().isdigit() for p in parts) or len(parts) > 3:
        raise ValueError(text)
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        return numbers[0] * 60
    if any(n >= 60 for n in numbers[1:]):
        raise ValueError(text)
    seconds = 0
    for n in numbers:
        seconds = seconds * 60 + n
    return seconds


@role_required(*ANY_STAFF)
def screens(request: HttpRequest) -> HttpResponse:
    """The running events, each with a link to its screen (one venue, several screens)."""
    events = (
        Event.objects.filter(Q(status=Event.Status.RUNNING) | Q(clock__level_started_at__isnull=False))
        .exclude(status=Event.Status.FINISHED)
        .select_related("festival", "clock")
        .order_by("date", "name")
        .distinct()
    )
    rows = []
    for event in events[:100]:
        levels = clock_structure(event=event)
        reading = read(steps_of(levels), clock_times(event=event), timezone.now())
        numbers = {lv.position: lv.number for lv in levels}
        rows.append({
            "event": event,
            "reading": reading,
            "level_number": numbers.get(reading.position),
            "time_text": clock_text(reading.seconds_left.total_seconds()),
            "screen_url": public_url(event, "clock:screen", absolute=False),
            "feed_url": public_url(event, "clock:feed", absolute=False),
        })
    return render(request, "clock/screens.html", {"rows": rows})
