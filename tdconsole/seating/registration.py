"""Registration once the seats are drawn: a late entry or a re-entry sits down at once.

The tournaments app buys a player in (`tournaments.registration`) and knows nothing of tables;
this app gives it the function that seats the new entry, run inside the same transaction with
the event locked, before the registration is recorded: the record names the table and seat,
and a seat that cannot be found refuses the entry (nothing is kept). Before the initial draw
an entry waits unseated; the draw seats it.

`level_position` is the clock's, as the tournaments services take it (the caller reads it:
`clock.selectors.registration_clock_level`).

Each registration here is paid: the buy-in purchase (`cashier.purchases.purchase_buy_in_record`, paid
by `method`) is recorded in the same transaction as the entry, so a refused registration leaves no
purchase and a refused purchase leaves no entry.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction

from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import purchase_buy_in_record
from tdconsole.tournaments import registration
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.models import Entry, Event, Player

from .exceptions import SeatingError
from .models import SeatDraw
from .services import entry_seat_random


def entry_seat_on_arrival(entry: Entry, *, actor: Any) -> Entry:
    """Seat a new entry at random if the seats have been drawn (the caller holds the event lock).

    A seat that cannot be found refuses the registration (`RegistrationError`).
    """
    if SeatDraw.objects.filter(event=entry.event).exists():
        try:
            entry_seat_random(entry=entry, actor=actor, event_locked=True)
        except SeatingError as exc:
            raise RegistrationError(str(exc))
    return entry


def entry_register_seated(*, event: Event, player: Player, actor: Any, level_position: int | None,
                          method: str = Purchase.Method.CASH) -> Entry:
    """Buy a known player into the event (`tournaments.registration.entry_register`), seated at once
    once the seats are drawn, the buy-in paid by `method`."""
    with transaction.atomic():
        entry = registration.entry_register(event=event, player=player, actor=actor, level_position=level_position,
                                            seat=partial(entry_seat_on_arrival, actor=actor))
        entry.buy_in_purchase = purchase_buy_in_record(entry=entry, method=method, actor=actor)
    return entry


def desk_register_seated(*, event: Event, actor: Any, level_position: int | None,
                         method: str = Purchase.Method.CASH, **typed: Any) -> Entry:
    """The registration desk (`tournaments.registration.desk_register`: what the clerk typed or picked,
    in `typed`), the new entry seated at once once the seats are drawn, the buy-in paid by `method`."""
    with transaction.atomic():
        entry = registration.desk_register(event=event, actor=actor, level_position=level_position,
                                           seat=partial(entry_seat_on_arrival, actor=actor), **typed)
        entry.buy_in_purchase = purchase_buy_in_record(entry=entry, method=method, actor=actor)
    return entry
