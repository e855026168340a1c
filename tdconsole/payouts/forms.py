"""Forms of the prize desk; the services do the checking that matters.

Every number typed here is read by one of two fields: `AmountField` (money and other
two-decimal values, written "1234.56" or "1.234,56") and `WholeNumberField` (chips and
counts, "50000", "50.000" or "50,000", read by tdconsole.core.chips.parse_chips, with an
optional sign). Both accept ASCII digits only and refuse anything the columns behind them
cannot store, so NaN, Infinity, 1e999 or ten thousand digits are a form error, never an
exception.
"""

import re
from decimal import Decimal

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from tdconsole.core.chips import MAX_CHIPS, ChipsError, parse_chips

from . import calc
from .models import PrizeSettings
from .selectors import satellite_target_choices

# No table pays more places than this (a field of ten thousand entries pays 1,500).
MAX_PLACES = 100_000
# A table of 100,000 places written one line each is about this long.
MAX_TABLE_TEXT = 2_000_000

LINE = re.compile(r"^\s*(?:([0-9]+)\s*(?:-\s*([0-9]+))?\s+)?(\S+)\s*$")


def _limit(value: Decimal | int) -> str:
    return formats.number_format(value, use_l10n=True, force_grouping=True)


class AmountField(forms.CharField):
    """An amount to the cent, written "1234.56" or "1.234,56", between `min_value` and `max_value`."""

    default_error_messages = {
        "invalid": _("Enter an amount, such as 1.234,56."),
        "min_value": _("Enter at least %(limit)s."),
        "max_value": _("Enter at most %(limit)s."),
    }

    def __init__(self, *, min_value: Decimal | None = None, max_value: Decimal = calc.MAX_AMOUNT, **kwargs):
        self.min_value, self.max_value = min_value, max_value
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal"}))
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            amount = calc.parse_amount(text)
        except calc.CalcError as exc:
            if exc.code == "too_large":
                raise forms.ValidationError(self.error_messages["max_value"], code="max_value",
                                            params={"limit": _limit(self.max_value)}) from exc
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
        if amount is None:
            return None
        if self.min_value is not None and amount < self.min_value:
            raise forms.ValidationError(self.error_messages["min_value"], code="min_value",
                                        params={"limit": _limit(self.min_value)})
        if amount > self.max_value:
            raise forms.ValidationError(self.error_messages["max_value"], code="max_value",
                                        params={"limit": _limit(self.max_value)})
        return amount

    def prepare_value(self, value):
        # An unbound form shows the stored Decimal plainly ("1.50"), which reads back as is.
        return "" if value is None else str(value)


class WholeNumberField(forms.CharField):
    """A whole number ("50000", "50.000", "-3") between `min_value` and `max_value`."""

    default_error_messages = {
        "invalid": _("Enter a whole number, such as 12500."),
        "min_value": _("Enter at least %(limit)s."),
        "max_value": _("Enter at most %(limit)s."),
    }

    def __init__(self, *, min_value: int = 0, max_value: int = MAX_CHIPS, **kwargs):
        self.min_value, self.max_value = min_value, max_value
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "numeric"}))
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        negative = text.startswith("-")
        try:
            number = parse_chips(text[1:] if negative else text)
        except ChipsError as exc:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from exc
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        number = -number if negative else number
        if number < self.min_value:
            raise forms.ValidationError(self.error_messages["min_value"], code="min_value",
                                        params={"limit": _limit(self.min_value)})
        if number > self.max_value:
            raise forms.ValidationError(self.error_messages["max_value"], code="max_value",
                                        params={"limit": _limit(self.max_value)})
        return number


def _label(name: str) -> str:
    return PrizeSettings._meta.get_field(name).verbose_name


class PrizeSettingsForm(forms.ModelForm):
    # Bounded by what each column stores; a share of entries paid is at most all of them.
    percent_paid = AmountField(label=_label("percent_paid"), min_value=Decimal("0.01"), max_value=Decimal("100"))
    rounding = AmountField(label=_label("rounding"), min_value=Decimal("0.01"), max_value=Decimal("99999999.99"))
    min_cash_multiple = AmountField(label=_label("min_cash_multiple"), min_value=Decimal("0"),
                                    max_value=Decimal("999.99"))

    class Meta:
        model = PrizeSettings
        fields = ["percent_paid", "rounding", "min_cash_multiple"]


def _place(text: str | None) -> int | None:
    """A place number from the edit box; anything past MAX_PLACES reads as MAX_PLACES + 1."""
    if text is None:
        return None
    return int(text) if len(text) <= len(str(MAX_PLACES)) else MAX_PLACES + 1


