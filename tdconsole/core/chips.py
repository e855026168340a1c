"""Chip counts as staff type them: the one reader every form, view and command uses.

Accepted (surrounding spaces ignored):

- ASCII digits: ``"1500000"``;
- digits grouped by thousands, with the same separator throughout: Brazilian ``"1.500.000"``,
  English ``"1,500,000"``, or a space (also the no-break and narrow no-break spaces that
  number formatting and spreadsheets paste): ``"1 500 000"``.

Refused with :class:`ChipsError`:

- ``code="invalid"``: a separator that does not group thousands (``"2.5"``, ``"1.50.000"``),
  separators mixed (``"1.500,000"``), a sign, decimals, exponents, words and suffixes
  (``"-5"``, ``"1e5"``, ``"NaN"``, ``"15k"``), and digits of other scripts (``"١٢٣"``, ``"²"``);
- ``code="too_large"``: more chips than ``maximum`` (by default what a 64-bit column stores).

A blank text is ``None``: the caller decides whether a count may be left out.

>>> [parse_chips(text) for text in ("1.500.000", "1,500,000", "1 500 000", "1500000", " ")]
[1500000, 1500000, 1500000, 1500000, None]
"""

from __future__ import annotations

import re

# The largest count a chips column (a signed 64-bit integer) stores.
MAX_CHIPS = 2**63 - 1

PLAIN = re.compile(r"[0-9]+")
GROUPED = re.compile(r"[0-9]{1,3}(?P<sep>[.,\u00a0\u202f ])[0-9]{3}(?:(?P=sep)[0-9]{3})*")


class ChipsError(ValueError):
    """The text is not a chip count (`code` "invalid") or is more chips than allowed ("too_large")."""

    def __init__(self, text: str, code: str) -> None:
        super().__init__(f"not a chip count: {text[:40]!r}" if code == "invalid" else f"too many chips: {text[:40]!r}")
        self.code = code


def parse_chips(text: str | None, *, maximum: int = MAX_CHIPS) -> int | None:
    """The chip count typed (see the module's docstring for what is accepted), None when blank."""
    text = (text or "").strip()
    if not text:
        return None
    if PLAIN.fullmatch(text):
        digits = text
    elif GROUPED.fullmatch(text):
        digits = re.sub(r"[^0-9]", "", text)
    else:
        raise ChipsError(text, "invalid")
    # Measured before converting: Python refuses to convert a string of thousands of digits.
    significant = digits.lstrip("0")
    count = int(significant or "0") if len(significant) <= len(str(maximum)) else None
    if count is None or count > maximum:
        raise ChipsError(text, "too_large")
    return count
