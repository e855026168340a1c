"""Purchases at the cash desk: the buy-in recorded with each registration, the rebuys, add-ons, staff
add-ons and bonus chips sold to an entry, and voiding a sale made by mistake.

Every purchase gets the event's next receipt `number` (never given twice: a voided purchase keeps its
own) and an audit record. The services take the event lock first, then lock the entry row, so two
cashiers selling to the same player are served one after the other and the second sees the first
one's sale (the last allowed rebuy is sold once).

When a sale is allowed is decided in one place, `sale_refusal`: `purchase_sell` refuses with its
reason, and `purchase_options` gives every reason at once for the cash-desk page. Chips bought are
added to the entry's last recorded stack (`Entry.chips`) when one is recorded; a void takes them off
again (never below 0). Each sale and void also counts in the event's running totals (`tally`), in the
same transaction.

The clock is read by the caller and given as a `ClockPoint` (this app does not read the clock).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tdconsole.audit.services import audit_record
from tdconsole.core import plainsql
from tdconsole.core.bounds import field_max, fits
from tdconsole.core.money import format_number
from tdconsole.tournaments import registration
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.registration import OPEN_FOR_ENTRIES

from . import sql, tickets
from .exceptions import PurchaseRefused
from .models import MoneyRules, Purchase
from .rules import (
    addon_break_now,
    bonus_open,
    event_lock_with_rules,
    has_bounty,
    has_staff_addon,
    money_rules_of,
    rebuys_open,
    staff_addon_time,
)
from .tally import tally_count

ZERO = Decimal("0")
Kind = Purchase.Kind
BUY_IN_KINDS = frozenset({Kind.ENTRY, Kind.REENTRY})
# What the cash desk sells to an entry already registered, in the order the desk offers them.
SOLD_KINDS = (Kind.REBUY, Kind.DOUBLE_REBUY, Kind.ADDON, Kind.STAFF_ADDON, Kind.BONUS)
# How many rebuys a purchase counts for (against `max_rebuys`).
REBUYS_IN = {Kind.REBUY: 1, Kind.DOUBLE_REBUY: 2}
MAX_REASON = Purchase._meta.get_field("void_reason").max_length
MAX_STACK = field_max(Entry, "chips")


@dataclass(frozen=True)
class ClockPoint:
    """Where the clock is, as the caller read it.

    `level_number`: the blind level being played, or the level the current break follows (breaks
    count as the level before them); None before the start. `on_break`: the clock is on a break.
    """

    level_number: int | None = None
    on_break: bool = False


@dataclass(frozen=True)
class Parts:
    """A purchase's price split by where the money goes, and the chips it gives."""

    prize: Decimal = ZERO
    fee: Decimal = ZERO
    bounty: Decimal = ZERO
    staff: Decimal = ZERO
    chips: int = 0

    @property
    def total(self) -> Decimal:
        return self.prize + self.fee + self.bounty + self.staff

    def times(self, n: int) -> Parts:
        return Parts(prize=self.prize * n, fee=self.fee * n, bounty=self.bounty * n, staff=self.staff * n,
                     chips=self.chips * n)


def buy_in_parts(*, event: Event, rules: MoneyRules) -> Parts:
    """An entry's (or re-entry's) price: the event's prize share and fee, the bounty when the event has one."""
    return Parts(prize=event.buy_in_prize, fee=event.buy_in_fee, bounty=rules.bounty if has_bounty(rules) else ZERO,
                 chips=event.starting_stack)


def rebuy_parts(*, rules: MoneyRules, double: bool = False) -> Parts:
    """A rebuy's price and chips (a double rebuy: twice both)."""
    one = Parts(prize=rules.rebuy_prize, fee=rules.rebuy_fee,
                bounty=rules.rebuy_bounty if has_bounty(rules) else ZERO, chips=rules.rebuy_chips)
    return one.times(2) if double else one


def addon_parts(*, rules: MoneyRules) -> Parts:
    return Parts(prize=rules.addon_prize, fee=rules.addon_fee, chips=rules.addon_chips)


def staff_addon_parts(*, rules: MoneyRules) -> Parts:
    """The staff add-on: its price goes to the staff, not to the prize pool."""
    return Parts(staff=rules.staff_addon_price, chips=rules.staff_addon_chips)


