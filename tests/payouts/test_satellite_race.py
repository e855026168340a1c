"""Two directors pressing "Issue tickets" at the same instant (PostgreSQL: real threads, real row locks):
each seat's ticket is issued once, one audit record each, and the second desk is told they were issued."""

from decimal import Decimal
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Ticket
from tdconsole.payouts import services
from tests.conftest import make_user
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_directors_pressing_issue_at_once_issue_each_ticket_once(make_event, director):
    target = make_event(name="High Roller", buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))
    satellite = make_event(name="Sat", entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))
    services.satellite_target_set(event=satellite, target=target, actor=director)
    services.payout_table_generate(event=satellite, actor=director)
    services.payout_table_lock(event=satellite, actor=director)
    url = reverse("payouts:tickets_issue", args=[satellite.slug])
    desks = []
    for user in (director, make_user("director2", "Director")):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        desks.append(client)

    def press(client):
        return lambda: unescape(client.post(url, follow=True).content.decode())

    pages = at_once(*(press(c) for c in desks))
    assert all(isinstance(p, str) for p in pages), pages
    assert sorted("3 tickets issued." in p for p in pages) == [False, True]
    assert sum("All 3 tickets were already issued" in p for p in pages) == 1
    assert Ticket.objects.filter(source_event=satellite).count() == 3
    assert len(set(Ticket.objects.filter(source_event=satellite).values_list("player_id", flat=True))) == 3
    assert AuditEntry.entries.filter(action="cashier.ticket_issue").count() == 3
