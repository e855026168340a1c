"""The end-of-day printouts, built by the print queue (registered with tdconsole.printing.registry):
bag slips per table and the chip-count leaderboard."""

from __future__ import annotations

import re
from typing import IO

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override
from reportlab.lib.units import mm

from tdconsole.core.money import format_number
from tdconsole.printing.pdf import BOLD, REGULAR, Progress, Sheet, draw, no_progress
from tdconsole.tournaments.models import Event

from . import selectors

BAG_SLIPS = "bagslips"
LEADERBOARD = "chipboard"
TABLE_VARIANT = re.compile(r"table-([0-9]{1,6})")
SLIP_HEIGHT = 46 * mm


def _printed_at() -> str:
    return _("Printed %(when)s") % {"when": formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}


def _day_name(event: Event) -> str:
    day = selectors.count_day(event=event)
    return day.name if day else event.name


def bag_slips_variant(event: Event, variant: str) -> str:
    """"" (every table) or "table-<number>" of a table of the event with players in play."""
    variant = (variant or "").strip()
    if not variant:
        return ""
    match = TABLE_VARIANT.fullmatch(variant)
    if match is None or int(match.group(1)) not in {t["number"] for t in selectors.table_numbers(event=event)}:
        raise ValueError(_("No such table in play."))
    return variant


def build_bag_slips(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                    variant: str = "") -> None:
    """A slip per player in play, table by table in seat order: player, entry, table, seat, a box for
    the count and a line for the signature; each table starts a page."""
    with override(lang):
        match = TABLE_VARIANT.fullmatch(variant or "")
        rows = selectors.count_rows(event=event, day=None, table=int(match.group(1)) if match else None)
        day_name = _day_name(event)
        sheet = Sheet(out, title=_("Bag slips · %(day)s") % {"day": day_name}, subtitle=event.name,
                      footer=_printed_at())
        c = sheet.canvas
        inner = sheet.width - 2 * sheet.margin
        if not rows:
            sheet.text(sheet.margin, _("No player is seated."), 11)
        table = None
        for done, row in enumerate(rows, start=1):
            entry = row.entry
            number = entry.table.number if entry.table_id else None
            if table is not None and number != table:
                sheet.new_page()
            table = number
            sheet.need(SLIP_HEIGHT)
            top, x = sheet.y, sheet.margin
            c.setLineWidth(0.6)
            c.setDash(3, 2)
            c.rect(x, top - SLIP_HEIGHT + 8, inner, SLIP_HEIGHT - 4)
            c.setDash()
            where = _("Table %(table)s · Seat %(seat)s") % {"table": number if number is not None else "—",
                                                            "seat": entry.seat if entry.seat is not None else "—"}
            draw(c, x + 8, top - 12, where, BOLD, 16)
            draw(c, x + inner - 8, top - 12, _("Entry #%(n)s") % {"n": entry.number}, BOLD, 12, align="right")
            draw(c, x + 8, top - 32, entry.player.name, BOLD, 13, width=inner - 16)
            draw(c, x + 8, top - 44, f"{event.name} · {day_name}", REGULAR, 9, width=inner - 16)
            box_w, box_h = 70 * mm, 14 * mm
            c.setLineWidth(1.2)
            c.rect(x + 8, top - 56 - box_h, box_w, box_h)
            draw(c, x + 11, top - 64, _("Count (chips)"), REGULAR, 7)
            c.setLineWidth(0.6)
            sign_x = x + 8 + box_w + 12 * mm
            c.line(sign_x, top - 56 - box_h + 4, x + inner - 8, top - 56 - box_h + 4)
            draw(c, sign_x, top - 56 - box_h - 6, _("Player's signature"), REGULAR, 8)
            sheet.down(SLIP_HEIGHT)
            progress(done / len(rows))
        sheet.save()
        progress(1.0)


def build_leaderboard(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                      variant: str = "") -> None:
    """The chip-count leaderboard of the day: rank, player, entry, table, seat, chips."""
    with override(lang):
        day = selectors.count_day(event=event)
        rows = selectors.leaderboard(event=event, day=day)
        sheet = Sheet(out, title=_("Chip counts · %(day)s") % {"day": _day_name(event)}, subtitle=event.name,
                      footer=_printed_at())
        x = sheet.margin
        right = sheet.width - sheet.margin
        columns = [(x + 40, _("Rank"), True), (x + 50, _("Player"), False), (right - 210, _("Entry"), True),
                   (right - 150, _("Table"), True), (right - 90, _("Seat"), True), (right, _("Chips"), True)]
        sheet.headings(columns)
        if not rows:
            sheet.text(x, _("No counts yet."), 11)
        for done, r in enumerate(rows, start=1):
            if sheet.y - 14 < sheet.margin:
                sheet.new_page()
                sheet.headings(columns)
            values = [str(r["rank"]), r["name"], f"#{r['number']}", "" if r["table"] is None else str(r["table"]),
                      "" if r["seat"] is None else str(r["seat"]), format_number(r["chips"], lang)]
            for (pos, _label, align_right), value in zip(columns, values, strict=True):
                width = (right - 260 - pos) if not align_right else None
                sheet.text(pos, value, 10, bold=r["rank"] == 1, right=align_right, width=width)
            sheet.down(14)
            progress(done / len(rows))
        sheet.save()
        progress(1.0)


KINDS = (
    (BAG_SLIPS, gettext_lazy("Bag slips (end of day)"), build_bag_slips, bag_slips_variant),
    (LEADERBOARD, gettext_lazy("Chip-count leaderboard"), build_leaderboard, None),
)
