"""Forms of the prize desk; the services do the checking that matters."""

import re
from decimal import Decimal

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from . import calc
from .models import PrizeSettings

LINE = re.compile(r"^\s*(?:(\d+)\s*(?:-\s*(\d+))?\s+)?(\S+)\s*$")


class PrizeSettingsForm(forms.ModelForm):
    class Meta:
        model = PrizeSettings
        fields = ["percent_paid", "rounding", "min_cash_multiple", "addon_prize", "addon_chips"]


class AddonsForm(forms.Form):
    count = forms.IntegerField(label=_("Add-ons sold (negative to correct)"), min_value=-1000, max_value=10000)


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
            amount = calc.parse_amounts([amount_text])[0]
        except (calc.CalcError, IndexError) as exc:
            raise forms.ValidationError(_("Line %(n)s has no valid amount.") % {"n": number}) from exc
        start = int(first) if first else len(amounts) + 1
        end = int(last) if last else start
        if start != len(amounts) + 1 or end < start:
            raise forms.ValidationError(
                _("Line %(n)s should start at place %(p)s.") % {"n": number, "p": len(amounts) + 1}
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
    table = forms.CharField(label=_("Places and amounts"), widget=forms.Textarea(attrs={"rows": 14}))

    def clean_table(self) -> list[Decimal]:
        return parse_table_text(self.cleaned_data["table"])


class DealForm(forms.Form):
    left_to_play = forms.DecimalField(label=_("Left to play for"), min_value=0, decimal_places=2, required=False)
    method = forms.ChoiceField(
        label=_("Agreed method"), required=False,
        choices=[("icm", _("ICM")), ("chip_chop", _("Chip chop")), ("custom", _("Custom amounts"))],
    )
    note = forms.CharField(label=_("Note"), max_length=300, required=False)
