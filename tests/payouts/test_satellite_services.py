"""A satellite's payout table in seats of the target event's buy-in, and the tickets its winners get."""

from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Ticket
from tdconsole.payouts import services
from tdconsole.payouts.exceptions import PayoutTableInvalid
from tdconsole.payouts.models import PayoutPlace
from tdconsole.tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def target(make_event):
    return make_event(buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))  # a seat is worth 250


@pytest.fixture
def satellite(make_event, target, director):
    # 37 entries x 25 to the pool = 925: three seats of 250 and 175 in cash to fourth place.
    event = make_event(entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))
    services.satellite_target_set(event=event, target=target, actor=director)
    return event


def places(event):
    return list(PayoutPlace.objects.filter(table__event=event).order_by("place").values_list("amount", "seat"))


def test_the_table_of_a_satellite_is_seats_then_the_remainder_in_cash(satellite, director):
    services.payout_table_generate(event=satellite, actor=director)
    assert places(satellite) == [(Decimal("250.00"), True)] * 3 + [(Decimal("175.00"), False)]
    assert AuditEntry.entries.filter(action="payouts.satellite_target").count() == 1


def test_the_winners_of_seats_get_one_ticket_each(satellite, target, director):
    services.payout_table_generate(event=satellite, actor=director)
    services.payout_table_lock(event=satellite, actor=director)
    tickets = services.satellite_tickets_issue(event=satellite, actor=director)
    winners = list(Entry.objects.filter(event=satellite, place__lte=3).order_by("place").values_list("player_id",
                                                                                                     flat=True))
    assert [t.player_id for t in tickets] == winners
    assert all((t.target_event_id, t.value, t.status) == (target.pk, Decimal("250.00"), "unused") for t in tickets)
    services.satellite_tickets_issue(event=satellite, actor=director)
    assert Ticket.objects.count() == 3


def test_two_tied_for_the_last_seat_share_money_and_get_no_ticket(satellite, director):
    services.payout_table_generate(event=satellite, actor=director)
    services.payout_table_lock(event=satellite, actor=director)
    Entry.objects.filter(event=satellite, place=4).update(place=3)
    tickets = services.satellite_tickets_issue(event=satellite, actor=director)
    assert len(tickets) == 2


def test_tickets_wait_for_the_locked_table(satellite, director):
    services.payout_table_generate(event=satellite, actor=director)
    with pytest.raises(PayoutTableInvalid, match="Lock the payout table"):
        services.satellite_tickets_issue(event=satellite, actor=director)


def test_a_cash_event_issues_no_tickets(make_event, director):
    event = make_event(entries=10, alive=0)
    with pytest.raises(PayoutTableInvalid, match="not a satellite"):
        services.satellite_tickets_issue(event=event, actor=director)


def test_a_satellite_cannot_target_itself_or_a_free_event(satellite, make_event, director):
    with pytest.raises(PayoutTableInvalid):
        services.satellite_target_set(event=satellite, target=satellite, actor=director)
    free = make_event(buy_in_prize=Decimal("0"), buy_in_fee=Decimal("0"))
    with pytest.raises(PayoutTableInvalid):
        services.satellite_target_set(event=satellite, target=free, actor=director)