def bonus_parts(*, rules: MoneyRules) -> Parts:
    """Bonus chips: free."""
    return Parts(chips=rules.bonus_chips)


def parts_of(*, event: Event, rules: MoneyRules, kind: str) -> Parts:
    """The parts of a purchase of `kind` under the event's rules now."""
    if kind in BUY_IN_KINDS:
        return buy_in_parts(event=event, rules=rules)
    if kind in REBUYS_IN:
        return rebuy_parts(rules=rules, double=kind == Kind.DOUBLE_REBUY)
    if kind == Kind.ADDON:
        return addon_parts(rules=rules)
    if kind == Kind.STAFF_ADDON:
        return staff_addon_parts(rules=rules)
    if kind == Kind.BONUS:
        return bonus_parts(rules=rules)
    raise ValueError(f"unknown purchase kind {kind!r}")


# --- when a sale is allowed (the one check) --------------------------------------------------------------


@dataclass(frozen=True)
class Bought:
    """What a player already bought in the event (sales not voided), as the limits count it."""

    rebuys: int = 0  # the player's rebuys over all their entries (a double counts two)
    addons: int = 0  # the player's add-ons over all their entries
    staff_addon: bool = False  # this entry has the staff add-on
    bonus: bool = False  # this entry has the bonus chips


def bought_by(*, event: Event, entry: Entry) -> Bought:
    """What the entry's player already bought in the event (one query, not growing with the field)."""
    # Through the player's entries (a merged player's purchases keep no `player`), the event named on the
    # entry only: SQLite then finds the entries by (event, player) and their purchases by entry, where a
    # condition on the purchase's event made it read every purchase of the event.
    rows = sql.purchases_of_player(event_id=event.pk, player_id=entry.player_id, kinds=SOLD_KINDS)
    counts: Counter[str] = Counter()
    own: set[str] = set()
    for kind, entry_id in rows:
        counts[kind] += 1
        if entry_id == entry.pk:
            own.add(kind)
    return Bought(rebuys=counts[Kind.REBUY] + 2 * counts[Kind.DOUBLE_REBUY], addons=counts[Kind.ADDON],
                  staff_addon=Kind.STAFF_ADDON in own, bonus=Kind.BONUS in own)


def _chips(value: int) -> str:
    return format_number(value, get_language() or "pt-br")


def sale_refusal(*, event: Event, rules: MoneyRules, entry: Entry, kind: str, clock: ClockPoint,
                 bought: Bought) -> str | None:
    """Why `entry` cannot buy a `kind` now (a sentence in the active language), or None when it can."""
    name = entry.player.name
    if kind in BUY_IN_KINDS:
        return _("A buy-in is recorded by registering the entry at the registration desk.")
    if kind not in SOLD_KINDS:
        return _("Unknown purchase.")
    if event.status not in OPEN_FOR_ENTRIES:
        return _("Nothing is sold for this event now (status: %(status)s).") % {
            "status": Event.Status(event.status).label}
    if entry.status != Entry.Status.ALIVE:
        return _("%(name)s (entry #%(number)d) is out of the event: undo the elimination first, or register a "
                 "re-entry.") % {"name": name, "number": entry.number}
    level, on_break = clock.level_number, clock.on_break
    if kind in REBUYS_IN:
        return _rebuy_refusal(event, rules, entry, kind, level, bought)
    if kind == Kind.ADDON:
        after = rules.addon_break_after_level
        if after is None:
            return _("This event has no add-on.")
        if not addon_break_now(rules=rules, level_number=level, on_break=on_break):
            return _("Add-ons are sold only at the break after level %(level)d.") % {"level": after}
        if bought.addons >= rules.max_addons:
            if rules.max_addons == 1:
                return _("%(name)s already has the add-on.") % {"name": name}
            return ngettext("%(name)s already has %(count)d add-on, the most allowed.",
                            "%(name)s already has %(count)d add-ons, the most allowed.",
                            bought.addons) % {"name": name, "count": bought.addons}
        return None
    if kind == Kind.STAFF_ADDON:
        if not has_staff_addon(rules):
            return _("This event has no staff add-on.")
        if bought.staff_addon:
            return _("%(name)s already has the staff add-on.") % {"name": name}
        if not staff_addon_time(event=event, rules=rules, level_number=level, on_break=on_break):
            return _("The staff add-on is sold only while rebuys or late registration are open, or at the add-on "
                     "break.")
        return None
    # Bonus chips.
    if not rules.bonus_chips:
        return _("This event gives no bonus chips.")
    if bought.bonus:
        return _("%(name)s already has the bonus chips.") % {"name": name}
    if not bonus_open(event=event, rules=rules, level_number=level, on_break=on_break):
        if rules.bonus_until_level is not None:
            return _("Bonus chips ended with level %(level)d.") % {"level": rules.bonus_until_level}
        return _("Bonus chips are given only while registration is open.")
    return None


