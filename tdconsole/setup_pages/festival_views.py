"""The festival and venue pages, a venue's tables, and copying an event for next week.

Every staff member reads the lists (as they read the events on the home page); the Director creates,
changes and copies. Views parse the form, call one service and render; a refusal is shown beside the
field it names, or above the form.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, role_required
from tdconsole.cashier.models import MoneyRules
from tdconsole.clock.models import ScreenMessage
from tdconsole.core.bounds import fits
from tdconsole.payouts.models import PrizeSettings
from tdconsole.tournaments import festivals
from tdconsole.tournaments.event_copy import event_copy_defaults
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Event, Festival, Table, Venue
from tdconsole.tournaments.pages import event_or_404

from .copying import event_copy_for_next_week, tables_served
from .festival_forms import EventCopyForm, FestivalForm, TableForm, TablesAddForm, VenueForm


def _refused(form: forms.Form, exc: TournamentError) -> None:
    """Show the service's refusal beside the field it names (above the form otherwise)."""
    field = getattr(exc, "field", None)
    form.add_error(field if field in form.fields and not form.fields[field].disabled else None, str(exc))


def _status(form: forms.Form) -> int:
    return 400 if form.errors else 200


# --- festivals ------------------------------------------------------------------------------------


@require_GET
@role_required(*ANY_STAFF)
def festival_list(request: HttpRequest) -> HttpResponse:
    """Every festival with its events: status, date, entries."""
    return render(request, "setup_pages/festivals/festival_list.html", {"festivals": festivals.festivals_with_events()})


def _festival_or_404(slug: str) -> Festival:
    return get_object_or_404(Festival.objects.select_related("venue"), slug=slug)


@require_GET
@role_required(*ANY_STAFF)
def festival_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A festival's events, each with its status and links, and a new event in it."""
    festival = _festival_or_404(slug)
    context = {"festival": festival, "events": festivals.festival_events(festival=festival),
               "new_event_url": f"{reverse('tournaments:event_create')}?festival={festival.pk}"}
    return render(request, "setup_pages/festivals/festival_detail.html", context)


def _festival_fields(form: FestivalForm) -> dict[str, Any]:
    return {"name": form.cleaned_data["name"], "venue": form.cleaned_data.get("venue"),
            "venue_name": form.cleaned_data.get("venue_name", "")}


@role_required(DIRECTOR)
def festival_create(request: HttpRequest) -> HttpResponse:
    """Create a festival at a venue chosen, or at a new one typed."""
    form = FestivalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            festival = festivals.festival_create(actor=request.user, slug=form.cleaned_data.get("slug", ""),
                                                 **_festival_fields(form))
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Festival created."))
            return redirect("setup_pages:festival_detail", slug=festival.slug)
    return render(request, "setup_pages/festivals/festival_form.html", {"form": form, "creating": True},
                  status=_status(form))


