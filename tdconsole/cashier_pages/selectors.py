"""Reads of the cash desk pages: where the clock is (as the cashier's rules count it), the entries a search
finds, every entry's line of the night's ledger with what it is owed, and the close-out.

What a player is owed comes from two apps the cashier must not read itself: the prize of the place (or the
deal share) from `payouts`, the bounty money from `cashier.bounties`. They meet here, above both. Every read
costs a fixed number of queries whatever the size of the field.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q

from tdconsole.cashier.bounties import BountyLine, bounties_by_entry, bounty_money
from tdconsole.cashier.models import Payout, Purchase
from tdconsole.cashier.purchases import ClockPoint
from tdconsole.cashier.selectors import Closeout, LedgerRow, closeout, entry_ledger
from tdconsole.clock.selectors import clock_reading
from tdconsole.core.money import quantize_money
from tdconsole.payouts.models import Deal
from tdconsole.payouts.selectors import event_awards, event_payout_amounts, event_prize_summary
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.names import search_key, tidy_name

ZERO = Decimal("0.00")
BUY_IN_KINDS = (Purchase.Kind.ENTRY, Purchase.Kind.REENTRY)
SEARCH_SHOWN = 20


def clock_point(*, event: Event) -> ClockPoint:
    """Where the event's clock is, as the cashier's rules count it (two queries): the blind level the screen
    shows, or the level the current break follows, and whether it is a break. Before the start (or a break
    before any level): no level."""
    levels, reading = clock_reading(event=event)
    if reading.index is None or not levels:
        return ClockPoint(level_number=None, on_break=False)
    current = levels[reading.index]
    number = getattr(current, "number", None) or None
    return ClockPoint(level_number=number, on_break=bool(current.is_break and number))


def entry_search(*, event: Event, query: str, limit: int = SEARCH_SHOWN) -> list[Entry]:
    """The event's entries whose number is what was typed, or whose player's name has a word starting with
    each word typed (without case or accents), by entry number (one query)."""
    text = tidy_name("".join(ch for ch in (query or "") if unicodedata.category(ch)[0] != "C"))
    found = Entry.objects.filter(event=event).select_related("player", "table")
    digits = text.lstrip("#")
    if digits.isascii() and digits.isdigit():
        return list(found.filter(number=int(digits[:9])).order_by("number")[:limit])
    key = search_key(text)
    if len(key) < 2:
        return []
    words = Q()
    for word in key.split():
        words &= Q(player__search_name__startswith=word) | Q(player__search_name__contains=f" {word}")
    return list(found.filter(words).order_by("player__search_name", "number")[:limit])


def prizes_by_entry(*, event: Event) -> dict[int, Decimal]:
    """What each entry is owed as a prize: its place's amount (ties shared, the deal's amount for a deal
    player), and for a player of a recorded deal still in play, the deal share agreed (the amount left to
    play for is owed to the winner once placed). Entries owed nothing are left out."""
    owed = {award.entry.pk: quantize_money(award.amount)
            for award in event_awards(event=event, amounts=event_payout_amounts(event=event)) if award.amount}
    deal = Deal.objects.filter(event=event).first()
    if deal is not None:
        for entry_id, amount in deal.shares.filter(entry__place__isnull=True).values_list("entry_id", "amount"):
            if amount:
                owed[entry_id] = quantize_money(amount)
    return owed


@dataclass(frozen=True)
class LedgerLine:
    """One entry's line of the night: what it bought and paid, what it won, what it was paid, what is owed."""

    entry: Entry
    row: LedgerRow
    bounty: BountyLine
    prize: Decimal  # the prize of its place, or its deal share

    @property
    def prize_paid(self) -> Decimal:
        return self.row.received.get(Payout.Kind.PRIZE, ZERO)

    @property
    def bounty_paid(self) -> Decimal:
        return self.row.received.get(Payout.Kind.BOUNTY, ZERO)

    @property
    def bounty_owed(self) -> Decimal:
        """Bounty cash won, and the entry's own head when it is paid back to it (the champion, knocked out by
        nobody)."""
        return self.bounty.to_pay

    @property
    def prize_left(self) -> Decimal:
        return max(ZERO, self.prize - self.prize_paid)

    @property
    def bounty_left(self) -> Decimal:
        return max(ZERO, self.bounty_owed - self.bounty_paid)

    @property
    def owed(self) -> Decimal:
        """Still to hand over: prize and bounty money."""
        return self.prize_left + self.bounty_left

    @property
    def net(self) -> Decimal:
        """The player's night: what it won (prize and bounty money) less what it paid."""
        return self.prize + self.bounty_owed - self.row.total_paid

    @property
    def method_amounts(self) -> list[tuple[str, Decimal]]:
        """(method label, amount) paid by each method, in the methods' order."""
        return [(label, self.row.paid[value]) for value, label in Purchase.Method.choices
                if self.row.paid.get(value)]


