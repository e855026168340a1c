"""Day 2 seated from a list the director imports (instead of the random draw).

The list comes from a spreadsheet, pasted or uploaded: one line per seat with the table, the seat and the
player (the Day 2 entry number, `12` or `#12`, or the player's name), separated by tabs, semicolons or
commas, optionally under a header row in English or Portuguese (table/seat/player, mesa/assento/jogador).
`seat_list_parse` reads it without the database; `day2_seats_import` checks every line against Day 2 and
seats all of it or nothing, recorded as a seat draw whose method says it was imported.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tdconsole.audit.services import audit_record
from tdconsole.seating.models import SeatDraw
from tdconsole.seating.selectors import table_capacity
from tdconsole.tournaments.models import Entry, Event, Table
from tdconsole.tournaments.names import search_key

from .exceptions import Day2Error
from .models import Advance
from .services import _main_checked

IMPORT_METHOD = "imported list"
MAX_TEXT = 200_000  # characters: a field of a few thousand players fits many times over
MAX_ERRORS = 30  # shown; the count says how many more
MISSING_SHOWN = 10
ENTRY_NUMBER = re.compile(r"#?\s*([0-9]{1,7})")
HEADER_WORDS = {
    "table": {"table", "mesa", "tbl"},
    "seat": {"seat", "assento", "lugar", "cadeira", "posicao"},
    "player": {"player", "jogador", "nome", "name", "entry", "entrada", "inscricao", "numero", "number", "#"},
}


class SeatListError(Day2Error):
    """The list cannot be imported: `errors` says why, line by line; nothing was seated."""

    def __init__(self, errors: list[str]):
        self.errors = errors
        shown = errors[:MAX_ERRORS]
        more = len(errors) - len(shown)
        if more:
            shown = [*shown, ngettext("…and %(count)s more problem.", "…and %(count)s more problems.", more)
                     % {"count": more}]
        self.shown = shown
        super().__init__(ngettext("The list has %(count)s problem; nothing was seated.",
                                  "The list has %(count)s problems; nothing was seated.", len(errors))
                         % {"count": len(errors)})


@dataclass(frozen=True)
class SeatLine:
    line: int  # in the text, from 1
    table: int
    seat: int
    player: str  # as typed


def _delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    for candidate in ("\t", ";", ","):
        if candidate in first:
            return candidate
    return ","


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def seat_list_parse(text: str) -> list[SeatLine]:
    """The lines of a seat list (a header row is recognised and skipped), or SeatListError."""
    if len(text) > MAX_TEXT:
        raise SeatListError([_("The list is too long (more than %(count)s characters).") % {"count": MAX_TEXT}])
    text = text.replace("\x00", "")  # no name has one, and PostgreSQL refuses it in a query
    try:
        rows = list(csv.reader(text.splitlines(), delimiter=_delimiter(text)))
    except csv.Error:  # a field longer than csv's limit: no seat line is that long
        raise SeatListError([_("A line of the list is far too long to be a seat.")])
    order = ("table", "seat", "player")
    lines: list[SeatLine] = []
    errors: list[str] = []
    seen_data = False
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if not seen_data:
            seen_data = True
            keys = [search_key(cell) for cell in cells]
            named = [next((k for k, words in HEADER_WORDS.items() if key in words), None) for key in keys]
            if all(named[:3]) and len(set(named[:3])) == 3:
                order = tuple(named[:3])  # type: ignore[assignment]
                continue
        if len(cells) < 3:
            errors.append(_("Line %(line)s: give the table, the seat and the player: “%(text)s”.")
                          % {"line": number, "text": ", ".join(cells)[:80]})
            continue
        values = dict(zip(order, cells[:3], strict=True))
        table, seat = _number(values["table"]), _number(values["seat"])
        if table is None or table < 1:
            errors.append(_("Line %(line)s: the table is not a number: “%(text)s”.")
                          % {"line": number, "text": values["table"][:40]})
            continue
        if seat is None or seat < 1:
            errors.append(_("Line %(line)s: the seat is not a number: “%(text)s”.")
                          % {"line": number, "text": values["seat"][:40]})
            continue
        if not values["player"]:
            errors.append(_("Line %(line)s: the player is missing.") % {"line": number})
            continue
        lines.append(SeatLine(line=number, table=table, seat=seat, player=values["player"][:150]))
    if errors:
        raise SeatListError(errors)
    if not lines:
        raise SeatListError([_("The list is empty: one line per seat, with the table, the seat and the player.")])
    return lines


def day2_seats_import(*, event: Event, text: str, actor: Any) -> SeatDraw:
    """Seat Day 2 exactly as the list says, every Day 2 player listed once, or nothing (SeatListError)."""
    lines = seat_list_parse(text)
    with transaction.atomic():
        main = _main_checked(event)
        if not Advance.objects.filter(event=main).exists():
            raise Day2Error(_("Merge the flights first: Day 2 has no players yet."))
        entries = list(Entry.objects.select_for_update(of=("self",)).filter(event=main, status=Entry.Status.ALIVE)
                       .select_related("player").order_by("number"))
        if any(e.table_id is not None for e in entries):
            raise Day2Error(_("Day 2 seats are already drawn: move players instead of importing a list."))
        tables = {t.number: t for t in Table.objects.select_for_update().filter(event=main)}
        if not tables:
            raise Day2Error(_("Assign tables to the event before drawing seats."))
        by_number = {e.number: e for e in entries}
        by_name: dict[str, list[Entry]] = {}
        for entry in entries:
            by_name.setdefault(search_key(entry.player.name), []).append(entry)
        errors: list[str] = []
        listed: dict[int, int] = {}  # entry id -> line
        seats: dict[tuple[int, int], int] = {}  # (table, seat) -> line
        placed: list[tuple[Entry, Table, int]] = []
        for line in lines:
            problems = len(errors)
            match = ENTRY_NUMBER.fullmatch(line.player)
            entry: Entry | None = None
            if match:
                entry = by_number.get(int(match.group(1)))
            else:
                same = by_name.get(search_key(line.player), [])
                if len(same) > 1:
                    errors.append(_("Line %(line)s: %(count)s Day 2 players are named “%(text)s”: give the entry "
                                    "number instead.") % {"line": line.line, "count": len(same), "text": line.player})
                    continue
                entry = same[0] if same else None
            if entry is None:
                errors.append(_("Line %(line)s: no Day 2 player “%(text)s”.")
                              % {"line": line.line, "text": line.player})
            elif entry.pk in listed:
                errors.append(_("Line %(line)s: %(name)s is already listed on line %(first)s.")
                              % {"line": line.line, "name": entry.player.name, "first": listed[entry.pk]})
            table = tables.get(line.table)
            if table is None:
                errors.append(_("Line %(line)s: table %(table)s is not one of %(event)s's tables.")
                              % {"line": line.line, "table": line.table, "event": main.name})
            elif line.seat > (capacity := table_capacity(table=table, event=main)):
                errors.append(_("Line %(line)s: table %(table)s has %(seats)s seats, so no seat %(seat)s.")
                              % {"line": line.line, "table": line.table, "seats": capacity, "seat": line.seat})
            elif (line.table, line.seat) in seats:
                errors.append(_("Line %(line)s: table %(table)s, seat %(seat)s is already given on line %(first)s.")
                              % {"line": line.line, "table": line.table, "seat": line.seat,
                                 "first": seats[line.table, line.seat]})
            if entry is not None:
                listed.setdefault(entry.pk, line.line)
            seats.setdefault((line.table, line.seat), line.line)
            if len(errors) == problems and entry is not None and table is not None:
                placed.append((entry, table, line.seat))
        missing = [e for e in entries if e.pk not in listed]
        if missing:
            who = ", ".join(f"#{e.number} {e.player.name}" for e in missing[:MISSING_SHOWN])
            if len(missing) > MISSING_SHOWN:
                who += " …"
            errors.append(ngettext("%(count)s Day 2 player is missing from the list: %(who)s.",
                                   "%(count)s Day 2 players are missing from the list: %(who)s.", len(missing))
                          % {"count": len(missing), "who": who})
        if errors:
            raise SeatListError(errors)
        for entry, table, seat in placed:
            entry.table, entry.seat = table, seat
        Entry.objects.bulk_update([e for e, _t, _s in placed], ["table", "seat"], batch_size=500)
        used = sorted({t.number for _e, t, _s in placed})
        getter = getattr(actor, "get_username", None)
        draw = SeatDraw.objects.create(
            event=main, kind=SeatDraw.Kind.INITIAL, method=IMPORT_METHOD,
            actor_name=(getter() if getter else "system")[:150], tables=used,
            assignments=sorted(([e.pk, e.number, t.number, s] for e, t, s in placed), key=lambda r: (r[2], r[3])),
        )
        audit_record(
            actor=actor, action="day2.seats_import", event=main, objects=[draw],
            after={"draw": draw.pk, "seated": len(placed), "tables": used, "method": IMPORT_METHOD},
            summary=(gettext_lazy("Day 2 seated from an imported list: %(count)s players at %(tables)s tables"),
                     {"count": len(placed), "tables": len(used)}),
        )
    return draw
