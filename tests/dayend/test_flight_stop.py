"""One stop setting for a tournament in flights: the main event's `stop_level` / `stop_time` is every
flight's end of day (the clock stops there), and a new flight takes the main event's money rules and
prize settings so its cash desk sells the same things at the same prices."""

import datetime
from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS, money_rules_of
from tdconsole.clock import maths, services
from tdconsole.clock.selectors import clock_reading
from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.exceptions import DayEndError
from tdconsole.dayend.models import DayEnd
from tdconsole.payouts.models import PrizeSettings
from tdconsole.payouts.services import SETTINGS_FIELDS
from tdconsole.tournaments.flights import flight_create, flight_settings_update
from tdconsole.tournaments.models import Event
from tests import factories

from .conftest import make_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def main(db, director):
    """Main Event (levels 1, 2, a break, 3, 4 of 20 minutes) with flights Day 1A and Day 1B."""
    event = make_event(slug="main-event", name="Main Event", status=Event.Status.DRAFT)
    for i, name in enumerate(["Day 1A", "Day 1B"]):
        flight_create(event=event, name=name, date=datetime.date(2026, 12, 10 + i), actor=director)
    event.refresh_from_db()
    return event


def flight(main, name):
    return Event.objects.get(parent=main, name=name)


def open_days(main):
    return {d.event.name: (d.name, d.last_level, d.stop_at)
            for d in DayEnd.objects.filter(event__parent=main, next_started_at__isnull=True).select_related("event")}


def test_the_main_events_stop_becomes_every_flights_end_of_day(main, director):
    assert open_days(main) == {}
    flight_settings_update(event=main, actor=director, stop_level=2)
    assert open_days(main) == {"Day 1A": ("Day 1A", 2, None), "Day 1B": ("Day 1B", 2, None)}
    # Changing it moves every open day; a day the floor named keeps its name.
    day_end_set(event=flight(main, "Day 1A"), actor=director, name="Dia 1A", last_level=2)
    flight_settings_update(event=main, actor=director, stop_level=3)
    assert open_days(main) == {"Day 1A": ("Dia 1A", 3, None), "Day 1B": ("Day 1B", 3, None)}


def test_a_flight_made_after_the_stop_gets_it_too(main, director):
    flight_settings_update(event=main, actor=director, stop_level=3)
    flight_create(event=main, name="Day 1C", date=datetime.date(2026, 12, 12), actor=director)
    assert open_days(main)["Day 1C"] == ("Day 1C", 3, None)


def test_a_stop_time_after_midnight_stops_the_night_after_the_flights_date(main, director):
    flight_settings_update(event=main, actor=director, stop_level=4, stop_time=datetime.time(2, 30))
    expected = timezone.make_aware(datetime.datetime(2026, 12, 11, 2, 30))
    assert open_days(main)["Day 1A"] == ("Day 1A", 4, expected)
    flight_settings_update(event=main, actor=director, stop_time=datetime.time(23, 0))
    assert open_days(main)["Day 1B"][2] == timezone.make_aware(datetime.datetime(2026, 12, 11, 23, 0))


def test_the_flights_clock_stops_at_the_main_events_stop(main, director):
    flight_settings_update(event=main, actor=director, stop_level=2)
    a = flight(main, "Day 1A")
    Event.objects.filter(pk=a.pk).update(status=Event.Status.RUNNING)
    now = timezone.now()
    services.clock_start(event=a, actor=director, now=now - timedelta(minutes=45))
    reading = clock_reading(event=a, now=now)[1]
    assert reading.status == maths.DAY_OVER and reading.seconds_left == timedelta(0)


def test_a_flight_may_name_its_day_but_not_move_the_main_events_stop(main, director):
    flight_settings_update(event=main, actor=director, stop_level=2)
    a = flight(main, "Day 1A")
    with pytest.raises(DayEndError, match="Main Event sets where every flight stops .at the end of level 2."):
        day_end_set(event=a, actor=director, name="Day 1A", last_level=3)
    day_end_set(event=a, actor=director, name="Dia 1A", last_level=2)
    assert open_days(main)["Day 1A"] == ("Dia 1A", 2, None)


def test_a_flight_without_a_stop_on_its_main_event_sets_its_own(main, director):
    day_end_set(event=flight(main, "Day 1B"), actor=director, name="Day 1B", last_level=3)
    assert open_days(main) == {"Day 1B": ("Day 1B", 3, None)}


def test_the_day_end_page_of_a_flight_shows_the_stop_as_the_main_events(client_as, main, director):
    flight_settings_update(event=main, actor=director, stop_level=2)
    a = flight(main, "Day 1A")
    floor = client_as("floor")
    url = reverse("dayend:day_end", kwargs={"slug": a.slug})
    html = floor.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="day-inherited"' in html
    assert "Set on the main event, Main Event: every flight stops at the end of level 2." in html
    assert 'data-testid="day-level"' not in html  # nothing to choose
    refused = floor.post(url, {"name": "Day 1A", "last_level": "4"}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400
    assert "Main Event sets where every flight stops" in refused.content.decode()
    renamed = floor.post(url, {"name": "Dia 1A", "last_level": "2", "stop_at": ""})
    assert renamed.status_code == 302 and open_days(main)["Day 1A"][0] == "Dia 1A"
    brazilian = floor.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Definido no evento principal, Main Event: todos os flights param no fim do nível 2." in brazilian


def test_a_new_flight_sells_the_same_things_at_the_same_prices_as_its_main_event(db, director):
    main = make_event(slug="money-main", name="Money Main", status=Event.Status.DRAFT)
    factories.make_money_rules(
        main, rebuy_until_level=2, max_rebuys=2, double_rebuy=True, rebuy_prize=Decimal("400"),
        rebuy_fee=Decimal("40"), rebuy_chips=30000, addon_break_after_level=2, addon_prize=Decimal("300"),
        addon_fee=Decimal("30"), addon_chips=40000, staff_addon_price=Decimal("20"), staff_addon_chips=5000,
        bonus_chips=2000, bonus_until_level=1, bounty_kind=MoneyRules.BountyKind.PROGRESSIVE,
        bounty=Decimal("100"), rebuy_bounty=Decimal("100"), pko_cash_percent=Decimal("40"),
        staff_percent=Decimal("3"))
    PrizeSettings.objects.create(event=main, percent_paid=Decimal("12"), rounding=Decimal("50"),
                                 min_cash_multiple=Decimal("2"))
    a = flight_create(event=main, name="Day 1A", date=datetime.date(2026, 12, 10), actor=director)
    ours, theirs = money_rules_of(event=a), money_rules_of(event=main)
    assert ours.pk is not None and ours.pk != theirs.pk
    assert {n: getattr(ours, n) for n in RULE_FIELDS} == {n: getattr(theirs, n) for n in RULE_FIELDS}
    assert (ours.rebuy_prize + ours.rebuy_fee, ours.addon_prize + ours.addon_fee) == (Decimal("440"), Decimal("330"))
    prize = PrizeSettings.objects.get(event=a)
    assert {n: getattr(prize, n) for n in SETTINGS_FIELDS} == {
        "percent_paid": Decimal("12"), "rounding": Decimal("50"), "min_cash_multiple": Decimal("2")}
    # The guarantee stays on the main event (one pool).
    assert a.guarantee is None


def test_a_flight_of_a_main_event_without_money_rules_gets_the_defaults(main):
    assert not MoneyRules.objects.filter(event__parent=main).exists()
    assert not PrizeSettings.objects.filter(event__parent=main).exists()
