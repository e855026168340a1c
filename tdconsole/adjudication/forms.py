import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tdconsole.rules import PHHError, spec_from_table
from tdconsole.tournaments.models import Event

SEAT_LINE = re.compile(r"^\s*(\d{1,2})\s+(.+?)\s+(\d[\d.,]*)\s*$")


def _chips(text: str) -> int:
    return int(text.replace(".", "").replace(",", ""))


class TableSetupForm(forms.Form):
    """The table as the floor sees it: seats with names and stacks, the button, blinds and ante."""

    seats = forms.CharField(
        label=_("Seats"), widget=forms.Textarea(attrs={"rows": 6, "autofocus": True, "spellcheck": "false"}),
        help_text=_("One line per player: seat name stack, e.g. “3 Ana 12,500”."),
    )
    button = forms.IntegerField(label=_("Button seat"), min_value=1, max_value=10)
    small_blind = forms.IntegerField(label=_("Small blind"), min_value=0)
    big_blind = forms.IntegerField(label=_("Big blind"), min_value=1)
    ante = forms.IntegerField(label=_("Ante"), min_value=0, initial=0, required=False)
    ante_type = forms.ChoiceField(
        label=_("Ante type"), initial="bba",
        choices=[("bba", _("Big blind ante")), ("everyone", _("Every player antes"))],
    )
    variant = forms.ChoiceField(
        label=_("Game"), initial="NT", choices=[("NT", _("No-limit hold'em")), ("FT", _("Fixed-limit hold'em"))]
    )
    mode = forms.ChoiceField(label=_("Mode"), initial="tournament",
                             choices=[("tournament", _("Tournament")), ("cash", _("Cash game"))])
    smallest_chip = forms.IntegerField(label=_("Smallest chip in play"), min_value=1, initial=1)

    def clean_seats(self) -> list[tuple[int, str, int]]:
        rows: list[tuple[int, str, int]] = []
        for number, line in enumerate(self.cleaned_data["seats"].splitlines(), start=1):
            if not line.strip():
                continue
            match = SEAT_LINE.match(line)
            if not match:
                raise forms.ValidationError(
                    _("Line %(n)s: write “seat name stack”, e.g. “3 Ana 12500”."), params={"n": number}
                )
            seat, name, stack = int(match[1]), match[2].strip(), _chips(match[3])
            if not 1 <= seat <= 10:
                raise forms.ValidationError(_("Line %(n)s: seats run from 1 to 10."), params={"n": number})
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
        return data

    def position_order(self) -> list[tuple[int, str, int]]:
        """Seats from the first left of the button round to the button (heads-up: button first)."""
        rows, button = self.cleaned_data["seats"], self.cleaned_data["button"]
        after = [r for r in rows if r[0] > button] + [r for r in rows if r[0] <= button]
        if len(rows) == 2:
            return [after[-1], after[0]]
        return after

    def to_spec(self):
        ordered = self.position_order()
        data = self.cleaned_data
        try:
            return spec_from_table(
                stacks=[r[2] for r in ordered], players=[f"{r[1]} (#{r[0]})" for r in ordered],
                small_blind=data["small_blind"], big_blind=data["big_blind"], ante=data.get("ante") or 0,
                big_blind_ante=data["ante_type"] == "bba", variant=data["variant"], mode=data["mode"],
                smallest_chip=data["smallest_chip"],
            )
        except PHHError as exc:
            raise forms.ValidationError(str(exc)) from exc


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
    table_number = forms.IntegerField(label=_("Table"), min_value=1, required=False)
    note = forms.CharField(label=_("Note"), required=False, widget=forms.Textarea(attrs={"rows": 2}))
