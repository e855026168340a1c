"""The Day 2 page of an event played in flights: the advancing players, the merge, the Day 2 draw."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, has_role, role_required
from tdconsole.core import plurals
from tdconsole.seating.exceptions import SeatingError
from tdconsole.tournaments.exceptions import EventSettingsError
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import NOT_FOUND, public_event_or_404, public_url

from . import selectors, services
from .exceptions import Day2Error
from .imports import MAX_TEXT, SeatListError, day2_seats_import
from .late import day2_settings_of, day2_settings_update


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival__venue"), slug=slug, parent__isnull=True)


def _context(request: HttpRequest, event: Event, error: str = "", **extra: object) -> dict:
    return {"event": event, "view": selectors.day2_view(event=event), "error": error,
            "can_direct": has_role(request.user, DIRECTOR), "late": day2_settings_of(event=event),
            "seats_url": public_url(event, "seating:seat_lookup", absolute=False),
            "seat_list_url": public_url(event, "day2:public_seats", absolute=False)} | extra


@require_GET
@role_required(*ANY_STAFF)
def day2_page(request: HttpRequest, slug: str) -> HttpResponse:
    return render(request, "day2/day2.html", _context(request, _event(slug)))


@require_POST
@role_required(DIRECTOR)
def day2_action(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    what = request.POST.get("do", "")
    try:
        if what == "merge":
            advances = services.day2_merge(event=event, actor=request.user)
            messages.success(request, ngettext("%(count)s player is through to Day 2.",
                                               "%(count)s players are through to Day 2.", len(advances))
                             % {"count": len(advances)})
        elif what == "undo":
            count = services.day2_merge_undo(event=event, actor=request.user)
            messages.success(request, ngettext("Merge undone: %(count)s player is back in the flights.",
                                               "Merge undone: %(count)s players are back in the flights.", count)
                             % {"count": count})
        elif what == "draw":
            draw = services.day2_draw(event=event, actor=request.user)
            messages.success(request, ngettext("Day 2 draw: %(count)s player seated at %(tables)s.",
                                               "Day 2 draw: %(count)s players seated at %(tables)s.", draw.count)
                             % {"count": draw.count, "tables": plurals.tables(len(draw.tables))})
        else:
            raise Day2Error(_("Unknown action."))
    except (Day2Error, SeatingError) as exc:
        return render(request, "day2/day2.html", _context(request, event, str(exc)), status=409)
    return redirect("day2:day2", slug=event.slug)


def _list_text(request: HttpRequest) -> str:
    """The pasted list, or the uploaded file's text (UTF-8, or Latin-1 as an older spreadsheet saves it)."""
    upload = request.FILES.get("file")
    if upload is None:
        return request.POST.get("seats", "")
    if upload.size > MAX_TEXT * 4:
        raise SeatListError([_("The file is too big for a seat list.")])
    raw = upload.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


@require_POST
@role_required(DIRECTOR)
def day2_seats_import_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Seat Day 2 from a list pasted or uploaded by the director (every line checked first)."""
    event = _event(slug)
    try:
        draw = day2_seats_import(event=event, text=_list_text(request), actor=request.user)
    except SeatListError as exc:
        return render(request, "day2/day2.html", _context(request, event, str(exc), import_errors=exc.shown,
                                                          pasted=request.POST.get("seats", "")[:MAX_TEXT]),
                      status=409)
    except Day2Error as exc:
        return render(request, "day2/day2.html", _context(request, event, str(exc)), status=409)
    messages.success(request, ngettext("Day 2 seated from the list: %(count)s player at %(tables)s.",
                                       "Day 2 seated from the list: %(count)s players at %(tables)s.", draw.count)
                     % {"count": draw.count, "tables": plurals.tables(len(draw.tables))})
    return redirect("day2:day2", slug=event.slug)


def _whole(text: str) -> int | None:
    text = (text or "").strip().replace(".", "").replace(" ", "")
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise EventSettingsError(_("Give a whole number."))
    return int(text)


@require_POST
@role_required(DIRECTOR)
def day2_late_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Allow or stop late entries into Day 2 (their stack, the last level they are taken)."""
    event = _event(slug)
    try:
        day2_settings_update(event=event, actor=request.user, late_entries=request.POST.get("late_entries") == "on",
                             late_stack=_whole(request.POST.get("late_stack", "")),
                             late_until_level=_whole(request.POST.get("late_until_level", "")))
    except (Day2Error, EventSettingsError) as exc:
        return render(request, "day2/day2.html", _context(request, event, str(exc)), status=409)
    messages.success(request, _("Day 2 late entries saved."))
    return redirect("day2:day2", slug=event.slug)


@require_GET
def day2_public_seats(request: HttpRequest, slug: str) -> HttpResponse:
    """The Day 2 seat list on the public pages (the event's key, or staff): by name and by table."""
    event = public_event_or_404(request, slug)
    if event.parent_id is not None:
        raise Http404(NOT_FOUND)  # a flight's seats are its own "where do I sit?" page
    # An event not played in flights has no Day 2: the page says nobody is seated for it.
    by_name, by_table = selectors.day2_seat_list(event=event) if event.has_flights else ([], [])
    return render(request, "day2/seats.html", {"event": event, "by_name": by_name, "by_table": by_table})
