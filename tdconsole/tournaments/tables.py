"""The tables of an event as the floor records them: where the dealer button is.

The button seat is the seat of the next hand's button. The floor records it when it sets up a
disputed hand from the table, or when it types it on the balancing panel; the adjudicator and the
panel then start from it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record

from .exceptions import TournamentError
from .locks import event_lock
from .models import Event, Table


def table_seat_count(*, table: Table, event: Event) -> int:
    """Seats used at this table for this event: the table's seats, at most the event's seats per table."""
    return min(table.seats, event.seats_per_table)


def table_button_set(*, event: Event, table_number: int, seat: int, actor: Any) -> Table:
    """Record the dealer button of table `table_number` of the event at `seat` (audited).

    The seat may be empty (a dead button) but must be one of the table's seats. Recording the seat
    already recorded changes nothing and writes no audit entry.
    """
    with transaction.atomic():
        event = event_lock(event)
        table = Table.objects.select_for_update().filter(event=event, number=table_number).first()
        if table is None:
            raise TournamentError(_("Table %(number)s does not serve this event.") % {"number": table_number})
        seats = table_seat_count(table=table, event=event)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
            raise TournamentError(_("Table %(table)s has no seat %(seat)s (seats 1 to %(seats)s).")
                                  % {"table": table_number, "seat": seat, "seats": seats})
        before = table.button_seat
        if before == seat:
            return table
        table.button_seat = seat
        table.save(update_fields=["button_seat"])
        audit_record(
            actor=actor, action="table.button", event=event, objects=[table],
            before={"table": table_number, "button": before}, after={"table": table_number, "button": seat},
            summary=(gettext_lazy("Button of table %(table)s at seat %(seat)s"), {"table": table_number, "seat": seat}),
        )
    return table
