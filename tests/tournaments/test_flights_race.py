"""Two clerks registering the same player in two flights at the same moment, on PostgreSQL: the main
event's lock serves them one after the other, so the limit across flights holds. (The player's own row
lock, which every registration takes, serves them in turn as well: the test fails only with both taken
away; the main event's lock is what a rule over several players of the flights would rely on.)"""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.players import player_register
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def clerk(flight, player, director):
    with translation.override("en"):  # a thread starts in the site's language
        return entry_register_seated(event=flight, player=player, actor=director, level_position=None)


def test_two_clerks_registering_one_player_in_two_flights_at_once_cannot_pass_the_limit(make_event, director):
    main = make_event(name="Main Event", slug="main-event", format=Event.Format.REENTRY, max_entries=2,
                      buy_in_prize=Decimal("900"), status=Event.Status.DRAFT, tables=())
    flights = [flight_create(event=main, name=f"Day 1{x}", date=datetime.date(2026, 12, 10 + i), actor=director)
               for i, x in enumerate("ABC")]
    Event.objects.filter(parent=main).update(status=Event.Status.REGISTERING)
    Event.objects.filter(pk=main.pk).update(entry_limit_all_flights=1, bagged_may_reenter=True)
    for round_ in range(5):
        player = player_register(festival=main.festival, name=f"Racer {round_}", actor=director)
        answers = at_once(*[
            (lambda f=f, p=player: clerk(f, p, director)) for f in flights
        ])
        entries = [a for a in answers if isinstance(a, Entry)]
        refused = [a for a in answers if isinstance(a, RegistrationError)]
        assert len(entries) == 1 and len(refused) == 2, answers
        assert all("the 1 entry allowed across all flights" in str(r) for r in refused), [str(r) for r in refused]
        assert Entry.objects.filter(player=player).count() == 1


def test_the_last_two_flights_closing_at_once_place_the_field_once(make_event, director):
    from tdconsole.seating.services import tables_assign
    from tdconsole.tournaments.eliminations import entry_eliminate
    from tdconsole.tournaments.registration import event_registration_close
    from tests import factories

    main = make_event(name="Main Event", slug="main-event", status=Event.Status.DRAFT, tables=())
    flights = []
    for i, (name, table) in enumerate([("Day 1A", 1), ("Day 1B", 3)]):
        flight = flight_create(event=main, name=name, date=datetime.date(2026, 12, 10 + i), actor=director)
        Event.objects.filter(pk=flight.pk).update(status=Event.Status.REGISTERING)
        tables_assign(event=flight, numbers=[table], actor=director)
        flight = factories.seated_at_desk(Event.objects.get(pk=flight.pk), 4, actor=director, names=name + " {n}")
        seat = Entry.objects.filter(event=flight, status="alive").order_by("number").first().seat
        entry_eliminate(event=flight, table_number=table, seat=seat, actor=director, level_position=None)
        flights.append(flight)
    answers = at_once(*[(lambda f=f: event_registration_close(event=f, actor=director)) for f in flights])
    assert all(isinstance(a, Event) for a in answers), answers
    main.refresh_from_db()
    assert main.registration_closed_at is not None
    # 8 entries, 6 still in: Day 1B's bust (the later one) 7th, Day 1A's 8th.
    placed = dict(Entry.objects.filter(event__parent=main, status="busted").values_list("event__name", "place"))
    assert placed == {"Day 1B": 7, "Day 1A": 8}
