"""Reads of an event's field that more than one page needs."""

from django.db.models import Count, Q, Sum

from .models import Entry, Event


def event_field_summary(*, event: Event) -> dict:
    """Entries, players left, chips in play and the average stack, in one query.

    Chips in play are the starting stack of every entry (plus add-ons, when an event
    has them, counted by the payouts app); the average is over the entries alive.
    """
    row = Entry.objects.filter(event=event).aggregate(
        entries=Count("id"),
        alive=Count("id", filter=Q(status=Entry.Status.ALIVE)),
        counted=Sum("chips", filter=Q(status=Entry.Status.ALIVE)),
    )
    entries = row["entries"] or 0
    alive = row["alive"] or 0
    total_chips = entries * event.starting_stack
    return {
        "entries": entries,
        "players_left": alive,
        "total_chips": total_chips,
        "average_stack": (total_chips // alive) if alive else 0,
    }
