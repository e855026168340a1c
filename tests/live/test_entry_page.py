"""One entry's own page, by the unguessable link printed on the seat card."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tdconsole.live.links import entry_path, entry_token
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.public import public_url
from tests import factories

from .conftest import seed

pytestmark = pytest.mark.django_db


def entry_of(event: Event, number: int) -> Entry:
    return Entry.objects.select_related("table").get(event=event, number=number)


def page_text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).replace("\xa0", " ")


def test_a_seated_entry_shows_its_name_number_table_and_seat_and_links_the_live_page(client, floor_user):
    event = seed(entries=10, busts=0, actor=floor_user)
    entry = entry_of(event, 7)
    response = client.get(entry_path(event=event, entry_id=entry.pk), headers={"accept-language": "en"})
    assert response.status_code == 200
    text = page_text(response)
    assert "main player 0007" in text and "Entry #7" in text and "Event main" in text
    assert f"Table {entry.table.number} · seat {entry.seat}" in text
    # Not counted yet: the stack is the starting stack, said so.
    assert "Starting stack" in text and "30,000" in text and "counted" not in text
    assert f'href="{public_url(event, "live:page", absolute=False)}"' in response.content.decode()
    # The phone's own small stylesheet, nothing of the desk's.
    assert "/static/live/live.css" in response.content.decode() and "htmx" not in response.content.decode()
    assert response["Cache-Control"] == "private, no-cache"


def test_the_stack_is_the_last_chip_count_with_its_time(client, floor_user):
    event = seed(entries=10, busts=0, actor=floor_user)
    entry = entry_of(event, 2)
    chip_counts_record(event=event, counts={entry.pk: 41_000}, actor=floor_user, addon_chips=0)
    chip_counts_record(event=event, counts={entry.pk: 52_300}, actor=floor_user, addon_chips=0)
    text = page_text(client.get(entry_path(event=event, entry_id=entry.pk), headers={"accept-language": "pt-br"}))
    assert "Stack na última contagem" in text and "52.300" in text and "41.000" not in text
    assert "contado em" in text


def test_a_busted_entry_shows_out_its_place_and_its_prize(client, floor_user):
    event = seed(actor=floor_user)  # entries 10 to 3 out; the payouts pay 3 places, 1.000 to the third
    third, fourth = entry_of(event, 3), entry_of(event, 4)
    text = page_text(client.get(entry_path(event=event, entry_id=third.pk), headers={"accept-language": "en"}))
    assert "Out · 3rd place" in text and "Prize: R$1,000.00" in text
    assert "Table" not in text and "Stack" not in text
    text = page_text(client.get(entry_path(event=event, entry_id=fourth.pk), headers={"accept-language": "pt-br"}))
    assert "Eliminado · 4º lugar" in text and "Prêmio" not in text


def test_an_entry_of_a_bounty_event_shows_its_head(client, floor_user):
    event = seed(entries=10, busts=0, actor=floor_user)
    factories.make_money_rules(event, bounty_kind="fixed", bounty="100")
    entry = entry_of(event, 5)
    factories.make_purchase(entry, bounty="100")
    text = page_text(client.get(entry_path(event=event, entry_id=entry.pk), headers={"accept-language": "en"}))
    assert "Bounty on your head" in text and "R$100.00" in text
    plain = seed(slug="plain", entries=3, busts=0, actor=floor_user)
    text = page_text(client.get(entry_path(event=plain, entry_id=entry_of(plain, 1).pk)))
    assert "ounty" not in text


def test_a_wrong_token_another_events_entry_or_a_new_key_answer_the_unknown_events_404(client, floor_user):
    event = seed(entries=4, busts=0, actor=floor_user)
    other = seed(slug="other", entries=3, busts=0, actor=floor_user)
    entry = entry_of(event, 1)
    anonymous = Client(raise_request_exception=False)
    unknown = anonymous.get(reverse("live:entry", kwargs={
        "slug": "no-such-event", "entry_id": entry.pk, "token": entry_token(event=event, entry_id=entry.pk)}))
    assert unknown.status_code == 404
    token = entry_token(event=event, entry_id=entry.pk)
    theirs = entry_of(other, 1)
    wrong = {
        "wrong token": (event.slug, entry.pk, "0" * len(token)),
        "one digit short": (event.slug, entry.pk, token[:-1]),
        "not ascii": (event.slug, entry.pk, "ção" + token),
        "another entry's token": (event.slug, entry.pk, entry_token(event=event, entry_id=entry_of(event, 2).pk)),
        "the other event's entry under this event": (event.slug, theirs.pk, entry_token(event=event,
                                                                                        entry_id=theirs.pk)),
        "this entry under the other event": (other.slug, entry.pk, entry_token(event=other, entry_id=entry.pk)),
        "the public key as the token": (event.slug, entry.pk, event.public_token),
        "an entry that does not exist": (event.slug, 987654, entry_token(event=event, entry_id=987654)),
        "beyond the integer range": (event.slug, 2**63, entry_token(event=event, entry_id=2**63)),
        "a NUL": (event.slug, entry.pk, "\x00"),
        "an emoji": (event.slug, entry.pk, "\U0001f600"),
        "very long": (event.slug, entry.pk, token * 500),
    }
    for label, (slug, entry_id, sent) in wrong.items():
        response = anonymous.get(reverse("live:entry", kwargs={"slug": slug, "entry_id": entry_id, "token": sent}))
        assert (label, response.status_code) == (label, 404)
        assert response.content == unknown.content, label
    good = entry_path(event=event, entry_id=entry.pk)
    assert anonymous.get(good).status_code == 200
    # A new public key (the director's "new link") turns the old entry links over.
    Event.objects.filter(pk=event.pk).update(public_token="a-brand-new-public-key")
    gone = anonymous.get(good)
    assert gone.status_code == 404 and gone.content == unknown.content
    event.refresh_from_db()
    assert anonymous.get(entry_path(event=event, entry_id=entry.pk)).status_code == 200


def test_the_page_reads_as_many_queries_for_ten_entries_as_for_three_hundred(client, floor_user):
    def queries(event: Event, number: int) -> int:
        path = entry_path(event=event, entry_id=entry_of(event, number).pk)
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(path).status_code == 200
        return len(ctx.captured_queries)

    small = seed(slug="small", entries=10, busts=8, actor=floor_user)
    large = seed(slug="large", entries=300, busts=298, actor=floor_user)
    for event in (small, large):
        factories.make_money_rules(event, bounty_kind="fixed", bounty="50")
    # Alive and counted; out in the money: the heaviest pages, with the bounty lines and the awards.
    assert queries(small, 1) == queries(large, 1)
    assert queries(small, 3) == queries(large, 3)
    assert queries(large, 3) <= 12
