"""Reads of an event's prize money: the pool, the table it pays by, and who won what.

The pool counts every entry at the event's prize share and adds what the cash desk sold for the pool
(rebuys, add-ons: `cashier.selectors.pool_extras`, one query), less the staff's share; the chips in
play add the chips those purchases gave.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, F, Q

from tdconsole.cashier.models import Ticket
from tdconsole.cashier.selectors import PoolExtras, pool_extras
from tdconsole.core.money import quantize_money
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import entries_q, event_field_summary

from . import calc
from .models import Deal, PayoutTable, PrizeSettings


def prize_settings_of(*, event: Event) -> PrizeSettings:
    """The event's prize settings, or unsaved defaults when it has none yet."""
    found = PrizeSettings.objects.filter(event=event).first()
    return found if found is not None else PrizeSettings(event=event)


def prize_pool_of(*, event: Event, entries: int, extras: PoolExtras) -> dict:
    """Collected money, the staff's share of it, the guarantee's overlay, and the pool that is paid out.

    Collected = every entry's prize share + the prize part of the other purchases (`extras`); the
    staff deduction is `staff_percent` of it, rounded to the cent (half up) once; the guarantee then
    raises what is left, the overlay being the house's money.
    """
    collected = entries * event.buy_in_prize + extras.prize
    staff_deduction = quantize_money(collected * extras.staff_percent / 100)
    net = collected - staff_deduction
    guarantee = event.guarantee or Decimal("0")
    overlay = max(Decimal("0"), guarantee - net)
    return {
        "collected": collected,
        "staff_deduction": staff_deduction,
        "guarantee": guarantee,
        "overlay": overlay,
        "prize_pool": quantize_money(max(net, guarantee)),
    }


def seat_value_of(*, settings: PrizeSettings) -> Decimal | None:
    """A satellite's seat value (the target event's buy-in), or None for an event paid in cash."""
    if settings.satellite_target_id is None:
        return None
    return settings.satellite_target.buy_in


def seat_flags(*, settings: PrizeSettings, amounts: list[Decimal]) -> list[bool]:
    """Which places are seats: in a satellite, the leading places that pay exactly the seat value."""
    value = seat_value_of(settings=settings)
    flags = []
    for amount in amounts:
        flags.append(value is not None and amount == value and (not flags or flags[-1]))
    return flags


def default_amounts(*, event: Event, entries: int, prize_pool: Decimal, settings: PrizeSettings) -> list[Decimal]:
    """The table the event's settings would generate for this field and pool (a satellite: its seats, then
    the remainder in cash)."""
    value = seat_value_of(settings=settings)
    if value is not None:
        return [p.amount for p in calc.satellite_table(prize_pool=prize_pool, seat_value=value, entries=entries)]
    return calc.payout_table(
        entries=entries,
        prize_pool=prize_pool,
        percent_paid=settings.percent_paid,
        rounding=settings.rounding,
        buy_in=event.buy_in,
        min_cash_multiple=settings.min_cash_multiple,
    )


