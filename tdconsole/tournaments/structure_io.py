"""Blind structures as files, both ways: JSON (the shape of fixtures/structures/*.json) and CSV.

Writing gives the text of a file. Reading takes the bytes of an uploaded file and gives its rows, or
raises `StructureFileError` with every problem found, each with where it is: the line of a CSV file
(its header is line 1), the index in a JSON file's "levels" list (from 0, as a JSON reader counts).
Nothing here touches the database: the caller saves the rows through a service.

A CSV file has the header `kind,small_blind,big_blind,ante,minutes,color_up` (any order; `ante` and
`color_up` may be left out; other columns are ignored), with commas, semicolons (as a spreadsheet
set to Portuguese writes them) or tabs between the cells. Numbers are whole chips, grouped by
thousands or not ("1.000", "1,000", "1000"); a kind is `level` or `break` (also "nível" and
"intervalo").
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tdconsole.core.chips import ChipsError, parse_chips

from .exceptions import StructureError
from .structure_edit import DESCRIPTION_MAX, MAX_ROWS, NAME_MAX, level_field_max, row_problems
from .structures import BREAK, LEVEL, LevelSpec

CSV_COLUMNS = ("kind", "small_blind", "big_blind", "ante", "minutes", "color_up")
CSV_REQUIRED = ("kind", "small_blind", "big_blind", "minutes")
NUMBER_COLUMNS = ("small_blind", "big_blind", "ante", "minutes", "color_up")
# An uploaded structure is a few kilobytes (the longest shipped template is 4 KB as JSON).
MAX_FILE_BYTES = 256 * 1024
# Problems listed at most; past them, how many more there are.
MAX_PROBLEMS = 30
KINDS = {
    "level": LEVEL, "nivel": LEVEL, "nível": LEVEL,
    "break": BREAK, "intervalo": BREAK, "pausa": BREAK,
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (a line or an index, "" for the whole file) and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class StructureFileError(StructureError):
    """An uploaded structure file cannot be read or used; `problems` says where and why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        shown = [str(p) for p in self.problems[:MAX_PROBLEMS]]
        if len(self.problems) > MAX_PROBLEMS:
            shown.append(_("…and %(n)d more problems.") % {"n": len(self.problems) - MAX_PROBLEMS})
        super().__init__(" ".join(shown))
        self.shown = shown


@dataclass(frozen=True)
class StructureFile:
    """What a structure file holds: its rows, and a name and description when it gives them."""

    specs: list[LevelSpec]
    name: str = ""
    description: str = ""
    format: str = "json"
    where: list[str] = field(default_factory=list)  # each row's place in the file, for messages


# --- writing ----------------------------------------------------------------------------------------


def _level_dict(spec: LevelSpec) -> dict[str, Any]:
    if spec.is_break:
        row: dict[str, Any] = {"kind": BREAK, "minutes": spec.minutes}
        if spec.color_up is not None:
            row["color_up"] = spec.color_up
        return row
    return {"kind": LEVEL, "small_blind": spec.small_blind, "big_blind": spec.big_blind, "ante": spec.ante,
            "minutes": spec.minutes}


