"""The ledger of the night (/events/<slug>/cash/ledger/) and paying players from it: every entry's money in
a fixed number of queries, "Pay prize" and "Pay bounties" recording what is owed once."""

import re
from decimal import Decimal as D

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tdconsole.cashier.models import Payout
from tdconsole.cashier_pages.selectors import ledger_lines
from tdconsole.core.once import new_token
from tdconsole.payouts.models import PayoutTable
from tdconsole.tournaments.models import Entry
from tests import factories

from .conftest import EN, HTMX, url

pytestmark = pytest.mark.django_db


def placed(event, *entries):
    """Record `entries` as out in the places 1, 2, ... (the first given wins)."""
    for place, entry in enumerate(entries, start=1):
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED if place > 1 else Entry.Status.ALIVE,
                                                 place=place)


def fixed_table(event, *amounts):
    table = PayoutTable.objects.create(event=event, prize_pool=sum(amounts, D("0")), entries=3)
    for place, amount in enumerate(amounts, start=1):
        table.places.create(place=place, amount=amount)


@pytest.mark.parametrize("role", ["registration", "director", "viewer"])
def test_the_ledger_opens_for_the_desk_roles(house, ana, client_as, role):
    assert client_as(role).get(url("ledger", house)).status_code == 200


def test_the_floor_cannot_read_the_ledger(house, client_as):
    assert client_as("floor").get(url("ledger", house), **HTMX).status_code == 403


def test_the_ledger_reads_a_fixed_number_of_queries_whatever_the_field(make_money_event, client_as, director):
    desk = client_as("registration")
    counts = []
    for size in (10, 200):
        event = make_money_event()
        factories.make_money_rules(event, rebuy_until_level=6, rebuy_prize=D("100"), rebuy_fee=D("10"),
                                   rebuy_chips=20000, bounty_kind="pko", bounty=D("20"))
        entries = factories.make_paid_entries(event, [f"P{size}-{n}" for n in range(size)])
        for entry in entries[: size // 2]:
            factories.sell_at_desk(event, entry, "rebuy")
        desk.get(url("ledger", event))  # warm up (session, content types)
        with CaptureQueriesContext(connection) as ctx:
            response = desk.get(url("ledger", event))
        assert response.status_code == 200
        assert response.content.decode().count("data-ledger-row") == size
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def test_the_ledger_selector_has_a_fixed_query_count(make_money_event, django_assert_num_queries):
    for size in (10, 200):
        event = make_money_event()
        factories.make_paid_entries(event, [f"Q{size}-{n}" for n in range(size)])
        with django_assert_num_queries(14):
            assert len(ledger_lines(event=event)) == size


def test_a_line_shows_what_was_bought_paid_won_and_is_owed(house, ana, bia, client_as):
    factories.sell_at_desk(house, ana, "rebuy", method="pix")
    factories.sell_at_desk(house, ana, "staff", method="card")
    fixed_table(house, D("300"), D("100"))
    placed(house, ana, bia)
    line = {line.entry.pk: line for line in ledger_lines(event=house)}[ana.pk]
    assert line.row.total_paid == D("230.00") and line.row.rebuys == 1
    assert line.prize == D("300.00") and line.owed == D("300.00")
    assert line.net == D("70.00")  # 300 won less 230 paid in
    html = client_as("registration").get(url("ledger", house), **EN).content.decode()
    row = re.search(r'data-testid="ledger-row-1".*?</tr>', html, re.S).group(0)
    assert "PIX R$110.00" in row and "Card R$10.00" in row
    assert 'data-testid="pay-prize-1"' in row and "Pay prize R$300.00" in row


def test_paying_the_prize_records_it_once_and_a_second_click_is_refused(house, ana, bia, client_as):
    fixed_table(house, D("300"), D("100"))
    placed(house, ana, bia)
    desk = client_as("registration")
    data = {"entry": ana.pk, "kind": "prize", "method": "pix", "from": "ledger"}
    paid = desk.post(url("pay", house), data | {"_once": new_token()}, **HTMX, **EN)
    assert paid.status_code == 200
    assert "<tr" in paid.content.decode() and "Paid to Ana: R$300.00 (Prize, PIX)." in paid.content.decode()
    again = desk.post(url("pay", house), data | {"_once": new_token()}, **HTMX, **EN)
    assert again.status_code == 409 and "already been paid all that is owed" in again.content.decode()
    assert list(Payout.objects.filter(entry=ana).values_list("amount", "method")) == [(D("300.00"), "pix")]


def test_paying_without_javascript_goes_back_to_the_ledger(house, ana, bia, client_as):
    fixed_table(house, D("300"), D("100"))
    placed(house, ana, bia)
    response = client_as("registration").post(url("pay", house), {"entry": bia.pk, "kind": "prize", "method": "cash",
                                                                  "from": "ledger", "_once": new_token()})
    assert response.status_code == 302 and response["Location"] == url("ledger", house)
    assert Payout.objects.get(entry=bia).amount == D("100.00")


def test_nothing_owed_is_a_refusal_with_the_reason(house, ana, client_as):
    response = client_as("registration").post(url("pay", house), {"entry": ana.pk, "kind": "bounty", "method": "cash",
                                                                  "_once": new_token()}, **HTMX, **EN)
    assert response.status_code == 409 and "Ana is owed nothing of this kind." in response.content.decode()
    assert not Payout.objects.exists()


def test_a_deal_share_is_owed_before_the_player_is_placed(house, ana, bia, director):
    from tdconsole.payouts.models import Deal, DealShare

    fixed_table(house, D("300"), D("100"))
    deal = Deal.objects.create(event=house, method="custom", distributed=D("400"))
    DealShare.objects.create(deal=deal, entry=ana, chips=30000, icm_amount=D("0"), chip_chop_amount=D("0"),
                             amount=D("220"))
    DealShare.objects.create(deal=deal, entry=bia, chips=10000, icm_amount=D("0"), chip_chop_amount=D("0"),
                             amount=D("180"))
    lines = {line.entry.pk: line for line in ledger_lines(event=house)}
    assert (lines[ana.pk].prize, lines[bia.pk].prize) == (D("220.00"), D("180.00"))


def test_a_payout_voided_with_a_reason_is_owed_again(house, ana, bia, client_as):
    fixed_table(house, D("300"), D("100"))
    placed(house, ana, bia)
    desk = client_as("registration")
    desk.post(url("pay", house), {"entry": bia.pk, "kind": "prize", "method": "cash", "_once": new_token()}, **HTMX)
    payout = Payout.objects.get(entry=bia)
    refused = desk.post(url("payout_void", house, payout.pk), {"reason": "", "_once": new_token()}, **HTMX, **EN)
    assert refused.status_code == 409 and "Say why this payout is voided." in refused.content.decode()
    done = desk.post(url("payout_void", house, payout.pk), {"reason": "paid the wrong player",
                                                            "_once": new_token()}, **HTMX, **EN)
    assert done.status_code == 200
    payout.refresh_from_db()
    assert payout.voided_at is not None
    assert {line.entry.pk: line for line in ledger_lines(event=house)}[bia.pk].owed == D("100.00")