def event_prize_summary(*, event: Event) -> dict:
    """What the clock and the desk show about the money, in a constant number of queries.

    `bubble` is true when the next elimination finishes just out of the money
    (players left = places paid + 1); `in_the_money` once every player left is paid.
    `next_pay_jump` is how much more the next better-paid place pays than the place
    the next player out would take (before the money: the minimum cash itself), and
    `next_pay_jump_place` is that place.
    """
    settings = prize_settings_of(event=event)
    extras = pool_extras(event=event)
    field = event_field_summary(event=event, addon_chips=extras.chips)
    entries, players_left = field["entries"], field["players_left"]
    pool = prize_pool_of(event=event, entries=entries, extras=extras)
    # The table and how many places it pays in one query (the cash desk's extras took one more).
    table = PayoutTable.objects.filter(event=event).annotate(places_count=Count("places")).first()
    if table is not None:
        places_paid = table.places_count
    else:
        amounts = default_amounts(event=event, entries=entries, prize_pool=pool["prize_pool"], settings=settings)
        places_paid = len(amounts)

    bubble = places_paid > 0 and players_left == places_paid + 1
    in_the_money = places_paid > 0 and 0 < players_left <= places_paid
    next_payout = next_jump = jump_place = None
    if places_paid and players_left > 1:
        if table is not None:
            near = dict(
                table.places.filter(place__in={places_paid, min(players_left, places_paid)})
                .values_list("place", "amount")
            )
            current = near[min(players_left, places_paid)]
            better = None
            if in_the_money:
                better = (
                    table.places.filter(place__lt=players_left, amount__gt=current)
                    .order_by("-place").values_list("place", "amount").first()
                )
        else:
            current = amounts[min(players_left, places_paid) - 1]
            better = None
            if in_the_money:
                better = next(
                    ((p, amounts[p - 1]) for p in range(players_left - 1, 0, -1) if amounts[p - 1] > current), None
                )
        if in_the_money:
            next_payout = current
            if better is not None:
                jump_place, next_jump = better[0], better[1] - current
        else:
            next_jump, jump_place = current, places_paid
    return {
        "entries": entries,
        "players_left": players_left,
        "collected": pool["collected"],
        "guarantee": pool["guarantee"],
        "overlay": pool["overlay"],
        "prize_pool": pool["prize_pool"],
        "staff_deduction": pool["staff_deduction"],
        "staff_percent": extras.staff_percent,
        # Rebuys (a double counting two) and add-ons sold at the cash desk.
        "rebuys": extras.rebuys,
        "addons": extras.addons,
        # Chips the cash desk's sales put in play, beside the starting stacks (for the average stack).
        "extra_chips": extras.chips,
        "places_paid": places_paid,
        "has_table": table is not None,
        "table_locked": table is not None and (table.locked_at is not None or in_the_money),
        "table_adds_up": table is None or table.prize_pool == pool["prize_pool"],
        "bubble": bubble,
        "in_the_money": in_the_money,
        "next_payout": next_payout,
        "next_pay_jump": next_jump,
        "next_pay_jump_place": jump_place,
        # The field summary it was computed from, so callers need not read it again.
        "field": field,
    }


def event_payout_amounts(*, event: Event) -> list[Decimal]:
    """Each paid place's amount: the event's table, or what its settings would generate."""
    table = PayoutTable.objects.filter(event=event).first()
    if table is not None:
        return list(table.places.order_by("place").values_list("amount", flat=True))
    settings = prize_settings_of(event=event)
    extras = pool_extras(event=event)
    field = event_field_summary(event=event, addon_chips=extras.chips)
    pool = prize_pool_of(event=event, entries=field["entries"], extras=extras)
    return default_amounts(event=event, entries=field["entries"], prize_pool=pool["prize_pool"], settings=settings)


def deal_prizes(*, event: Event, players: int) -> list[Decimal]:
    """What `players` players left can still win, first place first (nothing past the places paid)."""
    amounts = event_payout_amounts(event=event)
    return (list(amounts) + [Decimal("0")] * players)[:players]


@dataclass(frozen=True)
class DealPreview:
    """The deal calculator before anything is typed: who is left, what they play for, any deal recorded."""

    alive: list[Entry]  # most chips first (the last count), then by entry number
    deal: Deal | None
    prizes: list[Decimal]  # places 1 to len(alive)

    @property
    def too_many(self) -> bool:
        return len(self.alive) > calc.MAX_ICM_PLAYERS

    @property
    def can_calculate(self) -> bool:
        """A deal is still to be made, and the calculator can make it (two players or more, not too many)."""
        return self.deal is None and len(self.alive) >= 2 and not self.too_many

    def offer(self, stacks: Mapping[int, int], left_to_play: Decimal) -> calc.DealOffer:
        """ICM and chip chop for the stacks typed, by entry id (calc.CalcError when they cannot be shared)."""
        return calc.deal_offer([stacks[e.pk] for e in self.alive], self.prizes, left_to_play)


def deal_preview(*, event: Event) -> DealPreview:
    """The players left with what they play for, and the deal already recorded (a few queries)."""
    alive = list(Entry.objects.filter(event=event, status=Entry.Status.ALIVE).select_related("player")
                 .order_by("-chips", "number"))
    deal = Deal.objects.filter(event=event).prefetch_related("shares__entry__player").first()
    return DealPreview(alive=alive, deal=deal, prizes=deal_prizes(event=event, players=len(alive)))


@dataclass(frozen=True)
class Award:
    entry: Entry
    place: int
    amount: Decimal
    tied_with: int  # how many finishers share this place (1 when alone)
    by_deal: bool


