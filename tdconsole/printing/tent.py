"""Table tents: one A4 sheet per table of the event, folded across the middle and stood on the table.

Each half carries the same face (the upper one turned half a turn, so both read upright from their side of
the table): the table's number, large; the event's name; the QR code of the event's live page with "Blinds,
seats and results on your phone" under it. A document of the print queue ("tent"), registered by the
printing app itself through the registry (a kind of its own would need a migration of Document.kind).
"""

from __future__ import annotations

from typing import IO

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tdconsole.live.links import base_url_of, live_url
from tdconsole.tournaments.models import Event, Table

from .pdf import BOLD, REGULAR, Progress, draw, fit, fonts_register, no_progress, text_width
from .qr import qr_draw

KIND = "tent"
LABEL = gettext_lazy("Table tents (live page QR code)")
MARGIN = 10 * mm
QR_SIZE = 62 * mm
NUMBER_SIZES = (200.0, 170.0, 140.0, 110.0, 90.0)


def tent_variant(event: Event, variant: str) -> str:
    """Tents are printed with an absolute link only: refused while the site's address is unknown."""
    if not base_url_of():
        raise ValueError(_("Set TDCONSOLE_PUBLIC_URL to the address players reach the site on: the table "
                           "tents' QR code needs it."))
    return ""


def _number_size(text: str, width: float) -> float:
    return next((s for s in NUMBER_SIZES if text_width(text, BOLD, s) <= width), NUMBER_SIZES[-1])


def _face(c: Canvas, event: Event, number: int, link: str, w: float, h: float) -> None:
    """One face of the tent in the box (0, 0)-(w, h), upright."""
    text_w = w - 3 * MARGIN - QR_SIZE
    draw(c, MARGIN, h - MARGIN - 24, _("Table").upper(), BOLD, 26)
    digits = str(number)
    size = _number_size(digits, text_w)
    draw(c, MARGIN - size * 0.04, h - MARGIN - 40 - size * 0.74, digits, BOLD, size)
    draw(c, MARGIN, MARGIN + 22, fit(event.name, BOLD, 18, text_w), BOLD, 18)
    draw(c, MARGIN, MARGIN + 6, f"{event.festival.name} · {formats.date_format(event.date, 'SHORT_DATE_FORMAT')}",
         REGULAR, 10, width=text_w)
    qr_x = w - MARGIN - QR_SIZE
    qr_y = (h - QR_SIZE) / 2 + 8
    qr_draw(c, link, qr_x, qr_y, QR_SIZE, _("Blinds, seats and results on your phone"), 12)


def build_tents(event: Event, out: IO[bytes] | str, lang: str, progress: Progress = no_progress,
                variant: str = "") -> None:
    """One folded A4 tent per table of the event, in table order."""
    with override(lang):
        fonts_register()
        tables = list(Table.objects.filter(event=event).order_by("number").values_list("number", flat=True))
        link = live_url(event=event)
        width, height = A4
        face_h = height / 2
        c = Canvas(out, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
        c.setTitle(_("Table tents · %(event)s") % {"event": event.name})
        c.setAuthor("tdconsole")
        if not tables:
            draw(c, MARGIN, height - MARGIN - 12, _("No table is assigned to this event."), REGULAR, 12)
            c.showPage()
        for i, number in enumerate(tables):
            _face(c, event, number, link, width, face_h)
            c.saveState()
            c.translate(width, 2 * face_h)
            c.rotate(180)
            _face(c, event, number, link, width, face_h)
            c.restoreState()
            c.setStrokeColorRGB(0.7, 0.7, 0.7)
            c.setDash(3, 3)
            c.setLineWidth(0.4)
            c.line(4 * mm, face_h, width - 4 * mm, face_h)
            c.setDash()
            c.setStrokeColorRGB(0, 0, 0)
            c.showPage()
            progress((i + 1) / len(tables))
        c.save()
        progress(1.0)
