"""Results that leave the building: a CSV for a public results database and a text for a chat group.

The CSV follows the column layout results databases such as The Hendon Mob take for submitted results:
one row per paid or placed player, the place, the name split into first name and surname, the
nickname, the city and country, the prize as a plain number and its currency, and the bounties won.
Numbers in it are machine-readable whatever the language (`1234.50`); the chat text is for people and
speaks the language asked for, with its money and date formats.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import override

from tdconsole.cashier.bounties import bounties_by_entry, bounty_rules
from tdconsole.core.money import format_money, format_number, quantize_money
from tdconsole.core.ordinals import ordinal
from tdconsole.payouts.selectors import event_awards, event_prize_summary
from tdconsole.tournaments.models import Event, Festival

RESULT_COLUMNS = ("Place", "First Name", "Surname", "Nickname", "City", "Country", "Prize", "Currency", "Bounty")
FESTIVAL_COLUMNS = ("Event", "Date", *RESULT_COLUMNS)

# Words that belong to the surname that follows them ("Maria da Silva" -> "Maria", "da Silva").
SURNAME_PARTICLES = frozenset({"da", "das", "de", "del", "della", "di", "do", "dos", "du", "e", "la", "le",
                               "van", "von", "der", "den", "y"})


def name_split(name: str) -> tuple[str, str]:
    """Split a full name into first name(s) and surname: the last word with the particles before it."""
    words = name.split()
    if len(words) < 2:
        return (name.strip(), "")
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in SURNAME_PARTICLES:
        start -= 1
    return (" ".join(words[:start]), " ".join(words[start:]))


@dataclass(frozen=True)
class ResultRow:
    """One placed entry as it leaves the building."""

    place: int
    tied: bool
    name: str
    nickname: str
    city: str
    country: str
    prize: Decimal
    bounty: Decimal
    by_deal: bool


def result_rows(*, event: Event) -> list[ResultRow]:
    """Every placed entry of the event, best first, with its prize and the bounties it won (constant queries)."""
    awards = event_awards(event=event)
    lines = bounties_by_entry(event=event) if bounty_rules(event=event) is not None else {}
    rows = []
    for award in awards:
        line = lines.get(award.entry.pk)
        player = award.entry.player
        rows.append(ResultRow(
            place=award.place, tied=award.tied_with > 1, name=player.name, nickname=player.nickname,
            city=player.city, country=player.country, prize=quantize_money(award.amount or 0),
            bounty=quantize_money(line.to_pay if line is not None else 0), by_deal=award.by_deal,
        ))
    return rows


def _csv_cells(row: ResultRow, currency: str) -> list[str]:
    first, surname = name_split(row.name)
    return [str(row.place), first, surname, row.nickname, row.city, row.country, f"{row.prize:.2f}", currency,
            f"{row.bounty:.2f}"]


def _write(header: Iterable[str], rows: Iterable[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def results_csv(*, event: Event) -> str:
    """The event's results as CSV, one row per placed entry, best first."""
    return _write(RESULT_COLUMNS, (_csv_cells(r, event.currency) for r in result_rows(event=event)))


def festival_results_csv(*, festival: Festival) -> str:
    """Every event of the festival with results, in one CSV: the event and its date before each row."""
    events = Event.objects.filter(festival=festival, entries__place__isnull=False).distinct().order_by("date", "name")
    cells = []
    for event in events:
        for row in result_rows(event=event):
            cells.append([event.name, event.date.isoformat(), *_csv_cells(row, event.currency)])
    return _write(FESTIVAL_COLUMNS, cells)


def results_whatsapp(*, event: Event, lang: str) -> str:
    """The results as a message for a WhatsApp group: the event, its date, entries and prize pool, every paid
    place with its prize, and the champion once there is one. `*...*` is bold there."""
    rows = result_rows(event=event)
    summary = event_prize_summary(event=event)
    with override(lang):
        money = lambda amount: format_money(amount, event.currency, lang)  # noqa: E731
        lines = [f"*{event.name}*", event.festival.name]
        lines.append(_("%(date)s · %(entries)s entries · prize pool %(pool)s") % {
            "date": formats.date_format(event.date, "SHORT_DATE_FORMAT"),
            "entries": format_number(summary["entries"], lang), "pool": money(summary["prize_pool"]),
        })
        lines.append("")
        paid = [r for r in rows if r.prize > 0]
        for row in paid:
            mark = "🏆 " if row.place == 1 else ""
            nick = f" “{row.nickname}”" if row.nickname else ""
            place = ordinal(row.place, lang) + ("*" if row.tied else "")
            extra = ""
            if row.bounty > 0:
                extra = " + " + _("%(amount)s in bounties") % {"amount": money(row.bounty)}
            lines.append(f"{mark}{place} {row.name}{nick} — {money(row.prize)}{extra}")
        if not paid:
            lines.append(_("No paid places yet."))
        if any(r.tied for r in paid):
            lines.append(_("* tied: they share the prizes of the places they cover."))
        if any(r.by_deal for r in paid):
            lines.append(_("Final table prizes agreed in a deal."))
        champion = next((r for r in rows if r.place == 1), None)
        if champion is not None:
            lines.append("")
            lines.append(_("Champion: %(name)s") % {"name": champion.name})
    return "\n".join(lines) + "\n"
