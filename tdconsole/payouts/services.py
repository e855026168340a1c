"""Every write to an event's prize money: settings, the payout table and deals (add-ons and rebuys are
sold per player at the cash desk: `cashier.purchases`).

Each service is one transaction that locks the event row first, so two desks changing
the table at once cannot both succeed, and records what it changed in the audit log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext_lazy

from tdconsole.audit.services import audit_record
from tdconsole.cashier.models import Ticket
from tdconsole.cashier.tickets import ticket_issue
from tdconsole.core.money import quantize_money
from tdconsole.tournaments.locks import event_lock
from tdconsole.tournaments.models import Entry, Event

from . import calc
from .exceptions import DealError, PayoutTableInvalid, PayoutTableLocked, calc_message
from .models import Deal, DealShare, PayoutPlace, PayoutTable, PrizeSettings
from .selectors import (
    deal_prizes,
    default_amounts,
    event_awards,
    event_prize_summary,
    prize_settings_of,
    seat_flags,
)

SETTINGS_FIELDS = ("percent_paid", "rounding", "min_cash_multiple")
# The summary of the audit records the prize desk's add-on counter wrote (add-ons are sold per player at
# the cash desk now): kept in the catalogue so old records still read in the reader's language.
LEGACY_SUMMARIES = (gettext_noop("Add-ons: %(before)s -> %(after)s"),)

PROBLEM_MESSAGES = {
    "empty": gettext_lazy("The table has no paid places."),
    "not_a_number": gettext_lazy("Every amount must be a number."),
    "too_large": gettext_lazy("An amount is larger than the payout table can hold."),
    "not_positive": gettext_lazy("Every paid place must pay more than zero."),
    "not_cents": gettext_lazy("Amounts must be whole cents."),
    "increasing": gettext_lazy("A place cannot pay more than the place above it."),
    "total": gettext_lazy("The amounts do not add up to the prize pool."),
    "too_many_places": gettext_lazy("The table pays more places than there are entries."),
}


def problem_messages(problems: Sequence[str]) -> list[str]:
    return [str(PROBLEM_MESSAGES[p]) for p in problems]


def calc_error_text(exc: calc.CalcError) -> str:
    """A calculator error in the user's language (one wording for the desk: `exceptions.calc_message`)."""
    return calc_message(exc)


def _table_state(event: Event) -> tuple[PayoutTable | None, dict]:
    table = PayoutTable.objects.select_for_update().filter(event=event).first()
    return table, event_prize_summary(event=event)


def _check_unlocked(table: PayoutTable | None, summary: dict) -> None:
    if table is not None and (table.locked_at is not None or summary["in_the_money"]):
        raise PayoutTableLocked(_("The money has been reached: the payout table can no longer change."))


def prize_settings_update(*, event: Event, actor: Any, **fields: Any) -> PrizeSettings:
    """Change how the event's table is generated."""
    unknown = set(fields) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValueError(f"unknown prize settings: {sorted(unknown)}")
    with transaction.atomic():
        event = event_lock(event)
        current, _created = PrizeSettings.objects.select_for_update().get_or_create(event=event)
        before = {k: getattr(current, k) for k in fields}
        for key, value in fields.items():
            setattr(current, key, value)
        current.full_clean()
        current.save()
        audit_record(actor=actor, action="payouts.settings", event=event, objects=[current],
                     before=before, after={k: getattr(current, k) for k in fields},
                     summary=gettext_lazy("Prize settings changed"))
    return current


def _write_table(event: Event, table: PayoutTable | None, amounts: list[Decimal], pool: Decimal,
                 entries: int, source: str, actor: Any) -> PayoutTable:
    seats = seat_flags(settings=prize_settings_of(event=event), amounts=amounts)
    if table is None:
        table = PayoutTable(event=event)
    table.prize_pool = pool
    table.entries = entries
    table.source = source
    table.updated_by = actor if getattr(actor, "pk", None) else None
    table.save()
    table.places.all().delete()
    PayoutPlace.objects.bulk_create(
        [PayoutPlace(table=table, place=i, amount=a, seat=seat)
         for i, (a, seat) in enumerate(zip(amounts, seats, strict=True), start=1)], batch_size=1000
    )
    return table


def _table_after(amounts: Sequence[Decimal]) -> dict:
    bands = calc.group_bands(amounts)
    return {"places": len(amounts), "total": str(sum(amounts, Decimal(0))),
            "bands": [[a, b, str(x)] for a, b, x in bands[:40]]}


