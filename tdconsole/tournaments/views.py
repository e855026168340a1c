"""Pages of the tournaments app itself: an event's settings and status, closing registration, and
the player register (a player's entries, corrections, merges). Views parse input, check the role,
call one service, render.

The event's desk pages that also show the clock, the seats or the prize desk (dashboard,
registration, eliminations, hand-for-hand, chip counts) are in the desk app, above this one.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import DIRECTOR, REGISTRATION, role_required
from tdconsole.core.bounds import field_number

from . import events, players, selectors
from .exceptions import TournamentError
from .forms import MAX_ID, EventForm, PlayerForm, PlayerMergeForm
from .models import Entry, Event, Festival, Player
from .pages import SEARCH_SHOWN, event_links, event_or_404
from .registration import event_registration_close

# --- events ---------------------------------------------------------------------------------------


def _refused(form: EventForm, exc: TournamentError) -> None:
    """Show the service's refusal beside the setting it names (above the form otherwise)."""
    field = getattr(exc, "field", None)
    form.add_error(field if field in form.fields and not form.fields[field].disabled else None, str(exc))


def _festival_chosen(request: HttpRequest) -> dict:
    """The festival a link chose for the new event (a festival's "New event" link), if it is one."""
    festival = field_number(request.GET.get("festival"), Festival, "id")
    return {"festival": festival} if festival else {}


@role_required(DIRECTOR)
def event_create(request: HttpRequest) -> HttpResponse:
    """Create an event from a structure template (`?festival=<id>` chooses the festival beforehand)."""
    form = EventForm(request.POST or None, creating=True, initial=_festival_chosen(request))
    if request.method == "POST" and form.is_valid():
        try:
            event = events.event_create(festival=form.cleaned_data["festival"],
                                        template=form.cleaned_data["template"], actor=request.user,
                                        **form.service_fields())
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Event created."))
            return redirect("tournaments:event_dashboard", slug=event.slug)
    status = 400 if form.errors else 200
    return render(request, "tournaments/event_form.html", {"form": form, "creating": True}, status=status)


@role_required(DIRECTOR)
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """Change an event's settings (the structure only before the start)."""
    event = event_or_404(slug)
    form = EventForm(request.POST or None, instance=event, creating=False,
                     initial={"festival": event.festival_id})
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        template = form.cleaned_data.get("template")
        try:
            events.event_update(event=Event.objects.get(pk=event.pk), actor=request.user, template=template,
                                **fields)
        except TournamentError as exc:
            _refused(form, exc)
        else:
            messages.success(request, _("Event saved."))
            return redirect("tournaments:event_dashboard", slug=event.slug)
    status = 400 if form.errors else 200
    return render(request, "tournaments/event_form.html", {"form": form, "event": event, "creating": False},
                  status=status)


@require_POST
@role_required(DIRECTOR)
def event_status(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    try:
        events.event_status_change(event=event, to=request.POST.get("to", ""), actor=request.user)
    except (TournamentError, ValueError) as exc:
        messages.error(request, str(exc) if isinstance(exc, TournamentError) else _("Unknown status."))
    return redirect("tournaments:event_dashboard", slug=slug)


@require_POST
@role_required(DIRECTOR)
def registration_close(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    try:
        event_registration_close(event=event, actor=request.user)
    except TournamentError as exc:  # a main event closes with its flights
        messages.error(request, str(exc))
        return redirect("tournaments:event_dashboard", slug=slug)
    messages.success(request, _("Registration and re-entry are closed."))
    return redirect("tournaments:event_dashboard", slug=slug)


# --- players --------------------------------------------------------------------------------------


def _festival_player(event: Event, pk: int) -> tuple[Player, list[Entry]]:
    if pk > MAX_ID:
        raise Http404(_("No such player in this festival."))
    player, entries = selectors.player_with_entries(player_id=pk, festival_id=event.festival_id)
    if player is None:
        raise Http404(_("No such player in this festival."))
    return player, entries


def _player_page(request: HttpRequest, event: Event, player: Player, entries: list[Entry],
                 form: PlayerForm | None = None, error: str = "", status: int = 200) -> HttpResponse:
    query = request.GET.get("q", player.name)[:120]
    found = selectors.player_search(festival_id=event.festival_id, query=query, limit=SEARCH_SHOWN + 1)
    others = [p for p in found.players if p.pk != player.pk][:SEARCH_SHOWN]
    counts = selectors.player_entry_counts(player_ids=[p.pk for p in others])
    context = {
        "event": event, "player": player, "entries": entries, "error": error, "query": query,
        "form": form or PlayerForm(initial={"name": player.name, "nickname": player.nickname,
                                            "document": player.document, "city": player.city,
                                            "country": player.country}),
        "candidates": [{"player": p, "entries": counts[p.pk]} for p in others],
        "links": event_links(event),
    }
    return render(request, "tournaments/player.html", context, status=status)


@require_GET
@role_required(REGISTRATION)
def player_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's details and entries in the festival; correct them, or merge a duplicate into them."""
    event = event_or_404(slug)
    player, entries = _festival_player(event, pk)
    return _player_page(request, event, player, entries)


@role_required(REGISTRATION)
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Correct a player's name, nickname or document number."""
    event = event_or_404(slug)
    player, entries = _festival_player(event, pk)
    if request.method != "POST":
        return redirect("tournaments:player_detail", slug=slug, pk=pk)
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            players.player_update(player=player, actor=request.user, event=event, **form.cleaned_data)
        except TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Player saved."))
            return redirect("tournaments:player_detail", slug=slug, pk=pk)
    return _player_page(request, event, player, entries, form=form, status=400)


@role_required(REGISTRATION)
def player_merge(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Merge a player registered twice into this one: shows what moves, then does it on POST."""
    event = event_or_404(slug)
    keep, keep_entries = _festival_player(event, pk)
    form = PlayerMergeForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        messages.error(request, _("Choose the player to merge into this one."))
        return redirect("tournaments:player_detail", slug=slug, pk=pk)
    other, other_entries = _festival_player(event, form.cleaned_data["other"])
    error = ""
    if request.method == "POST":
        try:
            players.players_merge(keep=keep, other=other, actor=request.user, event=event)
        except TournamentError as exc:
            error = str(exc)
        else:
            messages.success(request, _("%(other)s merged into %(keep)s.") % {"other": other.name, "keep": keep.name})
            return redirect("tournaments:player_detail", slug=slug, pk=pk)
    refusals = players.merge_refusals(keep=keep, other=other, entries=keep_entries + other_entries)
    context = {"event": event, "keep": keep, "other": other, "refusals": refusals, "error": error,
               "sides": [{"role": "keep", "player": keep, "entries": keep_entries},
                         {"role": "other", "player": other, "entries": other_entries}],
               "links": event_links(event)}
    status = 400 if error else 200
    return render(request, "tournaments/player_merge.html", context, status=status)
