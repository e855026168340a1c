"""The forms of the structure pages: the editor's rows as typed, and the small forms around them.

The editor is one HTML form whose rows are indexed fields (`r3-big_blind`). What staff typed is kept
as typed (text), so a page sent back with problems shows it unchanged; each cell is read as chips
(`tdconsole.core.chips`: "1.000", "1,000" and "1000" alike) and bounded by its column.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tdconsole.core.bounds import whole_number
from tdconsole.core.chips import ChipsError, parse_chips
from tdconsole.tournaments.models import Structure
from tdconsole.tournaments.structure_edit import (
    DESCRIPTION_MAX,
    MAX_ROWS,
    NAME_MAX,
    level_field_max,
    next_break_suggestion,
    next_level_suggestion,
)
from tdconsole.tournaments.structure_io import MAX_FILE_BYTES
from tdconsole.tournaments.structures import BREAK, LEVEL, LevelSpec

LEVEL_CELLS = ("small_blind", "big_blind", "ante", "minutes")
BREAK_CELLS = ("minutes", "color_up")
# A row operation: add a level or a break (after row N when given), remove or move row N (0-based).
OPERATION = re.compile(r"(?P<verb>add-level|add-break|remove|up|down)(?::(?P<row>[0-9]{1,4}))?")
SAVE = "save"


@dataclass
class EditorRow:
    """One row of the editor: its kind, each cell as typed, and what is wrong with it."""

    kind: str
    cells: dict[str, str]
    locked: bool = False
    errors: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def is_break(self) -> bool:
        return self.kind == BREAK

    @classmethod
    def of(cls, spec: LevelSpec, locked: bool = False) -> EditorRow:
        cells = {"minutes": str(spec.minutes)}
        if spec.is_break:
            cells["color_up"] = "" if spec.color_up is None else str(spec.color_up)
        else:
            cells |= {"small_blind": str(spec.small_blind), "big_blind": str(spec.big_blind), "ante": str(spec.ante)}
        return cls(kind=spec.kind, cells=cells, locked=locked)

    def read(self) -> LevelSpec | None:
        """The row as a LevelSpec, or None when a cell is not a number (the reason in `errors`)."""
        values: dict[str, int | None] = {}
        for name in BREAK_CELLS if self.is_break else LEVEL_CELLS:
            text = self.cells.get(name, "")
            try:
                values[name] = parse_chips(text, maximum=level_field_max(name))
            except ChipsError as exc:
                self.errors[name] = (_("Too large.") if exc.code == "too_large"
                                     else _("Type a whole number, such as 1000 or 1.000."))
        if self.errors:
            return None
        if self.is_break:
            return LevelSpec(kind=BREAK, minutes=values["minutes"] or 0, color_up=values.get("color_up"))
        return LevelSpec(kind=LEVEL, minutes=values["minutes"] or 0, small_blind=values["small_blind"] or 0,
                         big_blind=values["big_blind"] or 0, ante=values["ante"] or 0)


class EditorRows:
    """The rows of the editor: the locked ones (levels already played) first, then the editable ones."""

    def __init__(self, rows: list[EditorRow], *, notice: str = "") -> None:
        self.rows = rows
        self.notice = notice  # a row operation that could not be done, said why
        self.problems: list[str] = []  # the whole structure's problems (beside no row)
        self.focus: int | None = None  # the row the cursor goes to after an operation

    @classmethod
    def of_specs(cls, specs: Sequence[LevelSpec], locked: int = 0) -> EditorRows:
        return cls([EditorRow.of(spec, locked=i < locked) for i, spec in enumerate(specs)])

    @classmethod
    def from_post(cls, data: Mapping[str, str], *, stored: Sequence[LevelSpec], locked: int) -> EditorRows:
        """The rows as sent: the first `locked` from the database (they are not sent), then the form's.

        `data["locked"]` says how many rows were locked when the page was drawn: if the clock has moved
        on since, the rows between are the form's, and the service refuses them if they changed.
        """
        drawn_locked = min(whole_number(data.get("locked")) or 0, len(stored), locked)
        total = min(whole_number(data.get("rows")) or 0, MAX_ROWS)
        rows = [EditorRow.of(spec, locked=i < locked) for i, spec in enumerate(stored[:drawn_locked])]
        for i in range(drawn_locked, max(total, drawn_locked)):
            kind = BREAK if data.get(f"r{i}-kind") == BREAK else LEVEL
            names = BREAK_CELLS if kind == BREAK else LEVEL_CELLS
            cells = {name: (data.get(f"r{i}-{name}") or "").strip()[:40] for name in names}
            rows.append(EditorRow(kind=kind, cells=cells, locked=i < locked))
        return cls(rows)

    @property
    def problem_count(self) -> int:
        """How many problems the page shows: the whole structure's, each row's, each cell's."""
        return len(self.problems) + sum(len(row.problems) + len(row.errors) for row in self.rows)

    @property
    def locked(self) -> int:
        return sum(1 for row in self.rows if row.locked)

    def specs(self) -> list[LevelSpec] | None:
        """Every row read; None when a cell is not a number (each row's `errors` say which)."""
        specs = [row.read() for row in self.rows]
        if any(spec is None for spec in specs):
            return None
        return specs  # type: ignore[return-value]

    def readable_specs(self, upto: int | None = None) -> list[LevelSpec]:
        """The rows before `upto` that read as numbers (for suggestions; the others are left out)."""
        out = []
        for row in self.rows[:upto]:
            saved = dict(row.errors)
            spec = row.read()
            row.errors = saved
            if spec is not None:
                out.append(spec)
        return out

    def apply(self, op: str, after: str | None, denominations: Sequence[int] | None) -> None:
        """Carry out a row operation on the rows as typed (nothing is saved)."""
        match = OPERATION.fullmatch(op)
        if match is None:
            raise ValueError(op)
        verb = match["verb"]
        row = int(match["row"]) if match["row"] is not None else None
        if verb in ("add-level", "add-break"):
            at = whole_number(after) if after else None
            position = len(self.rows) if at is None or at >= len(self.rows) else at + 1
            position = max(position, self.locked)
            if len(self.rows) >= MAX_ROWS:
                self.notice = _("A structure has at most %(max)d rows.") % {"max": MAX_ROWS}
                return
            before = self.readable_specs(position)
            spec = (next_level_suggestion(before, denominations) if verb == "add-level"
                    else next_break_suggestion(before))
            self.rows.insert(position, EditorRow.of(spec))
            self.focus = position
            return
        if row is None or row >= len(self.rows):
            self.notice = _("That row is no longer there.")
            return
        if self.rows[row].locked:
            self.notice = _("That level has started: it stays where it is.")
            return
        if verb == "remove":
            del self.rows[row]
            self.focus = min(row, len(self.rows) - 1) if self.rows else None
            return
        target = row - 1 if verb == "up" else row + 1
        if target < 0 or target >= len(self.rows) or self.rows[target].locked:
            self.notice = (_("The levels before it have started: it cannot move above them.")
                           if 0 <= target < len(self.rows) else _("It is already at that end."))
            self.focus = row
            return
        self.rows[row], self.rows[target] = self.rows[target], self.rows[row]
        self.focus = target

    def place_problems(self, general: list[str], by_row: Mapping[int, list[str]]) -> None:
        """Put each problem beside its row (`by_row` counts rows from 1)."""
        self.problems = list(general)
        for number, messages in by_row.items():
            if 1 <= number <= len(self.rows):
                self.rows[number - 1].problems = list(messages)
            else:
                self.problems += list(messages)


class StructureNameForm(forms.Form):
    """A name and a description: a new structure, or a copy of one."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_MAX)
    description = forms.CharField(label=gettext_lazy("Description"), max_length=DESCRIPTION_MAX, required=False)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Give the structure a name."))
        return name


class StructureNewForm(StructureNameForm):
    source = forms.ModelChoiceField(
        label=gettext_lazy("Start from"), required=False, queryset=Structure.objects.filter(is_template=True),
        empty_label=gettext_lazy("One level (100/200) to build on"),
    )


class StructureFileForm(forms.Form):
    """An uploaded structure file; a name for a new structure (the file's own when left empty)."""

    # An empty file is the reader's to refuse, with the words it uses for every unusable file.
    file = forms.FileField(label=gettext_lazy("File (JSON or CSV)"), allow_empty_file=True)
    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_MAX, required=False)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(kb)d KB: a blind structure is a few kilobytes.")
                % {"kb": MAX_FILE_BYTES // 1024})
        return upload

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())
