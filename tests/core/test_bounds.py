"""Whole numbers typed at the desk, bounded by their column the same way on every database."""

import pytest

from tdconsole.core.bounds import BEYOND_EVERY_FIELD, field_max, field_number, field_range, fits, whole_number
from tdconsole.tournaments.models import Entry, Player, Table


def test_each_column_is_bounded_by_the_narrower_postgresql_range():
    assert field_max(Table, "number") == 2_147_483_647
    assert field_range(Entry, "seat")[1] == 32_767
    assert field_max(Player, "id") == 2**63 - 1
    assert field_max(Entry, "table") == field_max(Table, "id")  # a relation: its target's range


@pytest.mark.parametrize(("text", "value"), [("12", 12), (" 007 ", 7), ("0", 0)])
def test_ascii_digits_are_a_whole_number(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize("text", ["", None, "-1", "+1", "1.5", "1 2", "²", "١٢", "12a"])
def test_anything_else_is_not(text):
    assert whole_number(text) is None


def test_thousands_of_digits_read_as_beyond_every_field_without_converting():
    assert whole_number("9" * 10_000) == BEYOND_EVERY_FIELD
    assert not fits(BEYOND_EVERY_FIELD, Player, "id")


def test_a_field_number_must_fit_its_column():
    assert field_number("32767", Entry, "seat") == 32_767
    assert field_number("32768", Entry, "seat") is None
    assert field_number("x", Entry, "seat") is None
