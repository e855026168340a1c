"""Who sits where, and the places given: small reads the service tests share."""

from tdconsole.tournaments.models import Entry


def seat_of(entry):
    """(table number, seat) of an entry, read again from the database."""
    entry.refresh_from_db()
    return entry.table.number, entry.seat


def places(event):
    """Every place given in the event, lowest first."""
    return sorted(Entry.objects.filter(event=event, place__isnull=False).values_list("place", flat=True))


def alive_at(event, table):
    """The entries seated at a table, by seat."""
    return list(Entry.objects.filter(event=event, table__number=table).order_by("seat"))
