from decimal import Decimal

import pytest
from django import forms

from tdconsole.payouts.forms import parse_table_text, table_text


def test_edit_box_reads_places_bands_and_bare_amounts():
    text = "1 5.000,00\n2 3000\n\n3-5 1.000\n600"
    assert parse_table_text(text) == [Decimal(x) for x in ["5000", "3000", "1000", "1000", "1000", "600"]]


def test_edit_box_refuses_a_gap_in_the_places():
    with pytest.raises(forms.ValidationError):
        parse_table_text("1 5000\n3 1000")


def test_edit_box_refuses_text_that_is_not_an_amount():
    with pytest.raises(forms.ValidationError):
        parse_table_text("1 lots")


def test_table_text_round_trips_through_the_parser():
    amounts = [Decimal("900.50"), Decimal("500"), Decimal("200"), Decimal("200"), Decimal("200")]
    assert table_text(amounts) == "1 900.50\n2 500\n3-5 200"
    assert parse_table_text(table_text(amounts)) == amounts
