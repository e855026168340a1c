"""The event lock: every desk write of one event queues behind the event's row.

Registrations, busts, seat changes, prize settings and floor decisions of an event each
take this lock first (`select_for_update` on the event row, held to the end of the
transaction), so two staff members working on the same event at the same moment are
served one after the other, and a service numbering things (entries, eliminations,
places) reads the numbers the previous one wrote. The database constraints are the last
guard. Take it inside `transaction.atomic()`; a service that locks other rows takes this
one before them.
"""

from __future__ import annotations

from .models import Event


def event_lock(event: Event) -> Event:
    """Lock the event row until the end of the transaction and return it as it is now."""
    return Event.objects.select_for_update().get(pk=event.pk)
