"""League points: the director's formula, checked and evaluated safely (plain values in, Decimal out; no Django).

A formula is an arithmetic expression over five variables: ``n`` (entries in the event), ``p``
(the player's place), ``b`` (the buy-in), ``k`` (knockouts) and ``r`` (rebuys and add-ons), with
the functions ``sqrt``, ``log`` (natural; ``log(x, base)``), ``min``, ``max``, ``round``
(``round(x)`` or ``round(x, digits)``), ``floor``, ``ceil`` and ``table(p, v1, v2, ...)`` (the
p-th value, 0 past the end: a fixed table per place), comparisons and ``x if cond else y``.

It is never given to ``eval``: the syntax tree is walked first and only those nodes pass (no
attributes, subscripts, strings, lambdas or unknown names), the text is at most
`MAX_LENGTH` characters and `MAX_DEPTH` levels deep, and a power's exponent is at most
`MAX_EXPONENT` in size, so ``9**9**9`` is refused before it is computed. What passes is evaluated by
simpleeval over `Decimal` values in a bounded decimal context, so a division by zero or the square
root of a negative number is an error with a reason, never a crash. Points are quantized to 0.01.

>>> points("10 * sqrt(n / p)", n=100, p=4)
Decimal('50.00')
>>> points("(n - p + 1) * b / 10", n=20, p=1, b=Decimal("100"))
Decimal('200.00')
>>> check("1 / (n - p)")
Traceback (most recent call last):
...
tdconsole.leagues.formula.FormulaError: division by zero for place 1 of 1 entry
"""

from __future__ import annotations

import ast
import decimal
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simpleeval import InvalidExpression, SimpleEval

MAX_LENGTH = 300
MAX_DEPTH = 25
MAX_EXPONENT = 64
MAX_POINTS = Decimal("1000000000")
CENT = Decimal("0.01")
VARIABLES = ("n", "p", "b", "k", "r")

# The context every evaluation runs in: enough digits for points, small exponents, every fault raised.
_CONTEXT = decimal.Context(
    prec=28, rounding=ROUND_HALF_UP, Emax=9999, Emin=-9999,
    traps=[decimal.DivisionByZero, decimal.InvalidOperation, decimal.Overflow],
)


class FormulaError(ValueError):
    """A formula that cannot be used, with the reason in plain words."""


@dataclass(frozen=True)
class Preset:
    """A common formula the director can pick and then adjust."""

    key: str
    formula: str
    label: str  # English; the pages translate it


PRESETS: tuple[Preset, ...] = (
    Preset("sqrt", "10 * sqrt(n / p)", "Square root of entries over place, times 10"),
    Preset("linear", "(n - p + 1) * b / 10", "Players beaten plus one, times a tenth of the buy-in"),
    Preset("field", "n - p + 1", "One point per player beaten, plus one"),
    Preset("table", "table(p, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1)", "Fixed table: 25, 18, 15, 12, 10, 8, 6, 4, 2, 1"),
    Preset("bounty", "10 * sqrt(n / p) + 2 * k", "Square root formula plus 2 points a knockout"),
)


def preset(key: str) -> Preset:
    """The preset of that key."""
    for item in PRESETS:
        if item.key == key:
            return item
    raise FormulaError(_("no preset named %(name)s") % {"name": repr(key)})


def _decimal(value: Any) -> Decimal:
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool | int):
        return Decimal(int(value))
    raise FormulaError(_("the formula must give a number"))


def _sqrt(x: Any) -> Decimal:
    x = _decimal(x)
    if x < 0:
        raise FormulaError(_("square root of a negative number"))
    return x.sqrt(_CONTEXT)


def _log(x: Any, base: Any = None) -> Decimal:
    x = _decimal(x)
    if x <= 0:
        raise FormulaError(_("logarithm of zero or a negative number"))
    if base is None:
        return x.ln(_CONTEXT)
    base = _decimal(base)
    if base <= 0 or base == 1:
        raise FormulaError(_("logarithm with a base of zero, one or a negative number"))
    return _CONTEXT.divide(x.ln(_CONTEXT), base.ln(_CONTEXT))


def _round(x: Any, digits: Any = 0) -> Decimal:
    digits = int(_decimal(digits))
    if not 0 <= digits <= 6:
        raise FormulaError(_("round() keeps 0 to 6 digits"))
    return _decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP, context=_CONTEXT)


def _floor(x: Any) -> Decimal:
    return _decimal(x).to_integral_value(rounding=ROUND_FLOOR, context=_CONTEXT)


