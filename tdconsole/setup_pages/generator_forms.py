"""The structure generator's forms: they read what the director typed (stacks as "20.000", hours as
"6,5" or "6:30", times as "19:30") into the generator's arguments; the generator decides the rest."""

from __future__ import annotations

from datetime import time
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.core.money import format_number
from tdconsole.tournaments.generator import (
    BIG_BLIND_ANTE,
    MAX_BLIND,
    MAX_CHIPS_IN_PLAY,
    MAX_TARGET_MINUTES,
    TRADITIONAL,
)
from tdconsole.tournaments.generator_text import minutes_between, parse_hours, parse_time_of_day
from tdconsole.tournaments.models import Chip, ChipSet

DEFAULT_CHIPS = "25, 100, 500, 1.000, 5.000"
ANTE_CHOICES = ((BIG_BLIND_ANTE, _("Big blind ante")), (TRADITIONAL, _("Traditional ante")))
MAX_ENTRIES = 100_000
MAX_MINUTES = 240
TEXT = {"autocomplete": "off", "maxlength": "40"}


def _text(label: Any, *, numeric: bool = True, required: bool = True, help_text: Any = "",
          placeholder: str = "") -> forms.CharField:
    attrs = TEXT | {"inputmode": "numeric"} if numeric else dict(TEXT)
    if placeholder:
        attrs["placeholder"] = placeholder
    return forms.CharField(label=label, required=required, max_length=40, strip=True, help_text=help_text,
                           widget=forms.TextInput(attrs=attrs))


def _count(form: forms.Form, name: str, *, least: int, most: int) -> int | None:
    text = form.cleaned_data.get(name) or ""
    try:
        value = parse_chips(text)
    except ChipsError:
        value = None
    if value is None or not least <= value <= most:
        lang = get_language() or "pt-br"
        form.add_error(name, _("Type a whole number from %(least)s to %(most)s.") % {
            "least": format_number(least, lang), "most": format_number(most, lang)})
        return None
    return value


def _time(form: forms.Form, name: str) -> time | None:
    text = form.cleaned_data.get(name) or ""
    if not text:
        return None
    value = parse_time_of_day(text)
    if value is None:
        form.add_error(name, _("Type a time of day such as 19:30."))
    return value


def chip_values(text: str) -> list[int] | None:
    """Chip values typed "25, 100, 500, 1.000" (commas, semicolons or spaces between them, dots grouping
    thousands); None if one is not a chip value."""
    parts = text.replace(";", " ").replace(",", " ").split()
    values = []
    for part in parts:
        try:
            value = parse_chips(part)
        except ChipsError:
            return None
        if value is None or not 1 <= value <= MAX_BLIND // 4:
            return None
        values.append(value)
    return values or None


