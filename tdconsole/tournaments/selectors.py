"""Reads of an event's field that more than one page needs."""

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Case, Count, Max, Q, Sum, Value, When
from django.utils.translation import gettext as _

from .cpf import cpf_digits, cpf_format
from .exceptions import EliminationError
from .models import Elimination, Entry, Event, Player, Table
from .names import search_key, tidy_name
from .people import PersonRow, people


def chips_in_play(*, event: Event, addon_chips: int) -> int:
    """Every chip put into play: a starting stack per entry (re-entries included) and the chips bought.

    Busts do not change it: a busted player's chips went to the others. Rebuys, add-ons, staff
    add-ons and bonus chips are sold at the cash desk: `addon_chips` is their chips
    (`cashier.selectors.extra_chips`), read by the caller.
    """
    return Entry.objects.filter(event=event).count() * event.starting_stack + addon_chips


def entries_q(event: Event, prefix: str = "") -> Q:
    """The entries an event counts: its own, and its flights' when it is a main event (flights.py)."""
    if not event.has_flights:
        return Q(**{f"{prefix}event_id": event.pk})
    return Q(**{f"{prefix}event_id": event.pk}) | Q(**{f"{prefix}event__parent_id": event.pk})


def events_q(event: Event) -> Q:
    """The event rows whose money an event counts: itself, and its flights when it is a main event."""
    if not event.has_flights:
        return Q(pk=event.pk)
    return Q(pk=event.pk) | Q(parent_id=event.pk)


def event_field_summary(*, event: Event, addon_chips: int) -> dict:
    """Entries, players left, chips in play and the average stack, in one query.

    Chips in play are the starting stack of every entry plus `addon_chips`, the chips sold at the
    cash desk beyond the buy-ins (rebuys, add-ons...; the caller reads them with
    `cashier.selectors.extra_chips`); the average is over the entries alive. A main event whose flights
    are merged counts what Day 2 holds instead (`flights.day2_chips`, two more queries).
    """
    row = Entry.objects.filter(entries_q(event)).aggregate(
        # A Day 2 entry carried from the flights is no new buy-in: its player's flight entries count.
        entries=Count("id", filter=Q(carried=False)),
        alive=Count("id", filter=Q(status=Entry.Status.ALIVE)),
        counted=Sum("chips", filter=Q(status=Entry.Status.ALIVE)),
    )
    entries = row["entries"] or 0
    alive = row["alive"] or 0
    total_chips = entries * event.starting_stack + addon_chips
    if event.has_flights:
        # Day 2 holds the bags brought (under best stack the forfeited ones are out of play), not a starting
        # stack per flight entry; before the merge the flights' entries and sales, as above.
        from .flights import day2_chips

        merged = day2_chips(event=event)
        total_chips = merged if merged is not None else total_chips
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


def chip_summary(*, event: Event, in_play: int) -> dict:
    """Chips counted on the entries in play, the average of those counts, and how far their total is
    from `in_play`, the chips in play (one query; see `chips_in_play` and `event_field_summary`).

    The last counts of the players left add up to the chips in play when every count is
    current; a difference means a wrong count, or counts older than the last busts (the
    busted players' chips are counted nowhere until the others are counted again).
    """
    row = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).aggregate(
        alive=Count("id"), counted=Sum("chips"), with_count=Count("chips"),
    )
    alive = row["alive"] or 0
    counted = row["counted"] or 0
    return {
        "alive": alive,
        "counted_chips": counted,
        "average_counted": counted // alive if alive else 0,
        "in_play": in_play,
        # Positive: the counts hold more chips than exist; negative: chips are missing from them.
        "difference": counted - in_play if alive else 0,
        "difference_size": abs(counted - in_play) if alive else 0,
        "uncounted": alive - (row["with_count"] or 0),
    }


@dataclass(frozen=True)
class PlayerMatches:
    """The players a search shows, and how many matched in all (more than shown when `more`)."""

    players: list[Player]
    total: int

    @property
    def more(self) -> int:
        return self.total - len(self.players)


def player_search(*, festival_id: int | None, query: str, limit: int = 30) -> PlayerMatches:
    """Players of the festival (of every festival with None) with a word of the name starting with each
    typed word, or whose nickname contains what was typed, or whose document starts with it (a CPF typed
    bare finds it as kept, formatted).

    Names and nicknames are compared without case or accents (the `search_name` and
    `search_nickname` columns), so "joao silva", "ze" (for "Zé"),
    "JOÃO" and "silva jo" find "João Silva" on SQLite and PostgreSQL alike. Names starting with
    what was typed come first. Counts the rest only when there are more than `limit`.
    """
    # Control characters (NUL above all, which PostgreSQL refuses in a query) are never part of a name.
    text = tidy_name("".join(ch for ch in (query or "") if unicodedata.category(ch)[0] != "C"))
    if len(text) < 2:
        return PlayerMatches(players=[], total=0)
    key = search_key(text)
    matches = Q(document__startswith=text)
    cpf = cpf_digits(text)
    if cpf is not None:
        matches |= Q(document=cpf_format(cpf))
    if key:
        matches |= Q(search_nickname__contains=key)
        words = Q()
        for word in key.split():
            words &= Q(search_name__startswith=word) | Q(search_name__contains=f" {word}")
        matches |= words
    found = Player.objects.filter(matches)
    if festival_id is not None:
        found = found.filter(festival_id=festival_id)
    ordered = found.order_by("search_name", "pk")
    if key:
        ordered = found.annotate(
            starts=Case(When(search_name__startswith=key, then=Value(0)), default=Value(1))
        ).order_by("starts", "search_name", "pk")
    players = list(ordered[: limit + 1])
    if len(players) <= limit:
        return PlayerMatches(players=players, total=len(players))
    return PlayerMatches(players=players[:limit], total=found.count())


