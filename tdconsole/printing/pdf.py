"""Low-level page layout on a reportlab canvas, with DejaVu Sans embedded.

The documents draw straight on the canvas (no platypus flowables): a 1,500-place
payout sheet is a few thousand strings, and the canvas keeps it well under a second.

Names come from anywhere. DejaVu Sans has Latin, Greek, Cyrillic and Arabic; Chinese,
Japanese and Korean come from Droid Sans Fallback (Debian's `fonts-droid-fallback`), chosen
run by run for the characters DejaVu lacks (`font_runs`). Arabic letters are joined with
the presentation forms DejaVu has (`arabic_join`: the 36 basic letters and lam-alef; no
other shaping, so Persian and Urdu extra letters stay in their isolated form), and
right-to-left runs are put in visual order (`visual_order`). Long names are shortened with
"…" (`fit`) or wrapped (`wrap`) to the width of their column.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import IO

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

log = logging.getLogger(__name__)

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
# Tried in this order for characters DejaVu Sans lacks (the CJK scripts). Debian's
# fonts-droid-fallback has two files; this one covers every Hangul syllable and all common
# Chinese and Japanese characters (the "Full" file trades Hangul for rare ideographs, and
# reportlab cannot register both: they share one face name).
FALLBACK_PACKAGE = "fonts-droid-fallback"
FALLBACKS = (
    ("DroidSansFallback", Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf")),
)
ELLIPSIS = "…"
_registered = False


def fonts_register() -> None:
    """Register DejaVu Sans (regular and bold) once, so every PDF embeds it."""
    global _registered
    if _registered:
        return
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    _registered = True


@cache
def fallback_fonts() -> tuple[str, ...]:
    """Register the installed fallback fonts (once, on first need: each takes ~0.3 s to read)."""
    names = []
    for name, path in FALLBACKS:
        if path.exists():
            pdfmetrics.registerFont(TTFont(name, str(path)))
            names.append(name)
    if not names:
        log.error("No CJK fallback font: Chinese, Japanese and Korean names print as empty boxes. "
                  "Install Debian's %s (expected at %s).", FALLBACK_PACKAGE, FALLBACKS[0][1])
    return tuple(names)


def _charmap(font: str) -> dict[int, int]:
    return pdfmetrics.getFont(font).face.charToGlyph


_missing_logged: set[str] = set()


def _font_for(char: str, font: str) -> str:
    """The first of `font` and the fallbacks with a glyph for `char` (`font` when none has one)."""
    code = ord(char)
    if code in _charmap(font):
        return font
    for fallback in fallback_fonts():
        if code in _charmap(fallback):
            return fallback
    if char not in _missing_logged and not unicodedata.category(char).startswith(("C", "Z")):
        _missing_logged.add(char)
        log.error("No installed font has a glyph for %r (U+%04X); it prints as a box.", char, code)
    return font


def font_runs(text: str, font: str = REGULAR) -> list[tuple[str, str]]:
    """Split `text` into (font name, run) pairs, each character in the first font that has it.

    Spaces and punctuation stay in the run they are in when its font has them, so a
    Chinese name with a space is one run.
    """
    fonts_register()
    if text.isascii():
        return [(font, text)] if text else []
    runs: list[tuple[str, str]] = []
    current, start = font, 0
    for i, char in enumerate(text):
        if current != font and not char.isalnum() and ord(char) in _charmap(current):
            continue
        chosen = _font_for(char, font)
        if chosen != current:
            if i > start:
                runs.append((current, text[start:i]))
            current, start = chosen, i
    runs.append((current, text[start:]))
    return runs


def text_width(text: str, font: str, size: float) -> float:
    """Width in points of `text` as drawn, each run in its own font."""
    return sum(pdfmetrics.stringWidth(run, name, size) for name, run in font_runs(arabic_join(text), font))


# Arabic letter -> (its isolated presentation form, how many forms follow it in Unicode's
# Arabic Presentation Forms-B block): 4 = isolated, final, initial, medial (joins both
# ways); 2 = isolated, final (joins only the letter before it); 1 = never joins.
_ARABIC_FORMS = {
    0x621: (0xFE80, 1), 0x622: (0xFE81, 2), 0x623: (0xFE83, 2), 0x624: (0xFE85, 2), 0x625: (0xFE87, 2),
    0x626: (0xFE89, 4), 0x627: (0xFE8D, 2), 0x628: (0xFE8F, 4), 0x629: (0xFE93, 2), 0x62A: (0xFE95, 4),
    0x62B: (0xFE99, 4), 0x62C: (0xFE9D, 4), 0x62D: (0xFEA1, 4), 0x62E: (0xFEA5, 4), 0x62F: (0xFEA9, 2),
    0x630: (0xFEAB, 2), 0x631: (0xFEAD, 2), 0x632: (0xFEAF, 2), 0x633: (0xFEB1, 4), 0x634: (0xFEB5, 4),
    0x635: (0xFEB9, 4), 0x636: (0xFEBD, 4), 0x637: (0xFEC1, 4), 0x638: (0xFEC5, 4), 0x639: (0xFEC9, 4),
    0x63A: (0xFECD, 4), 0x641: (0xFED1, 4), 0x642: (0xFED5, 4), 0x643: (0xFED9, 4), 0x644: (0xFEDD, 4),
    0x645: (0xFEE1, 4), 0x646: (0xFEE5, 4), 0x647: (0xFEE9, 4), 0x648: (0xFEED, 2), 0x649: (0xFEEF, 2),
    0x64A: (0xFEF1, 4),
}
_LAM = 0x644
_LAM_ALEF = {0x622: 0xFEF5, 0x623: 0xFEF7, 0x625: 0xFEF9, 0x627: 0xFEFB}  # isolated; final is +1
_TATWEEL = 0x640


def _joins_forward(char: str | None) -> bool:
    """Whether `char` connects to the letter after it."""
    if char is None:
        return False
    code = ord(char)
    return code == _TATWEEL or _ARABIC_FORMS.get(code, (0, 0))[1] == 4


def _joins_backward(char: str | None) -> bool:
    """Whether `char` connects to the letter before it."""
    if char is None:
        return False
    code = ord(char)
    return code == _TATWEEL or _ARABIC_FORMS.get(code, (0, 1))[1] > 1


def arabic_join(text: str) -> str:
    """Arabic letters in their joined forms (initial, medial, final), lam-alef as one glyph.

    Logical order in and out; vowel marks are skipped over when looking for neighbours.
    """
    if not any(0x621 <= ord(c) <= 0x64A for c in text):
        return text

    def neighbour(i: int, step: int) -> str | None:
        i += step
        while 0 <= i < len(text) and unicodedata.category(text[i]) == "Mn":
            i += step
        return text[i] if 0 <= i < len(text) else None

    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        code = ord(char)
        if code not in _ARABIC_FORMS:
            out.append(char)
            i += 1
            continue
        after_prev = _joins_forward(neighbour(i, -1))
        following = neighbour(i, 1)
        if code == _LAM and following is not None and ord(following) in _LAM_ALEF and text[i + 1] == following:
            out.append(chr(_LAM_ALEF[ord(following)] + after_prev))
            i += 2
            continue
        base, forms = _ARABIC_FORMS[code]
        before_next = forms == 4 and _joins_backward(following)
        if forms == 1:
            out.append(chr(base))
        elif forms == 2:
            out.append(chr(base + after_prev))
        else:
            out.append(chr(base + (3 if after_prev and before_next else 1 if after_prev else 2 if before_next else 0)))
        i += 1
    return "".join(out)


_RTL = frozenset(("R", "AL"))
_MIRROR = str.maketrans("()[]{}<>«»", ")(][}{><»«")


def visual_order(text: str) -> str:
    """Put right-to-left runs (Arabic, Hebrew) in the order they are drawn, left to right.

    A small subset of the Unicode bidirectional algorithm, enough for names: the base
    direction is the first strong character's; spaces and punctuation between two
    right-to-left characters belong to them; digits stay left to right; brackets inside a
    right-to-left run are mirrored.
    """
    if text.isascii() or not any(unicodedata.bidirectional(c) in _RTL for c in text):
        return text
    kinds = []
    for char in text:
        kind = unicodedata.bidirectional(char)
        kinds.append("R" if kind in _RTL else "L" if kind in ("L", "EN", "AN") else None)
    base = next(k for k in kinds if k)
    resolved = list(kinds)
    for i, kind in enumerate(kinds):
        if kind is None:
            before = next((k for k in reversed(kinds[:i]) if k), base)
            after = next((k for k in kinds[i + 1:] if k), base)
            resolved[i] = before if before == after else base
    runs: list[tuple[str, str]] = []
    for char, kind in zip(text, resolved, strict=True):
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + char)
        else:
            runs.append((kind, char))
    pieces = [run[::-1].translate(_MIRROR) if kind == "R" else run for kind, run in runs]
    return "".join(reversed(pieces) if base == "R" else pieces)


def fit(text: str, font: str, size: float, width: float) -> str:
    """`text`, or its longest beginning that fits in `width` points followed by "…"."""
    if text_width(text, font, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix whose shortened form fits
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, font, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def _is_wide(char: str) -> bool:
    """Chinese, Japanese and Korean text may break between any two characters."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _tokens(text: str) -> list[str]:
    """Words and single spaces, each wide (CJK) character a word of its own."""
    tokens: list[str] = []
    for char in text:
        if char.isspace():
            if tokens and tokens[-1] != " ":
                tokens.append(" ")
        elif not tokens or tokens[-1] == " " or _is_wide(char) or _is_wide(tokens[-1][-1]):
            tokens.append(char)
        else:
            tokens[-1] += char
    return tokens


