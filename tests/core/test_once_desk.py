"""One click, one result at the desk: the same form sent again does its work once (issue 11, point 5).

The sequential tests run on any database; the `postgres` ones send the same form from three threads
released together (each with its own test Client and database connection), as a double click or two
tabs on a slow network do.
"""

import re
from datetime import timedelta
from functools import partial

import pytest
from django.test import Client

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Purchase
from tdconsole.clock import services as clock_services
from tdconsole.clock.models import ClockState
from tdconsole.payouts.models import PayoutTable
from tdconsole.tournaments.models import Bust, Entry, Player
from tests.races import at_once
from tests.tournaments.busting import bust_preview, seen_in
from tests.tournaments.conftest import festival, make_event, register, seated_event, template  # noqa: F401

TOKEN = "registration-token-0001"
HTMX = {"HTTP_HX_REQUEST": "true"}


def without_tokens(content: bytes) -> bytes:
    """The page with its forms' tokens blanked (a replayed page gets fresh ones)."""
    return re.sub(rb'name="_once" value="[^"]+"', b'name="_once" value=""', content)


def audit_count(action: str) -> int:
    return AuditEntry.entries.filter(action=action).count()


def seat_at(event, table: int) -> int:
    return Entry.objects.filter(event=event, table__number=table, status=Entry.Status.ALIVE).order_by("seat")[0].seat


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- sent again, one after the other (any database) -----------------------------------------------


def test_registration_sent_three_times_with_one_token_registers_once(client_as, make_event):  # noqa: F811
    event = make_event()
    clerk = client_as("registration")
    url = f"/events/{event.slug}/registration/"
    answers = [clerk.post(url, {"name": "Renata Pinto", "_once": TOKEN}, **HTMX) for _ in range(3)]
    assert Player.objects.filter(name="Renata Pinto").count() == 1
    assert Entry.objects.filter(event=event).count() == 1
    assert Purchase.objects.filter(event=event).count() == 1  # one buy-in, paid once
    assert (audit_count("player.register"), audit_count("entry.register")) == (1, 1)
    assert [a.status_code for a in answers] == [200, 200, 200]
    for answer in answers:
        assert b'data-testid="seat-card"' in answer.content
        assert b"Renata Pinto" in answer.content
        assert b'data-testid="form-error"' not in answer.content
    assert without_tokens(answers[0].content) == without_tokens(answers[1].content) == without_tokens(
        answers[2].content)


def test_registration_without_javascript_sent_twice_registers_once(client_as, make_event):  # noqa: F811
    event = make_event()
    clerk = client_as("registration")
    url = f"/events/{event.slug}/registration/"
    first, second = (clerk.post(url, {"name": "Ana Lima", "_once": TOKEN}) for _ in range(2))
    assert Entry.objects.filter(event=event).count() == 1
    assert second.status_code == first.status_code == 200
    assert b'data-testid="seat-card"' in second.content


def test_two_players_typed_into_the_same_form_are_two_registrations(client_as, make_event):  # noqa: F811
    """Without JavaScript to renew the token, other fields still make another action."""
    event = make_event()
    clerk = client_as("registration")
    url = f"/events/{event.slug}/registration/"
    clerk.post(url, {"name": "Ana Lima", "_once": TOKEN}, **HTMX)
    clerk.post(url, {"name": "Bruno Costa", "_once": TOKEN}, **HTMX)
    assert sorted(Entry.objects.filter(event=event).values_list("player__name", flat=True)) == [
        "Ana Lima", "Bruno Costa"]


def confirming_bust(client, event, table: int) -> dict[str, str]:
    """The fields the bust confirmation carries (the second Enter), asked of the server as the first Enter does."""
    text = f"{table} {seat_at(event, table)}"
    preview = bust_preview(client, event, text)
    assert b'data-testid="bust-confirm"' in preview.content
    return {"bust": text, "confirmed": text, "seen": seen_in(preview)}


def test_a_bust_sent_three_times_busts_once_and_answers_the_same(client_as, seated_event):  # noqa: F811
    """The confirming Enter (the one that busts) pressed three times over a slow network."""
    floor = client_as("floor")
    confirming = confirming_bust(floor, seated_event, 1) | {"_once": TOKEN}
    url = f"/events/{seated_event.slug}/eliminations/"
    answers = [floor.post(url, confirming, **HTMX) for _ in range(3)]
    assert Bust.objects.filter(elimination__event=seated_event).count() == 1
    assert audit_count("entry.eliminate") == 1
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert b'data-testid="bust-done"' in answers[0].content
    assert len({without_tokens(a.content) for a in answers}) == 1
    assert b'data-testid="form-error"' not in answers[2].content


