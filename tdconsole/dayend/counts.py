"""End-of-day chip counts as a clerk types them at keyboard speed: pure Python, no Django.

`parse_count` reads every way a count is written at a Brazilian or an English-speaking desk:

- plain digits ``"12350"``; thousands grouped by a point, a comma or a space (no-break spaces too):
  ``"12.350"``, ``"12,350"``, ``"12 350"``, ``"1.234.567"``;
- a short form with ``k`` (thousands) or ``m`` (millions), the decimals after a comma or a point:
  ``"12,35k"``, ``"12.35k"``, ``"1,2m"``, ``"1.234,5k"``;
- both separators at once: the last one is the decimal mark (``"1.234,5k"``, ``"1,234.5k"``).

One separator followed by exactly three digits groups thousands when there is no suffix
(``"12.350"`` is 12350 in either language: 12.35 chips is no count). With a suffix it could be either
(``"1.250k"``: 1250 or 1 250 000), so it is refused as ambiguous rather than guessed.

Refused with :class:`CountError`, whose ``code`` the pages turn into a message:
``"invalid"`` (not a number), ``"negative"``, ``"ambiguous"``, ``"fraction"`` (not a whole number of
chips, ``"12,5"`` or ``"1,2345k"``) and ``"too_large"``. A blank text is ``None``.

>>> [parse_count(t) for t in ("12.350", "12350", "12,35k", "12.35k", "1,2m", "12 350", " ")]
[12350, 12350, 12350, 12350, 1200000, 12350, None]
"""

from __future__ import annotations

import re
from fractions import Fraction

# What a chips column (a signed 64-bit integer) stores.
MAX_COUNT = 2**63 - 1

INVALID = "invalid"
NEGATIVE = "negative"
AMBIGUOUS = "ambiguous"
FRACTION = "fraction"
TOO_LARGE = "too_large"

SUFFIXES = {"k": 1_000, "m": 1_000_000}
SPACES = "\u00a0\u202f\u2009 "
BODY = re.compile(r"[0-9](?:[0-9., \u00a0\u202f\u2009]*[0-9])?")
# Long enough for any count a column stores, grouped; longer is refused before any arithmetic.
MAX_TEXT = 60


class CountError(ValueError):
    """The text is not a chip count; `code` says why (see the module's docstring)."""

    def __init__(self, text: str, code: str) -> None:
        super().__init__(f"{code}: {text[:40]!r}")
        self.text = text
        self.code = code


def _grouped(groups: list[str]) -> bool:
    """Digits grouped by thousands: the first group 1 to 3 digits, every other exactly 3."""
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


def _whole_part(text: str, original: str) -> str:
    """The digits of an integer part whose thousands may be grouped (by one kind of separator)."""
    kinds = {c for c in text if not c.isdigit()}
    if not kinds:
        return text
    if len(kinds) > 1:
        raise CountError(original, INVALID)
    groups = re.split(r"[., \u00a0\u202f\u2009]", text)
    if not _grouped(groups):
        raise CountError(original, INVALID)
    return "".join(groups)


def parse_count(text: str | None, *, maximum: int = MAX_COUNT) -> int | None:
    """The chip count `text` means (see the module's docstring), None when it is blank."""
    original = text or ""
    text = original.strip(SPACES + "\t\r\n").lower()
    if not text:
        return None
    if len(text) > MAX_TEXT:
        raise CountError(original, TOO_LARGE if BODY.fullmatch(text) else INVALID)
    if text[0] in "-\u2212":
        rest = text[1:].strip(SPACES)
        raise CountError(original, NEGATIVE if rest[:1] in tuple("0123456789") and rest else INVALID)
    multiplier = 1
    if text[-1] in SUFFIXES:
        multiplier = SUFFIXES[text[-1]]
        text = text[:-1].rstrip(SPACES)
    if not BODY.fullmatch(text):
        raise CountError(original, INVALID)
    marks = [(i, c) for i, c in enumerate(text) if c in ".,"]
    kinds = {c for _, c in marks}
    decimal_at: int | None = None
    if len(kinds) == 2:
        # Both: the last one is the decimal mark, and it may appear once only.
        last = marks[-1][1]
        if sum(1 for _, c in marks if c == last) > 1:
            raise CountError(original, INVALID)
        decimal_at = marks[-1][0]
    elif len(marks) == 1:
        at = marks[0][0]
        after = text[at + 1:]
        before = text[:at]
        if any(c in SPACES for c in after):
            raise CountError(original, INVALID)
        if len(after) == 3 and multiplier > 1 and _looks_grouped(before):
            raise CountError(original, AMBIGUOUS)
        if len(after) != 3 or not _looks_grouped(before):
            decimal_at = at
    if decimal_at is None:
        whole, fraction = _whole_part(text, original), ""
    else:
        fraction = text[decimal_at + 1:]
        if not fraction.isdigit():
            raise CountError(original, INVALID)
        whole = _whole_part(text[:decimal_at], original)
    if len(whole.lstrip("0")) > len(str(maximum)):
        raise CountError(original, TOO_LARGE)
    value = (Fraction(int(whole)) + (Fraction(int(fraction), 10 ** len(fraction)) if fraction else 0)) * multiplier
    if value.denominator != 1:
        raise CountError(original, FRACTION)
    count = int(value)
    if count > maximum:
        raise CountError(original, TOO_LARGE)
    return count


def _looks_grouped(before: str) -> bool:
    """The digits before a single point or comma could start a grouped number (spaces grouping them)."""
    groups = re.split(r"[ \u00a0\u202f\u2009]", before)
    return _grouped(groups) if len(groups) > 1 else 1 <= len(before) <= 3


def format_count(count: int, *, language: str) -> str:
    """A count as the desk prints it: thousands grouped by a point in pt-BR, by a comma in English."""
    sep = "," if language.lower().startswith("en") else "."
    return f"{count:,}".replace(",", sep)