def structure_json(*, name: str, slug: str, description: str, specs: Iterable[LevelSpec],
                   starting_stack: int | None = None) -> str:
    """The structure as JSON, in the shape of the shipped templates (fixtures/structures/*.json)."""
    data: dict[str, Any] = {"slug": slug, "name": name, "description": description}
    if starting_stack is not None:
        data["starting_stack"] = starting_stack
    data["levels"] = [_level_dict(spec) for spec in specs]
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def structure_csv(specs: Iterable[LevelSpec]) -> str:
    """The structure as CSV: a header, then one line per level or break (a break's blinds left empty)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for spec in specs:
        if spec.is_break:
            writer.writerow([BREAK, "", "", "", spec.minutes, "" if spec.color_up is None else spec.color_up])
        else:
            writer.writerow([LEVEL, spec.small_blind, spec.big_blind, spec.ante, spec.minutes, ""])
    return out.getvalue()


# --- reading ----------------------------------------------------------------------------------------


def _spec(kind: str, values: dict[str, int | None]) -> LevelSpec:
    """A row read from a file, its empty numbers 0 (the colour-up stays None)."""
    return LevelSpec(kind=kind, minutes=values["minutes"] or 0, small_blind=values["small_blind"] or 0,
                     big_blind=values["big_blind"] or 0, ante=values["ante"] or 0, color_up=values["color_up"])


def _decode(data: bytes) -> str:
    """The file's text: UTF-8 (a byte order mark allowed), no NUL; refused whole otherwise."""
    if len(data) > MAX_FILE_BYTES:
        raise StructureFileError([Problem("", _("The file is larger than %(kb)d KB: a blind structure is a few "
                                                "kilobytes.") % {"kb": MAX_FILE_BYTES // 1024})])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise StructureFileError([Problem(_("Line %(line)d") % {"line": line},
                                          _("the file is not UTF-8 text (save it as UTF-8 and send it again)."))]
                                  ) from None
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise StructureFileError([Problem(_("Line %(line)d") % {"line": line},
                                          _("the file holds a NUL character: it is not a text file."))])
    if not text.strip():
        raise StructureFileError([Problem("", _("The file is empty."))])
    return text


def structure_file_read(data: bytes, filename: str = "") -> StructureFile:
    """Read an uploaded structure file (JSON or CSV, told by its name, else by its first character)."""
    text = _decode(data)
    lower = filename.lower()
    if lower.endswith(".json"):
        is_json = True
    elif lower.endswith((".csv", ".txt", ".tsv")):
        is_json = False
    else:
        is_json = text.lstrip()[:1] in ("{", "[")
    parsed = _json_read(text) if is_json else _csv_read(text)
    _check(parsed)
    return parsed


def _check(parsed: StructureFile) -> None:
    """Validate the rows as a whole; each problem placed at its row's line or index."""
    if not parsed.specs:
        raise StructureFileError([Problem("", _("The file has no levels."))])
    general, by_row = row_problems(parsed.specs)
    problems = [Problem("", message) for message in general]
    for row, messages in sorted(by_row.items()):
        problems += [Problem(parsed.where[row - 1], message) for message in messages]
    if problems:
        raise StructureFileError(problems)


def _number(text: str, column: str) -> int:
    """A whole number of the file, bounded by the column it goes to; ValueError with the reason."""
    try:
        value = parse_chips(text, maximum=level_field_max(column))
    except ChipsError as exc:
        if exc.code == "too_large":
            raise ValueError(_("%(column)s is larger than a structure can hold.") % {"column": column}) from None
        raise ValueError(_("%(column)s is not a whole number: %(text)s") % {"column": column, "text": text[:20]}
                         ) from None
    return 0 if value is None else value


def _kind(value: Any) -> str | None:
    if value is None or value == "":
        return LEVEL
    if not isinstance(value, str):
        return None
    return KINDS.get(value.strip().lower())


def _too_many(count: int) -> StructureFileError:
    return StructureFileError([Problem("", _("The file has %(count)d rows: a structure has at most %(max)d.")
                                       % {"count": count, "max": MAX_ROWS})])


def _csv_read(text: str) -> StructureFile:
    lines = text.splitlines()
    header_line = next((line for line in lines if line.strip()), "")
    delimiter = max((",", ";", "\t"), key=header_line.count)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise StructureFileError([Problem("", _("The file is not CSV that can be read: %(reason)s")
                                          % {"reason": str(exc)[:100]})]) from None
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(cell.strip() for cell in row)]
    if not numbered:
        raise StructureFileError([Problem("", _("The file is empty."))])
    header_number, header = numbered[0]
    columns = [cell.strip().lower().lstrip("\ufeff") for cell in header]
    missing = [name for name in CSV_REQUIRED if name not in columns]
    if missing:
        raise StructureFileError([Problem(
            _("Line %(line)d") % {"line": header_number},
            _("the header lacks the columns %(missing)s (expected %(expected)s).")
            % {"missing": ", ".join(missing), "expected": ",".join(CSV_COLUMNS)})])
    body = numbered[1:]
    if len(body) > MAX_ROWS:
        raise _too_many(len(body))
    index = {name: columns.index(name) for name in CSV_COLUMNS if name in columns}
    specs: list[LevelSpec] = []
    where: list[str] = []
    problems: list[Problem] = []
    for number, row in body:
        place = _("Line %(line)d") % {"line": number}
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns):]):
            problems.append(Problem(place, _("more cells than the header has columns.")))
            continue
        cells = {name: (row[i].strip() if i < len(row) else "") for name, i in index.items()}
        kind = _kind(cells["kind"])
        if kind is None:
            problems.append(Problem(place, _("the kind must be level or break, not %(kind)s.")
                                    % {"kind": cells["kind"][:20]}))
            continue
        values: dict[str, int | None] = {}
        bad = False
        for column in NUMBER_COLUMNS:
            text_value = cells.get(column, "")
            if column == "color_up" and not text_value:
                values[column] = None
                continue
            try:
                values[column] = _number(text_value, column)
            except ValueError as exc:
                problems.append(Problem(place, str(exc)))
                bad = True
        if bad:
            continue
        specs.append(_spec(kind, values))
        where.append(place)
    if problems:
        raise StructureFileError(problems)
    return StructureFile(specs=specs, format="csv", where=where)


