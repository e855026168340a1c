"""A flight's clock: its screen and feed show the whole tournament's prize pool and entries (one pool,
every flight's entries), labelled so, in a constant number of queries; the clocks overview reads a
flight stopped at its day's end as the screen does."""

import datetime
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tdconsole.clock import services
from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.tournaments.flights import flight_create, flight_settings_update
from tdconsole.tournaments.models import Event
from tdconsole.tournaments.public import public_url
from tests import factories

from .conftest import make_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture(autouse=True)
def no_clock_cache(settings):
    settings.CLOCK_CACHE_SECONDS = 0


def tournament(director, flights=("Day 1A", "Day 1B"), slug="main-event"):
    main = make_event(slug=slug, name="Main Event", status=Event.Status.DRAFT, buy_in_prize=Decimal("100"),
                      buy_in_fee=Decimal("10"))
    made = [flight_create(event=main, name=name, date=datetime.date(2026, 12, 10 + i), actor=director)
            for i, name in enumerate(flights)]
    Event.objects.filter(parent=main).update(status=Event.Status.RUNNING)
    main.refresh_from_db()
    return main, [Event.objects.get(pk=f.pk) for f in made]


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_a_flights_feed_gives_the_whole_tournaments_pool_and_entries(client, director):
    main, (a, b) = tournament(director)
    factories.add_field(a, 30, 30)
    factories.add_field(b, 20, 12)
    services.clock_start(event=a, actor=director)
    data = client.get(public_url(a, "clock:feed", absolute=False)).json()
    pool = event_prize_summary(event=main)
    assert (data["entries"], data["prize_pool"], data["places_paid"]) == (50, "5000.00", pool["places_paid"])
    assert data["all_flights"] == "Main Event"
    # The players on the flight's tables are the flight's own.
    assert (data["flight_entries"], data["players_left"], data["average_stack"]) == (30, 30, 30000)


def test_a_flights_screen_labels_the_pool_and_entries_as_every_flights(client, director):
    main, (a, b) = tournament(director)
    factories.add_field(a, 30, 30)
    factories.add_field(b, 20, 12)
    services.clock_start(event=a, actor=director)
    html = client.get(public_url(a, "clock:screen_state", absolute=False), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Prize pool, Main Event (every flight)" in html
    assert 'data-testid="all-entries">50<' in html
    assert "Players in this flight" in html and "30<small> / 30</small>" in html


def test_an_ordinary_events_feed_is_as_before(client, director):
    event = make_event(slug="alone")
    factories.add_field(event, 10, 10)
    services.clock_start(event=event, actor=director)
    data = client.get(public_url(event, "clock:feed", absolute=False)).json()
    assert data["entries"] == 10 and data["all_flights"] is None and data["flight_entries"] is None


def test_a_flights_feed_and_screen_read_as_many_queries_whatever_the_flights_and_entries(client, director,
                                                                                        django_assert_max_num_queries):
    _main, (a, _b) = tournament(director)
    factories.add_field(a, 5, 5)
    services.clock_start(event=a, actor=director)
    urls = [public_url(a, name, absolute=False) for name in ("clock:feed", "clock:screen_state")]
    small = [count_queries(client, url) for url in urls]
    _other, flights = tournament(director, flights=("Day 1A", "Day 1B", "Day 1C", "Day 1D"), slug="big-main")
    big = flights[0]
    for f in flights:
        factories.add_field(f, 60, 40)
    services.clock_start(event=big, actor=director)
    large = [count_queries(client, public_url(big, name, absolute=False)) for name in ("clock:feed",
                                                                                       "clock:screen_state")]
    assert small == large
    # An ordinary event's reads (9 and 10, see test_views) and the flight's: its main event, the main event's
    # pool besides the flight's own field and chips sold.
    for url, most in zip(urls, (13, 14), strict=True):
        with django_assert_max_num_queries(most):
            client.get(url)


def test_the_clocks_overview_shows_a_flight_stopped_at_its_days_end(client_as, director):
    main, (a, b) = tournament(director)
    flight_settings_update(event=main, actor=director, stop_level=2)
    now = timezone.now()
    # Day 1A played past the end of level 2 (20 + 20 minutes): stopped; Day 1B is in its first level.
    services.clock_start(event=a, actor=director, now=now - timedelta(minutes=47))
    services.clock_start(event=b, actor=director, now=now - timedelta(minutes=5))
    viewer = client_as("viewer")
    html = viewer.get(reverse("clock:screens"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    row_a = html.split(f'data-slug="{a.slug}"', 1)[1].split("</tr>", 1)[0]
    row_b = html.split(f'data-slug="{b.slug}"', 1)[1].split("</tr>", 1)[0]
    assert 'data-status="day_over"' in row_a and "End of Day 1A: stopped" in row_a
    assert "Level 2 · 00:00" in " ".join(row_a.split())
    assert 'data-status="running"' in row_b and "Level 1" in row_b
    # The screen of Day 1A says the same.
    screen = client_as("viewer").get(public_url(a, "clock:feed", absolute=False)).json()
    assert screen["status"] == "day_over" and screen["seconds_left"] == 0


def test_the_clocks_overview_reads_the_days_in_one_query_however_many_flights(client_as, director):
    viewer = client_as("viewer")
    main, (a, b) = tournament(director)
    flight_settings_update(event=main, actor=director, stop_level=2)
    services.clock_start(event=a, actor=director)
    one = count_queries(viewer, reverse("clock:screens"))
    more, flights = tournament(director, flights=("Day 1A", "Day 1B", "Day 1C"), slug="other-main")
    flight_settings_update(event=more, actor=director, stop_level=3)
    for f in flights:
        services.clock_start(event=f, actor=director)
    services.clock_start(event=b, actor=director)
    assert count_queries(viewer, reverse("clock:screens")) == one
