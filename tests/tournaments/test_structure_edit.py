import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.models import Level
from tdconsole.tournaments.structure_edit import structure_levels_save

from ..factories import make_chip_set, make_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

ROWS = [
    {"small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
    {"small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20},
    {"small_blind": 300, "big_blind": 600, "ante": 600, "minutes": 20},
]


def stored(event):
    return [(lv.position, lv.small_blind, lv.big_blind, lv.minutes)
            for lv in Level.objects.filter(structure=event.structure).order_by("position")]


def test_it_replaces_the_levels_after_the_one_being_played_and_audits(director):
    event = make_event("edit")
    changed = ROWS[:2] + [{"small_blind": 400, "big_blind": 800, "ante": 800, "minutes": 15},
                          {"kind": "break", "minutes": 10}]
    structure_levels_save(structure=event.structure, rows=changed, actor=director, event=event, playing_position=2)
    assert stored(event) == [(1, 100, 200, 20), (2, 200, 400, 20), (3, 400, 800, 15), (4, 0, 0, 10)]
    entry = AuditEntry.entries.get(action="structure.levels")
    assert entry.after["from_row"] == 3 and len(entry.before["rows"]) == 3


def test_a_level_already_started_cannot_change(director):
    event = make_event("started")
    changed = [ROWS[0], {"small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 30}, ROWS[2]]
    with pytest.raises(StructureError, match="have started"):
        structure_levels_save(structure=event.structure, rows=changed, actor=director, event=event,
                              playing_position=2)
    assert stored(event)[1] == (2, 200, 400, 20)
    # Before the clock starts every level may change.
    structure_levels_save(structure=event.structure, rows=changed, actor=director, event=event)
    assert stored(event)[1] == (2, 200, 400, 30)


def test_saving_the_same_rows_audits_nothing(director):
    event = make_event("same")
    structure_levels_save(structure=event.structure, rows=ROWS, actor=director, event=event, playing_position=1)
    assert not AuditEntry.entries.filter(action="structure.levels").exists()


def test_an_invalid_structure_is_refused_whole_and_against_the_event_chips(director):
    event = make_event("chips", chip_set=make_chip_set(chips=[(100, "black", "#000000"), (500, "purple", "#660099")]))
    odd = ROWS + [{"small_blind": 450, "big_blind": 900, "ante": 900, "minutes": 20}]
    with pytest.raises(StructureError, match="smallest chip is 100"):
        structure_levels_save(structure=event.structure, rows=odd, actor=director, event=event)
    assert len(stored(event)) == 3


# --- the editor's helpers and services ------------------------------------------------------------------

from tdconsole.tournaments.models import Event, Structure  # noqa: E402
from tdconsole.tournaments.structure_edit import (  # noqa: E402
    MAX_ROWS,
    next_break_suggestion,
    next_level_suggestion,
    row_problems,
    specs_check_storable,
    structure_copy_as_template,
    structure_edit_save,
    structure_from_file,
    structure_new,
)
from tdconsole.tournaments.structures import BREAK, LEVEL, LevelSpec  # noqa: E402


def lv(sb, bb, ante=0, minutes=20):
    return LevelSpec(LEVEL, minutes, sb, bb, ante)


def test_the_suggested_levels_climb_the_ladder_of_the_shipped_templates():
    specs = [lv(100, 200, 200)]
    for _ in range(12):
        specs.append(next_level_suggestion(specs))
    assert [(s.small_blind, s.big_blind, s.ante) for s in specs] == [
        (100, 200, 200), (200, 300, 300), (200, 400, 400), (300, 500, 500), (300, 600, 600), (400, 800, 800),
        (500, 1000, 1000), (600, 1200, 1200), (800, 1600, 1600), (1000, 2000, 2000), (1200, 2400, 2400),
        (1500, 3000, 3000), (2000, 4000, 4000)]


def test_a_suggested_level_is_payable_with_the_chips_left_after_a_colour_up():
    specs = [lv(25, 50), lv(50, 100), LevelSpec(BREAK, 10, color_up=25)]
    after = next_level_suggestion(specs, [25, 100, 500])
    assert (after.small_blind, after.big_blind, after.ante) == (100, 200, 0)
    assert after.big_blind % 100 == 0 and after.minutes == 20


def test_a_suggestion_keeps_the_antes_habit_and_the_minutes():
    assert next_level_suggestion([lv(100, 200, 0, 15)]) == lv(200, 300, 0, 15)
    # An ante of a quarter of the big blind stays a quarter, payable with the smallest chip.
    assert next_level_suggestion([lv(100, 200, 50, 30)], [25, 100]) == lv(150, 300, 75, 30)
    assert next_level_suggestion([]) == lv(100, 200, 200, 20)
    assert next_break_suggestion([lv(100, 200), LevelSpec(BREAK, 15)]) == LevelSpec(BREAK, 15)
    assert next_break_suggestion([lv(100, 200)]) == LevelSpec(BREAK, 10)


def test_each_problem_is_put_beside_its_row():
    specs = [LevelSpec(BREAK, 10), lv(200, 100), LevelSpec(BREAK, 0), lv(50, 100, 300)]
    general, by_row = row_problems(specs)
    assert general == []
    assert by_row == {
        2: ["Level 1: the small blind is larger than the big blind."],
        3: ["Row 3: a level or break lasts at least one minute."],
        4: ["Level 2: the ante is larger than the big blind.",
            "Level 2 goes backwards: blinds and antes must not decrease."],
    }
    assert row_problems([LevelSpec(BREAK, 10)]) == (["A structure needs at least one blind level."], {})


def test_a_colour_up_problem_is_placed_at_its_break():
    specs = [lv(100, 200), LevelSpec(BREAK, 10, color_up=25), LevelSpec(BREAK, 10, color_up=25)]
    general, by_row = row_problems(specs, [25, 100])
    assert list(by_row) == [3] and "not in play" in by_row[3][0]


def test_numbers_past_the_columns_range_are_refused_before_any_query(django_assert_num_queries):
    with django_assert_num_queries(0), pytest.raises(StructureError, match="Row 2"):
        specs_check_storable([lv(100, 200), lv(100, 2**31)])
    with pytest.raises(StructureError, match="at most"):
        specs_check_storable([lv(100, 200)] * (MAX_ROWS + 1))


def test_saving_the_editor_renames_in_the_same_transaction(director):
    event = make_event("rename")
    with pytest.raises(StructureError, match="name"):
        structure_edit_save(structure=event.structure, rows=ROWS + [ROWS[2]], actor=director, name=" ", event=event)
    assert len(stored(event)) == 3  # the levels were not saved either
    structure_edit_save(structure=event.structure, rows=ROWS, actor=director, name="Renamed", description="D",
                        event=event)
    assert Structure.objects.get(pk=event.structure_id).name == "Renamed"


def test_a_finished_events_structure_does_not_change(director):
    event = make_event("done", status=Event.Status.FINISHED)
    with pytest.raises(StructureError, match="finished"):
        structure_edit_save(structure=event.structure, rows=ROWS[:2], actor=director, event=event)
    assert len(stored(event)) == 3


def test_new_copies_and_imports_are_templates_with_free_slugs(director):
    event = make_event("copyme")
    first = structure_new(name="Sunday", actor=director)
    second = structure_new(name="Sunday", actor=director, source=event.structure)
    assert (first.slug, second.slug) == ("sunday", "sunday-2") and first.is_template and second.is_template
    assert len(Level.objects.filter(structure=second)) == 3
    copy = structure_copy_as_template(structure=event.structure, name="As played", actor=director, event=event)
    assert copy.is_template and copy.description == event.structure.description
    assert AuditEntry.entries.get(action="structure.copy").event_id == event.pk
    imported = structure_from_file(name="File", description="", specs=[lv(100, 200)], actor=director)
    assert imported.is_template
    with pytest.raises(StructureError, match="goes backwards"):
        structure_from_file(name="Bad", description="", specs=[lv(100, 200), lv(50, 100)], actor=director)
    assert not Structure.objects.filter(name="Bad").exists()