def payout_table_generate(*, event: Event, actor: Any) -> PayoutTable:
    """(Re)build the table from the entries, the pool and the event's settings."""
    with transaction.atomic():
        event = event_lock(event)
        table, summary = _table_state(event)
        _check_unlocked(table, summary)
        settings = prize_settings_of(event=event)
        amounts = default_amounts(event=event, entries=summary["entries"], prize_pool=summary["prize_pool"],
                                  settings=settings)
        if not amounts:
            raise PayoutTableInvalid(_("There is no prize pool to share yet."), ["empty"])
        before = _table_after(list(table.places.values_list("amount", flat=True))) if table else None
        table = _write_table(event, table, amounts, summary["prize_pool"], summary["entries"],
                             PayoutTable.Source.GENERATED, actor)
        audit_record(actor=actor, action="payouts.table_generate", event=event, objects=[table],
                     before=before, after=_table_after(amounts),
                     summary=(ngettext_lazy("Payout table generated: %(n)s place",
                                            "Payout table generated: %(n)s places", "n"),
                              {"n": len(amounts)}))
    return table


def payout_table_save(*, event: Event, amounts: Sequence[Decimal], actor: Any) -> PayoutTable:
    """Store a table the Director typed in; refuse it unless it adds up to the pool."""
    amounts = [Decimal(a) for a in amounts]
    with transaction.atomic():
        event = event_lock(event)
        table, summary = _table_state(event)
        _check_unlocked(table, summary)
        problems = calc.table_problems(amounts, summary["prize_pool"], entries=summary["entries"])
        if problems:
            raise PayoutTableInvalid(" ".join(problem_messages(problems)), problems)
        before = _table_after(list(table.places.values_list("amount", flat=True))) if table else None
        table = _write_table(event, table, amounts, summary["prize_pool"], summary["entries"],
                             PayoutTable.Source.EDITED, actor)
        audit_record(actor=actor, action="payouts.table_edit", event=event, objects=[table],
                     before=before, after=_table_after(amounts),
                     summary=(ngettext_lazy("Payout table edited: %(n)s place",
                                            "Payout table edited: %(n)s places", "n"),
                              {"n": len(amounts)}))
    return table


def payout_table_lock(*, event: Event, actor: Any) -> PayoutTable:
    """Freeze the table now (the money being reached freezes it anyway)."""
    with transaction.atomic():
        event = event_lock(event)
        table = PayoutTable.objects.select_for_update().filter(event=event).first()
        if table is None:
            raise PayoutTableInvalid(_("Generate or enter a payout table first."))
        if table.locked_at is None:
            table.locked_at = timezone.now()
            table.save(update_fields=["locked_at"])
            audit_record(actor=actor, action="payouts.table_lock", event=event, objects=[table],
                         after={"locked_at": table.locked_at}, summary=gettext_lazy("Payout table locked"))
    return table


def too_many_for_a_deal(players: int) -> str:
    return _("The deal calculator works for at most %(max)s players; %(n)s are left.") % {
        "max": calc.MAX_ICM_PLAYERS, "n": players}


def deal_record(
    *,
    event: Event,
    stacks: Mapping[int, int],
    method: str,
    actor: Any,
    left_to_play: Decimal = Decimal("0"),
    amounts: Mapping[int, Decimal] | None = None,
    note: str = "",
) -> Deal:
    """Record the deal the players left agreed: ICM, chip chop, or amounts of their own.

    `stacks` maps every live entry's id to its chips now. A custom deal must share
    exactly what ICM and chip chop share (the remaining prizes less what is left to
    play for) and the players' agreement is shown beside both calculations.
    """
    if method not in Deal.Method.values:
        raise DealError(_("Unknown deal method."))
    left_to_play = Decimal(left_to_play)
    with transaction.atomic():
        event = event_lock(event)
        alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).order_by("number"))
        if len(alive) < 2:
            raise DealError(_("A deal needs at least two players left."))
        if len(alive) > calc.MAX_ICM_PLAYERS:
            raise DealError(too_many_for_a_deal(len(alive)))
        if {e.pk for e in alive} != set(stacks):
            raise DealError(_("A deal must include every player still in the event, and only them."))
        if Deal.objects.filter(event=event).exists():
            raise DealError(_("A deal has already been recorded for this event."))
        ids = [e.pk for e in alive]
        chips = [int(stacks[i]) for i in ids]
        prizes = deal_prizes(event=event, players=len(alive))
        try:
            offer = calc.deal_offer(chips, prizes, left_to_play)
        except calc.CalcError as exc:
            raise DealError(calc_message(exc)) from exc
        if method == Deal.Method.ICM:
            agreed = offer.icm
        elif method == Deal.Method.CHIP_CHOP:
            agreed = offer.chip_chop
        else:
            if amounts is None or set(amounts) != set(ids):
                raise DealError(_("Enter an amount for every player in the deal."))
            agreed = [Decimal(amounts[i]) for i in ids]
            if any(not a.is_finite() or abs(a) > calc.MAX_AMOUNT for a in agreed):
                raise DealError(_("Every deal amount must be an amount in cents."))
            agreed = [quantize_money(a) for a in agreed]
            if any(a < 0 for a in agreed):
                raise DealError(_("Deal amounts cannot be negative."))
            if sum(agreed, Decimal(0)) != offer.distributed:
                raise DealError(_("The agreed amounts must add up to the money being shared."))
        deal = Deal.objects.create(event=event, method=method, left_to_play=offer.left_to_play,
                                   distributed=offer.distributed, note=note[:300],
                                   created_by=actor if getattr(actor, "pk", None) else None)
        DealShare.objects.bulk_create([
            DealShare(deal=deal, entry=entry, chips=c, icm_amount=i, chip_chop_amount=cc, amount=a)
            for entry, c, i, cc, a in zip(alive, chips, offer.icm, offer.chip_chop, agreed, strict=True)
        ])
        audit_record(
            actor=actor, action="payouts.deal", event=event, objects=[deal, *alive],
            after={"method": method, "left_to_play": offer.left_to_play, "icm": offer.icm_method,
                   "shares": {str(e.number): {"chips": c, "amount": a} for e, c, a in zip(alive, chips, agreed,
                                                                                            strict=True)}},
            summary=(gettext_lazy("Deal among %(n)s players (%(method)s)"),
                     {"n": len(alive), "method": Deal.Method(method).label}),
        )
    return deal



