"""Places when a player survives two flights (the main event lets a bagged player enter another flight):
the player takes one Day 2 entry, so the places count players, not their flight entries still in, and the
whole field's places run 1..N, each once."""

import pytest

from tdconsole.day2.services import day2_draw, day2_merge
from tdconsole.seating.services import seats_draw_initial, tables_assign
from tdconsole.tournaments.eliminations import SeatBust, elimination_undo, entries_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories

from .conftest import bag, close

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def bust(event, name, director):
    entry = Entry.objects.select_related("table").get(event=event, player__name=name, status="alive")
    return entries_eliminate(event=event, table_number=entry.table.number, actor=director, level_position=None,
                             busts=[SeatBust(seat=entry.seat, starting_stack=None)])


def places():
    """Every placed entry of the festival's main event and flights: {player name: [places]}."""
    rows = {}
    for name, place in (Entry.objects.filter(place__isnull=False).order_by("place")
                        .values_list("player__name", "place")):
        rows.setdefault(name, []).append(place)
    return rows


@pytest.fixture
def two_flights(main, flights, people, director):
    """Ana survives Day 1A and Day 1B; Bruno plays 1A; Carla, Diego and Elisa 1B. Seats drawn, running."""
    a, b = flights
    Event.objects.filter(pk=main.pk).update(bagged_may_reenter=True)
    main.refresh_from_db()
    for name in ["Ana", "Bruno"]:
        factories.register_at_desk(a, name, actor=director, player=people[name])
    for name in ["Ana", "Carla", "Diego", "Elisa"]:
        factories.register_at_desk(b, name, actor=director, player=people[name])
    seats_draw_initial(event=a, actor=director)
    seats_draw_initial(event=b, actor=director)
    return a, b


def to_day2(main, a, b, director):
    """Bag every player still in (30,000 in 1A, 20,000 in 1B), merge, and draw Day 2 at table 9."""
    bag(a, {e: 30000 for e in Entry.objects.filter(event=a, status="alive")}, director)
    bag(b, {e: 20000 for e in Entry.objects.filter(event=b, status="alive")}, director)
    day2_merge(event=main, actor=director)
    tables_assign(event=main, numbers=[9], actor=director)
    Event.objects.filter(pk=main.pk).update(status=Event.Status.RUNNING)
    day2_draw(event=main, actor=director)


def test_a_player_alive_in_two_flights_counts_once_in_the_places(main, two_flights, director):
    a, b = two_flights
    bust(a, "Bruno", director)  # before the field is known: no place yet
    close(a, director)
    close(b, director)
    # Alive: Ana (twice), Carla, Diego, Elisa = 4 players; Bruno is 5th, not 6th.
    assert places() == {"Bruno": [5]}
    bust(b, "Elisa", director)  # Day 1B plays on after the field is known
    assert places() == {"Bruno": [5], "Elisa": [4]}
    to_day2(main, a, b, director)
    bust(main, "Diego", director)
    bust(main, "Carla", director)
    assert places() == {"Ana": [1], "Carla": [2], "Diego": [3], "Elisa": [4], "Bruno": [5]}


def test_a_bust_counts_the_players_still_in_across_flights_and_its_undo_too(main, two_flights, director):
    a, b = two_flights
    close(a, director)
    close(b, director)
    # Still in after Carla: Ana (in both flights), Bruno, Diego, Elisa = 4 players.
    elimination = bust(b, "Carla", director)
    assert places() == {"Carla": [5]}
    elimination_undo(event=b, elimination_id=elimination.pk, actor=director)
    assert places() == {}
    bust(b, "Diego", director)
    assert places() == {"Diego": [5]}
    # Ana's 1B entry busts, but she is still in from 1A: the 4 players in stay (Ana, Bruno, Carla, Elisa),
    # so her 1B entry is 5th and Diego, out before her, moves down to 6th.
    ana = bust(b, "Ana", director)
    assert places() == {"Ana": [5], "Diego": [6]}
    elimination_undo(event=b, elimination_id=ana.pk, actor=director)
    assert places() == {"Diego": [5]}
    bust(b, "Ana", director)
    bust(b, "Carla", director)
    bust(a, "Bruno", director)
    assert places() == {"Bruno": [3], "Carla": [4], "Ana": [5], "Diego": [6]}
    to_day2(main, a, b, director)
    bust(main, "Elisa", director)
    assert places() == {"Ana": [1, 5], "Elisa": [2], "Bruno": [3], "Carla": [4], "Diego": [6]}
