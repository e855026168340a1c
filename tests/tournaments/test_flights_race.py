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
