"""Players across festivals (staff): find a person by name, nickname or document, and their history."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tdconsole.accounts.roles import REGISTRATION, role_required
from tdconsole.tournaments import selectors
from tdconsole.tournaments.models import Player

from .history import player_history

SHOWN = 50


@require_GET
@role_required(REGISTRATION)
def players_search(request: HttpRequest) -> HttpResponse:
    """Every festival's players matching a name (no case or accents), a nickname or a document (a CPF typed
    with or without its dots)."""
    query = (request.GET.get("q") or "")[:120]
    found = selectors.player_search(festival_id=None, query=query, limit=SHOWN)
    players = Player.objects.filter(pk__in=[p.pk for p in found.players]).select_related("festival")
    by_pk = {p.pk: p for p in players}
    return render(request, "desk_pages/players.html", {
        "query": query, "players": [by_pk[p.pk] for p in found.players if p.pk in by_pk], "total": found.total,
        "shown": SHOWN,
    })


@require_GET
@role_required(REGISTRATION)
def player_history_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A person's every event across festivals, with entries, re-entries, places, prizes and bounties."""
    player = Player.objects.select_related("festival").filter(pk=pk).first()
    if player is None:
        raise Http404("no such player")
    return render(request, "desk_pages/player_history.html", {"history": player_history(player=player)})
