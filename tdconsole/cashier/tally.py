"""The event's running totals at the cash desk (`CashTally`): the chips, prize money, rebuys and add-ons
of the purchases beyond the buy-ins, not voided.

The chips in play, the average stack and the prize pool are read on every sale and every page of the
desk. Summing the event's purchases for them grew with the field (issue 24); the tally is one row per
event, changed by the sale and void services inside their own transaction, so reading it costs the same
with ten entries or three hundred.

`tally_count` is called with the purchase just inserted (+1) or just voided (-1), by a service that holds
the event lock; it locks the tally row itself too (`select_for_update`), so no update is lost even by a
writer that would not take the event lock. A buy-in changes nothing here.
"""

from __future__ import annotations

from decimal import Decimal

from tdconsole.core import plainsql
from tdconsole.tournaments.models import Event

from .models import CashTally, Purchase

Kind = Purchase.Kind
BUY_IN_KINDS = frozenset({Kind.ENTRY, Kind.REENTRY})
# How many rebuys and add-ons a purchase counts for.
REBUYS_IN = {Kind.REBUY: 1, Kind.DOUBLE_REBUY: 2}
ADDONS_IN = {Kind.ADDON: 1}
FIELDS = ("extra_chips", "extra_prize", "rebuys", "addons")


def tally_lock(*, event: Event) -> CashTally:
    """The event's tally, locked to the end of the transaction; created (all zeros) when it has none.

    The caller is in a transaction; the event lock it holds makes the creation happen once (the unique
    event column refuses a second row regardless)."""
    tally, _created = CashTally.objects.select_for_update().get_or_create(event_id=event.pk)
    return tally


def tally_count(*, event: Event, purchase: Purchase, sign: int) -> CashTally | None:
    """Count `purchase` in the event's tally (`sign` 1: sold; -1: voided). A buy-in is not counted (None)."""
    if sign not in (1, -1):
        raise ValueError(f"sign must be 1 or -1, not {sign!r}")
    if purchase.kind in BUY_IN_KINDS:
        return None
    tally = tally_lock(event=event)
    tally.extra_chips += sign * int(purchase.chips)
    tally.extra_prize += sign * Decimal(purchase.prize)
    tally.rebuys += sign * REBUYS_IN.get(purchase.kind, 0)
    tally.addons += sign * ADDONS_IN.get(purchase.kind, 0)
    plainsql.update(tally, FIELDS)
    return tally
