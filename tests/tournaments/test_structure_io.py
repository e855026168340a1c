"""Structure files both ways: the export reads back as it was, and a hostile file says where and why."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.tournaments.structure_io import (
    MAX_FILE_BYTES,
    StructureFileError,
    structure_csv,
    structure_file_read,
    structure_json,
)
from tdconsole.tournaments.structures import BREAK, LEVEL, LevelSpec

pytestmark = pytest.mark.usefixtures("in_english")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "structures"
HEADER = "kind,small_blind,big_blind,ante,minutes,color_up\n"
SPECS = [
    LevelSpec(LEVEL, 20, 100, 200, 200),
    LevelSpec(LEVEL, 20, 200, 400, 400),
    LevelSpec(BREAK, 10, color_up=25),
    LevelSpec(LEVEL, 20, 300, 600, 600),
    LevelSpec(BREAK, 15),
]


def problems(data: bytes | str, name: str = "s.csv") -> list[str]:
    with pytest.raises(StructureFileError) as caught:
        structure_file_read(data.encode() if isinstance(data, str) else data, name)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_shipped_template_reads_and_exports_to_the_same_rows(path):
    read = structure_file_read(path.read_bytes(), path.name)
    data = json.loads(path.read_text())
    assert read.name == data["name"] and len(read.specs) == len(data["levels"])
    again = structure_file_read(structure_json(name=read.name, slug=data["slug"], description=read.description,
                                               specs=read.specs).encode(), "x.json")
    assert again.specs == read.specs
    assert structure_file_read(structure_csv(read.specs).encode(), "x.csv").specs == read.specs


def test_the_json_export_keeps_the_fixture_shape():
    data = json.loads(structure_json(name="N", slug="n", description="D", specs=SPECS, starting_stack=20000))
    assert list(data) == ["slug", "name", "description", "starting_stack", "levels"]
    assert data["levels"][2] == {"kind": "break", "minutes": 10, "color_up": 25}
    assert data["levels"][4] == {"kind": "break", "minutes": 15}


def test_the_csv_export_leaves_a_breaks_blinds_empty():
    lines = structure_csv(SPECS).splitlines()
    assert lines[0] == HEADER.strip() and lines[3] == "break,,,,10,25" and lines[1] == "level,100,200,200,20,"


def test_csv_from_a_portuguese_spreadsheet_reads():
    text = "\ufeffKind;Small_blind;Big_blind;Ante;Minutes;Color_up\r\nnível;500;1.000;1.000;20;\r\n" \
           "intervalo;;;;10;500\r\n\r\nLevel;1.000;2.000;2.000;20;\r\n"
    read = structure_file_read(text.encode(), "estrutura.csv")
    assert read.specs == [LevelSpec(LEVEL, 20, 500, 1000, 1000), LevelSpec(BREAK, 10, color_up=500),
                          LevelSpec(LEVEL, 20, 1000, 2000, 2000)]


def test_columns_in_another_order_and_without_ante_or_colour_up():
    read = structure_file_read(b"minutes,big_blind,small_blind,kind\n20,200,100,level\n", "")
    assert read.specs == [LevelSpec(LEVEL, 20, 100, 200, 0)]


def test_the_format_is_told_by_the_first_character_when_the_name_says_nothing():
    assert structure_file_read(b' [{"small_blind": 1, "big_blind": 2, "minutes": 5}]', "upload").format == "json"
    assert structure_file_read((HEADER + "level,1,2,0,5,\n").encode(), "upload").format == "csv"


@pytest.mark.parametrize(("data", "expected"), [
    (b"", ["The file is empty."]),
    (b"   \n\n", ["The file is empty."]),
    (b"kind,small_blind,big_blind,minutes\nlevel,100,200,20\nlevel,\xc3\x28,400,20\n",
     ["Line 3: the file is not UTF-8 text (save it as UTF-8 and send it again)."]),
    (b"kind,small_blind,big_blind,minutes\nlevel,100,200,20\x00\n",
     ["Line 2: the file holds a NUL character: it is not a text file."]),
    (b"kind,small_blind,ante\nlevel,100,0\n",
     ["Line 1: the header lacks the columns big_blind, minutes (expected "
      "kind,small_blind,big_blind,ante,minutes,color_up)."]),
    (b"small_blind,big_blind,minutes\n100,200,20\n", ["Line 1: the header lacks the columns kind (expected "
                                                      "kind,small_blind,big_blind,ante,minutes,color_up)."]),
    ((HEADER + "level,100,200,0,20,\nlevel,200,2147483648,0,20,\n").encode(),
     ["Line 3: big_blind is larger than a structure can hold."]),
    ((HEADER + "level,100," + "9" * 5000 + ",0,20,\n").encode(),
     ["Line 2: big_blind is larger than a structure can hold."]),
    ((HEADER + "level,-100,200,0,20,\nlevel,1.5,2e3,0,20,\n").encode(),
     ["Line 2: small_blind is not a whole number: -100", "Line 3: small_blind is not a whole number: 1.5",
      "Line 3: big_blind is not a whole number: 2e3"]),
    ((HEADER + "level,100,200,0,20,\nstraddle,1,2,0,20,\n").encode(),
     ["Line 3: the kind must be level or break, not straddle."]),
    ((HEADER + "level,100,200,0,20,,extra\n").encode(), ["Line 2: more cells than the header has columns."]),
    ((HEADER + 'level,"100,200,0,20,\n').encode(), None),  # an unclosed quote: refused, whatever the words
    ((HEADER + "level,100,200,0,20,\nlevel,50,100,0,20,\nbreak,,,,0,\n").encode(),
     ["Line 3: Level 2 goes backwards: blinds and antes must not decrease.",
      "Line 4: Row 3: a level or break lasts at least one minute."]),
    ((HEADER + "break,,,,10,\n").encode(), ["A structure needs at least one blind level."]),
    (HEADER.encode(), ["The file has no levels."]),
])
def test_a_hostile_csv_says_the_line_and_the_reason(data, expected):
    found = problems(data)
    if expected is not None:
        assert found == expected
    else:
        assert found


@pytest.mark.parametrize(("data", "expected"), [
    (b'{"levels": [', ["Line 1: not valid JSON (Expecting value, column 13)."]),
    (b'{"levels": {"kind": "level"}}',
     ['The JSON file must hold an object with a "levels" list, as an exported structure does.']),
    (b'"levels"', ['The JSON file must hold an object with a "levels" list, as an exported structure does.']),
    (b'{"levels": [{"small_blind": 100, "big_blind": 200, "minutes": 20}, 7]}',
     ['levels[1]: each level must be an object such as {"kind": "level", "small_blind": 100, "big_blind": 200, '
      '"ante": 200, "minutes": 20}.']),
    (b'{"levels": [{"small_blind": 1e400, "big_blind": 200, "minutes": 20}]}',
     ["levels[0]: small_blind must be a whole number."]),
    (b'{"levels": [{"small_blind": NaN, "big_blind": 200, "minutes": 20}]}',
     ["The file holds NaN, which is not a number a structure can hold."]),
    (b'{"levels": [{"small_blind": ' + b"9" * 5000 + b', "big_blind": 200, "minutes": 20}]}',
     ["The file holds a number too long or lists nested too deep to be read."]),
    (b'{"levels": [{"small_blind": 99999999999, "big_blind": 200, "minutes": 20}]}',
     ["levels[0]: small_blind is larger than a structure can hold."]),
    (b'{"levels": [{"small_blind": -5, "big_blind": true, "minutes": 20.5}]}',
     ["levels[0]: small_blind cannot be negative.", "levels[0]: big_blind must be a whole number, not true or false.",
      "levels[0]: minutes must be a whole number."]),
    (b'{"levels": [{"kind": "ante", "minutes": 20}]}', ["levels[0]: the kind must be level or break."]),
    (b'{"levels": [{"small_blind": 100, "big_blind": 200, "ante": 300, "minutes": 20}]}',
     ["levels[0]: Level 1: the ante is larger than the big blind."]),
    (b"[" * 100_000 + b"]" * 100_000, None),
])
def test_a_hostile_json_says_the_index_and_the_reason(data, expected):
    found = problems(data, "s.json")
    if expected is not None:
        assert found == expected
    else:
        assert found


def test_a_file_too_large_is_refused_before_it_is_read():
    assert problems(b"x" * (MAX_FILE_BYTES + 1)) == [
        f"The file is larger than {MAX_FILE_BYTES // 1024} KB: a blind structure is a few kilobytes."]


def test_too_many_rows_are_refused_whole():
    text = HEADER + "level,100,200,0,20,\n" * 301
    assert problems(text) == ["The file has 301 rows: a structure has at most 300."]


def test_many_problems_are_listed_up_to_a_limit():
    text = HEADER + "level,x,200,0,20,\n" * 40
    with pytest.raises(StructureFileError) as caught:
        structure_file_read(text.encode(), "s.csv")
    assert len(caught.value.problems) == 40 and caught.value.shown[-1] == "…and 10 more problems."


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_are_read_or_refused_with_a_message(data):
    for name in ("s.csv", "s.json", ""):
        try:
            read = structure_file_read(data, name)
        except StructureFileError as exc:
            assert exc.problems and all(str(p) for p in exc.problems)
        else:
            assert read.specs