@role_required(DIRECTOR)
def festival_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Rename a festival or move it to another venue."""
    festival = _festival_or_404(slug)
    form = FestivalForm(request.POST or None, editing=True,
                        initial={"name": festival.name, "venue": festival.venue_id})
    if request.method == "POST" and form.is_valid():
        try:
            festivals.festival_update(festival=festival, actor=request.user, **_festival_fields(form))
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Festival saved."))
            return redirect("setup_pages:festival_detail", slug=festival.slug)
    return render(request, "setup_pages/festivals/festival_form.html",
                  {"form": form, "festival": festival, "creating": False}, status=_status(form))


# --- venues ---------------------------------------------------------------------------------------


@require_GET
@role_required(*ANY_STAFF)
def venue_list(request: HttpRequest) -> HttpResponse:
    """Every venue with its tables and festivals."""
    return render(request, "setup_pages/festivals/venue_list.html", {"venues": festivals.venues_with_counts()})


def _venue_or_404(pk: int) -> Venue:
    if not fits(pk, Venue, "id"):
        raise Http404(_("No such venue."))
    return get_object_or_404(Venue, pk=pk)


def _table_or_404(venue: Venue, table_id: int) -> Table:
    if not fits(table_id, Table, "id"):
        raise Http404(_("No such table."))
    return get_object_or_404(Table, pk=table_id, venue=venue)


@role_required(DIRECTOR)
def venue_create(request: HttpRequest) -> HttpResponse:
    """Create a venue; its tables are added on its page."""
    form = VenueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            venue = festivals.venue_create(name=form.cleaned_data["name"], actor=request.user)
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Venue created: add its tables."))
            return redirect("setup_pages:venue_detail", pk=venue.pk)
    return render(request, "setup_pages/festivals/venue_form.html", {"form": form, "creating": True},
                  status=_status(form))


@role_required(DIRECTOR)
def venue_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename a venue."""
    venue = _venue_or_404(pk)
    form = VenueForm(request.POST or None, initial={"name": venue.name})
    if request.method == "POST" and form.is_valid():
        try:
            festivals.venue_update(venue=venue, name=form.cleaned_data["name"], actor=request.user)
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Venue saved."))
            return redirect("setup_pages:venue_detail", pk=venue.pk)
    return render(request, "setup_pages/festivals/venue_form.html", {"form": form, "venue": venue, "creating": False},
                  status=_status(form))


def _venue_page(request: HttpRequest, venue: Venue, *, add_form: TablesAddForm | None = None, error: str = "",
                done: str = "", status: int = 200) -> HttpResponse:
    """The venue's page, or under htmx just its tables (with the answer to what was sent)."""
    context = {
        "venue": venue, "rows": festivals.venue_tables(venue=venue), "error": error, "done": done,
        "festivals": list(venue.festivals.order_by("name")),
        "add_form": add_form or TablesAddForm(initial=_next_tables(venue)),
    }
    template = "setup_pages/festivals/venue_detail.html"
    if request.htmx:
        template += "#tables"
    return render(request, template, context, status=status)


def _next_tables(venue: Venue) -> dict[str, int]:
    """The add form proposes the numbers after the venue's last table."""
    last = Table.objects.filter(venue=venue).order_by("-number").values_list("number", flat=True).first() or 0
    if last >= festivals.table_number_limits()[1]:
        return {"seats": 9}
    return {"first": last + 1, "seats": 9}


@require_GET
@role_required(*ANY_STAFF)
def venue_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A venue's tables: who they serve, who sits there; the Director adds, changes and removes them."""
    return _venue_page(request, _venue_or_404(pk))


def _answered(request: HttpRequest, venue: Venue, done: str) -> HttpResponse:
    if request.htmx:
        return _venue_page(request, venue, done=done)
    messages.success(request, done)
    return redirect("setup_pages:venue_detail", pk=venue.pk)


def _form_problem(form: forms.Form) -> str:
    """The first problem of a form, as one sentence naming its field."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        return f"{label}: {errors[0]}" if label else str(errors[0])
    return ""


@require_POST
@role_required(DIRECTOR)
def tables_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a range of tables ("tables 1 to 12, 9 seats")."""
    venue = _venue_or_404(pk)
    form = TablesAddForm(request.POST)
    if not form.is_valid():
        return _venue_page(request, venue, add_form=form, error=_form_problem(form), status=400)
    data = form.cleaned_data
    try:
        added = festivals.tables_add(venue=venue, first=data["first"], last=data["last"], seats=data["seats"],
                                     actor=request.user)
    except TournamentError as exc:
        return _venue_page(request, venue, add_form=form, error=str(exc), status=409)
    done = ngettext("%(count)s table added: %(numbers)s.", "%(count)s tables added: %(numbers)s.", len(added)) % {
        "count": len(added), "numbers": festivals.number_ranges(t.number for t in added)}
    return _answered(request, venue, done)


