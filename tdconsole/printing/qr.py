"""QR codes on the printed documents: reportlab draws them itself (no image file), as vectors."""

from __future__ import annotations

import itertools

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.pdfgen.canvas import Canvas

from .pdf import REGULAR, draw, wrap

# Error correction "M" (15 %): a card creased in a pocket still reads.
LEVEL = "M"
# The quiet zone around the code, in modules (the standard asks for four).
BORDER = 4


def qr_modules(value: str) -> list[list[bool]]:
    """The dark (True) and light modules of `value`'s QR code, top row first, as reportlab encodes it."""
    widget = QrCodeWidget(value, barLevel=LEVEL, barBorder=BORDER)
    widget.qr.make()
    return [[bool(m) for m in row] for row in widget.qr.modules]


def qr_paint(c: Canvas, value: str, x: float, y: float, size: float) -> None:
    """Paint the code as black rectangles, `size` points square (quiet zone included) from (x, y).

    Drawn straight on the canvas rather than through renderPDF, which names Helvetica in the page
    (a font not embedded): the documents embed every font they use.
    """
    modules = qr_modules(value)
    box = size / (len(modules) + 2 * BORDER)
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(modules):
        column = 0
        for dark, run in itertools.groupby(row):
            count = len(list(run))
            if dark:
                c.rect(x + (column + BORDER) * box, y + size - (r + BORDER + 1) * box, count * box, box,
                       stroke=0, fill=1)
            column += count
    c.restoreState()


def qr_draw(c: Canvas, value: str, x: float, y: float, size: float, caption: str = "",
            caption_size: float = 7) -> float:
    """Draw the code with its lower left corner at (x, y) and `caption` centred under it (two lines at
    most); returns the y below the caption."""
    qr_paint(c, value, x, y, size)
    bottom = y
    for line in wrap(caption, REGULAR, caption_size, size + 2 * BORDER, max_lines=2) if caption else []:
        bottom -= caption_size * 1.2
        draw(c, x + size / 2, bottom + caption_size * 0.2, line, REGULAR, caption_size, align="centre")
    return bottom
