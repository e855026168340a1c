"""The Day 2 seat list for the print queue (registered with tdconsole.printing.registry, so printing never
imports day2): every Day 2 player with their table and seat, sorted by name, then again by table."""

from __future__ import annotations

from typing import IO

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from tdconsole.printing.pdf import Progress, Sheet, no_progress
from tdconsole.tournaments.models import Event

from .selectors import SeatRow, day2_seat_list

SEAT_LIST = "day2seats"
ROW = 14


def _section(sheet: Sheet, title: str, rows: list[SeatRow], progress: Progress, done: int, total: int) -> int:
    x = sheet.margin
    right = sheet.width - sheet.margin
    columns = [(x, _("Player"), False), (right - 130, _("Entry"), True), (right - 65, _("Table"), True),
               (right, _("Seat"), True)]

    def header() -> None:
        sheet.text(x, title, 13, bold=True)
        sheet.down(18)
        sheet.headings(columns)

    header()
    if not rows:
        sheet.text(x, _("Nobody is seated for Day 2 yet."), 11)
    for row in rows:
        if sheet.y - ROW < sheet.margin:
            sheet.new_page()
            header()
        values = [row.name, f"#{row.number}", str(row.table), str(row.seat)]
        for (pos, _label, align_right), value in zip(columns, values, strict=True):
            sheet.text(pos, value, 10, right=align_right, width=None if align_right else right - 170 - pos)
        sheet.down(ROW)
        done += 1
        progress(done / total)
    return done


def build_seat_list(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                    variant: str = "") -> None:
    """The Day 2 seats by name, then (from a new page) by table and seat."""
    with override(lang):
        by_name, by_table = day2_seat_list(event=event)
        printed = _("Printed %(when)s") % {"when": formats.date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}
        sheet = Sheet(out, title=_("Day 2 seats"), subtitle=event.name, footer=printed)
        total = max(1, 2 * len(by_name))
        done = _section(sheet, _("By name"), by_name, progress, 0, total)
        sheet.new_page()
        _section(sheet, _("By table"), by_table, progress, done, total)
        sheet.save()
        progress(1.0)


KINDS = ((SEAT_LIST, gettext_lazy("Day 2 seat list"), build_seat_list, None),)
