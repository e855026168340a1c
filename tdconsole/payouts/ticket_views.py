"""The tickets page of an event: the seats its satellite gave and the tickets held for it.

Staff read it; the Director cancels an unused ticket (saying why) or moves it to another player of the
target event's festival, found by name. Each change goes through `cashier.tickets`, which audits it and
refuses a ticket that was used or cancelled meanwhile; the refusal is shown on the page (4xx).
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tdconsole.accounts.roles import ANY_STAFF, DIRECTOR, has_role, role_required
from tdconsole.cashier.exceptions import TicketRefused
from tdconsole.cashier.models import Ticket
from tdconsole.cashier.tickets import MAX_REASON, ticket_cancel, ticket_move
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.selectors import player_search

from .selectors import event_tickets, prize_settings_of

# The longest id a form may name (a bigint's digits): anything longer is not a ticket.
MAX_ID_DIGITS = 19
SEARCH_LIMIT = 12


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("festival"), slug=slug)


def _id(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS else None


def _ticket_of(event: Event, ticket_id: int | None) -> Ticket | None:
    """The ticket the form names, when it is one of this event's (won in it or held for it)."""
    if ticket_id is None:
        return None
    return (Ticket.objects.select_related("player", "target_event")
            .filter(Q(source_event=event) | Q(target_event=event), pk=ticket_id).first())


def _context(request: HttpRequest, event: Event, **extra) -> dict:
    won, held = event_tickets(event=event)
    settings = prize_settings_of(event=event)
    context = {
        "event": event,
        "won": won,
        "held": held,
        "target": settings.satellite_target if settings.satellite_target_id else None,
        "can_act": has_role(request.user, [DIRECTOR]),
        "max_reason": MAX_REASON,
        "moving": None,
        "query": "",
        "candidates": None,
    }
    context.update(extra)
    return context


def _candidates(ticket: Ticket, query: str):
    """Players of the ticket's target festival matching `query`, the holder left out."""
    found = player_search(festival_id=ticket.target_event.festival_id, query=query, limit=SEARCH_LIMIT)
    return [p for p in found.players if p.pk != ticket.player_id]


@role_required(*ANY_STAFF)
def tickets_view(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's tickets; `?move=<ticket>&q=<name>` finds the player a ticket could move to (Director)."""
    event = _event(slug)
    extra = {}
    moving = _ticket_of(event, _id(request.GET.get("move")))
    if moving is not None and has_role(request.user, [DIRECTOR]) and moving.status == Ticket.Status.UNUSED:
        query = (request.GET.get("q") or "")[:100]
        extra = {"moving": moving, "query": query, "candidates": _candidates(moving, query) if query else None}
        if request.htmx:
            return render(request, "payouts/tickets.html#candidates", _context(request, event, **extra))
    return render(request, "payouts/tickets.html", _context(request, event, **extra))


def _refused(request: HttpRequest, event: Event, message: str, status: int = 400, **extra) -> HttpResponse:
    messages.error(request, message)
    return render(request, "payouts/tickets.html", _context(request, event, **extra), status=status)


@require_POST
@role_required(DIRECTOR)
def ticket_cancel_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    ticket = _ticket_of(event, _id(request.POST.get("ticket")))
    if ticket is None:
        return _refused(request, event, _("This ticket is not known (reload the page)."), status=404)
    try:
        ticket_cancel(ticket_id=ticket.pk, reason=request.POST.get("reason", ""), actor=request.user)
    except TicketRefused as exc:
        return _refused(request, event, str(exc), status=409 if _changed(ticket) else 400)
    messages.success(request, _("Ticket #%(number)s of %(name)s cancelled.")
                     % {"number": ticket.pk, "name": ticket.player.name})
    return redirect("payouts:tickets", slug=event.slug)


@require_POST
@role_required(DIRECTOR)
def ticket_move_view(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    ticket = _ticket_of(event, _id(request.POST.get("ticket")))
    if ticket is None:
        return _refused(request, event, _("This ticket is not known (reload the page)."), status=404)
    player_id = _id(request.POST.get("player"))
    try:
        moved = ticket_move(ticket_id=ticket.pk, player_id=player_id if player_id is not None else -1,
                            actor=request.user)
    except TicketRefused as exc:
        return _refused(request, event, str(exc), status=409 if _changed(ticket) else 400)
    messages.success(request, _("Ticket #%(number)s moved from %(old)s to %(new)s.")
                     % {"number": ticket.pk, "old": ticket.player.name, "new": moved.player.name})
    return redirect("payouts:tickets", slug=event.slug)


def _changed(ticket: Ticket) -> bool:
    """Whether the ticket was used or cancelled since the page showed it (a conflict, not a typing error)."""
    return Ticket.objects.filter(pk=ticket.pk).exclude(status=Ticket.Status.UNUSED).exists()
