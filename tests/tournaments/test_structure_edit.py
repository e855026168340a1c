import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.exceptions import StructureError
from tdconsole.tournaments.models import Level
from tdconsole.tournaments.structure_edit import structure_levels_save

from ..factories import make_chip_set, make_event

pytestmark = pytest.mark.django_db

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


@pytest.mark.usefixtures("in_english")  # the messages are translated
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


@pytest.mark.usefixtures("in_english")  # the messages are translated
def test_an_invalid_structure_is_refused_whole_and_against_the_event_chips(director):
    event = make_event("chips", chip_set=make_chip_set(chips=[(100, "black", "#000000"), (500, "purple", "#660099")]))
    odd = ROWS + [{"small_blind": 450, "big_blind": 900, "ante": 900, "minutes": 20}]
    with pytest.raises(StructureError, match="smallest chip is 100"):
        structure_levels_save(structure=event.structure, rows=odd, actor=director, event=event)
    assert len(stored(event)) == 3
