"""Reads of the club money that need the prize side and the cash desk together: the close-out of the night
and its per-player ledger, and one purchase with everything its receipt prints.

The cashier (layer 2) cannot read the payouts app (the pool reads the cashier), so its `closeout` takes the
prize and bounty figures as arguments; this module (printing, layer 3) reads them and passes them in. The
cash desk pages (layer 3 too) reuse `closeout_for`. Every read costs a fixed number of queries, whatever
the size of the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, Sum

from tdconsole.cashier.bounties import BountyLine, BountyMoney, bounties_by_entry, bounty_money
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.selectors import Closeout, closeout, entry_ledger
from tdconsole.core.bounds import fits
from tdconsole.core.money import quantize_money
from tdconsole.payouts.models import Deal
from tdconsole.payouts.selectors import event_awards, event_payout_amounts, event_prize_summary
from tdconsole.tournaments.models import Entry, Event

ZERO = Decimal("0.00")


def prizes_owed_total(*, event: Event, amounts: list[Decimal] | None = None) -> Decimal:
    """Every prize the event owes, paid or not: the payout table's places, the places a deal covers
    replaced by the deal's agreed amounts and the amount left to play for (the latest deal, as the
    results have it). `amounts`: the table already read (`event_payout_amounts`)."""
    if amounts is None:
        amounts = event_payout_amounts(event=event)
    deal = (Deal.objects.filter(event=event).order_by("-created_at")
            .annotate(shared=Sum("shares__amount"), players=Count("shares")).first())
    if deal is None:
        return quantize_money(sum(amounts, ZERO))
    return quantize_money(sum(amounts[deal.players:], ZERO) + (deal.shared or ZERO) + deal.left_to_play)


def _closeout(event: Event, summary: dict, owed: Decimal, bounties: BountyMoney) -> Closeout:
    # Bounty money is either due to a player (won at once, a champion's or a walked-out player's own head
    # paid back) or still on the head of a player in play: the two add up to what was paid in.
    return closeout(event=event, prize_pool=summary["prize_pool"], overlay=summary["overlay"],
                    staff_deduction=summary["staff_deduction"], prizes_owed_total=owed,
                    bounties_paid=bounties.paid_cash + bounties.collected_by_champion + bounties.owed_back,
                    bounties_on_heads=bounties.on_heads)


def closeout_for(*, event: Event) -> Closeout:
    """The cashier's close-out of the night with the prize and bounty figures read for it: the pool, overlay
    and staff deduction (`event_prize_summary`), the prizes owed (payout table and deal), the bounties due
    and still on heads (`bounty_money`). A constant number of queries."""
    return _closeout(event, event_prize_summary(event=event), prizes_owed_total(event=event),
                     bounty_money(event=event))


@dataclass(frozen=True)
class PlayerMoney:
    """One entry's line of the close-out ledger. `bounties`: won at once plus the player's own head when it
    is paid back to them; `net`: prize + bounties - paid in (what the night left the player)."""

    entry_id: int
    number: int
    name: str
    paid_in: Decimal
    rebuys: int
    addons: int
    bounties: Decimal
    prize: Decimal
    paid_out: Decimal

    @property
    def net(self) -> Decimal:
        return self.prize + self.bounties - self.paid_in


@dataclass(frozen=True)
class CloseoutReport:
    """The close-out with what the printed report details: the prize summary, the bounty money, and every
    entry's line (by entry number)."""

    closeout: Closeout
    summary: dict
    bounties: BountyMoney
    players: list[PlayerMoney]
    has_bounty: bool


def closeout_report(*, event: Event) -> CloseoutReport:
    """The close-out and every entry's money (a constant number of queries)."""
    summary = event_prize_summary(event=event)
    amounts = event_payout_amounts(event=event)
    bounties = bounty_money(event=event)
    result = _closeout(event, summary, prizes_owed_total(event=event, amounts=amounts), bounties)
    ledger = entry_ledger(event=event)
    lines: dict[int, BountyLine] = bounties_by_entry(event=event)
    prizes = {award.entry.pk: award.amount for award in event_awards(event=event, amounts=amounts)}
    names = dict(Entry.objects.filter(event=event).values_list("id", "player__name"))
    players = [
        PlayerMoney(entry_id=row.entry_id, number=row.number, name=names.get(row.entry_id, ""),
                    paid_in=row.total_paid, rebuys=row.rebuys, addons=row.addons,
                    bounties=lines.get(row.entry_id, BountyLine()).to_pay,
                    prize=quantize_money(prizes.get(row.entry_id, ZERO)), paid_out=row.total_received)
        for row in sorted(ledger.values(), key=lambda r: r.number)
    ]
    has_bounty = bounties.paid_in > 0 or any(line.knockouts for line in lines.values())
    return CloseoutReport(closeout=result, summary=summary, bounties=bounties, players=players,
                          has_bounty=has_bounty)


def rebuys_addons_by_entry(*, event: Event) -> dict[int, tuple[int, int]]:
    """Each entry's rebuys (a double counting two) and add-ons not voided, for the entries that bought any
    (one query)."""
    kind = Purchase.Kind
    rows = (Purchase.objects.filter(event=event, voided_at__isnull=True, entry__isnull=False,
                                    kind__in=[kind.REBUY, kind.DOUBLE_REBUY, kind.ADDON])
            .order_by().values("entry_id")
            .annotate(rebuys=Count("id", filter=Q(kind=kind.REBUY)),
                      doubles=Count("id", filter=Q(kind=kind.DOUBLE_REBUY)),
                      addons=Count("id", filter=Q(kind=kind.ADDON)))
            .values_list("entry_id", "rebuys", "doubles", "addons"))
    return {pk: (rebuys + 2 * doubles, addons) for pk, rebuys, doubles, addons in rows}


def purchase_for_receipt(*, event: Event, pk: int) -> Purchase | None:
    """The purchase of `event` numbered `pk` (its id), with its entry, seat, player and staff (one query);
    None when the event has no such purchase."""
    if not fits(pk, Purchase, "id"):
        return None
    return (Purchase.objects.select_related("entry__player", "entry__table", "player", "sold_by", "voided_by")
            .filter(event=event, pk=pk).first())
