"""Seating pages: the table map, the balancing and breaking panel, tables for an event, the seat lookup."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, REGISTRATION, has_role, role_required
from tdconsole.core import plurals
from tdconsole.core.bounds import field_number, whole_number
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Entry, Event, Table
from tdconsole.tournaments.public import PUBLIC_KEY_PARAM, public_event_or_404, public_url
from tdconsole.tournaments.tables import table_button_set

from . import selectors, services
from .balancing import Move
from .exceptions import SeatingError

MAP_POLL_SECONDS = 5


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival__venue"), slug=slug)


def _nav(event: Event) -> dict[str, str]:
    return {
        "map": reverse("seating:table_map", kwargs={"slug": event.slug}),
        "panel": reverse("seating:balance_panel", kwargs={"slug": event.slug}),
        "assign": reverse("seating:tables_assign", kwargs={"slug": event.slug}),
        "lookup": public_url(event, "seating:seat_lookup", absolute=False),
    }


@require_GET
@role_required(*ANY_STAFF)
def table_map(request: HttpRequest, slug: str) -> HttpResponse:
    """Every table and seat of the event, refreshed every few seconds."""
    event = _event(slug)
    version = selectors.seating_version(event=event)
    if request.htmx and request.GET.get("v") == version:
        # Nothing moved since the map the browser shows: htmx leaves it as it is.
        return HttpResponse(status=204)
    context = {
        "event": event,
        "version": version,
        "tables": selectors.table_map(event=event),
        "action": selectors.tables_needed_action(event=event),
        "unseated": selectors.unseated_alive_count(event=event),
        "nav": _nav(event),
        "poll_seconds": MAP_POLL_SECONDS,
        "can_change": has_role(request.user, [FLOOR]),
    }
    template = "seating/table_map.html#map" if request.htmx else "seating/table_map.html"
    return render(request, template, context)


def _buttons_from(data: Any, numbers: list[int]) -> dict[int, int]:
    buttons = {}
    for number in numbers:
        seat = field_number(data.get(f"button_{number}", ""), Entry, "seat")
        if seat is not None:
            buttons[number] = seat
    return buttons


def _buttons_record(request: HttpRequest, event: Event, buttons: dict[int, int]) -> None:
    """Record on each table the button seat the floor typed on the panel (one it cannot have is left out)."""
    for number, seat in buttons.items():
        try:
            table_button_set(event=event, table_number=number, seat=seat, actor=request.user)
        except TournamentError:
            continue  # the panel refused it already (bad_buttons); the moves stand without it


def _table_number(raw: str | None) -> int:
    """A table number typed or sent by a form, refused with a message when no table can have it."""
    number = field_number(raw, Table, "number")
    if number is None:
        raise SeatingError(_("Table %(number)s does not serve this event.") % {"number": (raw or "").strip()[:20]})
    return number


def _seat_number(raw: str, table: int) -> int:
    seat = field_number(raw, Entry, "seat")
    if seat is None:
        raise SeatingError(_("Table %(table)s has no seat %(seat)s.") % {"table": table, "seat": raw.strip()[:20]})
    return seat


def _panel_context(
    request: HttpRequest, event: Event, *, error: str, notice: str, read_buttons: bool
) -> dict[str, Any]:
    state = selectors.tables_state(event=event)
    numbers = [t.number for t in state]
    capacities = {t.number: t.capacity for t in state}
    buttons = _buttons_from(request.GET, numbers) if read_buttons else {}
    bad = [n for n, seat in buttons.items() if not 1 <= seat <= capacities[n]]
    for n in bad:
        buttons.pop(n)
    plan = selectors.balance_moves_suggest(event=event, buttons=buttons)
    movers = {
        e.pk: e for e in Entry.objects.filter(pk__in=[m.entry_id for m in plan.moves]).select_related("player")
    }
    concerned = sorted({p.from_table for p in plan.pairs} | {p.to_table for p in plan.pairs})
    # The inputs start from the button recorded on each table (a dispute, an earlier balancing): the
    # floor checks it at the table and shows the moves; the plan reads only the seats sent.
    recorded = dict(Table.objects.filter(event=event, number__in=concerned, button_seat__isnull=False)
                    .values_list("number", "button_seat")) if concerned else {}
    return {
        "event": event,
        "action": selectors.tables_needed_action(event=event),
        # The latest table break, listed with its move slips to print.
        "table_break": selectors.table_break_moves(event=event),
        "lang": (get_language() or "pt-br").lower(),
        "can_print": has_role(request.user, [DIRECTOR, FLOOR, REGISTRATION]),
        "plan": plan,
        "moves": [{"move": m, "entry": movers.get(m.entry_id)} for m in plan.moves],
        "concerned": [{"number": n, "capacity": capacities[n], "button": buttons.get(n, recorded.get(n, "")),
                       "recorded": recorded.get(n)} for n in concerned],
        # The button seats the moves were worked out from: the confirmation records them on the tables.
        "buttons_used": sorted((n, seat) for n, seat in buttons.items() if n in concerned),
        "bad_buttons": bad,
        "tables": state,
        "draws": selectors.latest_draws(event=event),
        "error": error,
        "notice": notice,
        "nav": _nav(event),
        "can_change": has_role(request.user, [FLOOR]),
    }


def _panel(
    request: HttpRequest, event: Event, *, error: str = "", notice: str = "", status: int = 200,
    read_buttons: bool = True, typed_move: str = "",
) -> HttpResponse:
    template = "seating/balance_panel.html#panel" if request.htmx else "seating/balance_panel.html"
    context = _panel_context(request, event, error=error, notice=notice, read_buttons=read_buttons)
    context["typed_move"] = typed_move  # a refused move comes back as it was typed
    # htmx swaps only 2xx answers by default: an error fragment goes out as 200 with the message.
    return render(request, template, context, status=200 if request.htmx else status)


@require_GET
@role_required(*ANY_STAFF)
def balance_panel(request: HttpRequest, slug: str) -> HttpResponse:
    """The moves to make, the button seats they need, breaking the next table, the final table."""
    return _panel(request, _event(slug))


def _after_change(request: HttpRequest, event: Event, message: str) -> HttpResponse:
    if request.htmx:
        # Button seats asked before the change are stale now: the panel asks again if needed.
        return _panel(request, event, notice=message, read_buttons=False)
    messages.success(request, message)
    return redirect("seating:balance_panel", slug=event.slug)


def _moves_from(values: list[str]) -> list[Move]:
    moves = []
    fields = ((Entry, "id"), (Table, "number"), (Entry, "seat"), (Table, "number"), (Entry, "seat"))
    for value in values:
        parts = value.split(":")
        numbers = [field_number(p, model, name) for p, (model, name) in zip(parts, fields, strict=False)]
        if len(parts) != 5 or None in numbers:
            raise SeatingError(_("The moves could not be read; reload the page."))
        moves.append(Move(*numbers))
    return moves


@require_POST
@role_required(FLOOR)
def balance_apply(request: HttpRequest, slug: str) -> HttpResponse:
    """Confirm the balancing moves shown on the panel."""
    event = _event(slug)
    try:
        moves = _moves_from(request.POST.getlist("move"))
        tables = sorted({m.from_table for m in moves} | {m.to_table for m in moves})
        buttons = _buttons_from(request.POST, tables)
        moved = services.balance_moves_apply(event=event, moves=moves, actor=request.user)
    except SeatingError as exc:
        return _panel(request, event, error=str(exc), status=409)
    _buttons_record(request, event, buttons)
    return _after_change(
        request, event,
        ngettext("%(count)s player moved.", "%(count)s players moved.", len(moved)) % {"count": len(moved)},
    )


@require_POST
@role_required(FLOOR)
def seat_move(request: HttpRequest, slug: str) -> HttpResponse:
    """Move one player: "3 5 7 2" is table 3 seat 5 to table 7 seat 2."""
    event = _event(slug)
    typed = request.POST.get("seat_move", "")
    numbers = typed.replace(">", " ").replace("→", " ").split()
    try:
        if len(numbers) != 4 or any(whole_number(n) is None for n in numbers):
            raise SeatingError(_("Type the table and seat the player leaves, then the table and seat they go to: "
                                 "3 5 7 2."))
        a, c = _table_number(numbers[0]), _table_number(numbers[2])
        b, d = _seat_number(numbers[1], a), _seat_number(numbers[3], c)
        moved = services.entry_move(event=event, from_table=a, from_seat=b, to_table=c, to_seat=d,
                                    actor=request.user)
    except SeatingError as exc:
        return _panel(request, event, error=str(exc), status=409, read_buttons=False, typed_move=typed)
    return _after_change(
        request, event,
        _("%(name)s now sits at table %(table)s, seat %(seat)s.")
        % {"name": moved.player.name, "table": moved.table.number, "seat": moved.seat},
    )


@require_POST
@role_required(FLOOR)
def table_break(request: HttpRequest, slug: str) -> HttpResponse:
    """Break the next table in breaking order."""
    event = _event(slug)
    raw = request.POST.get("table", "")
    try:
        if whole_number(raw) is None:
            raise SeatingError(_("Choose the table to break."))
        number = _table_number(raw)
        moves = services.table_break(event=event, table_number=number, actor=request.user)
    except SeatingError as exc:
        return _panel(request, event, error=str(exc), status=409)
    # The panel lists who moves where (the break as recorded) with its move slips to print.
    return _after_change(
        request, event,
        ngettext("Table %(number)s broken: %(count)s player reseated.",
                 "Table %(number)s broken: %(count)s players reseated.", len(moves))
        % {"number": number, "count": len(moves)},
    )


@require_POST
@role_required(FLOOR)
def final_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the final table."""
    event = _event(slug)
    raw = request.POST.get("table", "").strip()
    try:
        draw = services.final_table_draw(
            event=event, actor=request.user, table_number=_table_number(raw) if raw else None
        )
    except SeatingError as exc:
        return _panel(request, event, error=str(exc), status=409)
    return _after_change(
        request, event,
        ngettext("Final table drawn: %(count)s player.", "Final table drawn: %(count)s players.", draw.count)
        % {"count": draw.count},
    )