def wrap(text: str, font: str, size: float, width: float, max_lines: int = 2) -> list[str]:
    """Break `text` into at most `max_lines` lines of `width` points; the last one shortened with "…"."""
    tokens = _tokens(text)
    lines: list[str] = []
    line = ""
    i = 0
    while i < len(tokens) and len(lines) < max_lines:
        token = tokens[i]
        if token == " " and not line:
            i += 1
            continue
        candidate = line + token
        if token == " " or text_width(candidate, font, size) <= width:
            line = candidate
            i += 1
            continue
        if not line:  # one word wider than the column: cut it where it stops fitting
            cut = max(1, len(fit(token, font, size, width)) - 1)
            line, tokens[i] = token[:cut], token[cut:]
        lines.append(line.rstrip())
        line = ""
    if line.strip() and len(lines) < max_lines:
        lines.append(line.rstrip())
        line = ""
    rest = (line + "".join(tokens[i:])).strip()
    if rest and lines:  # more than fits: the last line ends with what it can of the rest
        lines[-1] = fit(lines[-1] + " " + rest, font, size, width)
    return lines


def draw(canvas: Canvas, x: float, y: float, text: str, font: str = REGULAR, size: float = 10, *,
         align: str = "left", width: float | None = None) -> float:
    """Draw `text` at (x, y) with font fallback and right-to-left order; the width drawn.

    `width` shortens it with "…" to fit; `align` "right" ends it at x. The canvas is left
    with `font` at `size`, as `setFont` would.
    """
    if width is not None:
        text = fit(text, font, size, width)
    runs = font_runs(visual_order(arabic_join(text)), font)
    drawn = sum(pdfmetrics.stringWidth(run, name, size) for name, run in runs)
    if align == "right":
        x -= drawn
    elif align == "centre":
        x -= drawn / 2
    if len(runs) == 1 and runs[0][0] == font:
        canvas.setFont(font, size)
        canvas.drawString(x, y, runs[0][1])
        return drawn
    line = canvas.beginText(x, y)
    for name, run in runs:
        line.setFont(name, size)
        line.textOut(run)
    canvas.drawText(line)
    canvas.setFont(font, size)
    return drawn


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
        inner = self.width - 2 * self.margin
        draw(c, self.margin, top - 12, self.title, BOLD, 14, width=inner)
        if self.subtitle:
            draw(c, self.margin, top - 26, self.subtitle, REGULAR, 9, width=inner)
        c.setLineWidth(0.6)
        c.line(self.margin, top - 32, self.width - self.margin, top - 32)
        draw(c, self.width - self.margin, self.margin - 8, f"{self.footer}  {self.page}", REGULAR, 7.5,
             align="right")
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
    def text(self, x: float, text: str, size: float = 10, bold: bool = False, right: bool = False,
             width: float | None = None) -> None:
        """Draw `text` on the cursor's line; `width` shortens it with "…" to fit its column."""
        draw(self.canvas, x, self.y, text, BOLD if bold else REGULAR, size,
             align="right" if right else "left", width=width)

    def lines(self, x: float, text: str, size: float, width: float, max_lines: int = 2, bold: bool = False,
              leading: float | None = None) -> int:
        """Draw `text` wrapped to `width`, moving the cursor down one line after each but the last."""
        font = BOLD if bold else REGULAR
        wrapped = wrap(text, font, size, width, max_lines) or [""]
        for i, line in enumerate(wrapped):
            if i:
                self.down(leading or size * 1.25)
            draw(self.canvas, x, self.y, line, font, size)
        return len(wrapped)

    def line(self, x1: float, x2: float, width: float = 0.4) -> None:
        self.canvas.setLineWidth(width)
        self.canvas.line(x1, self.y, x2, self.y)

    def headings(self, columns: list[tuple[float, str, bool]]) -> None:
        """A table's column headings, as (x, label, right-aligned), ruled under from margin to margin."""
        for x, label, align_right in columns:
            self.text(x, label, 9, bold=True, right=align_right)
        self.down(4)
        self.line(self.margin, self.width - self.margin)
        self.down(13)

    def down(self, points: float) -> None:
        self.y -= points

    def save(self) -> None:
        self.canvas.save()
