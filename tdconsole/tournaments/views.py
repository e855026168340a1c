"""Desk pages of the tournament floor: event dashboard and form, registration, eliminations,
hand-for-hand and chip counts. Views parse input, check the role, call one service, render."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, FLOOR, REGISTRATION, role_required
from tdconsole.core.public import public_url

from . import selectors, services
from .exceptions import TournamentError
from .forms import EliminationForm, EventForm, RegistrationForm
from .models import Entry, Event, Player

RECENT = 15


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival", "structure"), slug=slug)


def _url_or_none(name: str, slug: str) -> str | None:
    try:
        return reverse(name, kwargs={"slug": slug})
    except NoReverseMatch:
        return None


def _links(event: Event) -> dict[str, str | None]:
    slug = event.slug
    return {
        "dashboard": reverse("tournaments:event_dashboard", kwargs={"slug": slug}),
        "registration": reverse("tournaments:registration", kwargs={"slug": slug}),
        "eliminations": reverse("tournaments:eliminations", kwargs={"slug": slug}),
        "chips": reverse("tournaments:chip_counts", kwargs={"slug": slug}),
        "h4h": reverse("tournaments:hand_for_hand", kwargs={"slug": slug}),
        "edit": reverse("tournaments:event_edit", kwargs={"slug": slug}),
        "table_map": _url_or_none("seating:table_map", slug),
        "balance": _url_or_none("seating:balance_panel", slug),
        "clock": _url_or_none("clock:desk", slug),
        "payouts": _url_or_none("payouts:table", slug),
        "deal": _url_or_none("payouts:deal", slug),
        "print": _url_or_none("printing:desk", slug),
        "tables": _url_or_none("seating:tables_assign", slug),
        "decisions": _url_or_none("rulings:decision_log", slug),
        "screen": public_url(event, "clock:screen", absolute=False),
        "audit": _url_or_none("audit:event_audit", slug),
    }


def _registration_open(event: Event) -> bool:
    return services.registration_is_open(event=event)


def _tables_in_play(tables: list[dict]) -> int:
    """Tables with someone sitting at them: an assigned table left empty is not in play."""
    return sum(1 for t in tables if t["players"])


# --- events ---------------------------------------------------------------------------------------


@require_GET
@role_required(*ANY_STAFF)
def event_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Entries, players left, stacks, tables, and the way to every desk page of the event."""
    event = _event(slug)
    tables = selectors.event_tables(event=event)
    context = {
        "event": event,
        "summary": selectors.event_field_summary(event=event),
        "chips": selectors.chip_summary(event=event),
        "top": selectors.top_stacks(event=event, limit=10),
        "tables": tables,
        "tables_in_play": _tables_in_play(tables),
        "recent": selectors.recent_eliminations(event=event, limit=8),
        "registration_open": _registration_open(event),
        "next_statuses": [s for s in Event.Status if services.event_status_can_change(current=event.status, to=s)],
        "links": _links(event),
        "winner": Entry.objects.filter(event=event, place=1).select_related("player").first(),
        "levels": list(event.structure.levels.order_by("position")),
    }
    template = "tournaments/dashboard.html#live" if request.htmx else "tournaments/dashboard.html"
    return render(request, template, context)


@role_required(DIRECTOR)
def event_create(request: HttpRequest) -> HttpResponse:
    """Create an event from a structure template."""
    form = EventForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(festival=form.cleaned_data["festival"],
                                          template=form.cleaned_data["template"], actor=request.user,
                                          **form.service_fields())
        except TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Event created."))
            return redirect("tournaments:event_dashboard", slug=event.slug)
    status = 400 if form.errors else 200
    return render(request, "tournaments/event_form.html", {"form": form, "creating": True}, status=status)


@role_required(DIRECTOR)
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Change an event's settings (the structure only before the start)."""
    event = _event(slug)
    form = EventForm(request.POST or None, instance=event, creating=False,
                     initial={"festival": event.festival_id})
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        template = form.cleaned_data.get("template")
        try:
            services.event_update(event=Event.objects.get(pk=event.pk), actor=request.user, template=template,
                                  **fields)
        except TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Event saved."))
            return redirect("tournaments:event_dashboard", slug=event.slug)
    status = 400 if form.errors else 200
    return render(request, "tournaments/event_form.html", {"form": form, "event": event, "creating": False},
                  status=status)


