import json
from pathlib import Path

import pytest

from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.structures import level_specs, registration_open_at, structure_problems, structure_validate

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "structures"
# The problems are compared as English sentences (they have pt-BR translations too).
pytestmark = pytest.mark.usefixtures("in_english")


def rows(*levels):
    return level_specs(levels)


def test_structure_without_levels_is_refused():
    with pytest.raises(StructureError):
        structure_validate(rows({"kind": "break", "minutes": 10}))


def test_blinds_going_down_are_refused():
    problems = structure_problems(rows(
        {"small_blind": 200, "big_blind": 400, "minutes": 20},
        {"small_blind": 100, "big_blind": 200, "minutes": 20},
    ))
    assert len(problems) == 1


def test_ante_going_down_is_refused():
    problems = structure_problems(rows(
        {"small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
        {"small_blind": 200, "big_blind": 400, "ante": 0, "minutes": 20},
    ))
    assert problems


def test_break_between_levels_with_colour_up_is_valid():
    assert structure_problems(rows(
        {"small_blind": 100, "big_blind": 200, "minutes": 20},
        {"kind": "break", "minutes": 10, "color_up": 100},
        {"small_blind": 500, "big_blind": 1000, "minutes": 20},
    )) == []


def test_small_blind_larger_than_big_blind_is_refused():
    assert structure_problems(rows({"small_blind": 300, "big_blind": 200, "minutes": 20}))


def test_level_of_zero_minutes_is_refused():
    assert structure_problems(rows({"small_blind": 100, "big_blind": 200, "minutes": 0}))


def test_colour_up_on_a_blind_level_is_refused():
    assert structure_problems(rows({"small_blind": 100, "big_blind": 200, "minutes": 20, "color_up": 25}))


def test_text_that_is_not_a_number_is_refused():
    with pytest.raises(StructureError):
        rows({"small_blind": "a lot", "big_blind": 200, "minutes": 20})


@pytest.mark.parametrize("name", ["turbo-15.json", "regular-40.json", "deepstack-60.json"])
def test_shipped_templates_are_valid_and_colour_ups_leave_payable_blinds(name):
    data = json.loads((FIXTURES / name).read_text())
    specs = level_specs(data["levels"])
    assert structure_problems(specs) == []
    assert any(s.is_break for s in specs) and any(s.color_up for s in specs)
    removed = 0
    for spec in specs:
        if spec.is_break and spec.color_up:
            removed = spec.color_up
        elif not spec.is_break and removed:
            # Once a chip is coloured up, every blind and ante is payable without it.
            assert spec.small_blind % (removed * 5) == 0 or spec.small_blind % 1000 == 0, spec
            assert spec.big_blind % (removed * 5) == 0 or spec.big_blind % 1000 == 0, spec


def test_registration_is_open_before_the_clock_starts():
    assert registration_open_at(close_position=4, level_position=None, closed=False)


def test_registration_stays_open_through_the_closing_level_and_closes_after():
    assert registration_open_at(close_position=4, level_position=4, closed=False)
    assert not registration_open_at(close_position=4, level_position=5, closed=False)


def test_without_late_registration_the_start_closes_registration():
    assert not registration_open_at(close_position=None, level_position=1, closed=False)


def test_registration_closed_by_hand_stays_closed():
    assert not registration_open_at(close_position=4, level_position=None, closed=True)


# --- chips in play ---------------------------------------------------------------------------------

from tdconsole.tournaments.structures import chips_in_play, smallest_chips  # noqa: E402

COLOURED = (
    {"small_blind": 25, "big_blind": 50, "minutes": 20},
    {"kind": "break", "minutes": 10, "color_up": 25},
    {"small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
)


def test_a_colour_up_removes_its_chip_from_the_break_on():
    assert chips_in_play(rows(*COLOURED), [500, 25, 100]) == [(25, 100, 500), (100, 500), (100, 500)]
    assert smallest_chips(rows(*COLOURED), [500, 25, 100]) == [25, 100, 100]


def test_a_colour_up_of_a_chip_not_in_play_removes_nothing():
    assert smallest_chips(rows(*COLOURED), [100, 500]) == [100, 100, 100]


def test_an_ante_above_the_big_blind_is_refused():
    problems = structure_problems(rows({"small_blind": 100, "big_blind": 200, "ante": 300, "minutes": 20}))
    assert problems == ["Level 1: the ante is larger than the big blind."]


def test_a_level_not_payable_with_the_chips_in_play_is_refused():
    structure = rows(*COLOURED, {"small_blind": 150, "big_blind": 300, "ante": 300, "minutes": 20})
    assert structure_problems(structure, [25, 100, 500]) == [
        "Level 3 cannot be paid with the chips in play: the smallest chip is 100."]
    # Without a chip set, or with the 25s still in play, the same blinds are fine.
    assert structure_problems(structure) == []
    assert structure_problems(rows(COLOURED[0], COLOURED[2], structure[-1].__dict__ | {"kind": "level"}),
                              [25, 100, 500]) == []


def test_a_colour_up_must_remove_a_chip_in_play_and_leave_one():
    assert structure_problems(rows(*COLOURED), [100, 500]) == [
        "Level 1 cannot be paid with the chips in play: the smallest chip is 100.",
        "Row 2: the 25 chip is not in play, so it cannot be coloured up."]
    assert structure_problems(rows(COLOURED[0], COLOURED[1]), [25]) == [
        "Row 2: colouring up the 25 chip leaves no chip in play."]
