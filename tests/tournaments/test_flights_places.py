"""Places across starting flights: a flight's busts show as out in their flight with no place until the
whole field is known (registration closed in every flight); then every bust is placed below the players
still in, the latest bust best, busts of one hand sharing or split by their stacks as in any event."""

from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.eliminations import SeatBust, elimination_undo, entries_eliminate
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.flights import flights_out
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.registration import event_registration_close
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def flights(make_event, director):
    """Main Event with Day 1A (6 players at table 1) and Day 1B (5 players at table 3), both running."""
    main = make_event(name="Main Event", slug="main-event", buy_in_prize=Decimal("900"), status=Event.Status.DRAFT,
                      tables=())
    a, b = factories.two_flights_at_desk(main, actor=director)
    return main, a, b


def seated(flight):
    """The flight's players in play by name: (table number, seat)."""
    return {e.player.name: (e.table.number, e.seat)
            for e in Entry.objects.filter(event=flight, status="alive").select_related("player", "table")}


def bust(flight, director, *names_and_stacks):
    """Bust these players (name, stack at the start of the hand) in one hand at their table."""
    where = seated(flight)
    table = where[names_and_stacks[0][0]][0]
    return entries_eliminate(event=flight, table_number=table, actor=director, level_position=None,
                             busts=[SeatBust(seat=where[n][1], starting_stack=s) for n, s in names_and_stacks])


def places(main):
    return dict(Entry.objects.filter(event__parent=main, status="busted").values_list("player__name", "place"))


def test_busts_in_a_flight_wait_for_the_whole_field_then_are_placed_across_flights(flights, director):
    main, a, b = flights
    bust(a, director, ("A0", 20000))
    bust(a, director, ("A1", 9000), ("A2", 5000))  # one hand: the bigger stack finishes higher
    event_registration_close(event=a, actor=director)
    assert places(main) == {"A0": None, "A1": None, "A2": None}  # Day 1B is still registering
    bust(b, director, ("B0", 20000))
    bust(b, director, ("B1", 7000), ("B2", 7000))  # one hand, equal stacks: they share
    assert set(places(main).values()) == {None}
    out = {e.player.name: e.event.name for e in flights_out(event=main)}
    assert out == {"A0": "Day 1A", "A1": "Day 1A", "A2": "Day 1A", "B0": "Day 1B", "B1": "Day 1B", "B2": "Day 1B"}

    event_registration_close(event=b, actor=director)
    main.refresh_from_db()
    assert main.registration_closed_at is not None
    # 11 entries, 5 still in (3 from Day 1A, 2 from Day 1B): the busts take places 6 to 11, latest best.
    assert places(main) == {"B1": 6, "B2": 6, "B0": 8, "A1": 9, "A2": 10, "A0": 11}
    record = AuditEntry.entries.get(action="event.registration_close", event_id=main.pk)
    assert record.after["placed"] == 6


def test_after_the_field_is_known_a_bust_is_placed_at_once_below_every_player_still_in(flights, director):
    main, a, b = flights
    bust(a, director, ("A0", None))
    event_registration_close(event=a, actor=director)
    event_registration_close(event=b, actor=director)
    assert places(main) == {"A0": 11}
    bust(b, director, ("B3", 1000))  # 10 players were in: the 10th
    bust(a, director, ("A4", 3000), ("A5", 3000))  # a tie for 8th, then 9th is skipped
    assert places(main) == {"A0": 11, "B3": 10, "A4": 8, "A5": 8}


def test_the_order_the_flights_close_in_does_not_matter(flights, director):
    main, a, b = flights
    bust(a, director, ("A0", None))
    bust(b, director, ("B0", None))
    event_registration_close(event=b, actor=director)
    assert places(main) == {"A0": None, "B0": None}
    event_registration_close(event=a, actor=director)
    assert places(main) == {"B0": 10, "A0": 11}


def test_undoing_a_bust_after_the_field_is_known_moves_the_later_busts_down(flights, director):
    main, a, b = flights
    event_registration_close(event=a, actor=director)
    event_registration_close(event=b, actor=director)
    wrong = bust(a, director, ("A0", None))
    bust(b, director, ("B0", None))
    assert places(main) == {"A0": 11, "B0": 10}
    elimination_undo(event=a, elimination_id=wrong.pk, actor=director)
    assert places(main) == {"B0": 11}


def test_the_main_event_is_not_closed_by_hand(flights, director):
    main, a, b = flights
    with pytest.raises(RegistrationError, match="Main Event closes when registration has closed in each of its"):
        event_registration_close(event=main, actor=director)


def test_the_flights_desk_says_the_place_is_pending_until_every_flight_has_closed(flights, director, client_as):
    from django.urls import reverse

    main, a, b = flights
    bust(a, director, ("A0", None))
    event_registration_close(event=a, actor=director)
    desk = client_as("floor")
    address = reverse("tournaments:eliminations", kwargs={"slug": a.slug})
    text = desk.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "place given when registration has closed in every flight" in text
    event_registration_close(event=b, actor=director)
    text = desk.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "place pending" not in text and "<b>11th</b> A0" in text
