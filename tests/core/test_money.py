from decimal import Decimal

from tdconsole.core.money import format_money, format_number, quantize_money


def test_money_uses_brazilian_separators_under_pt_br():
    assert format_money(Decimal("1234.5"), "BRL", "pt-br") == "R$\u00a01.234,50"
    assert format_money(Decimal("1234567.891"), "BRL", "pt-br") == "R$\u00a01.234.567,89"


def test_money_uses_english_separators_under_en():
    assert format_money(Decimal("1234.5"), "BRL", "en") == "R$1,234.50"


def test_negative_and_small_amounts():
    assert format_money(Decimal("-0.5"), "BRL", "pt-br") == "-R$\u00a00,50"
    assert format_money(0, "BRL", "pt-br") == "R$\u00a00,00"


def test_chip_counts_group_thousands():
    assert format_number(1500000, "pt-br") == "1.500.000"
    assert format_number(1500000, "en") == "1,500,000"
    assert format_number(999, "pt-br") == "999"


def test_quantize_rounds_half_up_to_cents():
    assert quantize_money("2.345") == Decimal("2.35")
    assert quantize_money(Decimal("2.344")) == Decimal("2.34")


def test_quantize_can_round_up_when_a_bound_must_not_be_understated():
    from decimal import ROUND_CEILING

    assert quantize_money(Decimal("0.001"), rounding=ROUND_CEILING) == Decimal("0.01")
    assert quantize_money(Decimal("0.001")) == Decimal("0.00")


def test_is_cents_tells_an_amount_in_cents_from_one_that_needs_rounding():
    from tdconsole.core.money import is_cents

    assert is_cents(Decimal("12.30")) and is_cents(Decimal("12.3")) and is_cents(Decimal("12"))
    assert not is_cents(Decimal("12.305"))
