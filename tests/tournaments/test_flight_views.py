"""The flights page of a main event: the director adds a flight and opens its dashboard, sets how the
flights play together; refusals come back as 400 with the message; staff without the role only read."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Entry, Event
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def main(make_event):
    return make_event(name="Main Event", slug="main-event", format=Event.Format.REENTRY, max_entries=2,
                      buy_in_prize=Decimal("900"), status=Event.Status.DRAFT, tables=())


def page(event):
    return reverse("tournaments:event_flights", kwargs={"slug": event.slug})


def test_the_director_adds_a_flight_and_opens_its_dashboard(main, client_as):
    desk = client_as("director")
    answer = desk.post(page(main), {"action": "create", "new-name": "Day 1A", "new-date": "2026-12-10"},
                       HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 302 and answer["Location"] == page(main)
    flight = Event.objects.get(parent=main)
    assert (flight.name, flight.date, flight.buy_in_prize) == ("Day 1A", datetime.date(2026, 12, 10), Decimal("900"))
    listing = desk.get(page(main), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    dashboard = reverse("tournaments:event_dashboard", kwargs={"slug": flight.slug})
    assert f'href="{dashboard}" data-testid="flight-open">Day 1A</a>' in listing
    opened = desk.get(dashboard, HTTP_ACCEPT_LANGUAGE="en")
    assert opened.status_code == 200 and 'data-testid="flights-link"' in opened.content.decode()


def test_a_refused_flight_shows_the_reason_beside_the_field(main, client_as, director):
    flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    answer = client_as("director").post(page(main), {"action": "create", "new-name": "Day 1A",
                                                     "new-date": "2026-12-11"}, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400
    assert "Main Event already has a flight named Day 1A." in answer.content.decode()
    assert Event.objects.filter(parent=main).count() == 1


def test_the_director_sets_how_the_flights_play_together(main, client_as):
    answer = client_as("director").post(page(main), {
        "action": "settings", "rules-advance_rule": "cumulative", "rules-bagged_may_reenter": "on",
        "rules-entry_limit_all_flights": "3", "rules-stop_level": "4", "rules-stop_time": "23:30"},
        HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 302
    main.refresh_from_db()
    assert (main.advance_rule, main.bagged_may_reenter, main.entry_limit_all_flights, main.stop_level,
            main.stop_time) == ("cumulative", True, 3, 4, datetime.time(23, 30))


def test_a_stop_level_the_structure_lacks_is_refused_with_400(main, client_as):
    answer = client_as("director").post(page(main), {"action": "settings", "rules-advance_rule": "best_stack",
                                                     "rules-stop_level": "9"}, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400
    assert "the flights stop after a level from 1 to 4" in answer.content.decode()


def test_the_page_shows_who_is_through_and_who_is_out_in_which_flight(main, client_as, director):
    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    b = flight_create(event=main, name="Day 1B", date=datetime.date(2026, 12, 11), actor=director)
    rita, caio = factories.make_players(main.festival, ["Rita", "Caio"])
    Entry.objects.create(event=a, player=rita, number=1, chips=25000)
    Entry.objects.create(event=b, player=rita, number=1, chips=60000)
    Entry.objects.create(event=b, player=caio, number=2, status=Entry.Status.BUSTED)
    text = client_as("floor").get(page(main), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "#2 Caio — out in Day 1B" in text
    assert "<td>Rita</td><td>60,000</td>" in text  # best stack: the 25,000 bag is forfeited
    assert 'data-testid="flight-create"' not in text  # the floor reads, the director changes


def test_staff_without_the_director_role_cannot_add_a_flight(main, client_as):
    answer = client_as("floor").post(page(main), {"action": "create", "new-name": "Day 1A",
                                                  "new-date": "2026-12-10"})
    assert answer.status_code == 403
    assert not Event.objects.filter(parent=main).exists()


def test_a_flights_page_leads_to_its_main_events(main, client_as, director):
    flight = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    answer = client_as("floor").get(page(flight))
    assert answer.status_code == 302 and answer["Location"] == page(main)


def test_closing_a_main_events_registration_by_hand_is_refused_with_a_message(main, client_as, director):
    flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    Event.objects.filter(pk=main.pk).update(status=Event.Status.REGISTERING)
    answer = client_as("director").post(reverse("tournaments:registration_close", kwargs={"slug": main.slug}),
                                        follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert "closes when registration has closed in each of its flights" in answer.content.decode()
    main.refresh_from_db()
    assert main.registration_closed_at is None


def test_the_main_events_dashboard_counts_the_flights_entries(main, client_as, director):
    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    factories.add_field(a, 12, 12)
    answer = client_as("director").get(reverse("tournaments:event_dashboard", kwargs={"slug": main.slug}),
                                       HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    text = answer.content.decode()
    assert 'data-testid="dash-flights">Flights</a>' in text
    assert '<strong data-testid="entries">12</strong>' in text
    assert '<strong data-testid="players-left">12</strong>' in text
