"""The end-of-day count reader (tdconsole.dayend.counts): every way a clerk types a count."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdconsole.dayend.counts import (
    AMBIGUOUS,
    FRACTION,
    INVALID,
    MAX_COUNT,
    NEGATIVE,
    TOO_LARGE,
    CountError,
    format_count,
    parse_count,
)

CASES = [
    ("12350", 12350), ("12.350", 12350), ("12,350", 12350), ("12 350", 12350), ("12\u00a0350", 12350),
    ("12\u202f350", 12350), ("  12.350  ", 12350), ("12,35k", 12350), ("12.35k", 12350), ("12,35K", 12350),
    ("12,35 k", 12350), ("12k", 12000), ("1,2m", 1_200_000), ("1.2m", 1_200_000), ("1.234,5k", 1_234_500),
    ("1,234.5k", 1_234_500), ("1 234,5k", 1_234_500), ("1.500.000", 1_500_000), ("1,500,000", 1_500_000),
    ("1 500 000", 1_500_000), ("0", 0), ("25", 25), ("0,5k", 500), ("1,25m", 1_250_000), ("12,0", 12),
    ("1.234.567,0", 1_234_567), ("2m", 2_000_000), ("12.5k", 12500),
]


@pytest.mark.parametrize(("text", "count"), CASES)
def test_a_count_reads_as_the_number_it_means(text, count):
    assert parse_count(text) == count


@pytest.mark.parametrize(("text", "code"), [
    ("abc", INVALID), ("12a", INVALID), ("1e5", INVALID), ("k", INVALID), ("12kk", INVALID), ("1.2.3", INVALID),
    ("1.50.000", INVALID), ("1 2", INVALID), ("1.500,000.5", INVALID), ("1,2,3k", INVALID), (".5k", INVALID),
    ("12.", INVALID), ("+5", INVALID), ("١٢٣", INVALID), ("²", INVALID), ("12_350", INVALID), ("- ", INVALID),
    ("-5", NEGATIVE), ("-12.350", NEGATIVE), ("\u22125", NEGATIVE), ("- 12k", NEGATIVE),
    ("1.250k", AMBIGUOUS), ("12,350k", AMBIGUOUS), ("1 234.567m", AMBIGUOUS),
    ("12,5", FRACTION), ("2.5", FRACTION), ("1,2345k", FRACTION), ("1234.567", FRACTION), ("0,0000001m", FRACTION),
    (str(MAX_COUNT + 1), TOO_LARGE), ("9" * 100, TOO_LARGE), ("99999999999999999999m", TOO_LARGE),
])
def test_what_is_not_a_count_is_refused_with_the_reason(text, code):
    with pytest.raises(CountError) as refused:
        parse_count(text)
    assert refused.value.code == code


@pytest.mark.parametrize("text", ["", "   ", None, "\t"])
def test_a_blank_count_is_none(text):
    assert parse_count(text) is None


def test_a_lower_maximum_is_kept():
    assert parse_count("2.147.483.647", maximum=2_147_483_647) == 2_147_483_647
    with pytest.raises(CountError) as refused:
        parse_count("2.147.483.648", maximum=2_147_483_647)
    assert refused.value.code == TOO_LARGE


def test_printed_counts_use_each_languages_separator():
    assert format_count(1_234_567, language="pt-br") == "1.234.567"
    assert format_count(1_234_567, language="en") == "1,234,567"


@given(st.integers(min_value=0, max_value=MAX_COUNT), st.sampled_from(["pt-br", "en"]))
def test_every_count_printed_in_either_language_reads_back(count, language):
    assert parse_count(format_count(count, language=language)) == count


@given(st.integers(min_value=0, max_value=10**12), st.sampled_from([" ", "\u00a0", "\u202f"]))
def test_thousands_grouped_by_spaces_read_back(count, space):
    assert parse_count(f"{count:,}".replace(",", space)) == count


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=99), st.sampled_from([",", "."]),
       st.sampled_from([("k", 1000), ("m", 1_000_000)]))
def test_a_short_form_with_one_or_two_decimals_is_the_exact_count(whole, hundredths, mark, suffix):
    letter, factor = suffix
    text = f"{whole}{mark}{hundredths:02d}{letter}"
    assert parse_count(text) == whole * factor + hundredths * factor // 100


@given(st.integers(min_value=1, max_value=10**15))
def test_a_negative_count_is_refused_as_negative(count):
    with pytest.raises(CountError) as refused:
        parse_count(f"-{count}")
    assert refused.value.code == NEGATIVE


@given(st.text(max_size=20))
def test_any_text_is_a_count_or_a_count_error(text):
    try:
        count = parse_count(text)
    except CountError as exc:
        assert exc.code in {INVALID, NEGATIVE, AMBIGUOUS, FRACTION, TOO_LARGE}
    else:
        assert count is None or 0 <= count <= MAX_COUNT
