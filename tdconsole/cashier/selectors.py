"""Reads of an event's money: totals by kind and by payment method, what the purchases add to the prize
pool and to the chips in play, each entry's ledger, and the close-out of the night.

Every read takes a constant number of queries whatever the field (aggregates grouped in the
database). What the sales add beyond the buy-ins (chips, prize money, rebuys and add-ons), read on every
sale and desk page, comes from the event's running tally (`tally.py`), not from the purchases. Only
purchases and payouts not voided count. Entries without a buy-in purchase (made before the cash desk
existed, or by a tool that buys in without it) count at the event's price (prize share and fee), with no
payment method: the totals count them and the close-out lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Max, Q, Sum

from tdconsole.core.money import quantize_money
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import events_q

from .models import CashTally, Payout, Purchase

ZERO = Decimal("0")
Kind = Purchase.Kind
Method = Purchase.Method
BUY_IN_KINDS = (Kind.ENTRY, Kind.REENTRY)
IN_FORCE = Q(voided_at__isnull=True)


def _money(value: Decimal | None) -> Decimal:
    return quantize_money(value or ZERO)


@dataclass(frozen=True)
class KindTotal:
    """The purchases of one kind (not voided): how many, their parts, their chips."""

    count: int = 0
    prize: Decimal = ZERO
    fee: Decimal = ZERO
    bounty: Decimal = ZERO
    staff: Decimal = ZERO
    chips: int = 0

    @property
    def total(self) -> Decimal:
        return self.prize + self.fee + self.bounty + self.staff


@dataclass(frozen=True)
class MoneyTotals:
    """An event's purchases (not voided) summed: per kind, per payment method, and the entries without a
    buy-in purchase."""

    kinds: Mapping[str, KindTotal]  # every kind, zeros included
    by_method: Mapping[str, Decimal]  # money paid by each method, every money method included
    entries_without_buy_in: int

    def _sum(self, part: str) -> Decimal:
        return sum((getattr(k, part) for k in self.kinds.values()), ZERO)

    @property
    def prize(self) -> Decimal:
        return self._sum("prize")

    @property
    def fee(self) -> Decimal:
        return self._sum("fee")

    @property
    def bounty(self) -> Decimal:
        return self._sum("bounty")

    @property
    def staff(self) -> Decimal:
        return self._sum("staff")

    @property
    def chips(self) -> int:
        return sum(k.chips for k in self.kinds.values())

    @property
    def money_in(self) -> Decimal:
        """Everything paid at the desk (the sum of every method)."""
        return sum(self.by_method.values(), ZERO)

    @property
    def buy_ins(self) -> int:
        return self.kinds[Kind.ENTRY].count + self.kinds[Kind.REENTRY].count

    @property
    def rebuys(self) -> int:
        """Rebuys sold, a double rebuy counting two."""
        return self.kinds[Kind.REBUY].count + 2 * self.kinds[Kind.DOUBLE_REBUY].count

    @property
    def addons(self) -> int:
        return self.kinds[Kind.ADDON].count


_PARTS = ("prize", "fee", "bounty", "staff", "chips")


def money_totals(*, event: Event) -> MoneyTotals:
    """The event's purchases summed by kind and by payment method (two queries: the purchases grouped in
    the database, and the entries)."""
    rows = (Purchase.objects.filter(IN_FORCE, event_id=event.pk).order_by().values("kind", "method")
            .annotate(n=Count("id"), **{part: Sum(part) for part in _PARTS}))
    counts: dict[str, dict[str, Decimal | int]] = {k: {"count": 0} | {p: 0 for p in _PARTS} for k in Kind.values}
    # Every money method; "ticket" only once a ticket paid a buy-in (most events never see one).
    by_method = {m: ZERO for m in Method.values if m != Method.TICKET}
    for row in rows:
        kind = counts[row["kind"]]
        kind["count"] += row["n"]
        for part in _PARTS:
            kind[part] += row[part] or 0
        by_method.setdefault(row["method"], ZERO)
        by_method[row["method"]] += sum((row[p] or ZERO for p in ("prize", "fee", "bounty", "staff")), ZERO)
    kinds = {k: KindTotal(count=int(v["count"]), prize=_money(v["prize"]), fee=_money(v["fee"]),
                          bounty=_money(v["bounty"]), staff=_money(v["staff"]), chips=int(v["chips"]))
             for k, v in counts.items()}
    entries = Entry.objects.filter(event_id=event.pk).count()
    buy_ins = kinds[Kind.ENTRY].count + kinds[Kind.REENTRY].count
    return MoneyTotals(kinds=kinds, by_method={m: _money(v) for m, v in by_method.items()},
                       entries_without_buy_in=max(0, entries - buy_ins))


def _tally(event: Event, name: str) -> int | Decimal | None:
    return CashTally.objects.filter(event_id=event.pk).values_list(name, flat=True).first()


def extra_chips(*, event: Event) -> int:
    """Chips of the purchases other than the buy-ins (rebuys, add-ons, staff add-ons, bonus chips) not
    voided: what the chips in play add to the entries times the starting stack (one query: the event's
    running tally, whatever the number of purchases)."""
    return int(_tally(event, "extra_chips") or 0)


def extra_prize(*, event: Event) -> Decimal:
    """The prize-pool part of the purchases other than the buy-ins, not voided (one query: the tally)."""
    return _money(_tally(event, "extra_prize"))


@dataclass(frozen=True)
class PoolExtras:
    """What the cash desk adds to the prize pool and the chips, and the staff's share of the pool."""

    prize: Decimal = ZERO  # the prize part of the purchases other than the buy-ins
    chips: int = 0  # their chips
    rebuys: int = 0  # a double rebuy counting two
    addons: int = 0
    staff_percent: Decimal = ZERO  # of the pool, from the event's money rules