def _rebuy_refusal(event: Event, rules: MoneyRules, entry: Entry, kind: str, level: int | None,
                   bought: Bought) -> str | None:
    name = entry.player.name
    if rules.rebuy_until_level is None:
        return _("This event has no rebuys.")
    if kind == Kind.DOUBLE_REBUY and not rules.double_rebuy:
        return _("This event has no double rebuy.")
    if not rebuys_open(rules=rules, level_number=level):
        return _("Rebuys ended with level %(level)d.") % {"level": rules.rebuy_until_level}
    stack = entry.chips
    if rules.rebuy_condition == MoneyRules.RebuyCondition.BUSTED:
        if stack is None:
            return _("Rebuys are only for a player who has just busted: record %(name)s's stack as 0 first.") % {
                "name": name}
        if stack > 0:
            return _("%(name)s has %(chips)s chips: rebuys are only for a player who has just busted (record the "
                     "stack as 0 first).") % {"name": name, "chips": _chips(stack)}
    elif stack is not None and stack > event.starting_stack:
        return _("%(name)s has %(chips)s chips, above the starting stack of %(start)s: no rebuy.") % {
            "name": name, "chips": _chips(stack), "start": _chips(event.starting_stack)}
    limit = rules.max_rebuys
    if limit is not None:
        wanted = REBUYS_IN[kind]
        left = max(0, limit - bought.rebuys)
        if left == 0:
            return ngettext("%(name)s has used their only rebuy.", "%(name)s has used all %(count)d rebuys.",
                            limit) % {"name": name, "count": limit}
        if wanted > left:
            return ngettext("%(name)s has %(count)d rebuy left: a double rebuy counts as two.",
                            "%(name)s has %(count)d rebuys left: a double rebuy counts as two.",
                            left) % {"name": name, "count": left}
    return None


def purchase_options(*, event: Event, entry: Entry, clock: ClockPoint) -> dict[str, str | None]:
    """For each kind the desk sells, None when `entry` can buy it now, else the reason it cannot
    (two queries: the rules and what the player bought)."""
    rules = money_rules_of(event=event)
    bought = bought_by(event=event, entry=entry)
    return {kind: sale_refusal(event=event, rules=rules, entry=entry, kind=kind, clock=clock, bought=bought)
            for kind in SOLD_KINDS}


# --- recording -------------------------------------------------------------------------------------------


def _method(method: str) -> str:
    if method not in Purchase.Method.values:
        raise PurchaseRefused(_("Unknown payment method."))
    return method


def _next_number(event: Event) -> int:
    """The event's next receipt number (the caller holds the event lock)."""
    return sql.last_receipt_number(event_id=event.pk) + 1


def _create(*, event: Event, entry: Entry, kind: str, parts: Parts, method: str, actor: Any) -> Purchase:
    # Every sale and buy-in: a plain INSERT (`core.plainsql`), as `Purchase.objects.create` would.
    return plainsql.insert(Purchase(
        event=event, entry=entry, player_id=entry.player_id, number=_next_number(event), kind=kind,
        prize=parts.prize, fee=parts.fee, bounty=parts.bounty, staff=parts.staff, chips=parts.chips, method=method,
        sold_by=actor if getattr(actor, "pk", None) else None,
    ))


def _sale_record(purchase: Purchase, stack: tuple[int | None, int | None] | None = None) -> dict[str, Any]:
    record = {"number": purchase.number, "kind": purchase.kind, "method": purchase.method, "prize": purchase.prize,
              "fee": purchase.fee, "bounty": purchase.bounty, "staff": purchase.staff, "chips": purchase.chips,
              "entry": purchase.entry.number if purchase.entry_id else None}
    if stack is not None:
        record["stack"] = {"before": stack[0], "after": stack[1]}
    return record


