"""Brazilian CPF numbers: told from other documents, checked by their two check digits, written one way.

Pure functions (no Django). A document is read as a CPF when, once the dots, dash and spaces are
taken out, it is eleven digits: that is how a CPF is typed (`123.456.789-09` or `12345678909`), and
no other document the desk sees (RG, passport, a foreign ID with letters) is written so. A CPF is kept
formatted (`123.456.789-09`), so the same person typed either way is the same document.
"""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"[.\-\s/]")


def cpf_digits(document: str) -> str | None:
    """The eleven digits when `document` is written as a CPF (formatted or bare), else None."""
    bare = _SEPARATORS.sub("", document or "")
    if len(bare) == 11 and bare.isascii() and bare.isdigit():
        return bare
    return None


def _check_digit(digits: str) -> int:
    """The check digit that follows `digits` (9 or 10 of them): weights from len+1 down to 2, mod 11."""
    total = sum(int(d) * w for d, w in zip(digits, range(len(digits) + 1, 1, -1), strict=True))
    rest = total % 11
    return 0 if rest < 2 else 11 - rest


def cpf_valid(digits: str) -> bool:
    """Whether eleven digits make a valid CPF: both check digits right, and not one digit repeated."""
    if len(digits) != 11 or not digits.isdigit() or len(set(digits)) == 1:
        return False
    return _check_digit(digits[:9]) == int(digits[9]) and _check_digit(digits[:10]) == int(digits[10])


def cpf_format(digits: str) -> str:
    """`12345678909` -> `123.456.789-09`."""
    return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