class _Constant(ValueError):
    """NaN or Infinity in a JSON file (Python's reader takes them; no structure can hold them)."""


def _no_constant(name: str) -> Any:
    raise _Constant(name)


def _json_number(value: Any, column: str) -> int | None:
    """A JSON value as a whole number of `column`; ValueError with the reason."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(_("%(column)s must be a whole number, not true or false.") % {"column": column})
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise ValueError(_("%(column)s must be a whole number.") % {"column": column})
        value = int(value)
    if isinstance(value, str):
        return _number(value, column)
    if not isinstance(value, int):
        raise ValueError(_("%(column)s must be a whole number.") % {"column": column})
    if value < 0:
        raise ValueError(_("%(column)s cannot be negative.") % {"column": column})
    if value > level_field_max(column):
        raise ValueError(_("%(column)s is larger than a structure can hold.") % {"column": column})
    return value


def _json_text(data: dict, key: str, limit: int) -> str:
    value = data.get(key)
    return " ".join(value.split())[:limit] if isinstance(value, str) else ""


def _json_read(text: str) -> StructureFile:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise StructureFileError([Problem(_("Line %(line)d") % {"line": exc.lineno},
                                          _("not valid JSON (%(reason)s, column %(column)d).")
                                          % {"reason": exc.msg, "column": exc.colno})]) from None
    except _Constant as exc:
        raise StructureFileError([Problem("", _("The file holds %(name)s, which is not a number a structure can "
                                                "hold.") % {"name": str(exc)[:20]})]) from None
    except (ValueError, RecursionError):
        # A number of thousands of digits (Python refuses to convert it), or nesting too deep to read.
        raise StructureFileError([Problem("", _("The file holds a number too long or lists nested too deep "
                                                "to be read."))]) from None
    if isinstance(data, list):
        data = {"levels": data}
    if not isinstance(data, dict) or not isinstance(data.get("levels"), list):
        raise StructureFileError([Problem("", _('The JSON file must hold an object with a "levels" list, as an '
                                                'exported structure does.'))])
    levels = data["levels"]
    if len(levels) > MAX_ROWS:
        raise _too_many(len(levels))
    specs: list[LevelSpec] = []
    where: list[str] = []
    problems: list[Problem] = []
    for index, item in enumerate(levels):
        place = _("levels[%(index)d]") % {"index": index}
        if not isinstance(item, dict):
            problems.append(Problem(place, _("each level must be an object such as "
                                             '{"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, '
                                             '"minutes": 20}.')))
            continue
        kind = _kind(item.get("kind"))
        if kind is None:
            problems.append(Problem(place, _("the kind must be level or break.")))
            continue
        values: dict[str, int | None] = {}
        bad = False
        for column in NUMBER_COLUMNS:
            try:
                values[column] = _json_number(item.get(column), column)
            except ValueError as exc:
                problems.append(Problem(place, str(exc)))
                bad = True
        if bad:
            continue
        specs.append(_spec(kind, values))
        where.append(place)
    if problems:
        raise StructureFileError(problems)
    return StructureFile(specs=specs, name=_json_text(data, "name", NAME_MAX),
                         description=_json_text(data, "description", DESCRIPTION_MAX), format="json", where=where)