def _summary(purchase: Purchase, name: str) -> tuple:
    params = {"number": purchase.number, "kind": Kind(purchase.kind).label, "name": name}
    if purchase.kind == Kind.BONUS:
        return gettext_lazy("Receipt #%(number)d: %(kind)s, %(name)s"), params
    return (gettext_lazy("Receipt #%(number)d: %(kind)s, %(name)s, %(method)s"),
            params | {"method": Purchase.Method(purchase.method).label})


def purchase_buy_in_record(*, entry: Entry, method: str, actor: Any) -> Purchase:
    """Record the buy-in of an entry just registered: `entry` (the player's first) or `reentry`, paid by
    `method`, its chips the starting stack.

    Called inside the registration's transaction (seating/registration.py), so a refused
    registration leaves no purchase and a refused purchase no entry.
    """
    method = _method(method)
    with transaction.atomic():
        event, rules = event_lock_with_rules(entry.event)
        if Purchase.objects.filter(entry_id=entry.pk, kind__in=BUY_IN_KINDS, voided_at__isnull=True).exists():
            raise PurchaseRefused(_("The buy-in of entry #%(number)d is already recorded.") % {"number": entry.number})
        kind = Kind.ENTRY if entry.attempt == 1 else Kind.REENTRY
        purchase = _create(event=event, entry=entry, kind=kind, parts=buy_in_parts(event=event, rules=rules),
                           method=method, actor=actor)
        if method == Purchase.Method.TICKET:
            tickets.ticket_use(event=event, purchase=purchase, actor=actor)
        audit_record(actor=actor, action="cashier.buy_in", event=event, objects=[purchase, entry],
                     after=_sale_record(purchase), summary=_summary(purchase, entry.player.name))
    return purchase


def purchase_sell(*, event: Event, entry_id: int, kind: str, method: str, actor: Any, clock: ClockPoint) -> Purchase:
    """Sell a rebuy, double rebuy, add-on, staff add-on or bonus chips to an entry, paid by `method` (a
    ticket pays a buy-in only).

    Refused (`PurchaseRefused`, with the reason) when the rules or the player's state do not allow it
    now (see `sale_refusal`). The chips are added to the entry's recorded stack when it has one.
    """
    method = _method(method)
    if method == Purchase.Method.TICKET:
        raise PurchaseRefused(_("A ticket pays a buy-in only."))
    if not isinstance(entry_id, int) or isinstance(entry_id, bool) or not fits(entry_id, Entry, "id"):
        raise PurchaseRefused(_("This entry is not in this event (reload the page)."))
    with transaction.atomic():
        event, rules = event_lock_with_rules(event)
        entry = sql.entry_lock_for_sale(event_id=event.pk, entry_id=entry_id)
        if entry is None:
            raise PurchaseRefused(_("This entry is not in this event (reload the page)."))
        refusal = sale_refusal(event=event, rules=rules, entry=entry, kind=kind, clock=clock,
                               bought=bought_by(event=event, entry=entry))
        if refusal is not None:
            raise PurchaseRefused(refusal)
        parts = parts_of(event=event, rules=rules, kind=kind)
        before = entry.chips
        if before is not None:
            if before + parts.chips > MAX_STACK:
                raise PurchaseRefused(_("That stack would be larger than can be recorded."))
            entry.chips = before + parts.chips
            plainsql.update(entry, ["chips"])
        purchase = _create(event=event, entry=entry, kind=kind, parts=parts, method=method, actor=actor)
        tally_count(event=event, purchase=purchase, sign=1)
        audit_record(actor=actor, action="cashier.sell", event=event, objects=[purchase, entry],
                     after=_sale_record(purchase, (before, entry.chips)),
                     summary=_summary(purchase, entry.player.name))
    return purchase


