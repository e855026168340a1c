"""Forms of the tournament desk: they parse what staff type; the services decide."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Event, Festival, Structure

BUST_TOKEN = re.compile(r"^(\d+)(?::(\d+))?$")


class EventForm(forms.ModelForm):
    festival = forms.ModelChoiceField(queryset=Festival.objects.all(), label=_("Festival"))
    template = forms.ModelChoiceField(
        queryset=Structure.objects.filter(is_template=True), label=_("Blind structure template"), required=False,
        help_text=_("The event gets its own copy; choosing another one later replaces the copy before the start."),
    )

    class Meta:
        model = Event
        fields = [
            "festival", "name", "slug", "date", "currency", "buy_in_prize", "buy_in_fee", "starting_stack",
            "seats_per_table", "format", "max_entries", "late_registration_level", "ante_type", "guarantee",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, creating: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.creating = creating
        self.fields["name"].widget.attrs["autofocus"] = True
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Short name used in links; made from the name when left empty.")
        self.fields["late_registration_level"].help_text = _(
            "Late registration and re-entry close at the end of this blind level (breaks not counted)."
        )
        if creating:
            self.fields["template"].required = True
        else:
            self.fields["festival"].disabled = True
            self.fields["slug"].disabled = True

    def clean(self):
        data = super().clean()
        if data.get("format") == Event.Format.FREEZEOUT:
            data["max_entries"] = 1
            self.instance.max_entries = 1
        return data

    def _post_clean(self):
        # Keep a freezeout at one entry before the model's constraints are checked.
        if self.cleaned_data.get("format") == Event.Format.FREEZEOUT:
            self.cleaned_data["max_entries"] = 1
        super()._post_clean()

    def service_fields(self) -> dict:
        fields = {k: self.cleaned_data.get(k) for k in self.Meta.fields if k not in ("festival",)}
        if not self.creating:
            fields.pop("slug", None)
        return fields


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("Player name"), max_length=120, required=False,
                           widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off"}))
    nickname = forms.CharField(label=_("Nickname"), max_length=60, required=False)
    document = forms.CharField(label=_("Document number"), max_length=40, required=False)
    player = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Type the player's name."))
        return data


def parse_bust(text: str) -> tuple[int, list[tuple[int, int | None]]]:
    """Read "12 4" (table 12, seat 4) or "12 4:35000 7:20000" (several seats, with starting stacks)."""
    tokens = text.replace(",", " ").replace("/", " ").split()
    if len(tokens) < 2 or not tokens[0].isdigit():
        raise forms.ValidationError(_('Type the table and the seat, for example "12 4".'))
    seats = []
    for token in tokens[1:]:
        match = BUST_TOKEN.match(token)
        if not match:
            raise forms.ValidationError(
                _('"%(token)s" is not a seat: type a seat number, optionally with ":stack".') % {"token": token})
        seats.append((int(match.group(1)), int(match.group(2)) if match.group(2) else None))
    return int(tokens[0]), seats


class EliminationForm(forms.Form):
    bust = forms.CharField(
        label=_("Table and seat"), max_length=200,
        help_text=_('"12 4" busts seat 4 of table 12. Several in one hand: "12 4:35000 7:20000" '
                    "(seat:stack at the start of the hand)."),
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off",
                                      "data-main-input": True}),
    )

    def clean_bust(self):
        table, seats = parse_bust(self.cleaned_data["bust"])
        self.cleaned_data["table"] = table
        self.cleaned_data["seats"] = seats
        return self.cleaned_data["bust"]
