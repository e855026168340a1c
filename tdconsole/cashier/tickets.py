"""Satellite tickets: a seat won is a ticket that pays the player's buy-in to the target event once.

Issued by the satellite's prize settlement (`payouts.services.satellite_tickets_issue`, which works out
who won a seat); used by a buy-in paid by the method "ticket" (`purchases.purchase_buy_in_record`);
cancelled or moved to another player by the Director while unused. Every change is audited, in one
transaction, and a ticket is claimed by a conditional `update()` on its status, so the same ticket used
twice at once (two desks, two app servers) pays one buy-in and the other is refused.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.core.bounds import fits
from tdconsole.tournaments.models import Entry, Event, Player

# (the module, not its names: purchases uses this module at a buy-in paid by ticket)
from . import purchases
from .exceptions import TicketRefused
from .models import Purchase, Ticket

Status = Ticket.Status
MAX_REASON = Ticket._meta.get_field("cancel_reason").max_length


def _record(ticket: Ticket) -> dict[str, Any]:
    return {"player": ticket.player_id, "source_event": ticket.source_event_id, "target_event": ticket.target_event_id,
            "value": ticket.value, "status": ticket.status}


def ticket_issue(*, source_event: Event, entry: Entry, target_event: Event, value: Decimal, actor: Any) -> Ticket:
    """Give `entry`'s player a ticket to `target_event` worth `value`; the same winner's ticket once (the
    caller holds the source event's lock; a second call returns the first ticket)."""
    with transaction.atomic():
        found = Ticket.objects.filter(source_event=source_event, source_entry=entry).first()
        if found is not None:
            return found
        ticket = Ticket.objects.create(player_id=entry.player_id, source_event=source_event, source_entry=entry,
                                       target_event=target_event, value=value,
                                       created_by=actor if getattr(actor, "pk", None) else None)
        audit_record(actor=actor, action="cashier.ticket_issue", event=source_event, objects=[ticket, entry],
                     after=_record(ticket),
                     summary=(gettext_lazy("Ticket to %(target)s issued to %(name)s"),
                              {"target": target_event.name, "name": entry.player.name}))
    return ticket


def unused_ticket_of(*, event: Event, player_id: int) -> Ticket | None:
    """The player's oldest unused ticket to `event`, or None."""
    return (Ticket.objects.filter(target_event=event, player_id=player_id, status=Status.UNUSED)
            .order_by("id").first())


def tickets_waiting(*, event: Event) -> bool:
    """Whether some player holds an unused ticket to `event` (the desk then offers "Ticket")."""
    return Ticket.objects.filter(target_event=event, status=Status.UNUSED).exists()


def ticket_holders(*, event: Event, player_ids: list[int]) -> set[int]:
    """Which of `player_ids` hold an unused ticket to `event` (one query)."""
    return set(Ticket.objects.filter(target_event=event, status=Status.UNUSED, player_id__in=player_ids)
               .values_list("player_id", flat=True))


def ticket_use(*, event: Event, purchase: Purchase, actor: Any) -> Ticket:
    """Mark the buyer's unused ticket to `event` used by `purchase` (a buy-in paid by ticket; the caller's
    transaction). Refused (`TicketRefused`) when the player holds none; claimed by a conditional update so
    one ticket never pays twice, even at the same moment."""
    now = timezone.now()
    for ticket in Ticket.objects.filter(target_event=event, player_id=purchase.player_id,
                                        status=Status.UNUSED).order_by("id"):
        claimed = Ticket.objects.filter(pk=ticket.pk, status=Status.UNUSED).update(
            status=Status.USED, used_at=now, used_purchase=purchase,
            used_by=actor if getattr(actor, "pk", None) else None)
        if claimed:
            ticket.refresh_from_db()
            audit_record(actor=actor, action="cashier.ticket_use", event=event, objects=[ticket, purchase],
                         before={"status": Status.UNUSED}, after={"status": Status.USED, "receipt": purchase.number},
                         summary=(gettext_lazy("Ticket used for the buy-in, receipt #%(number)d"),
                                  {"number": purchase.number}))
            return ticket
    raise TicketRefused(_("This player holds no unused ticket to this event."))


def _locked_unused(ticket_id: Any) -> Ticket:
    if not isinstance(ticket_id, int) or isinstance(ticket_id, bool) or not fits(ticket_id, Ticket, "id"):
        raise TicketRefused(_("This ticket is not known (reload the page)."))
    ticket = (Ticket.objects.select_for_update(of=("self",)).select_related("player", "target_event")
              .filter(pk=ticket_id).first())
    if ticket is None:
        raise TicketRefused(_("This ticket is not known (reload the page)."))
    if ticket.status != Status.UNUSED:
        raise TicketRefused(_("This ticket is %(status)s: only an unused ticket can be changed.")
                            % {"status": Status(ticket.status).label.lower()})
    return ticket


def ticket_cancel(*, ticket_id: int, reason: str, actor: Any) -> Ticket:
    """Cancel an unused ticket, saying why."""
    reason = purchases.tidy_reason(reason)
    if not reason:
        raise TicketRefused(_("Say why the ticket is cancelled."))
    if len(reason) > MAX_REASON:
        raise TicketRefused(_("Keep the reason under %(max)d characters.") % {"max": MAX_REASON})
    with transaction.atomic():
        ticket = _locked_unused(ticket_id)
        before = _record(ticket)
        ticket.status = Status.CANCELLED
        ticket.cancelled_at = timezone.now()
        ticket.cancelled_by = actor if getattr(actor, "pk", None) else None
        ticket.cancel_reason = reason
        ticket.save(update_fields=["status", "cancelled_at", "cancelled_by", "cancel_reason"])
        audit_record(actor=actor, action="cashier.ticket_cancel", event=ticket.target_event, objects=[ticket],
                     before=before, after=_record(ticket) | {"reason": reason},
                     summary=(gettext_lazy("Ticket of %(name)s cancelled: %(reason)s"),
                              {"name": ticket.player.name, "reason": reason}))
    return ticket


def ticket_move(*, ticket_id: int, player_id: int, actor: Any) -> Ticket:
    """Give an unused ticket to another player of the target event's festival."""
    if not isinstance(player_id, int) or isinstance(player_id, bool) or not fits(player_id, Player, "id"):
        raise TicketRefused(_("Choose the player who receives the ticket."))
    with transaction.atomic():
        ticket = _locked_unused(ticket_id)
        player = Player.objects.filter(pk=player_id, festival_id=ticket.target_event.festival_id).first()
        if player is None:
            raise TicketRefused(_("Choose the player who receives the ticket."))
        if player.pk == ticket.player_id:
            raise TicketRefused(_("The ticket is already %(name)s's.") % {"name": player.name})
        before = _record(ticket)
        old_name = ticket.player.name
        ticket.player = player
        ticket.save(update_fields=["player"])
        audit_record(actor=actor, action="cashier.ticket_move", event=ticket.target_event, objects=[ticket, player],
                     before=before, after=_record(ticket),
                     summary=(gettext_lazy("Ticket moved from %(old)s to %(new)s"),
                              {"old": old_name, "new": player.name}))
    return ticket
