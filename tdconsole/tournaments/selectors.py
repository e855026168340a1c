"""Reads of an event's field that more than one page needs."""

from django.db.models import Count, Max, Q, Sum

from .models import Elimination, Entry, Event, Player


def event_field_summary(*, event: Event, addon_chips: int | None = None) -> dict:
    """Entries, players left, chips in play and the average stack, in two queries.

    Chips in play are the starting stack of every entry plus the chips of the add-ons
    sold (recorded by the payouts app; a caller that has read them passes `addon_chips`
    and saves the query); the average is over the entries alive.
    """
    if addon_chips is None:
        from tdconsole.payouts.models import PrizeSettings  # payouts builds on tournaments

        sold = PrizeSettings.objects.filter(event_id=event.pk).values_list("addons", "addon_chips").first()
        addon_chips = sold[0] * sold[1] if sold else 0
    row = Entry.objects.filter(event=event).aggregate(
        entries=Count("id"),
        alive=Count("id", filter=Q(status=Entry.Status.ALIVE)),
        counted=Sum("chips", filter=Q(status=Entry.Status.ALIVE)),
    )
    entries = row["entries"] or 0
    alive = row["alive"] or 0
    total_chips = entries * event.starting_stack + addon_chips
    return {
        "entries": entries,
        "players_left": alive,
        "total_chips": total_chips,
        "average_stack": (total_chips // alive) if alive else 0,
    }


def top_stacks(*, event: Event, limit: int = 10) -> list[Entry]:
    """The largest counted stacks among the entries in play."""
    return list(
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE, chips__isnull=False)
        .select_related("player", "table").order_by("-chips", "number")[:limit]
    )


def chip_summary(*, event: Event) -> dict:
    """Chips counted on the entries in play and the average of those counts (one query)."""
    row = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).aggregate(
        alive=Count("id"), counted=Sum("chips"), with_count=Count("chips"),
    )
    alive = row["alive"] or 0
    return {
        "alive": alive,
        "counted_chips": row["counted"] or 0,
        "average_counted": (row["counted"] or 0) // alive if alive else 0,
    }


def player_search(*, festival_id: int, query: str, limit: int = 8) -> list[Player]:
    """Players of the festival whose name, nickname or document contains the typed text."""
    query = " ".join((query or "").split())
    if len(query) < 2:
        return []
    return list(
        Player.objects.filter(festival_id=festival_id)
        .filter(Q(name__icontains=query) | Q(nickname__icontains=query) | Q(document__startswith=query))
        .order_by("name")[:limit]
    )


def player_entries(*, event: Event, player_ids: list[int]) -> dict[int, list[Entry]]:
    """Each player's entries in the event, oldest first (one query)."""
    found: dict[int, list[Entry]] = {pid: [] for pid in player_ids}
    for entry in Entry.objects.filter(event=event, player_id__in=player_ids).select_related("table").order_by("number"):
        found[entry.player_id].append(entry)
    return found


def recent_eliminations(*, event: Event, limit: int = 20) -> list[Elimination]:
    """The latest eliminations with their busts, each marked `undoable` (still the last at its table)."""
    rows = list(
        Elimination.objects.filter(event=event).select_related("table")
        .prefetch_related("busts__entry__player").order_by("-sequence")[:limit]
    )
    latest = dict(
        Elimination.objects.filter(event=event, table_id__in={e.table_id for e in rows if e.table_id})
        .values("table_id").annotate(last=Max("sequence")).values_list("table_id", "last")
    )
    for row in rows:
        row.undoable = (
            row.table_id is not None and row.table is not None and row.table.event_id == event.pk
            and latest.get(row.table_id) == row.sequence
        )
    return rows


def seated_entries(*, event: Event) -> list[Entry]:
    """The entries in play, by table and seat (for the pick list and the chip count sheet)."""
    return list(
        Entry.objects.filter(event=event, status=Entry.Status.ALIVE)
        .select_related("player", "table").order_by("table__number", "seat", "number")
    )


def event_tables(*, event: Event) -> list[dict]:
    """The event's tables with their player counts (one query)."""
    from tdconsole.seating.models import Table

    rows = (
        Table.objects.filter(event=event)
        .annotate(players=Count("entries", filter=Q(entries__status=Entry.Status.ALIVE)))
        .order_by("number").values("number", "seats", "players", "break_order")
    )
    return list(rows)
