"""The smallest chip in play of a disputed hand comes from the event's chip set: the odd chip of a split pot
goes by the chip still on the table at the hand's level (TDA 20-A), before and after a colour-up."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tdconsole.adjudication.selectors import smallest_chip_for
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_structure
from tdconsole.rules import Hand, hand_to_phh, parse_phh
from tdconsole.tournaments.models import Entry, Event, Table
from tests.factories import make_chip_set, make_event, make_players

pytestmark = pytest.mark.django_db
URL = "/rulings/adjudicate/"

# Positions: 1: 50/100, 2: 100/200, 3: a break colouring up the 25s, 4: 500/1000 (level 3), 5: 1000/2000
# (level 4), 6: 1500/3000 (level 5). From the blinds alone the smallest chip would read 50 then 500; with
# the chips 25/100/500 it is 25 until the break and 100 after it.
LEVELS = [
    ("level", 50, 100, 100, 20, None), ("level", 100, 200, 200, 20, None), ("break", 0, 0, 0, 10, 25),
    ("level", 500, 1000, 1000, 20, None), ("level", 1000, 2000, 2000, 20, None),
    ("level", 1500, 3000, 3000, 20, None),
]
CHIPS = ((25, "green", "#1f8a3b"), (100, "black", "#111111"), (500, "purple", "#6a2c91"))


def dispute_event(*, chips=True, clock_at=6):
    event = make_event("main", levels=LEVELS, status=Event.Status.RUNNING,
                       chip_set=make_chip_set(chips=CHIPS) if chips else None)
    table = Table.objects.create(venue=event.festival.venue, number=5, seats=9, event=event, button_seat=7)
    for number, (player, seat) in enumerate(zip(make_players(event.festival, ["Ana", "Bruno", "Carla"]),
                                                 (3, 4, 7), strict=True), start=11):
        Entry.objects.create(event=event, player=player, number=number, table=table, seat=seat, chips=30000)
    ClockState.objects.create(event=event, level_position=clock_at,
                              level_started_at=timezone.now() - timedelta(minutes=5))
    return event


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def prefilled_chip(client, **params):
    page = client.get(URL, {"event": "main", "table": "5", **params}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    return page.context["setup_form"].initial["smallest_chip"]


def split_pot(client, *, stack: int, smallest_chip: int, blinds=(1500, 3000)) -> dict:
    """Three players all in for `stack`; seats 1 and 2 tie (ace-king each), seat 3 loses: the main pot."""
    sb, bb = blinds
    response = client.post(URL, {
        "op": "setup", "seats": f"1 A {stack}\n2 B {stack}\n3 C {stack}", "button": "3", "small_blind": str(sb),
        "big_blind": str(bb), "ante": "0", "ante_type": "bba", "variant": "NT", "mode": "tournament",
        "smallest_chip": str(smallest_chip)}, HTTP_ACCEPT_LANGUAGE="en")
    spec = parse_phh(response.context["phh"])
    actions = ["d dh p1 AhKd", "d dh p2 AsKc", "d dh p3 2c3d", f"p3 cbr {stack}", "p1 cc", "p2 cc",
               "d db 7h8h9s", "d db Qd", "d db 4c"]
    ruling = Hand.replay(parse_phh(hand_to_phh(spec, actions))).ruling("en")
    assert ruling["status"] == "complete"
    return ruling


def test_after_the_colour_up_the_smallest_chip_is_the_one_still_in_play(floor):
    dispute_event(clock_at=6)  # level 5, 1500/3000: the 25s left at the break, the 100s are still there
    assert prefilled_chip(floor) == 100
    assert prefilled_chip(floor, level="4") == 100  # level 3, 500/1000: the first level after the break


def test_before_the_colour_up_the_25s_are_in_play(floor):
    dispute_event(clock_at=6)
    assert prefilled_chip(floor, level="2") == 25  # 100/200, dealt before the break
    assert prefilled_chip(floor, level="1") == 25


def test_without_a_chip_set_the_blinds_decide_as_before(floor):
    dispute_event(chips=False, clock_at=6)
    assert prefilled_chip(floor) == 500
    assert prefilled_chip(floor, level="2") == 50


def test_a_hand_ruled_after_the_colour_up_splits_its_odd_chip_by_the_100(floor):
    dispute_event(clock_at=6)
    chip = prefilled_chip(floor)
    # 3 x 10,100 = 30,300: two winners split 30,200 evenly, the odd 100 goes to the first winner left of the
    # button (seat 1); by 500s (the blinds' divisor) it would have been 15,000 and 15,500.
    pot = split_pot(floor, stack=10100, smallest_chip=chip)["pots"][0]
    assert pot["amount"] == 30300
    assert pot["awards"] == {"p1": 15200, "p2": 15100}


def test_a_hand_ruled_before_the_colour_up_splits_its_odd_chip_by_the_25(floor):
    dispute_event(clock_at=6)
    chip = prefilled_chip(floor, level="2")
    ruling = split_pot(floor, stack=10025, smallest_chip=chip, blinds=(100, 200))
    pot = ruling["pots"][0]
    assert pot["amount"] == 30075
    assert pot["awards"] == {"p1": 15050, "p2": 15025}  # one odd 25, not a 50 or a 100
    assert any("odd" in step.lower() and "25" in step for step in ruling["explanation"])


def test_the_chip_set_costs_one_query(floor):
    event = dispute_event(clock_at=6)
    levels = clock_structure(event=event)
    with CaptureQueriesContext(connection) as queries:
        assert smallest_chip_for(event=event, levels=levels, position=6) == 100
    assert len(queries) == 1
    event.chip_set = None
    with CaptureQueriesContext(connection) as queries:
        assert smallest_chip_for(event=event, levels=levels, position=6) == 500
    assert len(queries) == 0


def test_a_level_with_every_chip_coloured_up_falls_back_to_the_blinds(floor):
    event = dispute_event(clock_at=6)
    levels = clock_structure(event=event)
    event.chip_set = make_chip_set("Only 25s", chips=[(25, "green", "#1f8a3b")])
    # The break removes the only chip: nothing of the set is in play after it, the blinds decide.
    assert smallest_chip_for(event=event, levels=levels, position=6) == 500
    assert smallest_chip_for(event=event, levels=levels, position=1) == 25
