"""Registration across starting flights: the entry limit counted over every flight, re-entry within a
flight as in any event, and a player who bagged refused in a later flight when the main event says so."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.players import player_register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def flights(make_event, director):
    """Main Event (re-entry, two entries per flight) with flights Day 1A and Day 1B, both registering."""
    main = make_event(name="Main Event", slug="main-event", format=Event.Format.REENTRY, max_entries=2,
                      buy_in_prize=Decimal("900"), buy_in_fee=Decimal("100"), status=Event.Status.DRAFT, tables=())
    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    b = flight_create(event=main, name="Day 1B", date=datetime.date(2026, 12, 11), actor=director)
    Event.objects.filter(pk__in=[a.pk, b.pk]).update(status=Event.Status.REGISTERING)
    main.refresh_from_db()
    a.refresh_from_db()
    b.refresh_from_db()
    return main, a, b


def settings(main, **fields):
    Event.objects.filter(pk=main.pk).update(**fields)


def enter(flight, player, director):
    return entry_register_seated(event=flight, player=player, actor=director, level_position=None)


def bust(entry):
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED, table=None, seat=None)


def test_the_entry_limit_counts_every_flight(flights, director):
    main, a, b = flights
    settings(main, entry_limit_all_flights=2)
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    bust(enter(a, rita, director))
    second = enter(b, rita, director)  # busted in 1A, she starts again in 1B
    assert (second.event_id, second.attempt) == (b.pk, 1)
    bust(second)
    with pytest.raises(RegistrationError, match="^Rita has used all 2 entries allowed across all flights.$"):
        enter(b, rita, director)
    with pytest.raises(RegistrationError, match="all 2 entries allowed across all flights"):
        enter(a, rita, director)
    assert Entry.objects.filter(player=rita).count() == 2


def test_without_a_limit_across_flights_each_flight_allows_its_own_re_entries(flights, director):
    main, a, b = flights
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    bust(enter(a, rita, director))
    bust(enter(a, rita, director))
    with pytest.raises(RegistrationError, match="Rita has used all 2 entries."):
        enter(a, rita, director)  # the flight's own re-entry limit, as in any event
    bust(enter(b, rita, director))
    assert enter(b, rita, director).attempt == 2
    assert Entry.objects.filter(player=rita).count() == 4


def test_a_player_who_bagged_is_refused_in_a_later_flight_when_the_event_says_so(flights, director):
    main, a, b = flights
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    enter(a, rita, director)  # still in after Day 1A: she bagged
    with pytest.raises(RegistrationError, match="^Rita is through from Day 1A: Main Event does not let a player "
                                               "who bagged enter another flight.$"):
        enter(b, rita, director)
    assert not Entry.objects.filter(event=b).exists()


def test_a_player_who_bagged_may_play_a_later_flight_when_the_event_allows_it(flights, director):
    main, a, b = flights
    settings(main, bagged_may_reenter=True)
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    enter(a, rita, director)
    again = enter(b, rita, director)
    assert again.event_id == b.pk and again.status == Entry.Status.ALIVE
    assert Entry.objects.filter(player=rita, status=Entry.Status.ALIVE).count() == 2


def test_the_bagged_rule_still_counts_towards_the_limit(flights, director):
    main, a, b = flights
    settings(main, bagged_may_reenter=True, entry_limit_all_flights=1)
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    enter(a, rita, director)
    with pytest.raises(RegistrationError, match="Rita has used the 1 entry allowed across all flights."):
        enter(b, rita, director)


def test_the_main_event_takes_no_entry_of_its_own(flights, director):
    main, a, b = flights
    Event.objects.filter(pk=main.pk).update(status=Event.Status.REGISTERING)
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    with pytest.raises(RegistrationError, match="Main Event is played in its flights: register the player in one"):
        enter(main, rita, director)


def test_the_registration_desk_shows_the_refusal(flights, director, client_as):
    main, a, b = flights
    rita = player_register(festival=main.festival, name="Rita", actor=director)
    enter(a, rita, director)
    from django.urls import reverse

    desk = client_as("registration")
    answer = desk.post(reverse("tournaments:registration", kwargs={"slug": b.slug}), {"player": rita.pk},
                       HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200  # the desk's notice of a refusal, as for any refused entry
    assert 'data-testid="notice-refused"' in answer.content.decode()
    assert "Rita is through from Day 1A" in answer.content.decode()
    assert not Entry.objects.filter(event=b).exists()
