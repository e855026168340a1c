"""The same satellite ticket used at two desks at the same instant (PostgreSQL: real threads, real row locks)
pays one buy-in; the other desk is refused with a message."""

from decimal import Decimal
from functools import partial

import pytest
from django.utils import translation

from tdconsole.cashier.exceptions import TicketRefused
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import purchase_buy_in_record
from tdconsole.cashier.tickets import ticket_issue
from tdconsole.tournaments.models import Entry
from tests import factories
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def in_english(call):
    def run():
        with translation.override("en"):
            return call()
    return run


def test_one_ticket_used_twice_at_once_pays_one_buy_in(event, make_money_event):
    satellite = make_money_event(buy_in_prize=Decimal("20"), buy_in_fee=Decimal("2"))
    winner = factories.make_paid_entries(satellite, ["Ana"])[0]
    ticket = ticket_issue(source_event=satellite, entry=winner, target_event=event, value=event.buy_in, actor=None)
    entries = [Entry.objects.select_related("player", "event").get(
        pk=Entry.objects.create(event=event, player=winner.player, number=n, attempt=n,
                                 status="busted" if n == 1 else "alive").pk) for n in (1, 2)]
    uses = [in_english(partial(purchase_buy_in_record, entry=e, method="ticket", actor=None)) for e in entries]
    results = at_once(*uses)
    paid = [r for r in results if isinstance(r, Purchase)]
    refused = [r for r in results if isinstance(r, TicketRefused)]
    assert (len(paid), len(refused)) == (1, 1), results
    assert Purchase.objects.filter(event=event, method="ticket").count() == 1
    ticket.refresh_from_db()
    assert (ticket.status, ticket.used_purchase_id) == ("used", paid[0].pk)
