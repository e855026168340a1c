"""Money and chip formatting in one place (Brazilian formats under pt-BR), and the one place money is
quantized to cents (centavos)."""

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
SYMBOLS = {"BRL": "R$", "USD": "US$", "EUR": "€"}


def quantize_money(value: Decimal | int | str, rounding: str = ROUND_HALF_UP) -> Decimal:
    """Round a money amount to cents, half up unless told otherwise: the one place money is quantized."""
    return Decimal(value).quantize(CENT, rounding=rounding)


def is_cents(value: Decimal) -> bool:
    """Whether a finite amount is a whole number of cents already (quantizing would not change it)."""
    return value == quantize_money(value)


def _group(digits: str, sep: str) -> str:
    out = []
    while len(digits) > 3:
        out.insert(0, digits[-3:])
        digits = digits[:-3]
    out.insert(0, digits)
    return sep.join(out)


def format_number(value: int | Decimal, lang: str, places: int = 0) -> str:
    """1234567 -> '1.234.567' (pt-BR) or '1,234,567' (en)."""
    thousands, decimal_sep = (".", ",") if lang.lower().startswith("pt") else (",", ".")
    value = Decimal(value)
    sign = "-" if value < 0 else ""
    value = abs(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    whole, _, frac = f"{value:f}".partition(".")
    text = _group(whole, thousands)
    if places:
        text += decimal_sep + frac.ljust(places, "0")
    return sign + text


def format_money(value: Decimal | int | str, currency: str = "BRL", lang: str = "pt-br") -> str:
    """Decimal('1234.5') -> 'R$ 1.234,50' (pt-BR) or 'R$1,234.50' (en)."""
    amount = quantize_money(value)
    symbol = SYMBOLS.get(currency, currency)
    number = format_number(abs(amount), lang, places=2)
    sign = "-" if amount < 0 else ""
    if lang.lower().startswith("pt"):
        return f"{sign}{symbol}\u00a0{number}"
    return f"{sign}{symbol}{number}"