def _assign_context(event: Event, error: str = "") -> dict[str, Any]:
    alive = Count("entries", filter=Q(entries__status=Entry.Status.ALIVE))
    tables = list(
        Table.objects.filter(venue_id=event.festival.venue_id).select_related("event").annotate(players=alive)
        .order_by("number")
    )
    mine = sorted((t for t in tables if t.event_id == event.pk), key=lambda t: (t.break_order or 0, t.number))
    return {
        "event": event,
        "tables": tables,
        "mine": mine,
        "break_order_text": ", ".join(str(t.number) for t in mine),
        "unseated": selectors.unseated_alive_count(event=event),
        "error": error,
        "nav": _nav(event),
    }


def _venue_table(raw: str) -> int:
    number = field_number(raw, Table, "number")
    if number is None:
        raise SeatingError(_("The venue has no table %(numbers)s.") % {"numbers": raw.strip()[:20]})
    return number


@role_required(FLOOR)
def tables_assign(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the venue tables that serve the event (or give empty ones back), their breaking order, and draw
    the seats."""
    event = _event(slug)
    if request.method != "POST":
        return render(request, "seating/tables_assign.html", _assign_context(event))
    what = request.POST.get("do", "assign")
    try:
        if what == "assign":
            numbers = [_venue_table(n) for n in request.POST.getlist("table")]
            services.tables_assign(event=event, numbers=numbers, actor=request.user)
            messages.success(
                request,
                ngettext("%(count)s table assigned.", "%(count)s tables assigned.", len(numbers))
                % {"count": len(numbers)},
            )
        elif what == "release":
            numbers = [_venue_table(n) for n in request.POST.getlist("table")]
            services.tables_release(event=event, numbers=numbers, actor=request.user)
            messages.success(
                request,
                ngettext("%(count)s table given back to the venue.", "%(count)s tables given back to the venue.",
                         len(numbers)) % {"count": len(numbers)},
            )
        elif what == "order":
            text = request.POST.get("break_order", "").replace(";", ",").replace(" ", ",")
            numbers = [_table_number(n) for n in text.split(",") if n.strip()]
            services.tables_break_order_set(event=event, numbers=numbers, actor=request.user)
            messages.success(request, _("Breaking order saved."))
        elif what == "draw":
            draw = services.seats_draw_initial(event=event, actor=request.user)
            messages.success(
                request,
                ngettext("%(count)s player seated at %(tables)s.",
                         "%(count)s players seated at %(tables)s.", draw.count)
                % {"count": draw.count, "tables": plurals.tables(len(draw.tables))},
            )
            return redirect("seating:table_map", slug=event.slug)
        else:
            raise SeatingError(_("Unknown action."))
    except SeatingError as exc:
        return render(request, "seating/tables_assign.html", _assign_context(event, str(exc)), status=409)
    return redirect("seating:tables_assign", slug=event.slug)


@require_GET
def seat_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """Public "where do I sit?": search a name, see table and seat (nothing else)."""
    event = public_event_or_404(request, slug)
    # A NUL cannot be searched for (PostgreSQL refuses it in a query); nobody's name has one.
    query = request.GET.get("q", "").replace("\x00", "")
    context = {
        "event": event,
        "query": query,
        "results": selectors.seat_lookup(event=event, query=query),
        "key": request.GET.get(PUBLIC_KEY_PARAM, ""),
        "key_param": PUBLIC_KEY_PARAM,
    }
    template = "seating/seat_lookup.html#results" if request.htmx else "seating/seat_lookup.html"
    return render(request, template, context)
