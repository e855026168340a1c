"""Forms of the chip-set pages: they read what the director typed; the chip-set services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tdconsole.core.bounds import field_max, whole_number
from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.tournaments.chipsets import COLOUR_MAX, NAME_MAX
from tdconsole.tournaments.models import Chip, ChipSet, Venue

CHIP_MAX = field_max(Chip, "value")


class ChipValueField(forms.CharField):
    """A chip's value as staff type it ("1.000", "1,000" or "1000"), 1 up to what the column stores."""

    def to_python(self, value):
        text = super().to_python(value)
        if not text:
            return None
        try:
            number = parse_chips(text, maximum=CHIP_MAX)
        except ChipsError as exc:
            if exc.code == "too_large":
                raise forms.ValidationError(_("At most %(top)s.") % {"top": CHIP_MAX}) from exc
            raise forms.ValidationError(_("Type the chip's value in whole chips, like 25 or 1.000.")) from exc
        if not number:
            raise forms.ValidationError(_("A chip is worth at least 1."))
        return number


class ChipSetForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX,
                           widget=forms.TextInput(attrs={"autocomplete": "off"}))
    venue = forms.ModelChoiceField(queryset=Venue.objects.all(), label=_("Venue"), required=False,
                                   empty_label=_("Any venue"))


class ChipForm(forms.Form):
    value = ChipValueField(label=_("Value"),
                           widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off",
                                                         "maxlength": 24, "size": 8}))
    colour = forms.CharField(label=_("Colour"), max_length=COLOUR_MAX,
                             widget=forms.TextInput(attrs={"autocomplete": "off", "size": 12}),
                             help_text=_("As the room calls it: green, black, purple..."))
    # A browser's colour picker sends #rrggbb; the service checks it whatever sent it.
    colour_hex = forms.CharField(label=_("Swatch"), max_length=7, initial="#888888",
                                 widget=forms.TextInput(attrs={"type": "color"}))


class EventChipSetForm(forms.Form):
    chip_set = forms.ModelChoiceField(queryset=ChipSet.objects.all(), label=_("Chip set"), required=False,
                                      empty_label=_("No chip set"))


def number_param(text: str | None, *, top: int) -> int | None:
    """A whole number from a query string (ASCII digits, at most `top`), or None."""
    value = whole_number(text)
    if value is None or value > top:
        return None
    return value