class GeneratorForm(forms.Form):
    """What a new structure is built for; `generator_arguments()` gives `generate`'s keyword arguments."""

    stack = _text(_("Starting stack"), placeholder="20.000")
    entries = _text(_("Expected entries"), help_text=_("Re-entries included."), placeholder="100")
    level_minutes = _text(_("Minutes a level"), placeholder="20")
    hours = _text(_("Duration (hours)"), numeric=False, required=False, placeholder="6",
                  help_text=_("Such as 6, 6,5 or 6:30. Or give the start and end times."))
    starts_at = _text(_("Starts at"), numeric=False, required=False, placeholder="19:00")
    ends_at = _text(_("Ends at"), numeric=False, required=False, placeholder="02:00")
    chip_set = forms.TypedChoiceField(required=False, label=_("Chip set"), coerce=int, empty_value=None)
    chips = _text(_("Chips"), numeric=False, required=False,
                  help_text=_("The chip values, such as 25, 100, 500, 1.000, 5.000."))
    ante_style = forms.ChoiceField(choices=ANTE_CHOICES, initial=BIG_BLIND_ANTE, label=_("Ante"), required=False)
    break_every = _text(_("Levels between breaks"), required=False,
                        help_text=_("Empty: about every two hours. 0: no breaks."))
    break_minutes = _text(_("Minutes a break"), required=False, help_text=_("Empty: 10 to 20, by level length."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Choices, not a model lookup: whatever is sent is compared with the ids listed, never queried.
        self.fields["chip_set"].choices = [("", _("Chips typed below")),
                                           *ChipSet.objects.order_by("name").values_list("pk", "name")]
        self.fields["stack"].widget.attrs["autofocus"] = True
        self.fields["stack"].widget.attrs["data-main-input"] = True

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        data["stack_value"] = _count(self, "stack", least=1, most=MAX_CHIPS_IN_PLAY)
        data["entries_value"] = _count(self, "entries", least=2, most=MAX_ENTRIES)
        data["minutes_value"] = _count(self, "level_minutes", least=1, most=MAX_MINUTES)
        for name in ("break_every", "break_minutes"):
            data[f"{name}_value"] = _count(self, name, least=0, most=MAX_MINUTES) if data.get(name) else None
        start, end = _time(self, "starts_at"), _time(self, "ends_at")
        data["start"] = start
        if data.get("hours"):
            minutes = parse_hours(data["hours"])
            if not minutes or minutes > MAX_TARGET_MINUTES:
                self.add_error("hours", _("Type the hours such as 6, 6,5 or 6:30."))
            elif data.get("ends_at"):
                self.add_error("ends_at", _("Give the duration or the end time, not both."))
            data["target_minutes"] = minutes
        elif end is not None and start is not None:
            data["target_minutes"] = minutes_between(start, end)
        elif end is not None:
            self.add_error("starts_at", _("Give the start time with the end time."))
        elif not self.has_error("ends_at"):
            self.add_error("hours", _("Give the duration, or the start and end times."))
        chip_set = data.get("chip_set")
        if chip_set is not None:
            data["denominations"] = list(Chip.objects.filter(chip_set_id=chip_set).values_list("value", flat=True))
            if not data["denominations"]:
                self.add_error("chip_set", _("This chip set has no chips yet."))
        else:
            values = chip_values(data.get("chips") or "")
            if values is None:
                self.add_error("chips", _("Type the chip values such as 25, 100, 500, 1.000, 5.000, or choose a "
                                          "chip set."))
            data["denominations"] = values
        return data

    def generator_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "stack": data["stack_value"], "entries": data["entries_value"], "level_minutes": data["minutes_value"],
            "target_minutes": data["target_minutes"], "denominations": data["denominations"],
            "ante_style": data["ante_style"] or BIG_BLIND_ANTE, "break_every": data["break_every_value"],
            "break_minutes": data["break_minutes_value"],
        }


class CreateForm(GeneratorForm):
    """The proposal, again, with the new structure's name."""

    name = forms.CharField(label=_("Name of the structure"), max_length=120, strip=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["stack"].widget.attrs.pop("autofocus", None)
        self.fields["name"].widget.attrs.update({"autofocus": True, "autocomplete": "off"})

    def clean_name(self) -> str:
        name = " ".join((self.cleaned_data.get("name") or "").split())
        if "\x00" in name:
            raise forms.ValidationError(_("The name cannot contain control characters."))
        return name


class RetargetForm(forms.Form):
    """When the event should end (a time of day); before the clock starts, also when it starts and how
    many entries to plan for."""

    ends_at = _text(_("End near"), numeric=False, placeholder="01:30")
    starts_at = _text(_("Starts at"), numeric=False, required=False, placeholder="19:00")
    entries = _text(_("Entries to plan for"), required=False)

    def __init__(self, *args: Any, started: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.started = started
        self.fields["ends_at"].widget.attrs.update({"autofocus": True, "data-main-input": True})
        if started:
            del self.fields["starts_at"]
            del self.fields["entries"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        data["end"] = _time(self, "ends_at")
        if not self.started:
            data["start"] = _time(self, "starts_at")
            if data.get("starts_at") in (None, "") and not self.has_error("starts_at"):
                self.add_error("starts_at", _("Give the time the clock will start."))
            data["entries_value"] = _count(self, "entries", least=2, most=MAX_ENTRIES) if data.get("entries") else None
        return data
