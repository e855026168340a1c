"""The chips in play of a main event's Day 2 (the counts' check at the end of Day 2): the stacks brought from
the flights and the late entries' Day 2 stacks, not a starting stack per entry."""

import pytest

from tdconsole.day2.late import day2_settings_update
from tdconsole.day2.selectors import day2_chips_brought
from tdconsole.dayend.counting import day_chips_in_play
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.players import player_register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def test_day2_counts_are_checked_against_the_bags_brought_not_a_stack_per_entry(merged, director):
    # Five bags: 30,000 + 20,000 + 15,000 + 10,000 + 5,000.
    assert merged.starting_stack * 5 != 80_000
    assert day2_chips_brought(event=merged) == 80_000
    assert day_chips_in_play(event=merged) == 80_000


def test_a_late_entry_brings_its_day2_stack(merged, director):
    day2_settings_update(event=merged, actor=director, late_entries=True, late_stack=40_000, late_until_level=None)
    player = player_register(festival=merged.festival, name="Fábio", actor=director)
    entry_register_seated(event=merged, player=player, actor=director, level_position=None)
    assert day_chips_in_play(event=merged) == 120_000


def late_entry(merged, director, name):
    player = player_register(festival=merged.festival, name=name, actor=director)
    return entry_register_seated(event=merged, player=player, actor=director, level_position=None)


def test_each_late_entry_counts_at_the_stack_it_was_given_when_the_stack_changes_after_it(merged, director):
    day2_settings_update(event=merged, actor=director, late_entries=True, late_stack=40_000, late_until_level=None)
    late_entry(merged, director, "Fábio")
    day2_settings_update(event=merged, actor=director, late_entries=True, late_stack=25_000, late_until_level=None)
    late_entry(merged, director, "Gabriela")
    # 80,000 brought, Fábio's 40,000 and Gabriela's 25,000 (not 2 x 25,000).
    assert day2_chips_brought(event=merged) == 145_000
    day2_settings_update(event=merged, actor=director, late_entries=False, late_stack=None, late_until_level=None)
    assert day_chips_in_play(event=merged) == 145_000


def test_before_the_merge_and_for_a_flight_the_chips_are_a_stack_per_entry(main, flights, people, director):
    from tests import factories

    a, _b = flights
    factories.register_at_desk(a, "Ana", actor=director, player=people["Ana"])
    factories.register_at_desk(a, "Bruno", actor=director, player=people["Bruno"])
    assert day2_chips_brought(event=main) is None and day2_chips_brought(event=a) is None
    assert day_chips_in_play(event=a) == 2 * a.starting_stack


def test_the_average_stack_on_day2_is_over_the_bags_brought(merged, director):
    from tdconsole.tournaments.selectors import event_field_summary

    summary = event_field_summary(event=merged, addon_chips=0)
    # The field still counts each buy-in of the flights once; the chips are what Day 2 holds.
    assert summary["entries"] == 5 and summary["players_left"] == 5
    assert summary["total_chips"] == 80_000 and summary["average_stack"] == 16_000