def satellite_target_set(*, event: Event, target: Event | None, actor: Any) -> PrizeSettings:
    """Make the event a satellite to `target` (each seat worth its buy-in), or a cash event again (None).

    Refused while the table is locked, for the event itself, another festival's event, or a target
    without a buy-in."""
    with transaction.atomic():
        event = event_lock(event)
        table, summary = _table_state(event)
        _check_unlocked(table, summary)
        if target is not None:
            if target.pk == event.pk:
                raise PayoutTableInvalid(_("A satellite cannot give seats to itself."))
            if target.festival_id != event.festival_id:
                raise PayoutTableInvalid(_("The target event must be in the same festival."))
            if target.buy_in <= 0:
                raise PayoutTableInvalid(_("The target event has no buy-in to be worth."))
        current, _created = PrizeSettings.objects.select_for_update().get_or_create(event=event)
        before = {"satellite_target": current.satellite_target_id}
        current.satellite_target = target
        current.save(update_fields=["satellite_target"])
        audit_record(actor=actor, action="payouts.satellite_target", event=event, objects=[current],
                     before=before, after={"satellite_target": target.pk if target else None},
                     summary=((gettext_lazy("Satellite to %(target)s"), {"target": target.name}) if target
                              else gettext_lazy("No longer a satellite")))
    return current


class IssuedTickets(list):
    """The satellite's tickets, best place first, and how many of them this call issued (`new`; 0 when
    every one had been issued before: the desk says so)."""

    new: int = 0


def satellite_tickets_issue(*, event: Event, actor: Any) -> IssuedTickets:
    """Give every finisher who won a seat of the satellite a ticket to its target event (once each).

    The seats are the payout table's seat places; finishers tied across the last seat share money
    (`calc.satellite_awards`) and get no ticket. Refused before the table is locked (the money reached,
    or locked by the Director) and for an event that is no satellite. Calling it again issues the
    tickets of the winners placed since and returns all of them."""
    with transaction.atomic():
        event = event_lock(event)
        settings = prize_settings_of(event=event)
        if settings.satellite_target_id is None:
            raise PayoutTableInvalid(_("This event is not a satellite."))
        table, summary = _table_state(event)
        if table is None or not (table.locked_at is not None or summary["in_the_money"]):
            raise PayoutTableInvalid(_("Lock the payout table before issuing the tickets."))
        places = list(table.places.order_by("place"))
        sat_table = [calc.SatellitePlace(p.amount, p.seat) for p in places]
        awards = event_awards(event=event, amounts=[p.amount for p in places])
        won = calc.satellite_awards(sat_table, [a.place for a in awards])
        target = settings.satellite_target
        # Counted under the event's lock, so two directors pressing at once are told apart.
        before = Ticket.objects.filter(source_event=event).count()
        tickets = IssuedTickets()
        for award, prize in zip(awards, won, strict=True):
            if prize.seat:
                tickets.append(ticket_issue(source_event=event, entry=award.entry, target_event=target,
                                            value=prize.amount, actor=actor))
        tickets.new = Ticket.objects.filter(source_event=event).count() - before
    return tickets