def _ceil(x: Any) -> Decimal:
    return _decimal(x).to_integral_value(rounding=ROUND_CEILING, context=_CONTEXT)


def _table(place: Any, *values: Any) -> Decimal:
    place = _decimal(place)
    if not values:
        raise FormulaError(_("table() needs the place and at least one value"))
    if place != place.to_integral_value() or place < 1:
        raise FormulaError(_("table() needs a whole place from 1"))
    index = int(place)
    return _decimal(values[index - 1]) if index <= len(values) else Decimal(0)


def _min(*values: Any) -> Decimal:
    if not values:
        raise FormulaError(_("min() needs at least one value"))
    return min(_decimal(v) for v in values)


def _max(*values: Any) -> Decimal:
    if not values:
        raise FormulaError(_("max() needs at least one value"))
    return max(_decimal(v) for v in values)


FUNCTIONS: dict[str, Callable[..., Decimal]] = {
    "sqrt": _sqrt, "log": _log, "min": _min, "max": _max, "round": _round,
    "floor": _floor, "ceil": _ceil, "table": _table,
}


def _power(base: Any, exponent: Any) -> Decimal:
    base, exponent = _decimal(base), _decimal(exponent)
    if abs(exponent) > MAX_EXPONENT:
        raise FormulaError(_("an exponent above %(limit)s") % {"limit": MAX_EXPONENT})
    if base == 0 and exponent <= 0:
        raise FormulaError(_("zero to a power of zero or less"))
    if base < 0 and exponent != exponent.to_integral_value():
        raise FormulaError(_("a negative number to a fractional power"))
    return _CONTEXT.power(base, exponent)


def _arith(name: str) -> Callable[[Any, Any], Decimal]:
    method = getattr(_CONTEXT, name)

    def apply(a: Any, b: Any) -> Decimal:
        return method(_decimal(a), _decimal(b))  # type: ignore[no-any-return]
    return apply


OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: _arith("add"), ast.Sub: _arith("subtract"), ast.Mult: _arith("multiply"),
    ast.Div: _arith("divide"), ast.FloorDiv: _arith("divide_int"), ast.Mod: _arith("remainder"),
    ast.Pow: _power, ast.USub: lambda a: _CONTEXT.minus(_decimal(a)), ast.UAdd: lambda a: _decimal(a),
    ast.Not: operator.not_,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
}

_ALLOWED_NODES = (
    ast.Expression, ast.BinOp, ast.UnaryOp, ast.Compare, ast.IfExp, ast.BoolOp, ast.And, ast.Or,
    ast.Call, ast.Name, ast.Load, ast.Constant, *OPERATORS.keys(),
)


def _depth(node: ast.AST) -> int:
    children = list(ast.iter_child_nodes(node))
    return 1 + max((_depth(c) for c in children), default=0)


