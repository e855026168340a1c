"""Chip sets and an event's chip set (tdconsole.tournaments.chipsets): each change refused when an event could
not pay its blinds with the chips, each one audited."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.chipsets import (
    ChipSpec,
    chip_add,
    chip_edit,
    chip_remove,
    chip_set_create,
    chip_set_edit,
    event_chip_set_set,
)
from tdconsole.tournaments.exceptions import ChipSetError
from tdconsole.tournaments.models import Chip, ChipSet, Event
from tests.factories import make_chip_set, make_event, make_venue

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

# 25/50 and 50/100, a break that colours the 25s up, then 100/200 and 200/400.
COLOUR_UP = [
    ("level", 25, 50, 50, 20, None), ("level", 50, 100, 100, 20, None), ("break", 0, 0, 0, 10, 25),
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None),
]


def actions():
    return list(AuditEntry.entries.order_by("id").values_list("action", flat=True))


# --- chip sets -------------------------------------------------------------------------------------


def test_a_chip_set_is_created_with_its_chips_and_audited(director):
    venue = make_venue("Clube")
    chip_set = chip_set_create(name="  Clube   chips ", venue=venue, actor=director, chips=[
        ChipSpec(25, "green", "#1F8A3B"), ChipSpec(100, " black ", "#111111")])
    assert chip_set.name == "Clube chips" and chip_set.venue == venue
    assert list(chip_set.chips.values_list("value", "colour", "colour_hex")) == [
        (25, "green", "#1f8a3b"), (100, "black", "#111111")]
    entry = AuditEntry.entries.get(action="chipset.create")
    assert entry.after["chips"][0] == {"value": 25, "colour": "green", "colour_hex": "#1f8a3b"}


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"name": " "}, "name"),
    ({"name": "x" * 121}, "name"),
    ({"chips": [ChipSpec(0, "green", "#000000")]}, "value"),
    ({"chips": [ChipSpec(2**31, "green", "#000000")]}, "value"),
    ({"chips": [ChipSpec(25, "", "#000000")]}, "colour"),
    ({"chips": [ChipSpec(25, "green", "green")]}, "colour_hex"),
    ({"chips": [ChipSpec(25, "green", "#12345")]}, "colour_hex"),
    ({"chips": [ChipSpec(25, "green", "#1f8a3b"), ChipSpec(25, "blue", "#0000ff")]}, "value"),
])
def test_a_chip_set_that_cannot_be_stored_is_refused_by_field(director, kwargs, field):
    with pytest.raises(ChipSetError) as refused:
        chip_set_create(actor=director, **({"name": "New"} | kwargs))
    assert refused.value.field == field
    assert not ChipSet.objects.exists() and not AuditEntry.entries.exists()


def test_two_chip_sets_cannot_share_a_name(director):
    make_chip_set("House chips")
    with pytest.raises(ChipSetError, match="already exists"):
        chip_set_create(name="house CHIPS", actor=director)


def test_a_chip_set_is_renamed_and_moved(director):
    chip_set = make_chip_set("Old")
    venue = make_venue("Clube")
    chip_set_edit(chip_set=chip_set, name="New", venue=venue, actor=director)
    chip_set.refresh_from_db()
    assert (chip_set.name, chip_set.venue) == ("New", venue)
    entry = AuditEntry.entries.get(action="chipset.edit")
    assert entry.before == {"name": "Old", "venue": None} and entry.after == {"name": "New", "venue": "Clube"}
    # The same values again change nothing and audit nothing.
    chip_set_edit(chip_set=chip_set, name="New", venue=venue, actor=director)
    assert actions() == ["chipset.edit"]


# --- chips -----------------------------------------------------------------------------------------


def test_a_chip_is_added_edited_and_removed(director):
    chip_set = make_chip_set(chips=[(100, "black", "#111111")])
    chip = chip_add(chip_set=chip_set, value=25, colour="green", colour_hex="#1f8a3b", actor=director)
    chip_edit(chip=chip, value=25, colour="light green", colour_hex="#33cc66", actor=director)
    chip.refresh_from_db()
    assert (chip.colour, chip.colour_hex) == ("light green", "#33cc66")
    chip_remove(chip=chip, actor=director)
    assert list(chip_set.chips.values_list("value", flat=True)) == [100]
    assert actions() == ["chip.add", "chip.edit", "chip.remove"]


def test_a_chip_value_is_unique_in_its_set(director):
    chip_set = make_chip_set()
    with pytest.raises(ChipSetError, match="already has a 100 chip"):
        chip_add(chip_set=chip_set, value=100, colour="blue", colour_hex="#0000ff", actor=director)
    chip = chip_set.chips.get(value=25)
    with pytest.raises(ChipSetError, match="already has a 100 chip"):
        chip_edit(chip=chip, value=100, colour="green", colour_hex="#1f8a3b", actor=director)


@pytest.mark.parametrize("status", [Event.Status.REGISTERING, Event.Status.RUNNING])
def test_no_chip_is_removed_while_an_event_plays_with_the_set(director, status):
    chip_set = make_chip_set()
    make_event("main", levels=COLOUR_UP, status=status, chip_set=chip_set, name="Main Event")
    # Even the 5,000 chip that no blind needs: the players hold the set's chips now.
    with pytest.raises(ChipSetError) as refused:
        chip_remove(chip=chip_set.chips.get(value=5000), actor=director)
    assert "The 5000 chip cannot be removed." in str(refused.value)
    assert "Main Event" in str(refused.value)
    assert chip_set.chips.filter(value=5000).exists()
    with pytest.raises(ChipSetError, match="cannot become"):
        chip_edit(chip=chip_set.chips.get(value=5000), value=10000, colour="red", colour_hex="#c0262d",
                  actor=director)
    with pytest.raises(ChipSetError, match="cannot be added"):
        chip_add(chip_set=chip_set, value=25000, colour="grey", colour_hex="#888888", actor=director)
    # A colour may change: the chips on the tables are the same chips.
    chip_edit(chip=chip_set.chips.get(value=5000), value=5000, colour="orange", colour_hex="#ff8800", actor=director)
    assert not AuditEntry.entries.filter(action="chip.remove").exists()


def test_a_chip_a_draft_event_needs_cannot_be_removed(director):
    chip_set = make_chip_set()
    make_event("side", levels=COLOUR_UP, chip_set=chip_set, name="Side Event")  # a draft
    with pytest.raises(ChipSetError) as refused:
        chip_remove(chip=chip_set.chips.get(value=25), actor=director)
    assert refused.value.problems and all(p.startswith("Side Event: ") for p in refused.value.problems)
    assert "smallest chip is 100" in " ".join(refused.value.problems)
    # A chip nobody needs goes.
    chip_remove(chip=chip_set.chips.get(value=5000), actor=director)
    assert not chip_set.chips.filter(value=5000).exists()


def test_a_finished_event_does_not_hold_its_chip_set(director):
    chip_set = make_chip_set()
    make_event("old", levels=COLOUR_UP, chip_set=chip_set, status=Event.Status.FINISHED)
    chip_remove(chip=chip_set.chips.get(value=25), actor=director)
    assert not chip_set.chips.filter(value=25).exists()


# --- an event's chip set ---------------------------------------------------------------------------


def test_an_event_takes_a_chip_set_that_pays_its_blinds(director):
    event = make_event("main", levels=COLOUR_UP)
    chip_set = make_chip_set()
    event_chip_set_set(event=event, chip_set=chip_set, actor=director)
    event.refresh_from_db()
    assert event.chip_set == chip_set
    entry = AuditEntry.entries.get(action="event.chip_set")
    assert entry.event_id == event.pk and entry.after == {"chip_set": "House chips"}
    # Again: nothing changes, nothing is audited.
    event_chip_set_set(event=event, chip_set=chip_set, actor=director)
    event_chip_set_set(event=event, chip_set=None, actor=director)
    event.refresh_from_db()
    assert event.chip_set is None
    assert actions() == ["event.chip_set", "event.chip_set"]


def test_a_chip_set_that_cannot_pay_the_blinds_is_refused_with_every_level_at_fault(director):
    event = make_event("main", levels=COLOUR_UP)
    # No 25 chip: levels 1 and 2 (25/50, 50/100) cannot be paid; and no 25 to colour up at the break.
    chip_set = make_chip_set("Big chips", chips=[(100, "black", "#111111"), (500, "purple", "#6a2c91")])
    with pytest.raises(ChipSetError) as refused:
        event_chip_set_set(event=event, chip_set=chip_set, actor=director)
    problems = refused.value.problems
    assert "Level 1 cannot be paid with the chips in play: the smallest chip is 100." in problems
    assert "Level 2 cannot be paid with the chips in play: the smallest chip is 100." in problems
    assert any("the 25 chip is not in play" in p for p in problems)
    assert "Main" in str(refused.value) or "main" in str(refused.value).lower()
    event.refresh_from_db()
    assert event.chip_set is None and not AuditEntry.entries.exists()


def test_a_structure_fault_of_its_own_is_not_the_chip_set_s(director):
    # An ante above the big blind is the structure's problem: the chips can pay it, the chip set is taken.
    event = make_event("main", levels=[("level", 100, 200, 300, 20, None)])
    event_chip_set_set(event=event, chip_set=make_chip_set(), actor=director)
    event.refresh_from_db()
    assert event.chip_set is not None


def test_an_empty_chip_set_is_refused(director):
    event = make_event("main", levels=COLOUR_UP)
    with pytest.raises(ChipSetError, match="has no chips"):
        event_chip_set_set(event=event, chip_set=make_chip_set("Empty", chips=[]), actor=director)


def test_the_chips_of_a_removed_chip_are_checked_against_every_event_of_the_set(director):
    chip_set = make_chip_set()
    a = make_event("a", levels=COLOUR_UP, chip_set=chip_set, name="A")
    make_event("b", levels=[("level", 100, 200, 200, 20, None)], chip_set=chip_set, name="B")
    with pytest.raises(ChipSetError) as refused:
        chip_remove(chip=chip_set.chips.get(value=25), actor=director)
    assert {p.split(":")[0] for p in refused.value.problems} == {"A"}
    Event.objects.filter(pk=a.pk).update(chip_set=None)
    chip_remove(chip=chip_set.chips.get(value=25), actor=director)
    assert not Chip.objects.filter(chip_set=chip_set, value=25).exists()


def test_a_template_the_event_s_chip_set_cannot_pay_is_refused_and_the_structure_kept(director):
    from tdconsole.tournaments.events import event_update
    from tdconsole.tournaments.exceptions import EventSettingsError
    from tdconsole.tournaments.models import Structure
    from tests.factories import make_structure

    event = make_event("main", levels=[("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None)])
    event_chip_set_set(event=event, chip_set=make_chip_set("Big chips", chips=[(100, "black", "#111111"),
                                                                               (500, "purple", "#6a2c91")]),
                       actor=director)
    small = make_structure("Turbo 25/50", "turbo", levels=COLOUR_UP)
    Structure.objects.filter(pk=small.pk).update(is_template=True)
    small.refresh_from_db()
    own = Event.objects.get(pk=event.pk).structure_id
    structures = Structure.objects.count()
    with pytest.raises(EventSettingsError) as refused:
        event_update(event=Event.objects.get(pk=event.pk), actor=director, template=small)
    assert refused.value.field == "template"
    assert "Turbo 25/50" in str(refused.value)
    assert "Level 1 cannot be paid with the chips in play: the smallest chip is 100." in str(refused.value)
    event.refresh_from_db()
    assert event.structure_id == own and Structure.objects.count() == structures  # nothing half-written
    assert "event.update" not in actions()
    # A template the chips pay replaces the structure.
    fine = make_structure("Deep 100/200", "deep", levels=[("level", 100, 200, 0, 30, None)])
    Structure.objects.filter(pk=fine.pk).update(is_template=True)
    fine.refresh_from_db()
    event_update(event=Event.objects.get(pk=event.pk), actor=director, template=fine)
    event.refresh_from_db()
    assert event.structure_id != own and event.structure.levels.count() == 1
