"""One prize pool for a main event played over starting flights: its entries, pool and payout table sum
every flight's, and grow as each flight registers, in a constant number of queries."""

import datetime
from decimal import Decimal

import pytest

from tdconsole.payouts.selectors import event_payout_amounts, event_prize_summary
from tdconsole.tournaments.flights import flight_create
from tdconsole.tournaments.models import Event
from tests import factories

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def main(festival, director):
    """Main Event, R$ 100 + 10 a bullet, 20 000 chips, with flights Day 1A and Day 1B."""
    event = factories.make_event("flights-main", festival=festival, name="Main Event", date=datetime.date(2026, 12, 12),
                                 buy_in_prize=Decimal("100"), buy_in_fee=Decimal("10"), starting_stack=20000,
                                 status=Event.Status.DRAFT, structure_name="Main", structure_slug="main-s")
    for i, name in enumerate(["Day 1A", "Day 1B"]):
        flight_create(event=event, name=name, date=datetime.date(2026, 12, 10 + i), actor=director)
    event.refresh_from_db()
    return event


def flight(main, name):
    return Event.objects.get(parent=main, name=name)


def test_the_main_event_counts_every_flights_entries_and_pool(main):
    factories.add_field(flight(main, "Day 1A"), 30, 30)
    factories.add_field(flight(main, "Day 1B"), 20, 20)
    summary = event_prize_summary(event=main)
    assert summary["entries"] == 50 and summary["players_left"] == 50
    assert summary["collected"] == Decimal("5000.00") and summary["prize_pool"] == Decimal("5000.00")
    assert summary["field"]["total_chips"] == 50 * 20000


def test_the_payout_table_is_the_one_of_the_whole_field(main, make_event):
    factories.add_field(flight(main, "Day 1A"), 30, 30)
    factories.add_field(flight(main, "Day 1B"), 20, 20)
    alone = make_event(entries=50, alive=50, buy_in_prize=Decimal("100"), buy_in_fee=Decimal("10"))
    amounts = event_payout_amounts(event=main)
    assert amounts == event_payout_amounts(event=alone)
    assert sum(amounts) == Decimal("5000.00") and len(amounts) == event_prize_summary(event=main)["places_paid"]


def test_the_pool_grows_as_a_later_flight_registers(main):
    factories.add_field(flight(main, "Day 1A"), 30, 30)
    before = event_prize_summary(event=main)
    factories.make_entries(flight(main, "Day 1B"), 12)
    after = event_prize_summary(event=main)
    assert (before["entries"], after["entries"]) == (30, 42)
    assert (before["prize_pool"], after["prize_pool"]) == (Decimal("3000.00"), Decimal("4200.00"))
    assert after["places_paid"] >= before["places_paid"]


def test_a_rebuy_sold_in_a_flight_goes_to_the_one_pool(main):
    [entry] = factories.make_entries(flight(main, "Day 1A"), 1)
    factories.make_purchase(entry, kind="rebuy", prize="100", chips=20000)
    summary = event_prize_summary(event=main)
    assert summary["prize_pool"] == Decimal("200.00") and summary["rebuys"] == 1
    assert summary["field"]["total_chips"] == 40000


def test_the_guarantee_of_the_main_event_covers_the_whole_field(main):
    Event.objects.filter(pk=main.pk).update(guarantee=Decimal("10000"))
    main.refresh_from_db()
    factories.add_field(flight(main, "Day 1A"), 30, 30)
    factories.add_field(flight(main, "Day 1B"), 20, 20)
    summary = event_prize_summary(event=main)
    assert (summary["prize_pool"], summary["overlay"]) == (Decimal("10000.00"), Decimal("5000.00"))


def test_the_summary_takes_the_same_queries_whatever_the_flights(main, director, django_assert_num_queries):
    factories.add_field(flight(main, "Day 1A"), 5, 5)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as two:
        event_prize_summary(event=main)
    for i, name in enumerate(["Day 1C", "Day 1D", "Day 1E"]):
        factories.add_field(flight_create(event=main, name=name, date=datetime.date(2026, 12, 13 + i),
                                          actor=director), 40, 40)
    with django_assert_num_queries(len(two.captured_queries)):
        summary = event_prize_summary(event=main)
    assert summary["entries"] == 125


def test_the_main_events_payouts_page_shows_the_one_pool(main, client_as):
    from django.urls import reverse

    factories.add_field(flight(main, "Day 1A"), 30, 30)
    factories.add_field(flight(main, "Day 1B"), 20, 20)
    answer = client_as("director").get(reverse("payouts:table", kwargs={"slug": main.slug}),
                                       HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert "5,000.00" in answer.content.decode()
