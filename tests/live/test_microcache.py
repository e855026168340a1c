"""The live JSON answered from the app server's copy of its last answer (tdconsole/live/microcache.py).

With 1,000 phones polling, the polls of the same second get the answer the view worked out for the first
one, without a query; a wrong key never does; the copy is never older than LIVE_MICROCACHE_SECONDS.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tdconsole.clock import services as clock_services
from tdconsole.live import microcache
from tdconsole.tournaments.public import public_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(settings):
    """The copy on, for a second as in production; the clock's other caches stay off (conftest)."""
    settings.LIVE_MICROCACHE_SECONDS = 1
    microcache.forget()
    yield
    microcache.forget()


@pytest.fixture
def clock_at(monkeypatch):
    """The monotonic clock the copy's age is read on, set by the test."""
    now = {"t": 1000.0}
    monkeypatch.setattr(microcache.time, "monotonic", lambda: now["t"])
    return now


def state_url(event) -> str:
    return public_url(event, "live:state", absolute=False)


def queries_of(client, url, **headers):
    with CaptureQueriesContext(connection) as seen:
        response = client.get(url, headers=headers)
    return response, len(seen.captured_queries)


def test_the_polls_after_the_first_are_answered_without_a_query_and_say_the_same(client, seeded, kept, clock_at):
    first, first_queries = queries_of(client, state_url(seeded))
    assert first.status_code == 200 and first_queries > 0
    again, again_queries = queries_of(client, state_url(seeded))
    assert again_queries == 0
    assert again.status_code == 200 and again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Type"] == "application/json"
    assert again["Cache-Control"] == first["Cache-Control"] == "public, max-age=2"
    # The server's time is the time of this answer, not of the kept one.
    assert int(again["X-Server-Time"]) >= int(first["X-Server-Time"])
    # The security middleware above it still stamps its headers.
    assert again["X-Content-Type-Options"] == "nosniff"
    unchanged, unchanged_queries = queries_of(client, state_url(seeded), if_none_match=first["ETag"])
    assert unchanged_queries == 0 and unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == first["ETag"]


def test_a_wrong_key_is_never_answered_from_the_copy(client, seeded, kept, clock_at):
    assert client.get(state_url(seeded)).status_code == 200
    path = state_url(seeded).split("?")[0]
    for wrong in ("wrong", seeded.public_token[:-1], seeded.public_token + "x", ""):
        response, queries = queries_of(client, f"{path}?k={wrong}")
        assert response.status_code == 404 and queries > 0, wrong
    # Another event's URL with this event's key: the view's 404 too.
    response, queries = queries_of(client, f"/events/nope/live/state.json?k={seeded.public_token}")
    assert response.status_code == 404 and queries > 0


def test_a_pause_reaches_the_phones_once_the_copy_is_a_second_old(client, seeded, floor_user, kept, clock_at):
    before = client.get(state_url(seeded))
    clock_services.clock_pause(event=seeded, actor=floor_user)
    clock_at["t"] += 0.9
    within = client.get(state_url(seeded))
    assert within["ETag"] == before["ETag"]  # the second the copy may lag behind the desk
    clock_at["t"] += 0.2
    after = client.get(state_url(seeded))
    assert after["ETag"] != before["ETag"] and after.json()["clock"]["paused"] is True


def test_with_the_copy_off_every_poll_reaches_the_view(client, seeded, settings):
    settings.LIVE_MICROCACHE_SECONDS = 0
    microcache.forget()
    client.get(state_url(seeded))
    _, queries = queries_of(client, state_url(seeded))
    assert queries > 0


def test_only_a_get_of_the_live_json_is_answered_from_the_copy(client, seeded, kept, clock_at):
    client.get(state_url(seeded))
    # A POST to the same URL reaches the view, which allows GET only.
    assert client.post(state_url(seeded)).status_code == 405
    # The page itself (same key) is never taken from the copy of the JSON.
    page = client.get(public_url(seeded, "live:page", absolute=False))
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")


def test_the_copy_keeps_a_bounded_number_of_answers(kept, clock_at, monkeypatch):
    monkeypatch.setattr(microcache, "MAX_KEPT", 3)
    for n in range(3):
        microcache.remember(f"e{n}", "k", '"v"', b"{}")
    assert all(microcache.recall(f"e{n}", "k") for n in range(3))
    microcache.remember("e3", "k", '"v"', b"{}")
    assert microcache.recall("e3", "k") is not None
    assert sum(microcache.recall(f"e{n}", "k") is not None for n in range(3)) == 0
