"""The league forms: the settings (name, formula or a preset, participation points, best N) and an event."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from .formula import PRESETS
from .models import League


def preset_choices() -> list[tuple[str, str]]:
    """The presets for the select, labelled in the reader's language (each with its formula)."""
    return [("", _("My own formula"))] + [(p.key, f"{_(p.label)}: {p.formula}") for p in PRESETS]


class PresetSelect(forms.Select):
    """The presets, each option carrying its formula for the page's script to copy into the field."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        chosen = next((p for p in PRESETS if p.key == value), None)
        if chosen is not None:
            option["attrs"]["data-formula"] = chosen.formula
        return option


class LeagueForm(forms.Form):
    """A league's settings. A preset chosen fills the formula in the browser; without JavaScript a preset
    chosen with the formula left empty is taken as the formula."""

    name = forms.CharField(label=_("Name"), max_length=League._meta.get_field("name").max_length)
    preset = forms.ChoiceField(label=_("Preset"), required=False, widget=PresetSelect)
    formula = forms.CharField(
        label=_("Points formula"), required=False, max_length=League._meta.get_field("formula").max_length,
        help_text=_("n entries, p place, b buy-in, k knockouts, r rebuys and add-ons; "
                    "for example 10 * sqrt(n / p)."),
    )
    participation_points = forms.CharField(label=_("Participation points"), required=False, max_length=12,
                                           help_text=_("Added to every result, whatever the place."))
    best_events = forms.IntegerField(label=_("Best events counted"), required=False, min_value=1, max_value=999,
                                     help_text=_("Only each player's best N events count; empty counts them all."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = preset_choices()
        self.fields["preset"].widget.attrs["data-preset-for"] = "id_formula"
        self.fields["preset"].widget.attrs["data-testid"] = "league-preset"
        self.fields["formula"].widget.attrs.update({"data-testid": "league-formula", "autocomplete": "off",
                                                    "spellcheck": "false"})
        self.fields["participation_points"].widget.attrs.update({"inputmode": "decimal", "size": "8"})
        self.fields["best_events"].widget.attrs.update({"size": "4"})

    def clean_participation_points(self) -> Decimal:
        text = (self.cleaned_data.get("participation_points") or "").strip().replace(" ", "").replace("\u00a0", "")
        if "," in text and "." in text:  # "1.000,50" or "1,000.50": the last separator is the decimal one
            grouping = "." if text.rfind(",") > text.rfind(".") else ","
            text = text.replace(grouping, "")
        text = text.replace(",", ".")
        if not text:
            return Decimal("0")
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise forms.ValidationError(_("Type a number of points, such as 2 or 2,5.")) from None
        if not value.is_finite() or value < 0 or value >= Decimal("1000000"):
            raise forms.ValidationError(_("Type a number of points from 0 to 999999."))
        if value != value.quantize(Decimal("0.01")):
            raise forms.ValidationError(_("Participation points have at most two decimals."))
        return value.quantize(Decimal("0.01"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not (data.get("formula") or "").strip():
            chosen = next((p for p in PRESETS if p.key == data.get("preset")), None)
            if chosen is None:
                self.add_error("formula", _("Write a formula, or choose a preset."))
            else:
                data["formula"] = chosen.formula
        return data


class LeagueCreateForm(LeagueForm):
    """A new league: the settings and its address (made from the name when left empty)."""

    slug = forms.SlugField(label=_("Address"), required=False, max_length=50,
                           help_text=_("Letters, digits and dashes; made from the name when left empty."))

    field_order = ["name", "slug", "preset", "formula", "participation_points", "best_events"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("slug") and data.get("name"):
            data["slug"] = slugify(data["name"])[:50] or "league"
        return data


class EventChoiceForm(forms.Form):
    """An event to add or remove, by id."""

    event = forms.IntegerField(min_value=1, max_value=2**31 - 1)
