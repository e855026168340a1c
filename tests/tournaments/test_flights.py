"""Starting flights (issue 25): flights of a main event sharing its settings, the settings of the main event,
and what survivors of several flights take on under each advancement rule."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.chipsets import event_chip_set_set
from tdconsole.tournaments.events import SHARED_SETTINGS, event_update
from tdconsole.tournaments.exceptions import EventSettingsError, TournamentError
from tdconsole.tournaments.flights import advancing_stack, flight_create, flight_settings_update, flights_advancing
from tdconsole.tournaments.models import Entry, Event, Level
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
DAY_1A = datetime.date(2026, 12, 10)
DAY_1B = datetime.date(2026, 12, 11)
LEVEL_FIELDS = ("position", "kind", "small_blind", "big_blind", "ante", "minutes", "color_up")


@pytest.fixture
def main(make_event):
    """A re-entry main event (two entries per flight), R$ 900 + 100, 30 000 chips, guarantee R$ 100 000."""
    event = make_event(name="Main Event", slug="main-event", format=Event.Format.REENTRY, max_entries=2,
                       buy_in_prize=Decimal("900"), buy_in_fee=Decimal("100"), starting_stack=30000,
                       guarantee=Decimal("100000"), status=Event.Status.DRAFT, tables=())
    Event.objects.filter(pk=event.pk).update(chip_set=factories.make_chip_set())
    event.refresh_from_db()
    return event


def test_a_flight_copies_the_main_events_settings_structure_and_chips(main, director):
    flight = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    assert flight.parent == main and flight.name == "Day 1A" and flight.date == DAY_1A
    assert flight.status == Event.Status.DRAFT and flight.festival_id == main.festival_id
    for name in SHARED_SETTINGS:
        assert getattr(flight, name) == getattr(main, name), name
    assert (flight.buy_in_prize, flight.buy_in_fee, flight.starting_stack) == (Decimal("900"), Decimal("100"), 30000)
    assert flight.guarantee is None  # the main event's pool carries it
    assert flight.chip_set_id == main.chip_set_id
    assert flight.structure_id != main.structure_id
    mine = list(Level.objects.filter(structure=flight.structure).values_list(*LEVEL_FIELDS))
    assert mine == list(Level.objects.filter(structure=main.structure).values_list(*LEVEL_FIELDS)) and mine
    main.refresh_from_db()
    assert main.has_flights
    audit = AuditEntry.entries.get(action="event.flight_create")
    assert audit.event_id == main.pk and audit.after["name"] == "Day 1A"


def test_flights_are_listed_under_the_main_event_in_date_order(main, director):
    b = flight_create(event=main, name="Day 1B", date=DAY_1B, actor=director)
    a = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    assert list(main.flights.order_by("date")) == [a, b]
    assert a.slug == "main-event-day-1a"


def test_a_flight_cannot_have_flights_nor_two_flights_one_name(main, director):
    flight = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    with pytest.raises(TournamentError, match="Day 1A is a flight: add flights to its main event."):
        flight_create(event=flight, name="Day 1A-bis", date=DAY_1A, actor=director)
    with pytest.raises(EventSettingsError, match="Main Event already has a flight named Day 1A."):
        flight_create(event=main, name="day 1a", date=DAY_1B, actor=director)


def test_an_event_with_entries_of_its_own_gets_no_flight(main, director, register):
    Event.objects.filter(pk=main.pk).update(status=Event.Status.REGISTERING)
    register(main, "Ana")
    with pytest.raises(TournamentError, match="has entries of its own"):
        flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    assert not Event.objects.filter(parent=main).exists()


def test_a_flight_refuses_its_own_buy_in_stack_or_chips(main, director):
    flight = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    with pytest.raises(EventSettingsError, match="change them on Main Event") as refused:
        event_update(event=flight, actor=director, buy_in_prize=Decimal("500"))
    assert refused.value.field == "buy_in_prize"
    with pytest.raises(EventSettingsError, match="change them on Main Event"):
        event_update(event=flight, actor=director, starting_stack=40000)
    with pytest.raises(EventSettingsError, match="change them on Main Event"):
        event_chip_set_set(event=flight, chip_set=None, actor=director)
    flight.refresh_from_db()
    assert (flight.buy_in_prize, flight.starting_stack) == (Decimal("900"), 30000) and flight.chip_set_id
    # Its own name and date are its own.
    event_update(event=flight, actor=director, name="Dia 1A", date=DAY_1B)
    flight.refresh_from_db()
    assert (flight.name, flight.date) == ("Dia 1A", DAY_1B)


def test_the_main_event_keeps_what_its_flights_were_made_with(main, director):
    flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    main.refresh_from_db()
    with pytest.raises(EventSettingsError, match="Main Event has flights"):
        event_update(event=main, actor=director, buy_in_fee=Decimal("150"))
    # The guarantee is the main event's alone.
    event_update(event=main, actor=director, guarantee=Decimal("120000"))
    main.refresh_from_db()
    assert main.guarantee == Decimal("120000")


def test_the_flight_settings_are_saved_on_the_main_event_and_audited(main, director):
    flight_settings_update(event=main, actor=director, advance_rule=Event.AdvanceRule.CUMULATIVE,
                           bagged_may_reenter=True, entry_limit_all_flights=3, stop_level=3,
                           stop_time=datetime.time(23, 30))
    main.refresh_from_db()
    assert (main.advance_rule, main.bagged_may_reenter, main.entry_limit_all_flights, main.stop_level,
            main.stop_time) == ("cumulative", True, 3, 3, datetime.time(23, 30))
    audit = AuditEntry.entries.get(action="event.flight_settings")
    assert audit.before["advance_rule"] == "best_stack" and audit.after["entry_limit_all_flights"] == 3


def test_the_flights_cannot_stop_after_a_level_the_structure_has_not(main, director):
    # The test structure has 4 blind levels and a break.
    with pytest.raises(EventSettingsError, match="4 blind levels: the flights stop after a level from 1 to 4"):
        flight_settings_update(event=main, actor=director, stop_level=5)
    with pytest.raises(EventSettingsError, match="from 1 to 1000"):
        flight_settings_update(event=main, actor=director, entry_limit_all_flights=0)
    main.refresh_from_db()
    assert main.stop_level is None and main.entry_limit_all_flights is None


def test_a_flight_has_no_flight_settings_of_its_own(main, director):
    flight = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    with pytest.raises(TournamentError, match="These settings belong to the main event, Main Event."):
        flight_settings_update(event=flight, actor=director, bagged_may_reenter=True)


def test_best_stack_keeps_the_biggest_bag_and_forfeits_the_others():
    advancing = advancing_stack(player_id=7, bags=[41000, 87500, 12000], rule=Event.AdvanceRule.BEST_STACK)
    assert advancing.stack == 87500
    assert advancing.forfeited == (41000, 12000)


def test_cumulative_adds_the_bags():
    advancing = advancing_stack(player_id=7, bags=[41000, 87500], rule=Event.AdvanceRule.CUMULATIVE)
    assert advancing.stack == 128500 and advancing.forfeited == ()


@pytest.mark.parametrize(("rule", "stack", "forfeited"), [
    (Event.AdvanceRule.BEST_STACK, 60000, (25000,)),
    (Event.AdvanceRule.CUMULATIVE, 85000, ()),
])
def test_survivors_of_two_flights_advance_under_the_events_rule(main, director, rule, stack, forfeited):
    a = flight_create(event=main, name="Day 1A", date=DAY_1A, actor=director)
    b = flight_create(event=main, name="Day 1B", date=DAY_1B, actor=director)
    Event.objects.filter(pk=main.pk).update(advance_rule=rule)
    main.refresh_from_db()
    rita, caio = factories.make_players(main.festival, ["Rita", "Caio"])
    Entry.objects.create(event=a, player=rita, number=1, chips=25000)
    Entry.objects.create(event=b, player=rita, number=1, chips=60000)
    Entry.objects.create(event=b, player=caio, number=2, chips=70000)
    rows = {r.player_id: r for r in flights_advancing(event=main)}
    assert (rows[rita.pk].stack, rows[rita.pk].forfeited) == (stack, forfeited)
    assert (rows[caio.pk].stack, rows[caio.pk].forfeited) == (70000, ())
