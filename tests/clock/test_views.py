"""The feed, the screen and its fragment, the desk controls and the screens list."""

from datetime import datetime, timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.selectors import extra_chips
from tdconsole.clock import services
from tdconsole.clock.models import ClockState
from tdconsole.clock.selectors import clock_reading
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.public import public_url
from tdconsole.tournaments.selectors import chips_in_play
from tests import factories

from .conftest import make_entries, make_event

pytestmark = pytest.mark.django_db

FEED_FIELDS = {
    "event", "status", "level", "next_level", "seconds_left", "level_ends_at", "server_time",
    "players_left", "entries", "chips_in_play", "average_stack", "prize_pool", "places_paid",
    "registration_closes_in", "messages", "all_flights", "flight_entries",
}
LEVEL_FIELDS = {"number", "small_blind", "big_blind", "ante", "is_break", "duration_seconds"}


def feed_url(event) -> str:
    return public_url(event, "clock:feed", absolute=False)


def test_feed_has_exactly_the_documented_fields_before_the_start(client, event):
    data = client.get(feed_url(event)).json()
    assert set(data) == FEED_FIELDS
    assert data["status"] == "not_started"
    assert set(data["level"]) == LEVEL_FIELDS
    assert data["level"]["number"] == 1
    assert data["next_level"]["number"] == 2
    assert data["seconds_left"] == 20 * 60
    assert data["level_ends_at"] is None
    assert isinstance(data["prize_pool"], str)
    datetime.fromisoformat(data["server_time"])
    assert data["registration_closes_in"] is None and data["messages"] == []


def test_feed_while_running_gives_the_level_end(client, event, floor_user):
    start = timezone.now() - timedelta(minutes=25)
    services.clock_start(event=event, actor=floor_user, now=start)
    make_entries(event, 10, busted=4)
    data = client.get(feed_url(event)).json()
    assert data["status"] == "running"
    assert data["level"] == {"number": 2, "small_blind": 200, "big_blind": 400, "ante": 400, "is_break": False,
                             "duration_seconds": 1200}
    assert data["next_level"]["is_break"] is True
    ends = datetime.fromisoformat(data["level_ends_at"])
    assert ends == start + timedelta(minutes=40)
    assert 14 * 60 < data["seconds_left"] <= 15 * 60
    assert (data["entries"], data["players_left"], data["average_stack"]) == (10, 6, 50000)


def test_feed_while_paused_has_no_level_end(client, event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    services.clock_pause(event=event, actor=floor_user)
    data = client.get(feed_url(event)).json()
    assert data["status"] == "paused"
    assert data["level_ends_at"] is None


def test_feed_after_the_last_level_says_finished_and_keeps_the_last_level(client, event, floor_user):
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(hours=3))
    data = client.get(feed_url(event)).json()
    assert data["status"] == "finished"
    assert data["level"]["number"] == 4  # the fourth blind level (the break has no number of its own)
    assert data["next_level"] is None
    assert data["seconds_left"] == 0


def test_feed_and_screen_need_the_public_key_or_staff(client, client_as, event):
    for name in ("clock:feed", "clock:screen", "clock:screen_state"):
        url = reverse(name, kwargs={"slug": event.slug})
        assert client.get(url).status_code == 404
        assert client.get(url + "?k=wrong").status_code == 404
        assert client.get(public_url(event, name, absolute=False)).status_code == 200
        assert client_as("viewer").get(url).status_code == 200


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_feed_and_fragment_make_a_constant_number_of_queries(client, event, floor_user,
                                                             django_assert_max_num_queries):
    services.clock_start(event=event, actor=floor_user)
    make_entries(event, 10, busted=3)
    urls = [public_url(event, name, absolute=False) for name in ("clock:feed", "clock:screen_state")]
    small = [count_queries(client, url) for url in urls]
    make_entries(event, 990, busted=300)
    large = [count_queries(client, url) for url in urls]
    assert small == large
    # Event, clock row, levels, field summary, the day's plan (where the day ends, tdconsole.dayend) and the
    # prize summary's own few reads; the screen reads the money rules besides, for the lines it says about
    # rebuys and the add-on (the feed does not).
    for url, most in zip(urls, (9, 10), strict=True):
        with django_assert_max_num_queries(most):
            client.get(url)