def pool_extras(*, event: Event) -> PoolExtras:
    """`extra_prize`, `extra_chips`, the rebuys and add-ons sold and the staff percent, in one query (the
    event's money rules and its tally, one row each; a main event with starting flights adds every
    flight's tally: one pool)."""
    row = Event.objects.filter(events_q(event)).aggregate(
        staff_percent=Max("money_rules__staff_percent"),
        prize=Sum("cash_tally__extra_prize"),
        chips=Sum("cash_tally__extra_chips"),
        rebuys=Sum("cash_tally__rebuys"),
        addons=Sum("cash_tally__addons"),
    )
    staff_percent = row["staff_percent"]
    return PoolExtras(prize=_money(row["prize"]), chips=int(row["chips"] or 0),
                      rebuys=row["rebuys"] or 0, addons=row["addons"] or 0,
                      staff_percent=staff_percent if staff_percent is not None else ZERO)


# --- per entry ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerRow:
    """One entry's money: what it bought (count per kind), what it paid by each method, the chips bought,
    and the cash paid out to it (per payout kind). Voided purchases and payouts are left out."""

    entry_id: int
    number: int
    purchases: Mapping[str, int] = field(default_factory=dict)
    paid: Mapping[str, Decimal] = field(default_factory=dict)
    chips: int = 0  # every chip bought, the buy-in's included
    received: Mapping[str, Decimal] = field(default_factory=dict)

    @property
    def total_paid(self) -> Decimal:
        return sum(self.paid.values(), ZERO)

    @property
    def total_received(self) -> Decimal:
        return sum(self.received.values(), ZERO)

    @property
    def buy_in_recorded(self) -> bool:
        return bool(self.purchases.get(Kind.ENTRY) or self.purchases.get(Kind.REENTRY))

    @property
    def rebuys(self) -> int:
        return self.purchases.get(Kind.REBUY, 0) + 2 * self.purchases.get(Kind.DOUBLE_REBUY, 0)

    @property
    def addons(self) -> int:
        return self.purchases.get(Kind.ADDON, 0)


def entry_ledger(*, event: Event) -> dict[int, LedgerRow]:
    """Every entry of the event by id, with its ledger (three queries: entries, purchases, payouts)."""
    numbers = dict(Entry.objects.filter(event_id=event.pk).values_list("id", "number"))
    kinds: dict[int, dict[str, int]] = {pk: {} for pk in numbers}
    paid: dict[int, dict[str, Decimal]] = {pk: {} for pk in numbers}
    chips: dict[int, int] = dict.fromkeys(numbers, 0)
    rows = (Purchase.objects.filter(IN_FORCE, event_id=event.pk, entry_id__isnull=False).order_by()
            .values("entry_id", "kind", "method")
            .annotate(n=Count("id"), chips=Sum("chips"), prize=Sum("prize"), fee=Sum("fee"), bounty=Sum("bounty"),
                      staff=Sum("staff")))
    for row in rows:
        pk = row["entry_id"]
        if pk not in numbers:  # cannot happen (purchases in force name an entry of the event); be safe
            continue
        kinds[pk][row["kind"]] = kinds[pk].get(row["kind"], 0) + row["n"]
        money = sum((row[p] or ZERO for p in ("prize", "fee", "bounty", "staff")), ZERO)
        if money:
            paid[pk][row["method"]] = _money(paid[pk].get(row["method"], ZERO) + money)
        chips[pk] += int(row["chips"] or 0)
    received: dict[int, dict[str, Decimal]] = {pk: {} for pk in numbers}
    for pk, kind, amount in (Payout.objects.filter(IN_FORCE, event_id=event.pk).order_by().values("entry_id", "kind")
                             .annotate(amount=Sum("amount")).values_list("entry_id", "kind", "amount")):
        if pk in received:
            received[pk][kind] = _money(amount)
    return {pk: LedgerRow(entry_id=pk, number=number, purchases=kinds[pk], paid=paid[pk], chips=chips[pk],
                          received=received[pk])
            for pk, number in numbers.items()}