def event_awards(*, event: Event, amounts: list[Decimal] | None = None) -> list[Award]:
    """What every placed entry receives, best place first.

    Entries recorded at the same place tied: they share the places they cover equally,
    the odd cents going first to the one who started the hand with more chips (as the
    bust recorded it), then to the lower entry number. A recorded deal replaces the table for the players in it;
    the amount left to play for goes to the deal player who finished best.
    """
    if amounts is None:
        amounts = event_payout_amounts(event=event)
    placed = list(
        Entry.objects.filter(entries_q(event), place__isnull=False)
        .select_related("player")
        .order_by("place", F("bust__starting_stack").desc(nulls_last=True), "number")
    )
    shares = calc.awards_for_places(amounts, [e.place for e in placed])
    counts: dict[int, int] = {}
    for e in placed:
        counts[e.place] = counts.get(e.place, 0) + 1
    deal = Deal.objects.filter(event=event).prefetch_related("shares").first()
    dealt = {s.entry_id: s.amount for s in deal.shares.all()} if deal is not None else {}
    winner_bonus_given = False
    out = []
    for entry, share in zip(placed, shares, strict=True):
        by_deal = entry.pk in dealt
        amount = share
        if by_deal:
            amount = dealt[entry.pk]
            if not winner_bonus_given and deal.left_to_play:
                amount += deal.left_to_play
                winner_bonus_given = True
        out.append(Award(entry, entry.place, amount, counts[entry.place], by_deal))
    return out



# ---------------------------------------------------------------- satellites


def satellite_target_choices(*, event: Event):
    """The events a satellite may give seats to: the festival's others that have a buy-in, by date."""
    return (Event.objects.filter(Q(buy_in_prize__gt=0) | Q(buy_in_fee__gt=0), festival_id=event.festival_id)
            .exclude(pk=event.pk).order_by("date", "name", "pk"))


@dataclass(frozen=True)
class SatelliteSeats:
    """How a satellite's table reads at the desk: its target, the seat value and the seats it pays."""

    target: Event
    value: Decimal
    seats: int  # the leading places paid in seats
    stale: bool  # a saved table whose seats do not match the target (generate it again)


def satellite_seats(*, event: Event, settings: PrizeSettings, amounts: list[Decimal]) -> SatelliteSeats | None:
    """The satellite's seats as the payout page shows them, or None for an event paid in cash.

    A saved table keeps which places are seats (the tickets follow it); before one is saved, the places
    that would be."""
    value = seat_value_of(settings=settings)
    if value is None:
        return None
    table = PayoutTable.objects.filter(event=event).first()
    if table is None:
        seats = sum(seat_flags(settings=settings, amounts=amounts))
        return SatelliteSeats(settings.satellite_target, value, seats, stale=False)
    flags = list(table.places.order_by("place").values_list("amount", "seat"))
    seats = sum(1 for _amount, seat in flags if seat)
    stale = seats == 0 or any(seat and amount != value for amount, seat in flags)
    return SatelliteSeats(settings.satellite_target, value, seats, stale=stale)


@dataclass(frozen=True)
class SatelliteWinner:
    """A finisher of a satellite who won something: a seat (and the ticket it became) or cash."""

    place: int
    entry: Entry
    seat: bool
    amount: Decimal
    tied_with: int
    ticket: Ticket | None  # the seat's ticket once issued (its holder may since be another player)


def satellite_winners(*, event: Event) -> list[SatelliteWinner]:
    """Every placed finisher of the satellite who won a seat or cash, best first, with the ticket issued.

    The seats are the saved table's seat places (none before a table is saved); finishers tied across
    the last seat share money (`calc.satellite_awards`). A constant number of queries."""
    table = PayoutTable.objects.filter(event=event).first()
    if table is None:
        return []
    places = list(table.places.order_by("place"))
    awards = event_awards(event=event, amounts=[p.amount for p in places])
    won = calc.satellite_awards([calc.SatellitePlace(p.amount, p.seat) for p in places], [a.place for a in awards])
    tickets = {t.source_entry_id: t for t in
               Ticket.objects.filter(source_event=event).select_related("player", "target_event")}
    return [SatelliteWinner(a.place, a.entry, prize.seat, prize.amount, a.tied_with,
                            tickets.get(a.entry.pk) if prize.seat else None)
            for a, prize in zip(awards, won, strict=True) if prize.amount > 0]


def event_tickets(*, event: Event) -> tuple[list[Ticket], list[Ticket]]:
    """The tickets an event's page lists: (won in it as a satellite, held for it as a target), oldest first."""
    rows = list(Ticket.objects.filter(Q(source_event=event) | Q(target_event=event))
                .select_related("player", "source_event", "target_event", "source_entry", "used_purchase")
                .order_by("id"))
    return ([t for t in rows if t.source_event_id == event.pk], [t for t in rows if t.target_event_id == event.pk])
