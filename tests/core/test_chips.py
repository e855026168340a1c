"""The one reader of chip counts typed at the desk (tdconsole.core.chips)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdconsole.core.chips import MAX_CHIPS, ChipsError, parse_chips
from tdconsole.core.money import format_number


@pytest.mark.parametrize("text", [
    "1500000", "1.500.000", "1,500,000", "1 500 000", "1\u00a0500\u00a0000", "1\u202f500\u202f000", " 1.500.000 ",
])
def test_a_count_reads_the_same_written_plainly_in_pt_br_or_in_english(text):
    assert parse_chips(text) == 1_500_000


def test_small_counts_and_thousands_read_as_whole_chips():
    assert [parse_chips(t) for t in ("7", "0", "1.000", "1,000", "12.500", "999")] == [7, 0, 1000, 1000, 12500, 999]


@pytest.mark.parametrize("text", ["", "   ", None])
def test_a_blank_count_is_none(text):
    assert parse_chips(text) is None


@pytest.mark.parametrize("text", [
    "2.5", "12,5", "1.50.000", "1.5000", ".500", "1.500.", "1.500,000", "1,500.000", "1 500.000",
    "-5", "+5", "5_000", "1e5", "NaN", "Infinity", "15k", "2m", "١٢٣", "²", "12\x0034", "ção",
])
def test_what_is_not_a_count_is_refused_as_invalid(text):
    with pytest.raises(ChipsError) as refused:
        parse_chips(text)
    assert refused.value.code == "invalid"


@pytest.mark.parametrize("text", [str(MAX_CHIPS + 1), "9" * 10_000, "9.223.372.036.854.775.808"])
def test_more_chips_than_a_column_stores_are_too_large(text):
    with pytest.raises(ChipsError) as refused:
        parse_chips(text)
    assert refused.value.code == "too_large"


def test_the_largest_count_is_read_and_a_lower_maximum_is_kept():
    assert parse_chips(str(MAX_CHIPS)) == MAX_CHIPS
    assert parse_chips("2.147.483.647", maximum=2_147_483_647) == 2_147_483_647
    with pytest.raises(ChipsError) as refused:
        parse_chips("2.147.483.648", maximum=2_147_483_647)
    assert refused.value.code == "too_large"


def test_leading_zeros_beyond_what_python_converts_are_still_a_count():
    assert parse_chips("0" * 10_000 + "5") == 5


@given(st.integers(min_value=0, max_value=MAX_CHIPS), st.sampled_from(["pt-br", "en"]))
def test_every_count_the_console_prints_reads_back(count, lang):
    assert parse_chips(format_number(count, lang)) == count