def test_a_payout_table_generated_three_times_is_generated_once(client_as, seated_event):  # noqa: F811
    """A prize-desk form answered with a redirect (the add-on counter was one; add-ons are sold per player at
    the cash desk now)."""
    director = client_as("director")
    url = f"/events/{seated_event.slug}/payouts/table/generate/"
    answers = [director.post(url, {"_once": TOKEN}) for _ in range(3)]
    assert PayoutTable.objects.filter(event=seated_event).count() == 1
    assert audit_count("payouts.table_generate") == 1
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, f"/events/{seated_event.slug}/payouts/table/")}


def test_a_minute_added_three_times_is_added_once(client_as, seated_event, director):  # noqa: F811
    clock_services.clock_start(event=seated_event, actor=director)
    before = ClockState.objects.get(event=seated_event).level_started_at
    floor = client_as("floor")
    url = f"/events/{seated_event.slug}/clock/plus-minute/"
    for _ in range(3):
        assert floor.post(url, {"_once": TOKEN}, **HTMX).status_code == 200
    assert audit_count("clock.adjust") == 1
    assert ClockState.objects.get(event=seated_event).level_started_at - before == timedelta(minutes=1)


def test_a_new_token_is_a_new_action(client_as, seated_event, director):  # noqa: F811
    clock_services.clock_start(event=seated_event, actor=director)
    floor = client_as("floor")
    url = f"/events/{seated_event.slug}/clock/plus-minute/"
    floor.post(url, {"_once": TOKEN}, **HTMX)
    floor.post(url, {"_once": TOKEN + "-2"}, **HTMX)
    assert audit_count("clock.adjust") == 2


# --- sent at the same moment (PostgreSQL: real row locks, real threads) ---------------------------

@pytest.mark.parametrize("same_session", [True, False], ids=["double-click", "two-tabs"])
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_registration_sent_three_times_at_once_registers_once(cast, make_event, same_session):  # noqa: F811
    event = make_event()
    url = f"/events/{event.slug}/registration/"
    one = logged_in(cast["registration"])
    clients = [one] * 3 if same_session else [logged_in(cast["registration"]) for _ in range(3)]
    answers = at_once(*[partial(c.post, url, {"name": "Renata Pinto", "_once": TOKEN}, **HTMX) for c in clients])
    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert Player.objects.filter(name="Renata Pinto").count() == 1
    assert Entry.objects.filter(event=event).count() == 1
    assert Purchase.objects.filter(event=event).count() == 1  # one buy-in, paid once
    assert (audit_count("player.register"), audit_count("entry.register")) == (1, 1)
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({without_tokens(a.content) for a in answers}) == 1
    assert b'data-testid="seat-card"' in answers[0].content


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_bust_sent_three_times_at_once_busts_once(cast, seated_event):  # noqa: F811
    """The confirming Enter of one terminal sent three times at the same moment (three connections)."""
    url = f"/events/{seated_event.slug}/eliminations/"
    clients = [logged_in(cast["floor"]) for _ in range(3)]
    confirming = confirming_bust(clients[0], seated_event, 2) | {"_once": TOKEN}
    answers = at_once(*[partial(c.post, url, confirming, **HTMX) for c in clients])
    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert Bust.objects.filter(elimination__event=seated_event).count() == 1
    assert audit_count("entry.eliminate") == 1
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert b'data-testid="bust-done"' in answers[0].content
    assert len({without_tokens(a.content) for a in answers}) == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_payout_table_generated_three_times_at_once_is_generated_once(cast, seated_event):  # noqa: F811
    url = f"/events/{seated_event.slug}/payouts/table/generate/"
    clients = [logged_in(cast["director"]) for _ in range(3)]
    answers = at_once(*[partial(c.post, url, {"_once": TOKEN}) for c in clients])
    assert not [a for a in answers if isinstance(a, Exception)], answers
    assert PayoutTable.objects.filter(event=seated_event).count() == 1
    assert audit_count("payouts.table_generate") == 1
    assert {a.status_code for a in answers} == {302}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_minute_added_three_times_at_once_is_added_once(cast, seated_event, director):  # noqa: F811
    clock_services.clock_start(event=seated_event, actor=director)
    before = ClockState.objects.get(event=seated_event).level_started_at
    url = f"/events/{seated_event.slug}/clock/plus-minute/"
    clients = [logged_in(cast["floor"]) for _ in range(3)]
    answers = at_once(*[partial(c.post, url, {"_once": TOKEN}, **HTMX) for c in clients])
    assert [getattr(a, "status_code", a) for a in answers] == [200, 200, 200]
    assert audit_count("clock.adjust") == 1
    assert ClockState.objects.get(event=seated_event).level_started_at - before == timedelta(minutes=1)
