"""The blind structure for the players' tables: an A4 sheet folded into a table tent.

The sheet is folded across its middle and stood on the table like a tent: each half (A5 landscape)
carries the whole structure, the upper half upside down, so that both faces read upright from their
side of the table. Each face has the event's name, its date and starting stack, then the rows in as
many columns as they need (up to three, the type smaller rather than a second sheet): each level with
its number, blinds, ante and minutes; each break with its minutes and its colour-up; a line where late
registration closes. A structure too long for one face at the smallest type goes on to more sheets.

`layout="sheet"` prints the same on a plain A4 page (for a wall, or a folder at the desk).

Built in the request: a sheet or two, in milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tdconsole.core.money import format_number
from tdconsole.tournaments.models import Event, Level, Structure

from .pdf import BOLD, REGULAR, draw, fit, fonts_register, text_width

LAYOUTS = ("tent", "sheet")
MARGIN = 9 * mm
MAX_COLUMNS = 3
SIZES = (14.0, 13.0, 12.0, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)
BREAK_FILL = (0.92, 0.95, 0.93)
CLOSE_COLOUR = (0.62, 0.29, 0.0)


@dataclass(frozen=True)
class TentRow:
    """One line of the printed structure: a level, a break, or where late registration closes."""

    kind: str  # "level", "break" or "close"
    number: str = ""
    blinds: str = ""
    ante: str = ""
    minutes: str = ""
    text: str = ""  # a break's or the close line's words


@dataclass(frozen=True)
class TentContent:
    title: str
    lines: list[str]
    rows: list[TentRow]
    footer: str


def tent_rows(levels: Sequence[Level], lang: str, late_registration_level: int | None = None) -> list[TentRow]:
    """The printed lines of `levels` (in order), in the active language (call inside `override(lang)`)."""
    number = 0
    rows: list[TentRow] = []
    blind_levels = sum(1 for lv in levels if not lv.is_break)
    for level in levels:
        if level.is_break:
            text = _("Break · %(minutes)s min") % {"minutes": level.minutes}
            if level.color_up:
                text += " · " + _("colour-up of the %(chip)s chips") % {
                    "chip": format_number(level.color_up, lang)}
            rows.append(TentRow("break", text=text, minutes=str(level.minutes)))
            continue
        number += 1
        rows.append(TentRow(
            "level", number=str(number),
            blinds=f"{format_number(level.small_blind, lang)} / {format_number(level.big_blind, lang)}",
            ante=format_number(level.ante, lang) if level.ante else "–",
            minutes=str(level.minutes)))
        if late_registration_level is not None and number == min(late_registration_level, blind_levels):
            rows.append(TentRow("close", text=_("Late registration closes at the end of level %(n)s")
                                % {"n": number}))
    return rows


def tent_content(*, structure: Structure, levels: Sequence[Level], lang: str, event: Event | None = None
                 ) -> TentContent:
    """What the tent says (call inside `override(lang)`)."""
    if event is None:
        return TentContent(title=structure.name, lines=[structure.description] if structure.description else [],
                           rows=tent_rows(levels, lang), footer=structure.name)
    facts = [formats.date_format(event.date, "DATE_FORMAT"),
             _("Starting stack %(stack)s") % {"stack": format_number(event.starting_stack, lang)}]
    if event.late_registration_level is not None:
        facts.append(_("Late registration until the end of level %(n)s") % {"n": event.late_registration_level})
    return TentContent(title=event.name, lines=[" · ".join(facts)],
                       rows=tent_rows(levels, lang, event.late_registration_level),
                       footer=f"{event.festival.name} · {structure.name}")


# --- layout -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    size: float
    columns: int
    per_column: int

    @property
    def leading(self) -> float:
        return self.size * 1.32


def _widths(rows: Sequence[TentRow], size: float) -> tuple[float, float, float, float, float]:
    """Widths of the number, blinds, ante and minutes columns, and the gap between them, at `size`."""
    heads = (_("Level"), _("Blinds"), _("Ante"), _("Min."))
    head_size = size * 0.8
    levels = [r for r in rows if r.kind == "level"]
    number = max([text_width(r.number, BOLD, size) for r in levels] + [text_width(heads[0], BOLD, head_size)])
    blinds = max([text_width(r.blinds, REGULAR, size) for r in levels] + [text_width(heads[1], BOLD, head_size)])
    ante = max([text_width(r.ante, REGULAR, size) for r in levels] + [text_width(heads[2], BOLD, head_size)])
    minutes = max([text_width(r.minutes, REGULAR, size) for r in levels] + [text_width(heads[3], BOLD, head_size)])
    return number, blinds, ante, minutes, size * 1.3


def choose_fit(rows: Sequence[TentRow], width: float, height: float) -> Fit:
    """The largest type at which the rows fit one face in at most three columns; else the smallest,
    with as many rows per column as fit (the rest on more faces)."""
    for size in SIZES:
        leading = size * 1.32
        per_column = max(1, int((height - leading * 1.6) // leading))
        columns = max(1, math.ceil(len(rows) / per_column))
        if columns > MAX_COLUMNS:
            continue
        if _natural_width(_widths(rows, size)) <= width / columns:
            return Fit(size=size, columns=columns, per_column=math.ceil(len(rows) / columns))
    size = SIZES[-1]
    leading = size * 1.32
    per_column = max(1, int((height - leading * 1.6) // leading))
    return Fit(size=size, columns=MAX_COLUMNS, per_column=per_column)


def _natural_width(widths: tuple[float, float, float, float, float]) -> float:
    """The width a column of levels needs: its four figures with room between them."""
    number_w, blinds_w, ante_w, minutes_w, gap = widths
    return number_w + blinds_w + ante_w + minutes_w + 6 * gap + 3 * mm


def _draw_column(c: Canvas, x: float, top: float, slot: float, rows: Sequence[TentRow], fit_: Fit,
                 widths: tuple[float, float, float, float, float]) -> None:
    """One column of rows in a slot `slot` points wide: no wider than the figures need, so that a
    single column on a whole page does not put the blinds far from their level's number."""
    size, leading = fit_.size, fit_.leading
    number_w, blinds_w, ante_w, minutes_w, gap = widths
    width = min(slot, _natural_width(widths))
    right_number = x + number_w
    right_minutes = x + width - 3 * mm
    right_ante = right_minutes - minutes_w - 2 * gap
    right_blinds = right_ante - ante_w - 2 * gap
    head = size * 0.8
    c.setFillColorRGB(0.35, 0.35, 0.35)
    draw(c, x, top, _("Level"), BOLD, head)
    draw(c, right_blinds, top, _("Blinds"), BOLD, head, align="right")
    draw(c, right_ante, top, _("Ante"), BOLD, head, align="right")
    draw(c, right_minutes, top, _("Min."), BOLD, head, align="right")
    c.setFillColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    c.line(x, top - size * 0.45, x + width - 3 * mm, top - size * 0.45)
    y = top - leading * 1.25
    for row in rows:
        if row.kind == "level":
            draw(c, right_number, y, row.number, BOLD, size, align="right")
            draw(c, right_blinds, y, row.blinds, REGULAR, size, align="right")
            draw(c, right_ante, y, row.ante, REGULAR, size, align="right")
            draw(c, right_minutes, y, row.minutes, REGULAR, size, align="right")
        elif row.kind == "break":
            text_w = min(slot - 5 * mm, text_width(row.text, BOLD, size * 0.92))
            band = max(width - 1.5 * mm, text_w + 3 * mm)
            c.setFillColorRGB(*BREAK_FILL)
            c.rect(x - 1.5 * mm, y - size * 0.33, band, leading, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            draw(c, x, y, row.text, BOLD, size * 0.92, width=slot - 5 * mm)
        else:
            c.setFillColorRGB(*CLOSE_COLOUR)
            c.setStrokeColorRGB(*CLOSE_COLOUR)
            c.setDash(2, 2)
            c.line(x, y + leading * 0.62, x + width - 3 * mm, y + leading * 0.62)
            c.setDash()
            draw(c, x, y, "▲ " + row.text, BOLD, size * 0.85, width=slot - 5 * mm)
            c.setFillColorRGB(0, 0, 0)
            c.setStrokeColorRGB(0, 0, 0)
        y -= leading


def _draw_face(c: Canvas, x0: float, y0: float, w: float, h: float, content: TentContent, rows: Sequence[TentRow],
               fit_: Fit, *, part: str = "") -> None:
    """One face of the tent (or the whole sheet) in the box (x0, y0, w, h), upright."""
    x = x0 + MARGIN
    inner = w - 2 * MARGIN
    top = y0 + h - MARGIN
    draw(c, x, top - 14, content.title + (f" ({part})" if part else ""), BOLD, 16, width=inner)
    y = top - 28
    for line in content.lines:
        draw(c, x, y, line, REGULAR, 9.5, width=inner)
        y -= 12.5
    y -= 4
    columns = [rows[i:i + fit_.per_column] for i in range(0, len(rows), fit_.per_column)][:fit_.columns]
    width = inner / fit_.columns
    widths = _widths(rows, fit_.size)
    for i, column in enumerate(columns):
        _draw_column(c, x + i * width, y, width, column, fit_, widths)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    draw(c, x, y0 + MARGIN - 8, fit(content.footer, REGULAR, 7, inner * 0.7), REGULAR, 7)
    c.setFillColorRGB(0, 0, 0)


def _face_box(layout: str) -> tuple[float, float]:
    width, height = A4
    return (width, height / 2) if layout == "tent" else (width, height)


def _header_height(content: TentContent) -> float:
    return 28 + 12.5 * len(content.lines) + 4 + MARGIN + 12


def build_structure_pdf(content: TentContent, out: IO[bytes] | str, *, layout: str = "tent") -> int:
    """Write the structure to `out`; return the number of pages."""
    fonts_register()
    c = Canvas(out, pagesize=A4, pageCompression=1, initialFontName=REGULAR, initialFontSize=10)
    c.setTitle(content.title)
    c.setAuthor("tdconsole")
    face_w, face_h = _face_box(layout)
    body_h = face_h - _header_height(content) - MARGIN
    fit_ = choose_fit(content.rows, face_w - 2 * MARGIN, body_h)
    per_face = fit_.per_column * fit_.columns
    chunks = [content.rows[i:i + per_face] for i in range(0, len(content.rows), per_face)] or [[]]
    for n, chunk in enumerate(chunks, start=1):
        part = f"{n}/{len(chunks)}" if len(chunks) > 1 else ""
        if layout == "tent":
            # The lower half reads upright; the upper half is drawn turned half a turn, for the far side.
            _draw_face(c, 0, 0, face_w, face_h, content, chunk, fit_, part=part)
            c.saveState()
            c.translate(face_w, 2 * face_h)
            c.rotate(180)
            _draw_face(c, 0, 0, face_w, face_h, content, chunk, fit_, part=part)
            c.restoreState()
            c.setStrokeColorRGB(0.7, 0.7, 0.7)
            c.setDash(3, 3)
            c.setLineWidth(0.4)
            c.line(4 * mm, face_h, face_w - 4 * mm, face_h)
            c.setDash()
            c.setStrokeColorRGB(0, 0, 0)
        else:
            _draw_face(c, 0, 0, face_w, face_h, content, chunk, fit_, part=part)
        c.showPage()
    c.save()
    return len(chunks)


def structure_pdf(*, structure: Structure, out: IO[bytes] | str, lang: str, event: Event | None = None,
                  layout: str = "tent") -> int:
    """The structure's PDF in `lang` ("pt-br" or "en"), for `event` when it is an event's own."""
    levels = list(Level.objects.filter(structure=structure).order_by("position"))
    with override(lang):
        content = tent_content(structure=structure, levels=levels, lang=lang, event=event)
        return build_structure_pdf(content, out, layout=layout)
