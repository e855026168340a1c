"""Staff count blind levels, not breaks: the level after the first break is level 3, not 4."""

import pytest

from tdconsole.clock.selectors import clock_structure, close_position, level_info
from tdconsole.tournaments.models import Level
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def event_with_break():
    event = make_event(levels=0)
    rows = [("level", 100, 200), ("level", 200, 400), ("break", 0, 0), ("level", 300, 600), ("level", 400, 800)]
    Level.objects.bulk_create(
        Level(structure=event.structure, position=i + 1, kind=kind, small_blind=sb, big_blind=bb, minutes=20)
        for i, (kind, sb, bb) in enumerate(rows)
    )
    return event


def test_breaks_do_not_take_a_level_number():
    levels = clock_structure(event=event_with_break())
    assert [lv.number for lv in levels] == [1, 2, 2, 3, 4]
    assert level_info(levels[3])["number"] == 3
    assert level_info(levels[3])["big_blind"] == 600


def test_late_registration_closes_after_the_third_blind_level_not_the_third_step():
    levels = clock_structure(event=event_with_break())
    assert close_position(levels, 3) == 4
    assert close_position(levels, 2) == 2
    assert close_position(levels, 9) == 5
    assert close_position(levels, None) is None
