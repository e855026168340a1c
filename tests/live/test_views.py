"""The live page, its JSON document (values, ETag, 304, Cache-Control) and "where do I sit?"."""

from datetime import timedelta
from urllib.parse import quote

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tdconsole.clock import services as clock_services
from tdconsole.tournaments.public import public_url

from .conftest import seed

pytestmark = pytest.mark.django_db

DOCUMENT_KEYS = {"version", "event", "clock", "field", "prizes", "leaders", "eliminations", "results", "champion"}


def state_url(event) -> str:
    return public_url(event, "live:state", absolute=False)


def test_the_page_and_its_json_refuse_a_missing_or_wrong_key_with_404_as_the_screen_does(client, seeded):
    for name in ("live:page", "live:state", "live:seats"):
        path = reverse(name, kwargs={"slug": seeded.slug})
        assert client.get(path).status_code == 404
        assert client.get(path + "?k=wrong").status_code == 404
        assert client.get(path + "?k=" + seeded.public_token[:-1]).status_code == 404
    assert client.get(reverse("clock:screen", kwargs={"slug": seeded.slug})).status_code == 404
    assert client.get(public_url(seeded, "live:page", absolute=False)).status_code == 200


def test_an_unknown_event_is_the_same_404(client, seeded):
    assert client.get(f"/events/nope/live/state.json?k={seeded.public_token}").status_code == 404


def test_staff_open_the_page_without_the_key(client_as, seeded):
    assert client_as("viewer").get(reverse("live:page", kwargs={"slug": seeded.slug})).status_code == 200


def test_the_json_has_the_level_blinds_field_money_and_busts_of_the_seeded_event(client, seeded):
    response = client.get(state_url(seeded))
    assert response.status_code == 200
    data = response.json()
    assert set(data) == DOCUMENT_KEYS
    assert data["event"] == {"name": "Event main", "status": "running", "currency": "BRL", "finished": False}
    clock = data["clock"]
    assert clock["status"] == "running" and clock["paused"] is False and clock["left_ms"] is None
    # Started 25 minutes ago: level 2 (200/400, ante 400) ends in 15 minutes.
    assert clock["levels"][0] == {"number": 2, "is_break": False, "seconds": 1200, "small_blind": 200,
                                  "big_blind": 400, "ante": 400}
    assert [row["is_break"] for row in clock["levels"]] == [False, True, False, False]
    ends_in = clock["ends_ms"] / 1000 - timezone.now().timestamp()
    assert 15 * 60 - 5 < ends_in <= 15 * 60
    assert clock["complete"] is True
    assert data["field"] == {"entries": 10, "players_left": 2, "chips_in_play": 300_000, "average_stack": 150_000}
    assert data["prizes"] == {"prize_pool": "5000.00", "places_paid": 3, "payouts": [
        {"place": 1, "amount": "2500.00"}, {"place": 2, "amount": "1500.00"}, {"place": 3, "amount": "1000.00"}]}
    assert data["leaders"] == [{"name": "João Pérez", "number": 1, "chips": 200_000},
                               {"name": "main player 0002", "number": 2, "chips": 100_000}]
    busts = data["eliminations"]
    assert len(busts) == 8
    assert busts[0] == {"name": "main player 0003", "number": 3, "place": 3, "prize": "1000.00"}
    assert busts[1] == {"name": "main player 0004", "number": 4, "place": 4, "prize": None}
    assert [b["place"] for b in busts] == [3, 4, 5, 6, 7, 8, 9, 10]
    assert data["results"] == [] and data["champion"] is None


def test_a_paused_clock_gives_the_time_left_and_no_end(client, seeded, floor_user):
    clock_services.clock_pause(event=seeded, actor=floor_user)
    clock = client.get(state_url(seeded)).json()["clock"]
    assert clock["status"] == "paused" and clock["paused"] is True and clock["ends_ms"] is None
    assert 15 * 60 * 1000 - 5000 < clock["left_ms"] <= 15 * 60 * 1000