@require_POST
@role_required(DIRECTOR)
def table_edit(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """Change a table's number or seats."""
    venue = _venue_or_404(pk)
    table = _table_or_404(venue, table_id)
    form = TableForm(request.POST)
    if not form.is_valid():
        error = _("Table %(table)s: %(problem)s") % {"table": table.number, "problem": _form_problem(form)}
        return _venue_page(request, venue, error=error, status=400)
    try:
        changed = festivals.table_update(table=table, number=form.cleaned_data["number"],
                                         seats=form.cleaned_data["seats"], actor=request.user)
    except TournamentError as exc:
        return _venue_page(request, venue, error=str(exc), status=409)
    done = _("Table %(number)s saved (%(seats)s seats).") % {"number": changed.number, "seats": changed.seats}
    return _answered(request, venue, done)


@require_POST
@role_required(DIRECTOR)
def table_remove(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """Take a table away from the venue (refused while it serves, seats or is named by the record)."""
    venue = _venue_or_404(pk)
    table = _table_or_404(venue, table_id)
    number = table.number
    try:
        festivals.table_remove(table=table, actor=request.user)
    except TournamentError as exc:
        return _venue_page(request, venue, error=str(exc), status=409)
    return _answered(request, venue, _("Table %(number)s removed.") % {"number": number})


# --- copying an event -----------------------------------------------------------------------------


@role_required(DIRECTOR)
def event_copy(request: HttpRequest, slug: str) -> HttpResponse:
    """Copy an event for next week: a new draft with its settings, structure, chips, money rules, prize
    settings, screen messages, and the tables that served it (those still free)."""
    event = event_or_404(slug)
    served = tables_served(event=event)
    if request.method == "POST":
        form = EventCopyForm(request.POST)
    else:
        form = EventCopyForm(initial=event_copy_defaults(event=event) | {"tables": festivals.number_ranges(served)})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            result = event_copy_for_next_week(event=event, name=data["name"], date=data["date"],
                                              slug=data.get("slug", ""), table_numbers=data["tables"],
                                              actor=request.user)
        except TournamentError as exc:
            _refused(form, exc)
        else:
            _copy_messages(request, result)
            return redirect("tournaments:event_dashboard", slug=result.event.slug)
    context = {"form": form, "event": event, "served": festivals.number_ranges(served), **_what_is_copied(event)}
    return render(request, "setup_pages/festivals/event_copy.html", context, status=_status(form))


def _what_is_copied(event: Event) -> dict[str, Any]:
    return {
        "has_money_rules": MoneyRules.objects.filter(event=event).exists(),
        "has_prize_settings": PrizeSettings.objects.filter(event=event).exists(),
        "message_count": ScreenMessage.objects.filter(event=event).count(),
        "level_count": event.structure.levels.count(),
    }


def _copy_messages(request: HttpRequest, result: Any) -> None:
    made = result.copy
    messages.success(request, _("%(name)s created as a draft, a copy of %(original)s.")
                     % {"name": made.event.name, "original": made.original.name})
    if made.tables:
        messages.success(request, ngettext("It has table %(numbers)s.", "It has tables %(numbers)s.",
                                           len(made.tables)) % {"numbers": festivals.number_ranges(made.tables)})
    by_event: dict[tuple[str, str], list[int]] = {}
    for busy in made.busy:
        by_event.setdefault((busy.event, busy.status_label), []).append(busy.number)
    for (name, status), numbers in by_event.items():
        messages.warning(request, ngettext(
            "Table %(numbers)s still serves %(event)s (%(status)s): it was not given to the copy.",
            "Tables %(numbers)s still serve %(event)s (%(status)s): they were not given to the copy.",
            len(numbers)) % {"numbers": festivals.number_ranges(numbers), "event": name, "status": status})
    if result.money_rules_problems:
        messages.warning(request, _("The money rules were not copied: %(problems)s")
                         % {"problems": " ".join(result.money_rules_problems)})
