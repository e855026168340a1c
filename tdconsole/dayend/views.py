"""The end-of-day pages: setting the day's stop, counting the bags table by table, the leaderboard."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tdconsole.accounts.roles import ANY_STAFF, FLOOR, role_required
from tdconsole.clock import maths
from tdconsole.clock.selectors import clock_reading
from tdconsole.core.bounds import field_number, fits
from tdconsole.tournaments.models import Entry, Event, Table
from tdconsole.tournaments.pages import event_links, event_or_404
from tdconsole.tournaments.public import public_event_or_404

from . import selectors
from .counting import bag_count_record, day_chips_in_play
from .days import day_end_set, day_next_start, open_day
from .exceptions import CountRefused, DayEndError
from .flights import inherited_stop
from .models import DayEnd


def _table_param(request: HttpRequest) -> int | None:
    return field_number(request.GET.get("table"), Table, "number")


def _checks(event: Event, day: DayEnd | None) -> dict:
    return selectors.count_checks(event=event, day=day, in_play=day_chips_in_play(event=event))


def _stop_at(text: str) -> datetime | None:
    """The day's set time, typed as a local date and time (a datetime-local input); None when blank."""
    text = (text or "").strip()
    if not text:
        return None
    moment = parse_datetime(text)
    if moment is None:
        raise DayEndError(_("Type the stop time as a date and a time."))
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


@require_http_methods(["GET", "POST"])
@role_required(FLOOR)
def day_end_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The end of the day: where the clock stops, the tables to count, the checks, starting the next day."""
    event = event_or_404(slug)
    error = ""
    status = 200
    if request.method == "POST":
        try:
            if request.POST.get("action") == "next-day":
                day_next_start(event=event, actor=request.user)
            else:
                level = field_number(request.POST.get("last_level"), DayEnd, "last_level")
                day_end_set(event=event, actor=request.user, name=request.POST.get("name", ""),
                            last_level=level if level is not None else 0,
                            stop_at=_stop_at(request.POST.get("stop_at", "")))
        except DayEndError as exc:
            error, status = str(exc), 409 if request.POST.get("action") == "next-day" else 400
        else:
            return redirect(reverse("dayend:day_end", kwargs={"slug": slug}))
    day = selectors.count_day(event=event)
    current = open_day(event=event)
    levels, reading = clock_reading(event=event)
    tables = selectors.table_numbers(event=event)
    counted = selectors.counted_per_table(event=event, day=day)
    for t in tables:
        t["counted"] = counted.get(t["number"], 0)
    context = {
        "event": event, "links": event_links(event), "day": day, "current": current, "error": error,
        "day_over": reading.status == maths.DAY_OVER,
        "levels": [lv for lv in levels if not lv.is_break],
        "checks": _checks(event, day), "tables": tables, "form": request.POST if error else None,
        # A flight of a main event with a stop: the level and time are the main event's, shown, not chosen.
        "inherited": inherited_stop(flight=event),
    }
    return render(request, "dayend/day_end.html", context, status=status)


@require_GET
@role_required(FLOOR)
def counts_page(request: HttpRequest, slug: str) -> HttpResponse:
    """One table's counts: its seats in order, one field per player, saved as each is typed."""
    event = event_or_404(slug)
    day = selectors.count_day(event=event)
    tables = selectors.table_numbers(event=event)
    table = _table_param(request)
    if table is None and tables:
        table = tables[0]["number"]
    numbers = [t["number"] for t in tables]
    following = next((n for n in numbers if table is not None and n > table), None)
    context = {
        "event": event, "links": event_links(event), "day": day, "table": table, "tables": tables,
        "next_table": following,
        "rows": selectors.count_rows(event=event, day=day, table=table) if day and table is not None else [],
        "checks": _checks(event, day),
    }
    return render(request, "dayend/counts.html", context)


@require_POST
@role_required(FLOOR)
def count_save(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Save one count typed on the counts page (htmx: the row again, and the checks out of band)."""
    event = event_or_404(slug)
    if not fits(entry_id, Entry, "id") or not Entry.objects.filter(event=event, pk=entry_id).exists():
        return HttpResponse(_("This entry is not in this event; reload the page."), status=404,
                            content_type="text/plain; charset=utf-8")
    day = selectors.count_day(event=event)
    typed = request.POST.get("count", "")
    error = ""
    status = 200
    if day is None:
        error, status = _("Set the day's end on the end-of-day page first."), 409
    else:
        try:
            bag_count_record(event=event, day=day, entry_id=entry_id, typed=typed, actor=request.user)
        except CountRefused as exc:
            error, status = str(exc), 400
    row = selectors.count_row(event=event, day=day, entry_id=entry_id)
    if not request.htmx:
        table = row.entry.table.number if row and row.entry.table_id else None
        url = reverse("dayend:counts", kwargs={"slug": slug})
        return redirect(f"{url}?table={table}" if table is not None else url)
    checks = _checks(event, day)
    if row is not None and not error and checks["average"]:
        row.outlier = row.bag is not None and row.bag.chips > checks["outlier_limit"]
    context = {"event": event, "row": row, "error": error, "typed": typed if error else None,
               "saved": not error, "checks": checks, "oob": True}
    # htmx swaps 200s only by default: a refusal is still drawn in its row (see static/js/dayend.js).
    return render(request, "dayend/counts.html#row", context, status=status)


def _leaderboard_context(event: Event) -> dict:
    day = selectors.count_day(event=event)
    return {"event": event, "day": day, "rows": selectors.leaderboard(event=event, day=day),
            "checks": _checks(event, day)}


@require_GET
@role_required(*ANY_STAFF)
def leaderboard_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The chip-count leaderboard of the day (staff)."""
    event = event_or_404(slug)
    return render(request, "dayend/leaderboard.html", _leaderboard_context(event) | {"links": event_links(event)})


@require_GET
def public_leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    """The chip-count leaderboard on the public pages (public link rules)."""
    event = public_event_or_404(request, slug)
    return render(request, "dayend/leaderboard.html", _leaderboard_context(event) | {"public": True})


