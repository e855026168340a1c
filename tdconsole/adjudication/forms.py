import re
from dataclasses import replace

from django import forms
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from tdconsole.core.bounds import field_max, fits
from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.rules import HandSpec, spec_from_table
from tdconsole.tournaments.models import Entry, Event, Table

from .models import SavedAdjudication
from .services import CHIPS_MAX

SEAT_LINE = re.compile(r"^\s*(\d{1,2})\s+(.+?)\s+(\d[\d.,]*)\s*$")


def _unreadable(number: int) -> forms.ValidationError:
    return forms.ValidationError(_("Line %(n)s: write “seat name stack”, e.g. “3 Ana 12500”."), params={"n": number})


def chips_field(label, **kwargs) -> forms.IntegerField:
    return forms.IntegerField(label=label, max_value=CHIPS_MAX, **kwargs)


class TableSetupForm(forms.Form):
    """The table as the floor sees it: seats with names and stacks, the button, blinds and ante."""

    seats = forms.CharField(
        label=_("Seats"), widget=forms.Textarea(attrs={"rows": 6, "autofocus": True, "spellcheck": "false"}),
        help_text=_("One line per player: seat name stack, e.g. “3 Ana 12,500”."),
    )
    button = forms.IntegerField(label=_("Button seat"), min_value=1, max_value=10)
    small_blind = chips_field(_("Small blind"), min_value=0,
                              help_text=_("0 when the small blind is missing (dead small blind)."))
    big_blind = chips_field(_("Big blind"), min_value=1)
    ante = chips_field(_("Ante"), min_value=0, initial=0, required=False)
    straddle = chips_field(
        _("Straddle"), min_value=0, required=False,
        help_text=_("Posted by the player left of the big blind (at least three players); empty for none."),
    )
    ante_type = forms.ChoiceField(
        label=_("Ante type"), initial="bba",
        choices=[("bba", _("Big blind ante")), ("everyone", _("Every player antes"))],
    )
    variant = forms.ChoiceField(
        label=_("Game"), initial="NT", choices=[("NT", _("No-limit hold'em")), ("FT", _("Fixed-limit hold'em"))]
    )
    mode = forms.ChoiceField(label=_("Mode"), initial="tournament",
                             choices=[("tournament", _("Tournament")), ("cash", _("Cash game"))])
    smallest_chip = chips_field(_("Smallest chip in play"), min_value=1, initial=1)

    def clean_seats(self) -> list[tuple[int, str, int]]:
        rows: list[tuple[int, str, int]] = []
        for number, line in enumerate(self.cleaned_data["seats"].splitlines(), start=1):
            if not line.strip():
                continue
            match = SEAT_LINE.match(line)
            if not match:
                raise _unreadable(number)
            seat, name = int(match[1]), match[2].strip()
            if not 1 <= seat <= 10:
                raise forms.ValidationError(_("Line %(n)s: seats run from 1 to 10."), params={"n": number})
            try:
                stack = parse_chips(match[3], maximum=CHIPS_MAX)
            except ChipsError as exc:
                if exc.code != "too_large":
                    raise _unreadable(number) from exc
                raise forms.ValidationError(
                    _("Line %(n)s: the stack is more chips than the console can count (at most %(max)s)."),
                    params={"n": number, "max": formats.number_format(CHIPS_MAX, force_grouping=True)},
                ) from exc
            if stack <= 0:
                raise forms.ValidationError(_("Line %(n)s: the stack must be positive."), params={"n": number})
            if any(r[0] == seat for r in rows):
                raise forms.ValidationError(_("Seat %(seat)s appears twice."), params={"seat": seat})
            rows.append((seat, name, stack))
        if len(rows) < 2:
            raise forms.ValidationError(_("A hand needs at least two players."))
        return sorted(rows)

    def clean(self) -> dict:
        data = super().clean()
        rows = data.get("seats")
        button = data.get("button")
        if rows and button is not None and button not in {r[0] for r in rows}:
            self.add_error("button", _("The button must be on an occupied seat."))
        sb, bb = data.get("small_blind"), data.get("big_blind")
        if sb is not None and bb is not None and sb > bb:
            self.add_error("small_blind", _("The small blind cannot be larger than the big blind."))
        straddle = data.get("straddle") or 0
        if straddle:
            if rows and len(rows) < 3:
                self.add_error("straddle", _("A straddle needs at least three players."))
            elif bb is not None and straddle < bb:
                self.add_error("straddle", _("The straddle cannot be smaller than the big blind."))
        return data

    def position_order(self) -> list[tuple[int, str, int]]:
        """Seats from the first left of the button round to the button (heads-up: button first)."""
        rows, button = self.cleaned_data["seats"], self.cleaned_data["button"]
        after = [r for r in rows if r[0] > button] + [r for r in rows if r[0] <= button]
        if len(rows) == 2:
            return [after[-1], after[0]]
        return after

    def to_spec(self) -> HandSpec:
        """The hand as the engine takes it; raises the engine's refusal (PHHError) for a table it cannot deal."""
        ordered = self.position_order()
        data = self.cleaned_data
        spec = spec_from_table(
            stacks=[r[2] for r in ordered], players=[r[1] for r in ordered],
            small_blind=data["small_blind"], big_blind=data["big_blind"], ante=data.get("ante") or 0,
            big_blind_ante=data["ante_type"] == "bba", straddles=[data["straddle"]] if data.get("straddle") else [],
            variant=data["variant"], mode=data["mode"],
            smallest_chip=data["smallest_chip"],
        )
        # The seats travel in the PHH `seats` field, in the players' order (heads-up: big blind first, as
        # spec_from_table turns the two players round).
        seats = [r[0] for r in ordered]
        return replace(spec, seats=tuple(reversed(seats) if len(seats) == 2 else seats))