# --- the close-out ------------------------------------------------------------------------------------------


# The payment methods money is held by (a ticket's buy-in was paid by its satellite: no drawer holds it).
DRAWER_METHODS = tuple((value, label) for value, label in Method.choices if value != Method.TICKET)


@dataclass(frozen=True)
class Closeout:
    """The night's money, in and accounted for (docs/club-money.md, "The close-out").

    Money in = prize money + fees + staff (staff add-ons) + bounty money, by payment method, the entries
    without a buy-in purchase at the event's price (no method). Accounted for = the prizes (paid or still
    owed) + fees + staff (staff add-ons and the staff deduction from the pool) + bounties paid + bounties
    still on heads - the overlay (the house's money). `difference` = money in - accounted for: 0.00 when
    the night balances.
    """

    money_in_by_method: Mapping[str, Decimal]
    unrecorded_entries: int  # entries without a buy-in purchase
    unrecorded_money: Decimal  # their price (prize share and fee), with no payment method
    money_in: Decimal
    prize_in: Decimal  # prize parts, the unrecorded entries' included
    fees: Decimal
    staff_addons: Decimal
    bounty_in: Decimal
    prize_pool: Decimal
    overlay: Decimal
    staff_deduction: Decimal
    prizes_owed: Decimal  # every prize, paid or not
    prizes_paid: Decimal  # handed over at the cash desk (payouts of kind prize)
    bounties_paid: Decimal
    bounties_on_heads: Decimal
    paid_out_by_method: Mapping[str, Decimal]  # cash payouts recorded, by method
    accounted: Decimal
    difference: Decimal

    @property
    def staff(self) -> Decimal:
        return self.staff_addons + self.staff_deduction

    @property
    def prizes_unpaid(self) -> Decimal:
        return self.prizes_owed - self.prizes_paid

    @property
    def undistributed(self) -> Decimal:
        """Prize pool the prizes owed do not share out (0.00 when the table shares it all)."""
        return self.prize_pool - self.prizes_owed

    @property
    def tickets_in(self) -> Decimal:
        """Buy-ins paid by satellite tickets: counted in the money in, never in a drawer (a satellite paid)."""
        return self.money_in_by_method.get(Method.TICKET, ZERO)

    @property
    def in_drawer_by_method(self) -> dict[str, Decimal]:
        """What each method should hold: money in by it less the payouts made by it (tickets hold nothing)."""
        return {m: self.money_in_by_method.get(m, ZERO) - self.paid_out_by_method.get(m, ZERO)
                for m in Method.values if m != Method.TICKET}


def closeout(*, event: Event, prize_pool: Decimal, overlay: Decimal, staff_deduction: Decimal,
             prizes_owed_total: Decimal, bounties_paid: Decimal, bounties_on_heads: Decimal) -> Closeout:
    """The close-out of the night (three queries). The prize pool, overlay, staff deduction and prizes owed
    come from the payouts app (the payout table or the deal), the bounties from the bounty selectors:
    the caller reads them."""
    totals = money_totals(event=event)
    unrecorded = totals.entries_without_buy_in
    unrecorded_money = _money(unrecorded * (event.buy_in_prize + event.buy_in_fee))
    money_in = totals.money_in + unrecorded_money
    prize_in = totals.prize + unrecorded * event.buy_in_prize
    fees = totals.fee + unrecorded * event.buy_in_fee
    paid_out = {m: ZERO for m, _label in DRAWER_METHODS}  # nothing is paid out by ticket
    prizes_paid = ZERO
    for kind, method, amount in (Payout.objects.filter(IN_FORCE, event_id=event.pk).order_by()
                                 .values("kind", "method").annotate(amount=Sum("amount"))
                                 .values_list("kind", "method", "amount")):
        paid_out[method] += amount
        if kind == Payout.Kind.PRIZE:
            prizes_paid += amount
    accounted = (prizes_owed_total + fees + totals.staff + staff_deduction + bounties_paid + bounties_on_heads
                 - overlay)
    return Closeout(
        money_in_by_method=totals.by_method, unrecorded_entries=unrecorded, unrecorded_money=unrecorded_money,
        money_in=_money(money_in), prize_in=_money(prize_in), fees=_money(fees), staff_addons=totals.staff,
        bounty_in=totals.bounty, prize_pool=_money(prize_pool), overlay=_money(overlay),
        staff_deduction=_money(staff_deduction), prizes_owed=_money(prizes_owed_total),
        prizes_paid=_money(prizes_paid), bounties_paid=_money(bounties_paid),
        bounties_on_heads=_money(bounties_on_heads), paid_out_by_method={m: _money(v) for m, v in paid_out.items()},
        accounted=_money(accounted), difference=_money(money_in - accounted),
    )
