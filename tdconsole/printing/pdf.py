"""Low-level page layout on a reportlab canvas, with DejaVu Sans embedded.

The documents draw straight on the canvas (no platypus flowables): a 1,500-place
payout sheet is a few thousand strings, and the canvas keeps it well under a second.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
_registered = False


def fonts_register() -> None:
    """Register DejaVu Sans (regular and bold) once, so every PDF embeds it."""
    global _registered
    if _registered:
        return
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    _registered = True


Progress = Callable[[float], None]


def no_progress(_fraction: float) -> None:
    return None


class Sheet:
    """A canvas with a cursor, a running header and page numbers."""

    def __init__(self, out: IO[bytes] | str, *, title: str, subtitle: str = "", pagesize=A4,
                 margin: float = 15 * mm, footer: str = "") -> None:
        fonts_register()
        self.canvas = Canvas(out, pagesize=pagesize, pageCompression=1, initialFontName=REGULAR, initialFontSize=10)
        self.canvas.setTitle(title)
        self.canvas.setAuthor("tdconsole")
        self.width, self.height = pagesize
        self.margin = margin
        self.title = title
        self.subtitle = subtitle
        self.footer = footer
        self.page = 0
        self.y = 0.0
        self.start_page()

    # -- pages
    def start_page(self) -> None:
        self.page += 1
        c = self.canvas
        top = self.height - self.margin
        c.setFont(BOLD, 14)
        c.drawString(self.margin, top - 12, self.title)
        if self.subtitle:
            c.setFont(REGULAR, 9)
            c.drawString(self.margin, top - 26, self.subtitle)
        c.setLineWidth(0.6)
        c.line(self.margin, top - 32, self.width - self.margin, top - 32)
        c.setFont(REGULAR, 7.5)
        c.drawRightString(self.width - self.margin, self.margin - 8, f"{self.footer}  {self.page}")
        self.y = top - 48

    def new_page(self) -> None:
        self.canvas.showPage()
        self.start_page()

    def need(self, height: float) -> None:
        """Start a new page unless `height` points still fit above the bottom margin."""
        if self.y - height < self.margin:
            self.new_page()

    @property
    def bottom(self) -> float:
        return self.margin

    # -- drawing
    def text(self, x: float, text: str, size: float = 10, bold: bool = False, right: bool = False) -> None:
        self.canvas.setFont(BOLD if bold else REGULAR, size)
        if right:
            self.canvas.drawRightString(x, self.y, text)
        else:
            self.canvas.drawString(x, self.y, text)

    def line(self, x1: float, x2: float, width: float = 0.4) -> None:
        self.canvas.setLineWidth(width)
        self.canvas.line(x1, self.y, x2, self.y)

    def down(self, points: float) -> None:
        self.y -= points

    def save(self) -> None:
        self.canvas.save()
