"""Money handed to players at the cash desk: a prize (or a deal amount) and bounty money.

What a player is owed is worked out above this app (the payout table or the deal in `payouts`, the
bounties won): the caller passes it as `owed`. The cashier records what it hands over and refuses
to pay more than is still owed of that kind, so nothing is paid twice, not even by two cashiers at
once: the event lock serializes them, and the second one sees the first one's payout.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record
from tdconsole.core import plainsql
from tdconsole.core.bounds import fits
from tdconsole.core.money import format_money, is_cents, quantize_money
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event

from . import sql
from .exceptions import PayoutRefused
from .models import Payout, Purchase
from .purchases import tidy_reason

ZERO = Decimal("0")
MAX_REASON = Payout._meta.get_field("void_reason").max_length
# The largest amount the column stores (14 digits, 2 of them cents).
MAX_AMOUNT = Decimal("999999999999.99")


def _amount(value: Any) -> Decimal:
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, TypeError, ValueError):
        raise PayoutRefused(_("The amount must be an amount in cents."))
    if not amount.is_finite() or not is_cents(amount) or abs(amount) > MAX_AMOUNT:
        raise PayoutRefused(_("The amount must be an amount in cents."))
    return quantize_money(amount)


def paid_of_kind(*, entry_id: int, kind: str) -> Decimal:
    """What has been paid (not voided) to the entry of `kind` (one query)."""
    total = (Payout.objects.filter(entry_id=entry_id, kind=kind, voided_at__isnull=True)
             .aggregate(total=Sum("amount"))["total"])
    return quantize_money(total or ZERO)


def cash_payout_record(*, event: Event, entry_id: int, kind: str, amount: Decimal, method: str, actor: Any,
                       owed: Decimal) -> Payout:
    """Pay an entry `amount` of a prize or of bounty money, by `method`.

    `owed` is all the entry is due of that kind (the prize of its place or its deal share; the bounty
    cash it won), worked out by the caller. Refused (`PayoutRefused`) when `amount` is more than what
    is still owed, i.e. `owed` less what was already paid of that kind.
    """
    if kind not in Payout.Kind.values:
        raise PayoutRefused(_("Unknown kind of payout."))
    if method not in Purchase.Method.values or method == Purchase.Method.TICKET:
        raise PayoutRefused(_("Unknown payment method."))
    amount, owed = _amount(amount), _amount(owed)
    if amount <= 0:
        raise PayoutRefused(_("The amount must be more than zero."))
    if not isinstance(entry_id, int) or isinstance(entry_id, bool) or not fits(entry_id, Entry, "id"):
        raise PayoutRefused(_("This entry is not in this event (reload the page)."))
    with transaction.atomic():
        event = event_lock(event)
        # The entry locked and what it was paid of this kind, in one statement (`sql`): the cash desk pays
        # every prize and bounty of the night through here.
        found = sql.entry_lock_with_paid(event_id=event.pk, entry_id=entry_id, kind=kind)
        if found is None:
            raise PayoutRefused(_("This entry is not in this event (reload the page)."))
        entry, paid = found
        lang = get_language() or "pt-br"

        def money(value: Decimal) -> str:
            return format_money(value, event.currency, lang)

        left = owed - paid
        what = Payout.Kind(kind).label
        if left <= 0:
            raise PayoutRefused(_("%(name)s has already been paid all that is owed (%(kind)s: %(paid)s).")
                                % {"name": entry.player.name, "kind": what, "paid": money(paid)})
        if amount > left:
            raise PayoutRefused(_("%(name)s is owed %(left)s more (%(kind)s: %(owed)s, %(paid)s paid already): "
                                  "%(amount)s is too much.")
                                % {"name": entry.player.name, "left": money(left), "kind": what, "owed": money(owed),
                                   "paid": money(paid), "amount": money(amount)})
        payout = plainsql.insert(Payout(event=event, entry=entry, kind=kind, amount=amount, method=method,
                                        paid_by=actor if getattr(actor, "pk", None) else None))
        audit_record(actor=actor, action="cashier.payout", event=event, objects=[payout, entry],
                     after={"entry": entry.number, "kind": kind, "amount": amount, "method": method, "owed": owed,
                            "paid_before": paid},
                     summary=(gettext_lazy("Paid to %(name)s: %(kind)s, %(method)s"),
                              {"name": entry.player.name, "kind": Payout.Kind(kind).label,
                               "method": Purchase.Method(method).label}))
    return payout


def cash_payout_void(*, event: Event, payout_id: int, reason: str, actor: Any) -> Payout:
    """Void a payout recorded by mistake, saying why (the amount is owed again)."""
    reason = tidy_reason(reason)
    if not isinstance(payout_id, int) or isinstance(payout_id, bool) or not fits(payout_id, Payout, "id"):
        raise PayoutRefused(_("This payout is not one of this event's (reload the page)."))
    with transaction.atomic():
        event = event_lock(event)
        payout = (Payout.objects.select_for_update(of=("self",)).select_related("entry__player")
                  .filter(event=event, pk=payout_id).first())
        if payout is None:
            raise PayoutRefused(_("This payout is not one of this event's (reload the page)."))
        if payout.voided_at is not None:
            raise PayoutRefused(_("This payout is already voided."))
        if not reason:
            raise PayoutRefused(_("Say why this payout is voided."))
        if len(reason) > MAX_REASON:
            raise PayoutRefused(_("Keep the reason under %(max)d characters.") % {"max": MAX_REASON})
        payout.voided_at = timezone.now()
        payout.voided_by = actor if getattr(actor, "pk", None) else None
        payout.void_reason = reason
        payout.save(update_fields=["voided_at", "voided_by", "void_reason"])
        audit_record(actor=actor, action="cashier.payout_void", event=event, objects=[payout],
                     before={"entry": payout.entry.number, "kind": payout.kind, "amount": payout.amount,
                             "method": payout.method},
                     after={"reason": reason},
                     summary=(gettext_lazy("Payout to %(name)s voided (%(kind)s): %(reason)s"),
                              {"name": payout.entry.player.name, "kind": Payout.Kind(payout.kind).label,
                               "reason": reason}))
    return payout
