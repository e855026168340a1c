"""The money rules form: every `MoneyRules` field, grouped as the director thinks of them.

The form only reads what was typed (amounts as "50,00" or "50.00", chips as "20.000" or "20000"); the rules
are checked by `cashier.rules.money_rules_set`, whose messages the page shows.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS

GROUPS: tuple[tuple[Any, tuple[str, ...]], ...] = (
    (_("Rebuys"), ("rebuy_until_level", "rebuy_condition", "max_rebuys", "double_rebuy", "rebuy_prize", "rebuy_fee",
                   "rebuy_chips")),
    (_("Add-on"), ("addon_break_after_level", "max_addons", "addon_prize", "addon_fee", "addon_chips")),
    (_("Staff add-on"), ("staff_addon_price", "staff_addon_chips")),
    (_("Bonus chips"), ("bonus_chips", "bonus_until_level")),
    (_("Bounty"), ("bounty_kind", "bounty", "rebuy_bounty", "pko_cash_percent", "bounty_unit", "bounty_split")),
    (_("Staff share"), ("staff_percent",)),
)
# Thousands separated by dots, commas or spaces: 20.000, 1,000,000, 20 000.
_GROUPED = re.compile(r"\d{1,3}(?:[.,\s]\d{3})+")


def typed_amount(text: str) -> str:
    """An amount as typed in either language ("1.234,50", "1,234.50", "50,5") in the form `Decimal` reads;
    what is not an amount goes on as typed (the rules check refuses it with the field named)."""
    text = text.strip().replace("\u00a0", "").replace(" ", "")
    if "," in text and "." in text:
        # The last separator is the decimal one.
        if text.rfind(",") > text.rfind("."):
            text = text.replace(".", "").replace(",", ".")
        else:
            text = text.replace(",", "")
    elif "," in text:
        text = text.replace(",", ".")
    return text


def typed_whole(text: str) -> str:
    """A whole number typed with thousands separators ("20.000") as digits; anything else as typed."""
    text = text.strip()
    if _GROUPED.fullmatch(text):
        return re.sub(r"[.,\s]", "", text)
    return text


class MoneyRulesForm(forms.Form):
    """Every money rule; `values()` gives what `money_rules_set` takes."""

    def __init__(self, *args: Any, rules: MoneyRules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in RULE_FIELDS:
            field = MoneyRules._meta.get_field(name)
            label = str(field.verbose_name)
            label = label[:1].upper() + label[1:]
            value = getattr(rules, name)
            if isinstance(field, models.BooleanField):
                self.fields[name] = forms.BooleanField(label=label, required=False, initial=value)
            elif field.choices:
                self.fields[name] = forms.ChoiceField(label=label, choices=field.choices, initial=value)
            else:
                initial = "" if value is None else str(value)
                attrs = {"inputmode": "decimal" if isinstance(field, models.DecimalField) else "numeric",
                         "autocomplete": "off", "maxlength": "24"}
                self.fields[name] = forms.CharField(label=label, required=False, initial=initial, max_length=24,
                                                    strip=True, widget=forms.TextInput(attrs=attrs),
                                                    help_text=field.help_text)

    def groups(self) -> list[tuple[Any, list[forms.BoundField]]]:
        return [(title, [self[name] for name in names]) for title, names in GROUPS]

    def values(self) -> dict[str, Any]:
        """What was typed, as the rules service reads it (call after `is_valid()`)."""
        out: dict[str, Any] = {}
        for name in RULE_FIELDS:
            value = self.cleaned_data.get(name)
            field = MoneyRules._meta.get_field(name)
            if isinstance(value, str) and not field.choices:
                value = typed_amount(value) if isinstance(field, models.DecimalField) else typed_whole(value)
            out[name] = value
        return out
