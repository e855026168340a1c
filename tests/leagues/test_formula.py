"""League points formulas: the presets against tables worked by hand, custom formulas, hostile input refused fast."""

import time
from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.leagues.formula import PRESETS, Formula, FormulaError, check, points, preset


def table_of(key: str, n: int, **extra) -> list[str]:
    formula = check(preset(key).formula)
    return [str(formula.points(n=n, p=p, **extra)) for p in range(1, n + 1)]


def test_the_square_root_preset_matches_the_hand_table():
    # 10 * sqrt(9 / p): 30, 10*sqrt(4.5)=21.213, 10*sqrt(3)=17.320, 15, 10*sqrt(1.8)=13.416, ...
    assert table_of("sqrt", 9) == ["30.00", "21.21", "17.32", "15.00", "13.42", "12.25", "11.34", "10.61", "10.00"]


def test_the_linear_preset_matches_the_hand_table():
    # (5 - p + 1) * 100 / 10
    assert table_of("linear", 5, b=Decimal("100")) == ["50.00", "40.00", "30.00", "20.00", "10.00"]
    assert table_of("linear", 3, b=Decimal("55.50")) == ["16.65", "11.10", "5.55"]


def test_the_field_preset_matches_the_hand_table():
    assert table_of("field", 4) == ["4.00", "3.00", "2.00", "1.00"]


def test_the_fixed_table_preset_gives_nothing_past_tenth():
    assert table_of("table", 12) == ["25.00", "18.00", "15.00", "12.00", "10.00", "8.00", "6.00", "4.00", "2.00",
                                     "1.00", "0.00", "0.00"]


def test_the_bounty_preset_adds_two_points_a_knockout():
    formula = check(preset("bounty").formula)
    assert formula.points(n=4, p=1, k=3) == Decimal("26.00")
    assert formula.points(n=4, p=2, k=1) == Decimal("16.14")  # 14.142 + 2
    assert formula.points(n=4, p=4, k=0) == Decimal("10.00")


def test_every_preset_passes_the_save_check():
    for item in PRESETS:
        check(item.formula)


def test_a_custom_formula_uses_every_variable_and_function():
    text = "round(max(1, log(n) * 10 / p), 1) + floor(b / 100) + ceil(k / 2) + min(r, 3) + (5 if p == 1 else 0)"
    # log(20)*10/1 = 29.957 -> 30.0; floor(2.5)=2; ceil(1.5)=2; min(4,3)=3; winner's 5
    assert check(text).points(n=20, p=1, b=Decimal("250"), k=3, r=4) == Decimal("42.00")
    assert points("log(8, 2) * sqrt(p)", n=10, p=4) == Decimal("6.00")


def test_points_are_quantized_half_up_to_cents():
    assert points("2 / 3", n=1, p=1) == Decimal("0.67")
    assert points("1.005", n=1, p=1) == Decimal("1.01")


@pytest.mark.parametrize(("text", "reason", "motivo"), [
    ("1 / (n - p)", "division by zero for place 1 of 1 entry", "divisão por zero na colocação 1 de 1 entrada"),
    ("100 / b", "division by zero for place 1 of 1 entry", "divisão por zero na colocação 1 de 1 entrada"),
    ("sqrt(n - 2 * p)", "square root of a negative number for place 1 of 1 entry",
     "raiz quadrada de número negativo na colocação 1 de 1 entrada"),
    ("log(p - 1)", "logarithm of zero or a negative number for place 1 of 1 entry",
     "logaritmo de zero ou de número negativo na colocação 1 de 1 entrada"),
    ("10 - p", "negative points (-1.00) for place 11 of 11 entries",
     "pontos negativos (-1.00) na colocação 11 de 11 entradas"),
    ("x * 2", "unknown name 'x'", "nome desconhecido 'x'"),
    ("n +* p", "syntax error at character 4", "erro de sintaxe no caractere 4"),
    ("", "the formula is empty", "a fórmula está vazia"),
    ("sqrt", "sqrt must be called", "sqrt precisa ser chamada"),
    ("100 / (b - 55.5) + 100", "division by zero for place 1 of 1 entry (buy-in 55.50, 1 knockouts, 1 rebuys)",
     "divisão por zero na colocação 1 de 1 entrada (buy-in 55.50, 1 eliminações, 1 recompras)"),
])
def test_a_formula_that_cannot_be_evaluated_is_refused_with_the_reason_in_the_desk_language(text, reason, motivo):
    for language, expected in (("en", reason), ("pt-br", motivo)):
        with translation.override(language), pytest.raises(FormulaError) as caught:
            check(text)
        assert expected in str(caught.value), language


@pytest.mark.parametrize("text", [
    "__import__('os').system('true')",
    "n.__class__",
    "n.real",
    "open('/etc/passwd')",
    "9**9**9",
    "2 ** 1000000",
    "(2 ** 64) ** 64 ** 64",
    "n" + " + n" * 400,
    "(" * 500 + "n" + ")" * 500,
    "-" * 290 + "1",
    "'a' * 10**9",
    "[n] * 10**9",
    "lambda: 1",
    "(x := 1)",
    "{}.get",
    "f'{n}'",
    "eval('1')",
    "getattr(n, 'real')",
])
def test_hostile_formulas_are_refused_quickly(text):
    started = time.perf_counter()
    with pytest.raises(FormulaError):
        check(text)
    assert time.perf_counter() - started < 0.5


def test_a_place_outside_the_field_is_refused():
    with translation.override("en"), pytest.raises(FormulaError, match="between 1"):
        points("n", n=5, p=6)


def test_a_formula_is_parsed_once_and_evaluated_for_many_results():
    formula = Formula("n - p + 1")
    assert [formula.points(n=3, p=p) for p in (1, 2, 3)] == [Decimal(3), Decimal(2), Decimal(1)]