def parse_table_text(text: str) -> list[Decimal]:
    """Amounts from the edit box: one line per place or band, "12 1.234,56" or "19-27 900" or just "900".

    A line without places pays the next place. Places must follow on from the line above.
    """
    amounts: list[Decimal] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        match = LINE.match(raw)
        if not match:
            raise forms.ValidationError(_("Line %(n)s is not a place and an amount.") % {"n": number})
        first, last, amount_text = match.groups()
        try:
            amount = calc.parse_amount(amount_text)
        except calc.CalcError as exc:
            if exc.code == "too_large":
                raise forms.ValidationError(
                    _("Line %(n)s: the amount is too large (at most %(limit)s).")
                    % {"n": number, "limit": _limit(calc.MAX_AMOUNT)}
                ) from exc
            raise forms.ValidationError(_("Line %(n)s has no valid amount.") % {"n": number}) from exc
        start = _place(first) or len(amounts) + 1
        end = _place(last) or start
        if start != len(amounts) + 1 or end < start:
            raise forms.ValidationError(
                _("Line %(n)s should start at place %(p)s.") % {"n": number, "p": len(amounts) + 1}
            )
        if end > MAX_PLACES:
            raise forms.ValidationError(
                _("Line %(n)s: a table cannot pay more places than %(limit)s.")
                % {"n": number, "limit": _limit(MAX_PLACES)}
            )
        amounts.extend([amount] * (end - start + 1))
    return amounts


def table_text(amounts: list[Decimal], *, localized: bool = False) -> str:
    """The edit box's text. `localized` writes amounts as the active language does when it uses
    a decimal comma (pt-BR: "28.410,00"); a decimal point stays plain ("28410.00"), because a
    grouped "28,410.00" would not read back."""
    comma = localized and formats.get_format("DECIMAL_SEPARATOR") == ","
    lines = []
    for first, last, amount in calc.group_bands(amounts):
        places = str(first) if first == last else f"{first}-{last}"
        shown = formats.number_format(amount, use_l10n=True, force_grouping=True) if comma else amount
        lines.append(f"{places} {shown}")
    return "\n".join(lines)


class TableEditForm(forms.Form):
    table = forms.CharField(label=_("Places and amounts"), max_length=MAX_TABLE_TEXT,
                            widget=forms.Textarea(attrs={"rows": 14}))

    def clean_table(self) -> list[Decimal]:
        return parse_table_text(self.cleaned_data["table"])


class DealForm(forms.Form):
    """The deal calculator: every live player's chips (and custom amount), what is left to play for."""

    left_to_play = AmountField(label=_("Left to play for"), min_value=Decimal("0"), required=False)
    method = forms.ChoiceField(
        label=_("Agreed method"), required=False,
        choices=[("icm", _("ICM")), ("chip_chop", _("Chip chop")), ("custom", _("Custom amounts"))],
    )
    note = forms.CharField(label=_("Note"), max_length=300, required=False)

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = list(entries)
        for entry in self.entries:
            self.fields[f"chips-{entry.pk}"] = WholeNumberField(label=_("Chips"), min_value=1)
            self.fields[f"amount-{entry.pk}"] = AmountField(label=_("Custom amount"), min_value=Decimal("0"),
                                                            required=False)

    def problems(self) -> list[str]:
        """One sentence per field in error, naming the player where there is one."""
        out = []
        for entry in self.entries:
            if f"chips-{entry.pk}" in self.errors:
                out.append(_("Enter the chips of %(name)s.") % {"name": entry.player.name})
            if f"amount-{entry.pk}" in self.errors:
                out.append(_("Enter the amount of %(name)s.") % {"name": entry.player.name})
        for name in ("left_to_play", "method", "note"):
            for error in self.errors.get(name, []):
                out.append(f"{self.fields[name].label}: {error}")
        return out

    def stacks(self) -> dict[int, int]:
        return {e.pk: self.cleaned_data[f"chips-{e.pk}"] for e in self.entries}

    def amounts(self) -> dict[int, Decimal]:
        """The custom amounts typed in (players left blank are left out)."""
        out = {}
        for entry in self.entries:
            amount = self.cleaned_data.get(f"amount-{entry.pk}")
            if amount is not None:
                out[entry.pk] = amount
        return out


class SatelliteTargetForm(forms.Form):
    """The event a satellite gives seats to (empty: the event pays cash)."""

    target = forms.ModelChoiceField(queryset=None, required=False, label=_("Satellite to"),
                                    empty_label=_("No: the event pays cash"))

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["target"]
        field.queryset = satellite_target_choices(event=event)
        field.label_from_instance = lambda e: f"{e.name} ({formats.date_format(e.date, 'SHORT_DATE_FORMAT')})"
        field.help_text = _("Each seat is worth the target event's buy-in; the rest of the pool is paid in cash "
                            "to the next place.")