def people_of(*, players: Iterable[Player]) -> dict[int, int]:
    """Map each registration to its person across every festival (`people.people`: the lowest id of its rows).

    The rule needs every registration sharing a document or a name and nickname with the ones asked
    about, and theirs in turn, so rows are read until no new document or name turns up: one query,
    a second when a person's other festivals bring a document or a name of their own, rarely more.
    The map holds the rows read on the way too.
    """
    known = {p.pk: PersonRow(p.pk, p.search_name, p.search_nickname, p.document) for p in players}
    names_read: set[tuple[str, str]] = set()
    documents_read: set[str] = set()
    while True:
        names = {r.name_key for r in known.values()} - names_read
        documents = {r.document for r in known.values() if r.document} - documents_read
        if not names and not documents:
            break
        names_read |= names
        documents_read |= documents
        found = Player.objects.filter(
            Q(search_name__in={name for name, _nickname in names}) | Q(document__in=documents)
        ).values_list("id", "search_name", "search_nickname", "document")
        for row in found:
            person_row = PersonRow(*row)
            if person_row.name_key in names_read or person_row.document in documents_read:
                known.setdefault(person_row.id, person_row)
    return people(known.values())


def same_person(*, player: Player) -> list[Player]:
    """The registrations of the same person in every festival (the player first, then festival by festival).

    Who is who is `people.people`, the rule the league standings use too: the same document, or the same
    name and nickname without a document. Two or three queries.
    """
    person_of = people_of(players=[player])
    mine = [pk for pk, person in person_of.items() if person == person_of[player.pk]]
    found = list(Player.objects.filter(pk__in=mine).select_related("festival").order_by("festival_id", "pk"))
    return sorted(found, key=lambda p: p.pk != player.pk)


def player_with_entries(*, player_id: int, festival_id: int) -> tuple[Player | None, list[Entry]]:
    """A player of the festival and all their entries, by event and number (two queries)."""
    player = Player.objects.filter(pk=player_id, festival_id=festival_id).first()
    if player is None:
        return None, []
    entries = list(Entry.objects.filter(player=player).select_related("event", "table")
                   .order_by("-event__date", "event_id", "number"))
    return player, entries


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
    rows = (
        Table.objects.filter(event=event)
        .annotate(players=Count("entries", filter=Q(entries__status=Entry.Status.ALIVE)))
        .order_by("number").values("number", "seats", "players", "break_order")
    )
    return list(rows)


def player_entry_counts(*, player_ids: list[int]) -> dict[int, int]:
    """How many entries each player has in the whole festival (one query)."""
    rows = (Entry.objects.filter(player_id__in=player_ids).values("player_id").annotate(n=Count("id"))
            .values_list("player_id", "n"))
    return {pid: 0 for pid in player_ids} | dict(rows)


def bust_preview(*, event: Event, table_number: int, seats: Sequence[int]) -> list[Entry]:
    """Who sits at the typed seats of a table, in the order typed, for the clerk to confirm.

    Refuses (`EliminationError`, the bust's own messages) what the bust would refuse about
    these seats: an event not running, the same seat twice, a table not in play, an empty
    seat, nobody left to win. Reads through the table and seat index (the field is not
    scanned): two queries, three when the table has nobody at those seats.
    """
    if event.status != Event.Status.RUNNING:
        raise EliminationError(_("Players can only be eliminated while the event runs."))
    if len(set(seats)) != len(seats):
        raise EliminationError(_("The same seat was given twice."))
    found = {
        e.seat: e for e in Entry.objects.select_related("player", "table")
        .filter(table__event=event, table__number=table_number, seat__in=list(seats), status=Entry.Status.ALIVE)
    }
    if not found and not Table.objects.filter(event=event, number=table_number).exists():
        raise EliminationError(_("Table %(table)s is not in play in this event.") % {"table": table_number})
    empty = [s for s in seats if s not in found]
    if empty:
        raise EliminationError(_("Table %(table)s, seat %(seats)s: nobody is sitting there.")
                               % {"table": table_number, "seats": ", ".join(str(s) for s in empty)})
    if Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count() - len(seats) < 1:
        raise EliminationError(_("At least one player must be left: the last one wins."))
    return [found[s] for s in seats]
