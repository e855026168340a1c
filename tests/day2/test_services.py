"""The Day 2 merge of the flights' survivors and the Day 2 draw."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.clock.models import ClockState
from tdconsole.day2.exceptions import Day2Error
from tdconsole.day2.models import Advance
from tdconsole.day2.services import day2_draw, day2_merge, day2_merge_undo, day2_resume_position
from tdconsole.seating.services import tables_assign
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.selectors import event_field_summary
from tests import factories

from .conftest import bag, close

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def played(main, flights, people, director):
    """Ana survives both flights (41,000 in 1A, 47,500 in 1B); Bruno and Carla 1A; Diego and Elisa 1B."""
    a, b = flights
    Event.objects.filter(pk=main.pk).update(bagged_may_reenter=True, stop_level=2)
    main.refresh_from_db()
    enter = {}
    for name in ["Ana", "Bruno", "Carla"]:
        enter[(name, "A")] = factories.register_at_desk(a, name, actor=director, player=people[name])
    for name in ["Ana", "Diego", "Elisa"]:
        enter[(name, "B")] = factories.register_at_desk(b, name, actor=director, player=people[name])
    bag(a, {enter["Ana", "A"]: 41000, enter["Bruno", "A"]: 12000, enter["Carla", "A"]: 7000}, director)
    bag(b, {enter["Ana", "B"]: 47500, enter["Diego", "B"]: 10000, enter["Elisa", "B"]: 2500}, director)
    close(a, director)
    close(b, director)
    main.refresh_from_db()
    return main, enter


def day2_entries(main):
    return [(e.number, e.player.name, e.chips) for e in Entry.objects.filter(event=main).select_related("player")
            .order_by("number")]


def test_best_stack_keeps_the_biggest_bag_and_records_the_forfeited_one(played, director):
    main, enter = played
    advances = day2_merge(event=main, actor=director)
    assert len(advances) == 5
    # The chip leader is entry #1; Ana keeps her Day 1B bag.
    assert day2_entries(main) == [(1, "Ana", 47500), (2, "Bruno", 12000), (3, "Diego", 10000),
                                  (4, "Carla", 7000), (5, "Elisa", 2500)]
    ana = Advance.objects.get(event=main, player__name="Ana")
    assert ana.stack == 47500
    assert [(b["flight"], b["chips"], b["kept"]) for b in ana.bags] == [("Day 1A", 41000, False),
                                                                         ("Day 1B", 47500, True)]
    assert [b["chips"] for b in ana.forfeited] == [41000]
    # The flights' entries are through: bagged, unseated, no longer in play there.
    flight_entries = Entry.objects.filter(event__parent=main)
    assert set(flight_entries.values_list("status", flat=True)) == {Entry.Status.BAGGED}
    assert not flight_entries.filter(table__isnull=False).exists()
    record = AuditEntry.entries.get(action="day2.merge")
    assert record.after["players"] == 5 and record.after["forfeited_bags"] == 1
    assert record.after["chips"] == 120000 - 41000


def test_cumulative_adds_the_bags(played, director):
    main, _ = played
    Event.objects.filter(pk=main.pk).update(advance_rule=Event.AdvanceRule.CUMULATIVE)
    main.refresh_from_db()
    day2_merge(event=main, actor=director)
    assert day2_entries(main)[0] == (1, "Ana", 41000 + 47500)
    assert Advance.objects.get(player__name="Ana").forfeited == []
    # Every chip bagged is in play on Day 2.
    assert sum(c for *_, c in day2_entries(main)) == 120000


def test_the_field_counts_each_buy_in_once_after_the_merge(played, director):
    main, _ = played
    before = event_field_summary(event=main, addon_chips=0)
    day2_merge(event=main, actor=director)
    after = event_field_summary(event=main, addon_chips=0)
    assert before["entries"] == after["entries"] == 6  # the Day 2 entries are no new buy-ins
    assert before["players_left"] == 6 and after["players_left"] == 5  # Ana once


def test_the_clock_waits_paused_at_the_level_after_the_stop(played, director):
    main, _ = played
    day2_merge(event=main, actor=director)
    state = ClockState.objects.get(event=main)
    # SIMPLE_LEVELS: levels 1, 2, a break, level 3 at position 4: the flights stopped after level 2.
    assert state.level_position == day2_resume_position(event=main) == 4
    assert state.paused_at is not None and state.paused_at == state.level_started_at


def test_merge_pressed_twice_merges_once(played, director):
    main, _ = played
    day2_merge(event=main, actor=director)
    with pytest.raises(Day2Error, match="^The flights are already merged: 5 players are in Day 2.$"):
        day2_merge(event=main, actor=director)
    assert Entry.objects.filter(event=main).count() == 5
    assert AuditEntry.entries.filter(action="day2.merge").count() == 1


def test_merge_waits_for_the_field_and_for_every_bag(main, flights, people, director):
    a, b = flights
    ana = factories.register_at_desk(a, "Ana", actor=director, player=people["Ana"])
    factories.register_at_desk(b, "Bruno", actor=director, player=people["Bruno"])
    close(a, director)
    with pytest.raises(Day2Error, match="^The field is not known yet: close registration in Day 1B first.$"):
        day2_merge(event=main, actor=director)
    close(b, director)
    bag(a, {ana: 20000}, director)
    with pytest.raises(Day2Error, match=r"^1 player still in has no bag count: #1 Bruno \(Day 1B\)\. Enter the "
                                        r"count first\.$"):
        day2_merge(event=main, actor=director)
    assert not Entry.objects.filter(event=main).exists() and not Advance.objects.exists()
    assert set(Entry.objects.filter(event__parent=main).values_list("status", flat=True)) == {Entry.Status.ALIVE}


def test_an_event_without_flights_or_a_flight_is_refused(played, flights, director, festival):
    a, _ = flights
    with pytest.raises(Day2Error, match="^Day 1A is a flight: Day 2 is drawn from its main event.$"):
        day2_merge(event=a, actor=director)
    other = factories.make_event("solo", festival=festival)
    with pytest.raises(Day2Error, match="is not played in flights"):
        day2_merge(event=other, actor=director)


def test_the_day2_draw_seats_everyone_at_random_on_the_main_events_tables(played, flights, director):
    main, _ = played
    with pytest.raises(Day2Error, match="^Merge the flights first"):
        day2_draw(event=main, actor=director)
    day2_merge(event=main, actor=director)
    tables_assign(event=main, numbers=[10], actor=director)
    draw = day2_draw(event=main, actor=director)
    assert draw.count == 5 and draw.kind == "initial"
    seats = list(Entry.objects.filter(event=main).values_list("table__number", "seat"))
    assert {t for t, _ in seats} == {10} and len({s for _, s in seats}) == 5
    # The flights' tables were freed by the merge: they can go back to the venue.
    from tdconsole.seating.services import tables_release

    tables_release(event=flights[0], numbers=[1, 2], actor=director)
    from tdconsole.seating.exceptions import SeatingError

    with pytest.raises(SeatingError, match="already seated"):
        day2_draw(event=main, actor=director)


def test_undo_puts_everyone_back_in_their_flights(played, director):
    main, enter = played
    seats_before = {e.pk: (e.table_id, e.seat) for e in Entry.objects.filter(event__parent=main)}
    day2_merge(event=main, actor=director)
    assert day2_merge_undo(event=main, actor=director) == 5
    assert not Entry.objects.filter(event=main).exists() and not Advance.objects.exists()
    after = {e.pk: (e.table_id, e.seat) for e in Entry.objects.filter(event__parent=main)}
    assert after == seats_before
    assert set(Entry.objects.filter(event__parent=main).values_list("status", flat=True)) == {Entry.Status.ALIVE}
    assert ClockState.objects.get(event=main).level_position is None
    day2_merge(event=main, actor=director)  # and it can be merged again
    assert Entry.objects.filter(event=main).count() == 5


def test_undo_is_refused_once_day2_seats_are_drawn(played, director):
    main, _ = played
    day2_merge(event=main, actor=director)
    tables_assign(event=main, numbers=[10], actor=director)
    day2_draw(event=main, actor=director)
    with pytest.raises(Day2Error, match="Day 2 seats are drawn"):
        day2_merge_undo(event=main, actor=director)
    assert Entry.objects.filter(event=main).count() == 5
