"""The league pages: the list and a new league, a league's settings, events and table, the public table.

Every staff member reads; the Director creates and changes. Views parse the form, call one service and
render; a refusal (a formula that cannot be evaluated...) re-renders the form with the reason, 400, and
nothing is saved. htmx posts answer with the league's panel (settings, events, table) in one piece, so
the table on the page is always the one the change left.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, forbidden, role_required, user_roles
from tdconsole.tournaments.public import PUBLIC_KEY_PARAM, key_matches

from . import selectors, services
from .exceptions import LeagueError
from .forms import EventChoiceForm, LeagueCreateForm, LeagueForm
from .models import League

# One answer for an unknown league and a wrong key: nobody learns which leagues exist.
NOT_FOUND = "No such league"


def _league_or_404(slug: str) -> League:
    league = League.objects.filter(slug=slug).first()
    if league is None:
        raise Http404(NOT_FOUND)
    return league


def public_league_or_404(request: HttpRequest, slug: str) -> League:
    """The league, if the request carries its public key or comes from staff; else 404."""
    league = _league_or_404(slug)
    if key_matches(request.GET.get(PUBLIC_KEY_PARAM, ""), league.public_token) or user_roles(request.user):
        return league
    raise Http404(NOT_FOUND)


def public_path(league: League, url_name: str = "leagues:public") -> str:
    return f"{reverse(url_name, kwargs={'slug': league.slug})}?{PUBLIC_KEY_PARAM}={league.public_token}"


def _settings_initial(league: League) -> dict[str, Any]:
    # Points as the reader types them ("2,50" in Portuguese); the form reads either separator.
    return {"name": league.name, "formula": league.formula, "best_events": league.best_events,
            "participation_points": f"{league.participation_points:.2f}".replace(
                ".", formats.get_format("DECIMAL_SEPARATOR"))}


def _page_context(request: HttpRequest, league: League, *, form: LeagueForm | None = None,
                  refusal: str = "") -> dict[str, Any]:
    events = selectors.league_events(league=league)
    counted = {e.pk for e in events}
    return {
        "league": league,
        "form": form or LeagueForm(initial=_settings_initial(league)),
        "refusal": refusal,
        "events": events,
        "choices": [e for e in selectors.league_event_choices() if e.pk not in counted],
        "standings": selectors.league_standings(league=league, events=events),
        "public_url": request.build_absolute_uri(public_path(league)),
        "pdf_url": public_path(league, "leagues:pdf"),
    }


def _panel(request: HttpRequest, league: League, status: int = 200, **kwargs: Any) -> HttpResponse:
    template = "leagues/league.html#panel" if request.htmx else "leagues/league.html"
    return render(request, template, _page_context(request, league, **kwargs), status=status)


@role_required(*ANY_STAFF)
def leagues_list(request: HttpRequest) -> HttpResponse:
    """Every league with how many events it counts; the Director creates one here."""
    form = LeagueCreateForm(request.POST or None)
    if request.method == "POST":
        if DIRECTOR not in user_roles(request.user):
            return forbidden(request)
        if form.is_valid():
            data = form.cleaned_data
            try:
                league = services.league_create(
                    name=data["name"], slug=data["slug"], formula=data["formula"], actor=request.user,
                    participation_points=data["participation_points"], best_events=data["best_events"],
                )
            except LeagueError as exc:
                form.add_error(exc.field if exc.field in form.fields else None, str(exc))
            else:
                messages.success(request, _("League created."))
                return redirect("leagues:league", slug=league.slug)
    status = 400 if form.errors else 200
    return render(request, "leagues/list.html", {"leagues": selectors.leagues_list(), "form": form}, status=status)


@require_GET
@role_required(*ANY_STAFF)
def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A league: its settings (the Director changes them), its events and its table as the results stand."""
    return _panel(request, _league_or_404(slug))


def _done(request: HttpRequest, league: League, message: str) -> HttpResponse:
    if request.htmx:
        return _panel(request, league)
    messages.success(request, message)
    return redirect("leagues:league", slug=league.slug)


@require_POST
@role_required(DIRECTOR)
def league_save(request: HttpRequest, slug: str) -> HttpResponse:
    """Save the settings; a formula that cannot be evaluated is refused with the reason and nothing changes."""
    league = _league_or_404(slug)
    form = LeagueForm(request.POST)
    if not form.is_valid():
        return _panel(request, league, 400, form=form, refusal=_("Nothing was saved."))
    data = form.cleaned_data
    try:
        league = services.league_update(
            league=league, name=data["name"], formula=data["formula"], actor=request.user,
            participation_points=data["participation_points"], best_events=data["best_events"],
            event_ids=league.league_events.values_list("event_id", flat=True),
        )
    except LeagueError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        return _panel(request, league, 400, form=form, refusal=_("Nothing was saved."))
    return _done(request, league, _("League saved."))


def _event_change(request: HttpRequest, slug: str, change: Any, message: str) -> HttpResponse:
    league = _league_or_404(slug)
    form = EventChoiceForm(request.POST)
    if not form.is_valid():
        return _panel(request, league, 400, refusal=_("Choose an event."))
    try:
        league = change(league=league, event_id=form.cleaned_data["event"], actor=request.user)
    except LeagueError as exc:
        return _panel(request, league, 400, refusal=str(exc))
    return _done(request, league, message)


@require_POST
@role_required(DIRECTOR)
def league_event_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Count an event of any festival in the league."""
    return _event_change(request, slug, services.league_event_add, _("Event added to the league."))


@require_POST
@role_required(DIRECTOR)
def league_event_remove(request: HttpRequest, slug: str) -> HttpResponse:
    """Stop counting an event in the league."""
    return _event_change(request, slug, services.league_event_remove, _("Event removed from the league."))


@require_GET
def league_public(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's table for the players, through the league's unguessable link (`?k=`)."""
    league = public_league_or_404(request, slug)
    events = selectors.league_events(league=league)
    return render(request, "leagues/public.html", {
        "league": league, "events": events, "standings": selectors.league_standings(league=league, events=events),
        "pdf_url": public_path(league, "leagues:pdf"),
    })
