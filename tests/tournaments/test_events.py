"""Setting an event up: structures from templates, the event's settings and status (tournaments/events.py)."""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.events import (
    event_create,
    event_status_change,
    event_update,
    structure_create,
    structure_templates_load,
)
from tdconsole.tournaments.exceptions import StructureError, TournamentError
from tdconsole.tournaments.models import Event, Level


def test_structure_going_backwards_is_not_saved(db):
    with pytest.raises(StructureError):
        structure_create(name="Bad", rows=[
            {"small_blind": 200, "big_blind": 400, "minutes": 20},
            {"small_blind": 100, "big_blind": 200, "minutes": 20},
        ])
    from tdconsole.tournaments.models import Structure
    assert not Structure.objects.filter(name="Bad").exists()


def test_templates_load_twice_changes_nothing(db):
    first = structure_templates_load()
    count = Level.objects.count()
    second = structure_templates_load()
    assert [s.pk for s in first] == [s.pk for s in second]
    assert Level.objects.count() == count and len(first) == 3


@pytest.mark.parametrize("language,name,description_start", [
    ("pt-br", "Regular (níveis de 40 minutos)", "Estrutura dos torneios do dia a dia: stack inicial de 30.000"),
    ("en", "Regular (40-minute levels)", "Daily-event structure: 30,000 starting stack"),
])
def test_shipped_templates_are_named_in_the_sites_language(db, settings, language, name, description_start):
    settings.LANGUAGE_CODE = language
    loaded = {s.slug: s for s in structure_templates_load()}
    assert loaded["regular-40"].name == name
    assert loaded["regular-40"].description.startswith(description_start)
    assert {"turbo-15", "deepstack-60"} <= set(loaded)


def test_event_gets_its_own_copy_of_the_template(make_event, template):
    event = make_event()
    assert event.structure_id != template.pk and not event.structure.is_template
    copied = list(event.structure.levels.values_list("kind", "small_blind", "big_blind", "minutes", "color_up"))
    original = list(template.levels.values_list("kind", "small_blind", "big_blind", "minutes", "color_up"))
    assert copied == original


def test_reentry_with_a_single_entry_is_refused(festival, template, director):
    with translation.override("en"), pytest.raises(TournamentError, match="at least two entries"):
        event_create(festival=festival, template=template, actor=director, name="X",
                     date=datetime.date(2026, 1, 1), buy_in_prize=Decimal("1"), starting_stack=100,
                     format=Event.Format.REENTRY, max_entries=1)
    assert not Event.objects.exists()


def test_freezeout_asked_with_several_entries_is_created_with_one(festival, template, director):
    event = event_create(festival=festival, template=template, actor=director, name="X",
                         date=datetime.date(2026, 1, 1), buy_in_prize=Decimal("1"), starting_stack=100,
                         format=Event.Format.FREEZEOUT, max_entries=3)
    assert event.max_entries == 1


def test_status_moves_only_along_the_table(make_event, director):
    event = make_event(status=Event.Status.DRAFT)
    with pytest.raises(TournamentError):
        event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    event_status_change(event=event, to=Event.Status.REGISTERING, actor=director)
    event_status_change(event=event, to=Event.Status.RUNNING, actor=director)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    with pytest.raises(TournamentError):
        event_status_change(event=event, to=Event.Status.DRAFT, actor=director)


def test_event_cannot_finish_with_two_players_left(seated_event, director):
    with pytest.raises(TournamentError):
        event_status_change(event=seated_event, to=Event.Status.FINISHED, actor=director)


def test_new_template_replaces_the_events_copy_before_the_start(make_event, director):
    event = make_event(status=Event.Status.DRAFT)
    old = event.structure_id
    turbo = structure_create(name="Quick", rows=[{"small_blind": 50, "big_blind": 100, "minutes": 10}])
    event = event_update(event=event, actor=director, template=turbo, name="Renamed",
                         late_registration_level=1)
    assert event.structure_id != old and event.structure.levels.count() == 1 and event.name == "Renamed"
    from tdconsole.tournaments.models import Structure

    assert not Structure.objects.filter(pk=old).exists()
    assert AuditEntry.entries.filter(action="event.update", event_id=event.pk).exists()


def test_running_event_keeps_its_structure_and_stack(seated_event, director, template):
    with pytest.raises(TournamentError):
        event_update(event=seated_event, actor=director, template=template)
    with pytest.raises(TournamentError):
        event_update(event=seated_event, actor=director, starting_stack=1)