def test_the_json_carries_an_etag_and_answers_304_without_a_body_while_nothing_changed(client, seeded):
    first = client.get(state_url(seeded))
    etag = first["ETag"]
    assert etag == f'"{first.json()["version"]}"'
    again = client.get(state_url(seeded), headers={"if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert again["Cache-Control"] == "public, max-age=2"
    assert abs(int(again["X-Server-Time"]) / 1000 - timezone.now().timestamp()) < 5
    assert client.get(state_url(seeded), headers={"if-none-match": f'"other", W/{etag}'}).status_code == 304
    assert client.get(state_url(seeded), headers={"if-none-match": '"other"'}).status_code == 200


def test_the_json_is_cacheable_for_a_few_seconds_and_says_the_servers_time(client, seeded):
    response = client.get(state_url(seeded))
    assert response["Cache-Control"] == "public, max-age=2"
    assert response["Content-Type"] == "application/json"
    assert abs(int(response["X-Server-Time"]) / 1000 - timezone.now().timestamp()) < 5


def test_a_pause_a_bust_or_a_chip_count_changes_the_etag(client, seeded, floor_user):
    from tdconsole.tournaments.chipcounts import chip_counts_record
    from tdconsole.tournaments.models import Entry

    tags = [client.get(state_url(seeded))["ETag"]]
    clock_services.clock_pause(event=seeded, actor=floor_user)
    tags.append(client.get(state_url(seeded), headers={"if-none-match": tags[-1]})["ETag"])
    leader = Entry.objects.get(event=seeded, number=1)
    chip_counts_record(event=seeded, counts={leader.pk: 150_000}, actor=floor_user, addon_chips=0)
    response = client.get(state_url(seeded), headers={"if-none-match": tags[-1]})
    assert response.status_code == 200
    assert response.json()["leaders"][0]["chips"] == 150_000
    tags.append(response["ETag"])
    assert len(set(tags)) == 3


def test_the_etag_changes_when_the_clock_moves_on_to_the_next_level_by_itself(seeded, monkeypatch):
    from tdconsole.live import selectors
    from tdconsole.live.selectors import live_state

    monkeypatch.setattr(selectors, "REFRESH_SECONDS", 60)
    REFRESH_SECONDS = 60

    # At the start of a refresh period, so the period does not turn over between the two readings.
    now = timezone.now()
    now -= timedelta(seconds=now.timestamp() % REFRESH_SECONDS)
    version = live_state(event=seeded, now=now).version
    assert live_state(event=seeded, now=now + timedelta(seconds=REFRESH_SECONDS - 5)).version == version
    assert live_state(event=seeded, now=now + timedelta(minutes=16)).version != version


def test_the_etag_turns_over_every_minute_so_a_renamed_player_shows_within_one(seeded, monkeypatch):
    from tdconsole.live import selectors
    from tdconsole.live.selectors import live_state

    assert selectors.REFRESH_SECONDS == 10**9  # this module's fixture; the code's own value is a minute
    monkeypatch.undo()
    assert selectors.REFRESH_SECONDS == 60
    REFRESH_SECONDS = 60
    now = timezone.now()
    now -= timedelta(seconds=now.timestamp() % REFRESH_SECONDS)
    version = live_state(event=seeded, now=now).version
    assert live_state(event=seeded, now=now + timedelta(seconds=REFRESH_SECONDS)).version != version


@pytest.mark.parametrize("answer", ["body", "not modified"])
def test_the_json_costs_the_same_queries_for_10_and_300_entries(client, floor_user, answer):
    def queries(event) -> int:
        url = state_url(event)
        headers = {"if-none-match": client.get(url)["ETag"]} if answer == "not modified" else {}
        cache.clear()  # a document built, not one served from the cache
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url, headers=headers)
        assert response.status_code == (304 if answer == "not modified" else 200)
        return len(ctx.captured_queries)

    small = seed(slug="small", entries=10, busts=8, actor=floor_user)
    large = seed(slug="large", entries=300, busts=298, actor=floor_user)
    assert client.get(state_url(large)).json()["field"]["players_left"] == 2
    assert queries(small) == queries(large)


def test_where_do_i_sit_finds_a_name_without_case_or_accents(client, seeded):
    url = public_url(seeded, "live:seats", absolute=False)
    data = client.get(url + "&q=" + quote('JOAO perez')).json()
    assert data["results"] == [{"name": "João Pérez", "number": 1, "alive": True, "table": 1, "seat": 1,
                                "place": None}]
    assert client.get(url + "&q=" + quote('joão')).json()["results"][0]["number"] == 1
    assert client.get(url + "&q=" + quote('nobody here')).json()["results"] == []
    assert client.get(url + "&q=" + quote('j')).json()["results"] == []


def test_where_do_i_sit_finds_an_entry_number_in_play_or_out(client, seeded):
    url = public_url(seeded, "live:seats", absolute=False)
    assert client.get(url + "&q=" + quote('2')).json()["results"] == [
        {"name": "main player 0002", "number": 2, "alive": True, "table": 1, "seat": 2, "place": None}]
    assert client.get(url + "&q=" + quote('#7')).json()["results"] == [
        {"name": "main player 0007", "number": 7, "alive": False, "table": None, "seat": None, "place": 7}]
    assert client.get(url + "&q=" + quote('99')).json()["results"] == []


def test_a_finished_event_gives_the_results_and_the_champion(client, seeded, floor_user):
    from tdconsole.tournaments.models import Event

    from .conftest import bust

    bust(seeded, 2, floor_user)
    Event.objects.filter(pk=seeded.pk).update(status=Event.Status.FINISHED)
    data = client.get(state_url(seeded)).json()
    assert data["event"]["finished"] is True
    assert data["champion"] == "João Pérez"
    assert data["results"][:3] == [
        {"place": 1, "name": "João Pérez", "number": 1, "prize": "2500.00"},
        {"place": 2, "name": "main player 0002", "number": 2, "prize": "1500.00"},
        {"place": 3, "name": "main player 0003", "number": 3, "prize": "1000.00"},
    ]


def test_the_page_is_in_the_phones_language_with_the_document_inline(client, seeded):
    url = public_url(seeded, "live:page", absolute=False)
    english = client.get(url, headers={"accept-language": "en"})
    assert english.status_code == 200
    text = english.content.decode()
    assert 'lang="en"' in text and "Where do I sit?" in text and "Players left" in text
    assert 'id="live-data"' in text and "live/live.js" in text and "live/live.css" in text
    assert "htmx" not in text and "app.css" not in text
    assert ">Level 2<" in text
    # Readable before the script runs (and without it): the time left and the field.
    assert 'data-testid="live-players">2 / 10<' in text and 'data-testid="live-average">150,000<' in text
    portuguese = client.get(url, headers={"accept-language": "pt-BR,pt;q=0.9"}).content.decode()
    assert 'lang="pt-br"' in portuguese and "Onde eu sento?" in portuguese and "Nível 2" in portuguese


def test_an_event_without_levels_or_entries_still_answers(client, db):
    from tests import factories

    event = factories.make_event("bare", levels=[])
    page = client.get(public_url(event, "live:page", absolute=False))
    assert page.status_code == 200
    data = client.get(state_url(event)).json()
    assert data["clock"]["levels"] == [] and data["clock"]["status"] == "not_started"
    assert data["field"] == {"entries": 0, "players_left": 0, "chips_in_play": 0, "average_stack": 0}
    assert data["leaders"] == [] and data["eliminations"] == []


def test_a_renamed_player_shows_under_the_new_name_at_the_next_poll(client, seeded):
    from tdconsole.tournaments.models import Entry
    from tests import factories

    first = client.get(state_url(seeded))
    entry = Entry.objects.get(event=seeded, number=1)
    factories.rename_player(entry.player_id, "João P. Silva")
    again = client.get(state_url(seeded), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert again.json()["leaders"][0]["name"] == "João P. Silva"


def test_a_poll_that_finds_nothing_changed_costs_four_small_queries(client, seeded, settings):
    from django.core.cache import cache

    # As in production, where the clock's slow parts and the event row are kept a second between polls
    # (longer here, so a slow machine does not see them expire between the two requests).
    settings.CLOCK_CACHE_SECONDS = 30
    cache.clear()
    url = state_url(seeded)
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 304
    tables = [q["sql"].split(" FROM ", 1)[1].split()[0].strip('"') for q in ctx.captured_queries]
    assert tables == ["clock_clockstate", "tournaments_entry", "payouts_payouttable", "payouts_deal"]


def test_a_full_answer_is_built_once_per_version_then_served_from_the_cache(client, seeded, floor_user):
    url = state_url(seeded)
    cache.clear()
    with CaptureQueriesContext(connection) as built:
        first = client.get(url)
    with CaptureQueriesContext(connection) as served:
        second = client.get(url)
    assert first.content == second.content and first["ETag"] == second["ETag"]
    assert len(served.captured_queries) < len(built.captured_queries)
    # A change at the desk is a new version: a new document, never the cached one.
    from tdconsole.clock.services import clock_pause

    clock_pause(event=seeded, actor=floor_user)
    third = client.get(url)
    assert third["ETag"] != first["ETag"] and third.json()["clock"] != first.json()["clock"]