@require_POST
@role_required(DIRECTOR)
def event_status(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    try:
        services.event_status_change(event=event, to=request.POST.get("to", ""), actor=request.user)
    except (TournamentError, ValueError) as exc:
        messages.error(request, str(exc) if isinstance(exc, TournamentError) else _("Unknown status."))
    return redirect("tournaments:event_dashboard", slug=slug)


@require_POST
@role_required(DIRECTOR)
def registration_close(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    services.event_registration_close(event=event, actor=request.user)
    messages.success(request, _("Registration and re-entry are closed."))
    return redirect("tournaments:event_dashboard", slug=slug)


# --- registration ---------------------------------------------------------------------------------


def _registration_context(event: Event, form: RegistrationForm, entry: Entry | None = None,
                          error: str = "") -> dict[str, Any]:
    return {
        "event": event,
        "form": form,
        "entry": entry,
        "error": error,
        "registration_open": _registration_open(event),
        # Entries can be cancelled until registration closes (places are counted then).
        "can_cancel": event.registration_closed_at is None and event.status in services.OPEN_FOR_ENTRIES,
        "summary": selectors.event_field_summary(event=event),
        "recent_entries": Entry.objects.filter(event=event).select_related("player", "table")
        .order_by("-number")[:RECENT],
        "links": _links(event),
    }


@role_required(REGISTRATION)
def registration(request: HttpRequest, slug: str) -> HttpResponse:
    """Type a name, Enter: the entry is created, seated, and its seat card shown."""
    event = _event(slug)
    if request.method != "POST":
        context = _registration_context(event, RegistrationForm())
        return render(request, "tournaments/registration.html", context)
    form = RegistrationForm(request.POST)
    entry, error = None, ""
    if form.is_valid():
        data = form.cleaned_data
        try:
            if data.get("player"):
                player = get_object_or_404(Player, pk=data["player"], festival=event.festival)
            else:
                player = services.player_for_desk(festival=event.festival, name=data["name"],
                                                  document=data["document"], nickname=data["nickname"],
                                                  actor=request.user)
            entry = services.entry_register(event=event, player=player, actor=request.user)
        except TournamentError as exc:
            error = str(exc)
    if entry is not None:
        form = RegistrationForm()
    context = _registration_context(event, form, entry=entry, error=error)
    status = 200 if entry is not None or request.htmx else 400
    template = "tournaments/registration.html#panel" if request.htmx else "tournaments/registration.html"
    return render(request, template, context, status=status)


@require_POST
@role_required(REGISTRATION)
def entry_cancel(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Cancel an entry registered by mistake (from the list of recent entries)."""
    event = _event(slug)
    error, cancelled = "", None
    try:
        cancelled = services.entry_cancel(event=event, entry_id=pk, actor=request.user)
    except TournamentError as exc:
        error = str(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        else:
            messages.success(request, _("Entry #%(number)d cancelled.") % {"number": cancelled.number})
        return redirect("tournaments:registration", slug=slug)
    context = _registration_context(event, RegistrationForm(), error=error)
    context["cancelled"] = cancelled
    return render(request, "tournaments/registration.html#panel", context)


@require_GET
@role_required(REGISTRATION)
def registration_search(request: HttpRequest, slug: str) -> HttpResponse:
    """Players of the festival matching what is typed, with their entries in this event."""
    event = _event(slug)
    players = selectors.player_search(festival_id=event.festival_id, query=request.GET.get("name", ""))
    entries = selectors.player_entries(event=event, player_ids=[p.pk for p in players])
    rows = [{"player": p, "entries": entries[p.pk],
             "alive": any(e.status == Entry.Status.ALIVE for e in entries[p.pk])} for p in players]
    return render(request, "tournaments/registration.html#matches",
                  {"event": event, "rows": rows, "query": request.GET.get("name", "")})


# --- eliminations ---------------------------------------------------------------------------------


def _eliminations_context(event: Event, form: EliminationForm, table: int | None = None,
                          done: Any = None) -> dict[str, Any]:
    seats = []
    if table is not None:
        seats = list(Entry.objects.filter(event=event, table__number=table, table__event=event,
                                          status=Entry.Status.ALIVE).select_related("player").order_by("seat"))
    return {
        "event": event,
        "form": form,
        "table": table,
        "seats": seats,
        "done": done,
        "recent": selectors.recent_eliminations(event=event, limit=RECENT),
        "summary": selectors.event_field_summary(event=event),
        "links": _links(event),
    }


def _table_param(request: HttpRequest) -> int | None:
    value = request.GET.get("table") or request.POST.get("pick_table") or ""
    return int(value) if value.isdigit() else None


@role_required(FLOOR)
def eliminations(request: HttpRequest, slug: str) -> HttpResponse:
    """Bust by table and seat ("12 4", Enter) or by picking seats on a table's list; undo the last."""
    event = _event(slug)
    table = _table_param(request)
    done = None
    if request.method == "POST":
        if "pick_table" in request.POST:
            # Picked on the list: the checked seats, with their stacks if typed.
            parts = [request.POST["pick_table"]]
            for seat in request.POST.getlist("seat"):
                stack = (request.POST.get(f"stack_{seat}") or "").replace(".", "").replace(",", "").strip()
                parts.append(f"{seat}:{stack}" if stack else seat)
            form = EliminationForm({"bust": " ".join(parts)})
        else:
            form = EliminationForm(request.POST)
        if form.is_valid():
            busts = [services.SeatBust(seat=s, starting_stack=st) for s, st in form.cleaned_data["seats"]]
            try:
                done = services.entries_eliminate(event=event, table_number=form.cleaned_data["table"], busts=busts,
                                                  actor=request.user)
            except TournamentError as exc:
                form.add_error("bust", str(exc))
            else:
                form = EliminationForm()
                table = None
    else:
        form = EliminationForm()
    context = _eliminations_context(event, form, table=table, done=done)
    status = 400 if form.errors and not request.htmx else 200
    template = "tournaments/eliminations.html#panel" if request.htmx else "tournaments/eliminations.html"
    return render(request, template, context, status=status)


@require_POST
@role_required(FLOOR)
def elimination_undo(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(slug)
    form = EliminationForm()
    try:
        services.elimination_undo(event=event, elimination_id=pk, actor=request.user)
    except TournamentError as exc:
        form.add_error(None, str(exc))
        if not request.htmx:
            messages.error(request, str(exc))
    else:
        if not request.htmx:
            messages.success(request, _("Elimination undone: the player is back in the seat."))
    if not request.htmx:
        return redirect("tournaments:eliminations", slug=slug)
    context = _eliminations_context(event, form)
    context["undone"] = not form.errors
    return render(request, "tournaments/eliminations.html#panel", context)


# --- hand-for-hand --------------------------------------------------------------------------------


@role_required(FLOOR)
def hand_for_hand(request: HttpRequest, slug: str) -> HttpResponse:
    """Hand-for-hand on and off, and the next hand; shows this hand's eliminations."""
    event = _event(slug)
    error = ""
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "on":
                event = services.hand_for_hand_set(event=event, on=True, actor=request.user)
            elif action == "off":
                event = services.hand_for_hand_set(event=event, on=False, actor=request.user)
            elif action == "next":
                event = services.hand_for_hand_next(event=event, actor=request.user)
            else:
                error = _("Unknown action.")
        except TournamentError as exc:
            error = str(exc)
        if not request.htmx and not error:
            return redirect("tournaments:hand_for_hand", slug=slug)
    this_hand = []
    if event.hand_for_hand:
        this_hand = [e for e in selectors.recent_eliminations(event=event, limit=50)
                     if e.hand_for_hand_round == event.hand_for_hand_round]
    tables = selectors.event_tables(event=event)
    context = {"event": event, "error": error, "this_hand": this_hand, "links": _links(event),
               "tables": tables, "tables_in_play": _tables_in_play(tables),
               "summary": selectors.event_field_summary(event=event)}
    status = 400 if error and not request.htmx else 200
    template = "tournaments/hand_for_hand.html#panel" if request.htmx else "tournaments/hand_for_hand.html"
    return render(request, template, context, status=status)


# --- chip counts ----------------------------------------------------------------------------------


def _parse_chips(value: str) -> int | None:
    cleaned = value.replace(".", "").replace(",", "").replace(" ", "").strip()
    if not cleaned:
        return None
    if not cleaned.isdigit():
        raise ValueError(value)
    return int(cleaned)


@role_required(FLOOR)
def chip_counts(request: HttpRequest, slug: str) -> HttpResponse:
    """Type the chip counts of a table (or of everyone); keeps the last count per entry."""
    event = _event(slug)
    table = _table_param(request)
    entries = selectors.seated_entries(event=event)
    if table is not None:
        entries = [e for e in entries if e.table_id and e.table.number == table]
    typed: dict[int, str] = {}
    error = ""
    saved = 0
    if request.method == "POST":
        counts: dict[int, int] = {}
        for entry in entries:
            raw = request.POST.get(f"chips_{entry.pk}", "")
            typed[entry.pk] = raw
            try:
                value = _parse_chips(raw)
            except ValueError:
                error = _("Entry #%(number)d: \"%(value)s\" is not a chip count.") % {"number": entry.number,
                                                                                       "value": raw}
                break
            if value is not None:
                counts[entry.pk] = value
        if not error:
            try:
                saved = len(services.chip_counts_record(event=event, counts=counts, actor=request.user))
            except TournamentError as exc:
                error = str(exc)
            else:
                if not request.htmx:
                    messages.success(request, ngettext("%(n)s chip count saved.", "%(n)s chip counts saved.", saved)
                                     % {"n": saved})
                    url = reverse("tournaments:chip_counts", kwargs={"slug": slug})
                    return redirect(f"{url}?table={table}" if table is not None else url)
                typed = {}
                entries = [e for e in selectors.seated_entries(event=event)
                           if table is None or (e.table_id and e.table.number == table)]
    rows = [{"entry": e, "typed": typed.get(e.pk, "")} for e in entries]
    context = {"event": event, "rows": rows, "table": table, "error": error, "saved": saved,
               "chips": selectors.chip_summary(event=event), "summary": selectors.event_field_summary(event=event),
               "top": selectors.top_stacks(event=event, limit=10), "links": _links(event),
               "tables": selectors.event_tables(event=event)}
    status = 400 if error and not request.htmx else 200
    template = "tournaments/chip_counts.html#panel" if request.htmx else "tournaments/chip_counts.html"
    return render(request, template, context, status=status)
