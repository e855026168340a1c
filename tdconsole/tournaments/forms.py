"""Forms of the tournament desk: they parse what staff type; the services decide."""

from __future__ import annotations

import re

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from tdconsole.core.bounds import field_max, fits, whole_number
from tdconsole.core.chips import ChipsError, parse_chips

from .models import Bust, Elimination, Entry, Event, Festival, Player, Structure

BUST_TOKEN = re.compile(r"^([0-9]+)(?::([0-9][0-9.]*))?$")  # a stack may carry thousands points: 4:12.500
SEEN_TOKEN = re.compile(r"^([0-9]+):([0-9]+)$")
# "12 4 by 7" / "12 4 por 7": who knocked the player out follows the word (English or Portuguese).
BY_WORD = re.compile(r"(?:^|\s)(?:by|por)(?:\s|$)", re.IGNORECASE)
NOBODY = "-"
NAME_SEPARATORS = re.compile(r"[,;+&]")
MAX_NAME = 120


class EventForm(forms.ModelForm):
    # The whole-number settings, each bounded by what its column stores.
    INTEGER_SETTINGS = ("starting_stack", "seats_per_table", "max_entries", "late_registration_level")

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
        widgets = {"date": forms.DateInput(attrs={"type": "date", "min": "2000-01-01", "max": "2100-12-31"},
                                           format="%Y-%m-%d")}

    def __init__(self, *args, creating: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.creating = creating
        self.fields["name"].widget.attrs["autofocus"] = True
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Short name used in links; made from the name when left empty.")
        self.fields["late_registration_level"].help_text = _(
            "Late registration and re-entry close at the end of this blind level (breaks not counted)."
        )
        for name in self.INTEGER_SETTINGS:
            # The same bound on every database (SQLite alone would store 64 bits).
            field, top = self.fields[name], field_max(Event, name)
            if field.max_value is None or field.max_value > top:
                field.max_value = top
                field.validators.append(MaxValueValidator(top))
                field.widget.attrs["max"] = top
        if creating:
            self.fields["template"].required = True
        else:
            self.fields["festival"].disabled = True
            self.fields["slug"].disabled = True

    def clean_currency(self) -> str:
        # Codes are upper case ("brl" is BRL); the service refuses a code that is not ISO 4217.
        return (self.cleaned_data.get("currency") or "").strip().upper()

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


# The largest id the database stores (a 64-bit signed integer): beyond it a lookup would fail, not miss.
MAX_ID = field_max(Player, "id")


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("Player name"), max_length=120, required=False,
                           widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off"}))
    nickname = forms.CharField(label=_("Nickname"), max_length=60, required=False)
    document = forms.CharField(label=_("Document number"), max_length=40, required=False)
    player = forms.IntegerField(required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)
    # Staff confirmed a new player although the festival has someone with the same name.
    new_player = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("player") and not (data.get("name") or "").strip() and not self.errors:
            raise forms.ValidationError(_("Type the player's name."))
        return data


def _bust_number(token: str, model, field: str) -> int | None:
    """A table, seat or stack typed in a bust: ASCII digits the field can store, else None."""
    value = whole_number(token)
    return value if value is not None and fits(value, model, field) else None


class PlayerForm(forms.Form):
    """Correct a player's name, nickname, document number, city or country."""

    name = forms.CharField(label=_("Name"), max_length=120)
    nickname = forms.CharField(label=_("Nickname"), max_length=60, required=False)
    document = forms.CharField(label=_("Document number"), max_length=40, required=False)
    city = forms.CharField(label=_("City"), max_length=80, required=False)
    country = forms.CharField(label=_("Country (two-letter code)"), max_length=2, required=False,
                              widget=forms.TextInput(attrs={"size": 3, "autocapitalize": "characters"}))


class PlayerMergeForm(forms.Form):
    """The duplicate player to merge into the one on the page."""

    other = forms.IntegerField(min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)


def parse_bust(text: str) -> tuple[int, list[tuple[int, int | None]]]:
    """Read "12 4" (table 12, seat 4) or "12 4:35000 7:20000" (several seats, with starting stacks).

    Every number is bounded by the field that stores it, so a number no table, seat or
    stack can have is refused here with a message (not by the database).
    """
    tokens = text.replace(",", " ").replace("/", " ").split()
    if len(tokens) < 2 or whole_number(tokens[0]) is None:
        raise forms.ValidationError(_('Type the table and the seat, for example "12 4".'))
    table = _bust_number(tokens[0], Elimination, "table_number")
    if table is None:
        raise forms.ValidationError(_("Table %(table)s is not in play in this event.") % {"table": tokens[0]})
    seats = []
    for token in tokens[1:]:
        match = BUST_TOKEN.match(token)
        if not match:
            raise forms.ValidationError(
                _('"%(token)s" is not a seat: type a seat number, optionally with ":stack".') % {"token": token})
        seat = _bust_number(match.group(1), Entry, "seat")
        if seat is None:
            raise forms.ValidationError(_("Table %(table)s has no seat %(seat)s.")
                                        % {"table": table, "seat": match.group(1)})
        try:
            stack = parse_chips(match.group(2), maximum=field_max(Bust, "starting_stack"))
        except ChipsError:
            raise forms.ValidationError(_("Seat %(seat)s: %(stack)s chips is not a possible stack.")
                                        % {"seat": seat, "stack": match.group(2)}) from None
        seats.append((seat, stack))
    return table, seats


def split_by(text: str) -> tuple[str, str | None]:
    """The bust ("12 4") and what follows "by" or "por" ("7 9", "Ana", "-"); None when nobody is named."""
    text = text or ""
    match = BY_WORD.search(text)
    if match is None:
        return text, None
    return text[:match.start()], text[match.end():]


def parse_eliminators(text: str) -> list[int | str]:
    """Who knocked the player out, as typed after "by": seats ("7", "7 9"), names ("Ana", "Ana, Bia"), a
    mix ("7, Ana"), or "-" for nobody (an empty list). Names are matched against the table by the desk.
    """
    text = (text or "").strip()
    if not text:
        raise forms.ValidationError(_('Type who knocked them out after "by": a seat, a name, or "-" for nobody.'))
    if text == NOBODY:
        return []
    named: list[int | str] = []
    for item in NAME_SEPARATORS.split(text):
        tokens = item.split()
        if NOBODY in tokens:
            raise forms.ValidationError(_('"-" (nobody) goes alone after "by".'))
        if tokens and all(whole_number(t) is not None for t in tokens):
            for token in tokens:
                seat = _bust_number(token, Entry, "seat")
                if seat is None:
                    raise forms.ValidationError(_("There is no seat %(seat)s.") % {"seat": token})
                named.append(seat)
        elif tokens:
            name = " ".join(tokens)
            if len(name) > MAX_NAME:
                raise forms.ValidationError(_("That name is too long to be a player's."))
            named.append(name)
    if not named:
        raise forms.ValidationError(_('Type who knocked them out after "by": a seat, a name, or "-" for nobody.'))
    return named


def parse_seen(text: str) -> dict[int, int] | None:
    """The entries the clerk was shown, "4:1187 7:1203" (seat:entry id), or None when unreadable."""
    seen: dict[int, int] = {}
    for token in (text or "").split():
        match = SEEN_TOKEN.match(token)
        if not match:
            return None
        seat, entry_id = _bust_number(match.group(1), Entry, "seat"), _bust_number(match.group(2), Entry, "id")
        if seat is None or entry_id is None or seat in seen:
            return None
        seen[seat] = entry_id
    return seen or None


def parse_seen_by(text: str) -> list[int] | None:
    """The eliminators the clerk was shown, "1203 1187" (entry ids in the order named) or "-" (nobody, an
    empty list); None when there were none or it is unreadable."""
    tokens = (text or "").split()
    if tokens == [NOBODY]:
        return []
    ids = [_bust_number(t, Entry, "id") for t in tokens]
    if not ids or any(i is None for i in ids):
        return None
    return [i for i in ids if i is not None]


def bust_key(text: str) -> str:
    """The typed bust with spacing evened out ("por" read as "by"): what the confirmation is checked against."""
    bust, by = split_by(text)
    key = " ".join(bust.replace(",", " ").replace("/", " ").split())
    return key if by is None else f"{key} by {' '.join(by.split())}"


class EliminationForm(forms.Form):
    """A bust in two steps: "12 4" Enter shows who sits there; Enter again busts that entry.

    The confirmation carries the text it confirmed and the entries shown (`seen`); the
    bust happens only when the text is unchanged and every seat names its entry, and the
    service refuses it if a seat's player changed meanwhile. Anything else is shown
    back for confirmation.

    "12 4 by 7" (or "por 7") names who knocked the player out, for a bounty: seats of the same table,
    names, or "-" for nobody. The confirmation shows them and carries their entries (`seen_by`), which
    the bust hands to the bounty service as they were shown.
    """

    bust = forms.CharField(
        label=_("Table and seat"), max_length=200,
        help_text=_('"12 4" busts seat 4 of table 12. Several in one hand: "12 4:35000 7:20000" '
                    "(seat:stack at the start of the hand; with a big blind ante, the big blind's after the ante). "
                    'Who knocked them out: "12 4 by 7" (seat 7 of the same table), "12 4 by 7 9" (a split pot), '
                    '"12 4 by Ana", or "12 4 by -" (nobody).'),
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "off",
                                      "data-main-input": True}),
    )
    confirmed = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)
    seen = forms.CharField(required=False, max_length=400, widget=forms.HiddenInput)
    # The eliminators shown ("1203 1187", "-" for nobody), when the bust names them.
    seen_by = forms.CharField(required=False, max_length=400, widget=forms.HiddenInput)

    def clean_bust(self):
        bust, by = split_by(self.cleaned_data["bust"])
        table, seats = parse_bust(bust)
        # None: nobody named; []: "by -", nobody knocked them out; else seats and names in the order typed.
        eliminators = None if by is None else parse_eliminators(by)
        self.cleaned_data["table"] = table
        self.cleaned_data["seats"] = seats
        self.cleaned_data["eliminators"] = eliminators
        return self.cleaned_data["bust"]

    def clean(self):
        data = super().clean()
        data["entry_ids"] = None
        data["eliminator_ids"] = None
        if "seats" not in data:
            return data
        seen = parse_seen(data.get("seen", ""))
        seen_by = parse_seen_by(data.get("seen_by", ""))
        named = data["eliminators"]
        by_seen = (seen_by is None if named is None else seen_by is not None and len(seen_by) == len(named))
        if (seen is not None and data.get("confirmed") and bust_key(data["confirmed"]) == bust_key(data["bust"])
                and set(seen) == {seat for seat, _stack in data["seats"]} and by_seen):
            data["entry_ids"] = seen
            data["eliminator_ids"] = seen_by
        return data


class FlightForm(forms.Form):
    """A new starting flight of a main event: its name and its day."""

    name = forms.CharField(label=_("Flight name"), max_length=120,
                           widget=forms.TextInput(attrs={"placeholder": _("Day 1A"), "autocomplete": "off"}))
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


class FlightSettingsForm(forms.Form):
    """How the flights of a main event play together (see flights.py)."""

    advance_rule = forms.ChoiceField(label=_("Survivors of several flights"), choices=Event.AdvanceRule.choices)
    bagged_may_reenter = forms.BooleanField(label=_("A player who bagged may enter a later flight"), required=False)
    entry_limit_all_flights = forms.IntegerField(
        label=_("Entries per player across all flights"), required=False, min_value=1, max_value=1000,
        help_text=_("Empty: only each flight's own re-entry limit."))
    stop_level = forms.IntegerField(label=_("Every flight stops after level"), required=False, min_value=1,
                                    max_value=field_max(Event, "stop_level"))
    stop_time = forms.TimeField(label=_("Or at"), required=False, widget=forms.TimeInput(attrs={"type": "time"},
                                                                                         format="%H:%M"))
