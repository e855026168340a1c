"""Satellite tickets at the cash desk: a ticket pays a buy-in once, is counted apart from the drawers in the
close-out, and is cancelled or moved by the Director while unused, each change audited."""

from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.cashouts import cash_payout_record
from tdconsole.cashier.exceptions import PayoutRefused, PurchaseRefused, TicketRefused
from tdconsole.cashier.models import Purchase, Ticket
from tdconsole.cashier.purchases import ClockPoint, purchase_buy_in_record, purchase_sell
from tdconsole.cashier.selectors import closeout
from tdconsole.cashier.tickets import ticket_cancel, ticket_issue, ticket_move, unused_ticket_of
from tdconsole.tournaments.models import Entry
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
ZERO = Decimal("0")


@pytest.fixture
def satellite(make_money_event):
    return make_money_event(buy_in_prize=Decimal("20"), buy_in_fee=Decimal("2"))


def won(satellite, target, name="Ana"):
    entry = factories.make_paid_entries(satellite, [name])[0]
    return entry, ticket_issue(source_event=satellite, entry=entry, target_event=target, value=target.buy_in,
                               actor=None)


def new_entry(event, player, attempt=1):
    Entry.objects.filter(event=event, player=player).update(status=Entry.Status.BUSTED)
    number = Entry.objects.filter(event=event).count() + 1
    return Entry.objects.select_related("player", "event").get(
        pk=Entry.objects.create(event=event, player=player, number=number, attempt=attempt).pk)


def test_a_ticket_is_issued_once_per_winner(satellite, event):
    entry, ticket = won(satellite, event)
    again = ticket_issue(source_event=satellite, entry=entry, target_event=event, value=event.buy_in, actor=None)
    assert again.pk == ticket.pk
    assert (ticket.player_id, ticket.value, ticket.status) == (entry.player_id, Decimal("110.00"), "unused")
    assert AuditEntry._default_manager.filter(action="cashier.ticket_issue").count() == 1


def test_a_ticket_pays_the_buy_in_and_is_used(satellite, event):
    entry, ticket = won(satellite, event)
    purchase = purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)
    ticket.refresh_from_db()
    assert (purchase.method, purchase.prize, purchase.fee) == ("ticket", Decimal("100"), Decimal("10"))
    assert (ticket.status, ticket.used_purchase_id) == ("used", purchase.pk)
    assert AuditEntry._default_manager.filter(action="cashier.ticket_use").count() == 1


def test_a_used_ticket_does_not_pay_a_re_entry(satellite, event):
    entry, _ticket = won(satellite, event)
    purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)
    second = new_entry(event, entry.player, attempt=2)
    with pytest.raises(TicketRefused, match="no unused ticket"):
        purchase_buy_in_record(entry=second, method="ticket", actor=None)
    assert not Purchase.objects.filter(entry=second).exists()


def test_a_player_without_a_ticket_cannot_pay_by_ticket(event):
    player = factories.make_players(event.festival, ["Bia"])[0]
    with pytest.raises(PurchaseRefused, match="no unused ticket"):
        purchase_buy_in_record(entry=new_entry(event, player), method="ticket", actor=None)


def test_a_ticket_to_another_event_does_not_pay_here(satellite, event, make_money_event):
    other = make_money_event()
    entry, _ticket = won(satellite, other)
    with pytest.raises(TicketRefused):
        purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)


def test_a_ticket_pays_no_rebuy_and_no_prize(house):
    ana = factories.make_paid_entries(house, ["Ana"])[0]
    with pytest.raises(PurchaseRefused, match="buy-in only"):
        purchase_sell(event=house, entry_id=ana.pk, kind="rebuy", method="ticket", actor=None,
                      clock=ClockPoint(level_number=3))
    with pytest.raises(PayoutRefused):
        cash_payout_record(event=house, entry_id=ana.pk, kind="prize", amount=Decimal("10"), method="ticket",
                           actor=None, owed=Decimal("10"))


def test_the_closeout_counts_tickets_apart_from_the_drawers(satellite, event):
    entry, _ticket = won(satellite, event)
    factories.make_paid_entries(event, ["Caio"])
    purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)
    result = closeout(event=event, prize_pool=Decimal("200"), overlay=ZERO, staff_deduction=ZERO,
                      prizes_owed_total=Decimal("200"), bounties_paid=ZERO, bounties_on_heads=ZERO)
    assert result.tickets_in == Decimal("110.00")
    assert result.money_in == Decimal("220.00")
    assert "ticket" not in result.in_drawer_by_method
    assert result.in_drawer_by_method["cash"] == Decimal("110.00")
    assert result.difference == ZERO


def test_the_director_cancels_an_unused_ticket_with_a_reason(satellite, event):
    entry, ticket = won(satellite, event)
    with pytest.raises(TicketRefused, match="Say why"):
        ticket_cancel(ticket_id=ticket.pk, reason="  ", actor=None)
    ticket_cancel(ticket_id=ticket.pk, reason="Won twice by mistake", actor=None)
    ticket.refresh_from_db()
    assert (ticket.status, ticket.cancel_reason) == ("cancelled", "Won twice by mistake")
    assert AuditEntry._default_manager.filter(action="cashier.ticket_cancel").count() == 1
    assert unused_ticket_of(event=event, player_id=entry.player_id) is None
    with pytest.raises(TicketRefused, match="only an unused ticket"):
        ticket_move(ticket_id=ticket.pk, player_id=entry.player_id, actor=None)


def test_the_director_moves_an_unused_ticket_to_another_player(satellite, event):
    entry, ticket = won(satellite, event)
    bia = factories.make_players(event.festival, ["Bia"])[0]
    ticket_move(ticket_id=ticket.pk, player_id=bia.pk, actor=None)
    ticket.refresh_from_db()
    assert ticket.player_id == bia.pk and ticket.source_entry_id == entry.pk
    record = AuditEntry._default_manager.get(action="cashier.ticket_move")
    assert record.before["player"] == entry.player_id and record.after["player"] == bia.pk
    purchase_buy_in_record(entry=new_entry(event, bia), method="ticket", actor=None)
    with pytest.raises(TicketRefused):
        purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)


def test_a_used_ticket_can_be_neither_cancelled_nor_moved(satellite, event):
    entry, ticket = won(satellite, event)
    purchase_buy_in_record(entry=new_entry(event, entry.player), method="ticket", actor=None)
    with pytest.raises(TicketRefused, match="used"):
        ticket_cancel(ticket_id=ticket.pk, reason="late", actor=None)
    with pytest.raises(TicketRefused):
        ticket_move(ticket_id=ticket.pk, player_id=entry.player_id + 99, actor=None)
    assert Ticket.objects.get(pk=ticket.pk).status == "used"


@pytest.mark.parametrize("bad", [None, "1", True, 10**30])
def test_an_unknown_ticket_is_refused_with_a_message(bad):
    with pytest.raises(TicketRefused, match="not known"):
        ticket_cancel(ticket_id=bad, reason="x", actor=None)
