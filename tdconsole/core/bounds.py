"""Whole numbers typed at the desk, bounded by what the integer column behind them stores.

SQLite keeps 64 bits in any integer column (and refuses a larger Python int while the query is
built: OverflowError); PostgreSQL refuses an `integer` past 2,147,483,647 (DataError). Either is a
500 instead of a message, so what staff type is bounded before any query, by the narrower
(PostgreSQL) range Django gives each field type: the same typing is refused on both databases.

Chip counts, which may group thousands ("1.500.000"), are read by tdconsole.core.chips; table,
seat and id numbers by `whole_number` / `field_number` here.
"""

from __future__ import annotations

import re

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations

# ASCII digits only: str.isdigit() also accepts "²" (which int() refuses) and other scripts' digits.
DIGITS = re.compile(r"[0-9]+")
# More digits than any field holds (the largest, 2**63 - 1, has 19): not worth converting.
TOO_MANY_DIGITS = 40
BEYOND_EVERY_FIELD = 10**TOO_MANY_DIGITS


def field_range(model: type[models.Model], name: str) -> tuple[int, int]:
    """The smallest and largest value `model.name` stores on every supported database."""
    field = model._meta.get_field(name)
    if field.is_relation:
        field = field.target_field
    return BaseDatabaseOperations.integer_field_ranges[field.get_internal_type()]


def field_max(model: type[models.Model], name: str) -> int:
    """The largest value `model.name` stores on every supported database."""
    return field_range(model, name)[1]


def whole_number(text: str | None) -> int | None:
    """The number typed (ASCII digits, surrounding spaces ignored), or None when it is not one.

    A number of more than 40 digits comes back as 10**40, larger than any field: Python
    refuses to convert a string of thousands of digits, and none of them could be stored.
    """
    text = (text or "").strip()
    if not DIGITS.fullmatch(text):
        return None
    if len(text.lstrip("0")) > TOO_MANY_DIGITS:
        return BEYOND_EVERY_FIELD
    return int(text)


def fits(value: int, model: type[models.Model], name: str) -> bool:
    """Whether `value` can be stored in `model.name` (and looked up by it); never negative."""
    return 0 <= value <= field_max(model, name)


def field_number(text: str | None, model: type[models.Model], name: str) -> int | None:
    """The number typed if it is a whole number the field can store, else None."""
    value = whole_number(text)
    if value is None or not fits(value, model, name):
        return None
    return value