def ledger_lines(*, event: Event, entry_ids: list[int] | None = None) -> list[LedgerLine]:
    """The night's ledger, by entry number (or only `entry_ids`): a fixed number of queries (the entries,
    the cashier's ledger, the bounties, the prizes)."""
    entries = Entry.objects.filter(event=event).select_related("player").order_by("number")
    if entry_ids is not None:
        entries = entries.filter(pk__in=entry_ids)
    entries = list(entries)
    ledger = entry_ledger(event=event)
    bounties = bounties_by_entry(event=event)
    prizes = prizes_by_entry(event=event)
    return [LedgerLine(entry=e, row=ledger.get(e.pk, LedgerRow(entry_id=e.pk, number=e.number)),
                       bounty=bounties.get(e.pk, BountyLine()), prize=prizes.get(e.pk, ZERO))
            for e in entries]


def ledger_line(*, event: Event, entry_id: int) -> LedgerLine | None:
    found = ledger_lines(event=event, entry_ids=[entry_id])
    return found[0] if found else None


def entry_purchases(*, event: Event, entry_ids: list[int]) -> list[Purchase]:
    """The purchases of these entries, voided ones too, latest first (one query)."""
    return list(Purchase.objects.filter(event=event, entry_id__in=entry_ids).select_related("entry")
                .order_by("-number"))


def entry_payouts(*, event: Event, entry_ids: list[int]) -> list[Payout]:
    """The payouts to these entries, voided ones too, latest first (one query)."""
    return list(Payout.objects.filter(event=event, entry_id__in=entry_ids).select_related("entry")
                .order_by("-paid_at", "-id"))


@dataclass(frozen=True)
class NightCloseout:
    """The close-out with what the page shows beside it."""

    closeout: Closeout
    bounties_won: Decimal  # bounty cash won and heads owed back (paid at the desk or still to be)
    bounties_handed: Decimal  # bounty money handed over at the desk
    prizes_total: Decimal  # the prizes the payout table (or the deal) gives out
    unrecorded: list[Entry]  # entries without a buy-in purchase

    @property
    def balanced(self) -> bool:
        return self.closeout.difference == 0


def night_closeout(*, event: Event) -> NightCloseout:
    """The close-out of the night: the pool, overlay and staff deduction from the prize summary, the prizes
    the table (or the deal, which shares the same places) gives out, the bounty money won and still on heads."""
    summary = event_prize_summary(event=event)
    prizes_total = quantize_money(sum(event_payout_amounts(event=event), ZERO))
    bounties = bounty_money(event=event)
    won = bounties.paid_cash + bounties.collected_by_champion + bounties.owed_back
    result = closeout(event=event, prize_pool=summary["prize_pool"], overlay=summary["overlay"],
                      staff_deduction=summary["staff_deduction"], prizes_owed_total=prizes_total,
                      bounties_paid=won, bounties_on_heads=bounties.on_heads)
    handed = sum(result.paid_out_by_method.values(), ZERO) - result.prizes_paid
    bought_in = Purchase.objects.filter(entry=OuterRef("pk"), kind__in=BUY_IN_KINDS, voided_at__isnull=True)
    unrecorded = list(Entry.objects.filter(event=event).exclude(Exists(bought_in)).select_related("player")
                      .order_by("number")[:200])
    return NightCloseout(closeout=result, bounties_won=quantize_money(won), bounties_handed=quantize_money(handed),
                         prizes_total=prizes_total, unrecorded=unrecorded)