class LoadForm(forms.Form):
    """A PHH hand history, pasted or uploaded."""

    phh_text = forms.CharField(label=_("Paste a PHH hand history"), required=False,
                               widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}))
    phh_file = forms.FileField(label=_("or upload a .phh file"), required=False)

    def clean(self) -> dict:
        data = super().clean()
        upload = data.get("phh_file")
        if upload:
            try:
                data["phh_text"] = upload.read(200_000).decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        if not (data.get("phh_text") or "").strip():
            raise forms.ValidationError(_("Paste a hand history or choose a file."))
        return data


class SaveForm(forms.Form):
    event = forms.ModelChoiceField(label=_("Event"), queryset=Event.objects.exclude(status="finished"))
    table_number = forms.IntegerField(label=_("Table"), min_value=1, required=False,
                                      max_value=field_max(SavedAdjudication, "table_number"))
    note = forms.CharField(label=_("Note"), required=False, widget=forms.Textarea(attrs={"rows": 2}))


class TableOriginForm(forms.Form):
    """The table of an event a hand was set up from, carried by every form of the page as hidden fields.

    The page keeps no server state: these travel with the hand and are checked again when it is saved.
    `entries` is "seat:entry-id" pairs, e.g. "3:45 7:52".
    """

    origin_event = forms.SlugField(required=False)
    origin_table = forms.IntegerField(required=False, min_value=1, max_value=field_max(Table, "number"))
    origin_entries = forms.CharField(required=False, max_length=400)
    origin_level = forms.IntegerField(required=False, min_value=1,
                                      max_value=field_max(SavedAdjudication, "level_position"))

    def clean_origin_entries(self) -> dict[str, int]:
        pairs: dict[str, int] = {}
        for part in self.cleaned_data["origin_entries"].split():
            seat, _sep, entry = part.partition(":")
            if not (seat.isdigit() and entry.isdigit()) or not 1 <= int(seat) <= 10 or str(int(seat)) in pairs:
                raise forms.ValidationError(_("The players of the table could not be read; open the table again."))
            if not fits(int(entry), Entry, "id"):
                raise forms.ValidationError(_("The players of the table could not be read; open the table again."))
            pairs[str(int(seat))] = int(entry)
        return pairs

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            raise forms.ValidationError(_("The table this hand came from could not be read; open the table again."))
        return data

    def is_from_table(self) -> bool:
        return bool(self.is_bound and self.is_valid() and self.cleaned_data.get("origin_event"))


def origin_entries_text(entries: dict[str, int]) -> str:
    """The hidden field's text for seat -> entry id."""
    return " ".join(f"{seat}:{entry}" for seat, entry in sorted(entries.items(), key=lambda kv: int(kv[0])))