def test_screen_prints_numbers_in_brazilian_format(client, db, floor_user):
    levels = [("level", 25_000, 50_000, 50_000, 30, None), ("level", 50_000, 100_000, 100_000, 30, None)]
    event = make_event(slug="big", starting_stack=1_234_567, levels=levels)
    make_entries(event, 3)
    services.clock_start(event=event, actor=floor_user)
    html = client.get(public_url(event, "clock:screen", absolute=False), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "25.000 / 50.000" in html
    assert "1.234.567" in html  # the average stack
    assert "24,7" in html  # average in big blinds, one decimal with a comma


def test_screen_shows_banners_that_apply(client, db, floor_user):
    event = make_event(slug="banners", format="reentry", max_entries=3, late_registration_level=2, hand_for_hand=True)
    services.clock_start(event=event, actor=floor_user)
    html = client.get(public_url(event, "clock:screen_state", absolute=False)).content.decode()
    for kind in ("hand-for-hand", "late-reg-open", "reentry"):
        assert f'data-testid="banner-{kind}"' in html
    services.clock_next_level(event=event, actor=floor_user)
    services.clock_next_level(event=event, actor=floor_user)  # the break, after level 2
    html = client.get(public_url(event, "clock:screen_state", absolute=False)).content.decode()
    assert 'data-testid="banner-late-reg-closed"' in html
    assert 'data-testid="banner-reentry"' not in html
    colour = html.split('data-testid="colour-up"', 1)[1].split("</span>", 1)[0]
    assert "25" in colour and "hidden" not in colour


def test_desk_page_needs_floor_role(client_as, event):
    url = reverse("clock:desk", kwargs={"slug": event.slug})
    assert client_as("floor").get(url).status_code == 200
    assert client_as("director").get(url).status_code == 200
    assert client_as("registration").get(url).status_code == 403
    assert client_as("viewer").get(url).status_code == 403


def test_controls_refuse_other_roles_with_a_fragment_for_htmx(client_as, event):
    url = reverse("clock:control", kwargs={"slug": event.slug, "action": "start"})
    response = client_as("viewer").post(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert "<html" not in response.content.decode().lower()
    assert not ClockState.objects.filter(event=event, level_started_at__isnull=False).exists()


def test_controls_drive_the_clock_and_are_audited(client_as, event):
    desk = client_as("floor")
    url = lambda action: reverse("clock:control", kwargs={"slug": event.slug, "action": action})  # noqa: E731
    assert desk.post(url("start"), HTTP_HX_REQUEST="true").status_code == 200
    assert desk.post(url("next"), HTTP_HX_REQUEST="true").status_code == 200
    assert desk.post(url("pause"), HTTP_HX_REQUEST="true").status_code == 200
    response = desk.post(url("pause"), HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert 'data-testid="clock-error"' in response.content.decode()
    assert desk.post(url("set-left"), {"time_left": "7:30"}, HTTP_HX_REQUEST="true").status_code == 200
    _, reading = clock_reading(event=event)
    assert (reading.position, reading.seconds_left, reading.paused) == (2, timedelta(minutes=7, seconds=30), True)
    assert desk.post(url("set-left"), {"time_left": "7:75"}, HTTP_HX_REQUEST="true").status_code == 400
    response = desk.post(url("resume"))  # without JavaScript: back to the desk page
    assert response.status_code == 302
    assert response["Location"] == reverse("clock:desk", kwargs={"slug": event.slug})
    assert list(AuditEntry.entries.filter(event_id=event.pk).values_list("action", flat=True).order_by("id")) == [
        "clock.start", "clock.next", "clock.pause", "clock.set_left", "clock.resume",
    ]


@pytest.mark.parametrize("typed", ["99999999999999999999999", "99999999999999999999999:00", "24:00:01", "1441"])
def test_set_left_beyond_a_day_is_a_400_with_a_message(client_as, event, typed):
    desk = client_as("floor")
    url = reverse("clock:control", kwargs={"slug": event.slug, "action": "set-left"})
    desk.post(reverse("clock:control", kwargs={"slug": event.slug, "action": "start"}))
    response = desk.post(url, {"time_left": typed}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "The time left cannot be more than 24 hours." in response.content.decode()
    assert not AuditEntry.entries.filter(event_id=event.pk, action="clock.set_left").exists()


@pytest.mark.parametrize("typed", ["²", "12:²", "١٢:30", "7:75", "1:2:3:4", "", "12:", "-5", "9" * 10_000 + ":00x"])
def test_set_left_that_is_not_a_time_is_a_400_with_a_message(client_as, event, typed):
    desk = client_as("floor")
    desk.post(reverse("clock:control", kwargs={"slug": event.slug, "action": "start"}))
    url = reverse("clock:control", kwargs={"slug": event.slug, "action": "set-left"})
    response = desk.post(url, {"time_left": typed}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Type the time left as minutes:seconds" in response.content.decode()
    assert not AuditEntry.entries.filter(event_id=event.pk, action="clock.set_left").exists()


def test_a_bug_in_a_control_is_not_shown_as_a_typing_mistake(client_as, event, monkeypatch):
    """Only what was typed is answered with "type the time left as…"; a ValueError elsewhere is a bug."""
    def broken(**kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(services, "clock_set_left", broken)
    url = reverse("clock:control", kwargs={"slug": event.slug, "action": "set-left"})
    with pytest.raises(ValueError, match="a bug"):
        client_as("floor").post(url, {"time_left": "7:30"}, HTTP_HX_REQUEST="true")


def test_controls_only_accept_post(client_as, event):
    url = reverse("clock:control", kwargs={"slug": event.slug, "action": "start"})
    assert client_as("floor").get(url).status_code == 405


def test_screens_page_lists_running_events_with_their_screen_links(client_as, db, floor_user):
    running = make_event(slug="running")
    draft = make_event(slug="draft", status="draft")
    started_draft = make_event(slug="started", status="registering")
    services.clock_start(event=started_draft, actor=floor_user)
    html = client_as("viewer").get(reverse("clock:screens")).content.decode()
    assert public_url(running, "clock:screen", absolute=False).replace("&", "&amp;") in html or \
        public_url(running, "clock:screen", absolute=False) in html
    assert 'data-slug="started"' in html
    assert 'data-status="running"' in html and 'data-status="not_started"' in html
    assert 'data-slug="draft"' not in html
    assert draft.slug not in html.split('data-testid="screens"', 1)[1]


def test_screens_page_reads_the_same_number_of_queries_for_one_event_or_many(client_as, db, floor_user):
    viewer = client_as("viewer")
    services.clock_start(event=make_event(slug="first"), actor=floor_user)
    one = count_queries(viewer, reverse("clock:screens"))
    for n in range(4):
        event = make_event(slug=f"more-{n}")
        if n % 2:
            services.clock_start(event=event, actor=floor_user)
    many = count_queries(viewer, reverse("clock:screens"))
    assert many == one
    html = viewer.get(reverse("clock:screens")).content.decode()
    assert html.count('data-testid="clock-status"') == 5 and "20:00" in html


def test_slow_parts_are_cached_briefly_but_the_clock_row_is_always_fresh(client, event, floor_user, settings):
    settings.CLOCK_CACHE_SECONDS = 30
    services.clock_start(event=event, actor=floor_user)
    url = public_url(event, "clock:feed", absolute=False)
    client.get(url)
    make_entries(event, 5)
    with CaptureQueriesContext(connection) as ctx:
        data = client.get(url).json()
    assert len(ctx.captured_queries) == 1  # only the clock row: the event row is remembered too
    assert data["entries"] == 0  # the field summary comes from the cache...
    services.clock_pause(event=event, actor=floor_user)
    assert client.get(url).json()["status"] == "paused"  # ...but a desk control shows at once


def bust_down_to(event, players_left: int) -> None:
    from tdconsole.tournaments.models import Entry

    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number").values_list("id", flat=True))
    Entry.objects.filter(id__in=alive[: len(alive) - players_left]).update(status="busted")


def test_screen_shows_the_bubble_then_in_the_money(client, event, floor_user):
    from tdconsole.payouts.selectors import event_prize_summary

    make_entries(event, 60)
    services.clock_start(event=event, actor=floor_user)
    paid = event_prize_summary(event=event)["places_paid"]
    assert paid > 1
    url = public_url(event, "clock:screen_state", absolute=False)
    assert 'data-testid="banner-bubble"' not in client.get(url).content.decode()
    bust_down_to(event, paid + 1)
    html = client.get(url).content.decode()
    assert 'data-testid="banner-bubble"' in html
    assert 'data-testid="banner-itm"' not in html
    bust_down_to(event, paid)
    html = client.get(url).content.decode()
    assert 'data-testid="banner-itm"' in html
    assert 'data-testid="banner-bubble"' not in html
    # The pay jump is what moving up one place adds, not the next prize: say so in pt-BR.
    itm = html.split('data-testid="banner-itm">', 1)[1].split("<", 1)[0]
    assert "próximo salto de premiação: +R$" in itm and "próximo prêmio" not in itm
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "next pay jump: +R$" in english.split('data-testid="banner-itm">', 1)[1].split("<", 1)[0]


def test_screen_says_how_long_until_the_break_not_at_what_time(client, event, floor_user):
    # "Próximo intervalo em 12:00" reads as a time of day; the label says it is a countdown.
    services.clock_start(event=event, actor=floor_user)
    html = client.get(public_url(event, "clock:screen_state", absolute=False)).content.decode()
    assert "<dt>Tempo até o intervalo</dt>" in html and "Próximo intervalo em" not in html


def test_screen_after_the_last_level_counts_up_and_says_so(client, event, floor_user):
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=95))
    html = client.get(public_url(event, "clock:screen_state", absolute=False)).content.decode()
    assert 'data-testid="banner-finished"' in html
    time_text = html.split('data-testid="time">', 1)[1].split("<", 1)[0]
    assert time_text.startswith("+05:")


def test_an_event_without_levels_still_has_a_screen_and_a_feed(client, db):
    event = make_event(slug="no-levels", levels=[])
    data = client.get(feed_url(event)).json()
    assert (data["status"], data["level"], data["next_level"]) == ("not_started", None, None)
    assert client.get(public_url(event, "clock:screen", absolute=False)).status_code == 200


def test_screen_stops_polling_once_the_event_is_finished(client, db, floor_user):
    event = make_event(slug="over")
    services.clock_start(event=event, actor=floor_user)
    url = public_url(event, "clock:screen_state", absolute=False)
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 200
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    cache.clear()  # the polled event is cached for a moment
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 286  # htmx stops polling on this status, after swapping the content
    html = response.content.decode()
    assert 'data-testid="clock-state"' in html and "data-event-finished" in html
    screen = public_url(event, "clock:screen", absolute=False)
    assert client.get(screen, HTTP_HX_REQUEST="true").status_code == 286
    assert client.get(screen).status_code == 200  # the full page still loads


def test_feed_carries_the_late_registration_countdown_and_the_screen_messages(client, floor_user, director):
    from tdconsole.clock.screen_messages import screen_message_add

    event = make_event(slug="feed-late", late_registration_level=2)
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=5))
    services.clock_pause(event=event, actor=floor_user)
    screen_message_add(event=event, text="Add-on at the break", actor=director)
    screen_message_add(event=event, text="Próximo torneio sexta 20h", actor=director)
    cache.clear()
    data = client.get(feed_url(event)).json()
    # 15 minutes left of level 1, then the 20 of level 2: registration closes when level 2 ends.
    assert 35 * 60 - 3 <= data["registration_closes_in"] <= 35 * 60
    assert data["messages"] == ["Add-on at the break", "Próximo torneio sexta 20h"]
    event.registration_closed_at = timezone.now()
    event.save(update_fields=["registration_closed_at"])
    assert client.get(feed_url(event)).json()["registration_closes_in"] is None


def _sell_extras(event) -> None:
    """Three add-ons of 10,000 chips, a bonus of 5,000 and a voided rebuy (which counts nowhere)."""
    factories.addons_at_desk(event, 3, chips=10000)
    first = Entry.objects.filter(event=event).order_by("number").last()
    factories.make_purchase(first, kind="bonus", chips=5000)
    factories.make_purchase(first, kind="rebuy", chips=30000, voided_at=timezone.now(),
                            void_reason="Sold by mistake")


def test_feed_gives_the_chips_in_play_as_the_chips_in_play_page_counts_them(client, event):
    make_entries(event, 10, busted=2)
    _sell_extras(event)
    data = client.get(feed_url(event)).json()
    # Ten entries at 30,000, three add-ons of 10,000 and a bonus of 5,000; busts change nothing.
    assert data["chips_in_play"] == 10 * 30000 + 3 * 10000 + 5000
    assert data["chips_in_play"] == chips_in_play(event=event, addon_chips=extra_chips(event=event))
    assert data["average_stack"] == data["chips_in_play"] // 8


def test_feed_reads_as_many_queries_with_300_entries_and_their_purchases_as_with_10(client, event, floor_user):
    services.clock_start(event=event, actor=floor_user)
    make_entries(event, 10, busted=2)
    _sell_extras(event)
    url = feed_url(event)
    small = count_queries(client, url)
    assert client.get(url).json()["chips_in_play"] == 10 * 30000 + 3 * 10000 + 5000
    make_entries(event, 290, busted=100)
    for entry in Entry.objects.filter(event=event, number__gt=150):
        factories.make_purchase(entry, kind="addon", chips=10000)
    assert count_queries(client, url) == small
    assert client.get(url).json()["chips_in_play"] == 300 * 30000 + 153 * 10000 + 5000