def _void(purchase: Purchase, *, reason: str, actor: Any, event: Event) -> Purchase:
    """Void a purchase (locked by the caller) and take its chips off the entry's recorded stack."""
    entry = None
    stack = None
    if purchase.entry_id is not None and purchase.kind not in BUY_IN_KINDS:
        entry = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=purchase.entry_id)
        if entry.chips is not None:
            stack = (entry.chips, max(0, entry.chips - purchase.chips))
            entry.chips = stack[1]
            entry.save(update_fields=["chips"])
    purchase.voided_at = timezone.now()
    purchase.voided_by = actor if getattr(actor, "pk", None) else None
    purchase.void_reason = reason
    purchase.save(update_fields=["voided_at", "voided_by", "void_reason"])
    tally_count(event=event, purchase=purchase, sign=-1)
    name = entry.player.name if entry is not None else (purchase.player.name if purchase.player_id else "")
    audit_record(actor=actor, action="cashier.void", event=event, objects=[purchase] + ([entry] if entry else []),
                 before=_sale_record(purchase), after={"reason": reason} | ({"stack": {"before": stack[0],
                                                                                       "after": stack[1]}}
                                                                             if stack else {}),
                 summary=(gettext_lazy("Receipt #%(number)d voided (%(kind)s, %(name)s): %(reason)s"),
                          {"number": purchase.number, "kind": Kind(purchase.kind).label, "name": name,
                           "reason": reason}))
    return purchase


def tidy_reason(reason: str | None) -> str:
    """A void's reason as stored: one line, control characters (a NUL, which PostgreSQL refuses, a pasted tab)
    made spaces, repeated whitespace collapsed."""
    shown = "".join(" " if unicodedata.category(char) == "Cc" else char for char in (reason or ""))
    return " ".join(shown.split())


def purchase_void(*, event: Event, purchase_id: int, reason: str, actor: Any) -> Purchase:
    """Void a sale made by mistake, saying why; its chips come off the entry's recorded stack (never below 0).

    Refused without a reason, for a purchase already voided, and for a buy-in (an entry registered by
    mistake is cancelled on the registration page, which voids its purchases).
    """
    reason = tidy_reason(reason)
    if not isinstance(purchase_id, int) or isinstance(purchase_id, bool) or not fits(purchase_id, Purchase, "id"):
        raise PurchaseRefused(_("This receipt is not one of this event's (reload the page)."))
    with transaction.atomic():
        event = event_lock(event)
        purchase = (Purchase.objects.select_for_update(of=("self",)).select_related("player")
                    .filter(event=event, pk=purchase_id).first())
        if purchase is None:
            raise PurchaseRefused(_("This receipt is not one of this event's (reload the page)."))
        if purchase.voided_at is not None:
            raise PurchaseRefused(_("Receipt #%(number)d is already voided.") % {"number": purchase.number})
        if purchase.kind in BUY_IN_KINDS:
            raise PurchaseRefused(_("Receipt #%(number)d is a buy-in: cancel the entry on the registration page "
                                    "instead.") % {"number": purchase.number})
        if not reason:
            raise PurchaseRefused(_("Say why receipt #%(number)d is voided.") % {"number": purchase.number})
        if len(reason) > MAX_REASON:
            raise PurchaseRefused(_("Keep the reason under %(max)d characters.") % {"max": MAX_REASON})
        if purchase.bounty and Entry.objects.filter(pk=purchase.entry_id).exclude(status=Entry.Status.ALIVE).exists():
            # The entry's head, this bounty part in it, has gone to its eliminators (or is owed back to the
            # player): taking the money back now would leave the bounty money short.
            raise PurchaseRefused(_("Receipt #%(number)d put a bounty on a player who is out since, and the head "
                                    "has been shared: undo the elimination first.") % {"number": purchase.number})
        return _void(purchase, reason=reason, actor=actor, event=event)


def entry_cancel_with_purchases(*, event: Event, entry_id: int, actor: Any) -> Entry:
    """Cancel an entry registered by mistake (`tournaments.registration.entry_cancel`), its purchases voided
    first (the buy-in among them), in one transaction: a refused cancel voids nothing."""
    with transaction.atomic():
        event = event_lock(event)
        number = Entry.objects.filter(event=event, pk=entry_id).values_list("number", flat=True).first()
        if number is not None:
            reason = (_("Entry #%(number)d cancelled") % {"number": number})[:MAX_REASON]
            for purchase in (Purchase.objects.select_for_update(of=("self",)).select_related("player")
                             .filter(event=event, entry_id=entry_id, voided_at__isnull=True).order_by("number")):
                _void(purchase, reason=reason, actor=actor, event=event)
        return registration.entry_cancel(event=event, entry_id=entry_id, actor=actor)