def parse(formula: str) -> ast.Expression:
    """The formula's syntax tree once every node is one the points may use; FormulaError says what is not."""
    text = (formula or "").strip()
    if not text:
        raise FormulaError(_("the formula is empty"))
    if len(text) > MAX_LENGTH:
        raise FormulaError(_("the formula is longer than %(limit)s characters") % {"limit": MAX_LENGTH})
    if text.count("(") > MAX_DEPTH:
        raise FormulaError(_("the formula nests more than %(limit)s parentheses") % {"limit": MAX_DEPTH})
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as error:
        where = {"position": getattr(error, "offset", None) or 1, "detail": getattr(error, "msg", error)}
        raise FormulaError(_("syntax error at character %(position)s: %(detail)s") % where) from None
    if _depth(tree) > MAX_DEPTH * 2:
        raise FormulaError(_("the formula is nested too deeply"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            raise FormulaError(_("attributes (a dot after a name) are not allowed"))
        if not isinstance(node, _ALLOWED_NODES):
            raise FormulaError(_("%(what)s is not allowed in a formula") % {"what": type(node).__name__.lower()})
        if isinstance(node, ast.Name) and node.id not in VARIABLES and node.id not in FUNCTIONS:
            raise FormulaError(_("unknown name %(name)s (use n, p, b, k, r)") % {"name": repr(node.id)})
        if isinstance(node, ast.Name) and node.id in FUNCTIONS:
            continue
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                raise FormulaError(_("only sqrt, log, min, max, round, floor, ceil and table can be called"))
            if node.keywords:
                raise FormulaError(_("functions take their values in order, without names"))
        if isinstance(node, ast.Constant) and (
                isinstance(node.value, bool) or not isinstance(node.value, int | float)):
            raise FormulaError(_("only numbers can be written in a formula"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in FUNCTIONS and not _is_called(tree, node):
            raise FormulaError(_("%(name)s must be called, as %(name)s(...)") % {"name": node.id})
    return tree


def _is_called(tree: ast.AST, name: ast.Name) -> bool:
    return any(isinstance(n, ast.Call) and n.func is name for n in ast.walk(tree))


class _Evaluator(SimpleEval):  # type: ignore[misc]
    """simpleeval over Decimals: numbers in the text become Decimals exactly as written."""

    def _eval_constant(self, node: ast.Constant) -> Decimal:
        return Decimal(str(node.value))


class Formula:
    """A checked formula, parsed once and evaluated for many results."""

    def __init__(self, text: str) -> None:
        self.text = (text or "").strip()
        # simpleeval walks from an expression statement, as its own parse() would give it.
        self._tree = ast.Expr(value=parse(self.text).body)
        self._evaluator = _Evaluator(operators=OPERATORS, functions=FUNCTIONS, names={})

    def points(self, *, n: int, p: int, b: Decimal | int = 0, k: int = 0, r: int = 0) -> Decimal:
        """The points for one result, quantized to 0.01; FormulaError says why there are none."""
        self._evaluator.names = {"n": Decimal(n), "p": Decimal(p), "b": _decimal(b), "k": Decimal(k),
                                 "r": Decimal(r)}
        try:
            value = _decimal(self._evaluator.eval(self.text, previously_parsed=self._tree))
            if value.is_nan() or value.is_infinite():
                raise FormulaError(_("the result is not a number"))
            if abs(value) > MAX_POINTS:
                raise FormulaError(_("more than %(limit)s points") % {"limit": MAX_POINTS})
            if value < 0:
                shown = value.quantize(CENT, context=_CONTEXT)
                raise FormulaError(_("negative points (%(points)s)") % {"points": shown})
            return value.quantize(CENT, rounding=ROUND_HALF_UP, context=_CONTEXT)
        except FormulaError:
            raise
        except decimal.DivisionByZero:
            raise FormulaError(_("division by zero")) from None
        except decimal.Overflow:
            raise FormulaError(_("a number too large")) from None
        except (decimal.InvalidOperation, ArithmeticError):
            raise FormulaError(_("an undefined result (such as 0/0)")) from None
        except (TypeError, ValueError) as error:
            raise FormulaError(_("cannot be computed: %(detail)s") % {"detail": error}) from None
        except (InvalidExpression, LookupError, AttributeError, RecursionError, SyntaxError) as error:
            # simpleeval's own refusals (an unknown name or function, a feature left out, a number too high),
            # and what evaluating a tree that parsed can still raise.
            raise FormulaError(_("cannot be computed: %(detail)s") % {"detail": error}) from None


# The results every formula is tried on when it is saved: every place of fields of these sizes,
# each with a freeroll (no buy-in, nothing bought, no knockout), a small and a big buy-in.
CHECK_FIELDS: tuple[int, ...] = (*range(1, 21), 30, 50, 100, 200, 500)


def _check_cases(n: int) -> Iterable[tuple[Decimal, int, int]]:
    yield Decimal(0), 0, 0
    yield Decimal("55.50"), 1, 1
    yield Decimal(1000), n - 1, 2 * n


def check(text: str) -> Formula:
    """The formula, once it gives points for every place 1..n of every field in CHECK_FIELDS.

    FormulaError names the first result it cannot score, with the reason.
    """
    formula = Formula(text)
    for n in CHECK_FIELDS:
        for p in range(1, n + 1):
            for b, k, r in _check_cases(n):
                try:
                    formula.points(n=n, p=p, b=b, k=k, r=r)
                except FormulaError as error:
                    where = ngettext("%(reason)s for place %(place)s of %(entries)s entry",
                                     "%(reason)s for place %(place)s of %(entries)s entries", n)
                    where %= {"reason": error, "place": p, "entries": n}
                    if (b, k, r) != (0, 0, 0):
                        where += " " + _("(buy-in %(buy_in)s, %(knockouts)s knockouts, %(rebuys)s rebuys)") % {
                            "buy_in": b, "knockouts": k, "rebuys": r}
                    raise FormulaError(where) from None
    return formula


def points(text: str, *, n: int, p: int, b: Decimal | int = 0, k: int = 0, r: int = 0) -> Decimal:
    """The points one result earns under the formula `text` (parsed, not checked over every place)."""
    if not 1 <= p <= n:
        raise FormulaError(_("the place must be between 1 and the number of entries"))
    return Formula(text).points(n=n, p=p, b=b, k=k, r=r)
