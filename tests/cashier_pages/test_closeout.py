"""The close-out page (/events/<slug>/cash/closeout/) after a small night scripted through the desk's services:
buy-ins, rebuys, add-ons at their break, a staff add-on, a progressive knockout with a split pot, the prizes
and bounties paid at the cash desk. It balances to the cent; a rebuy voided after the prizes were paid by a
fixed table shows the difference, honestly."""

import re
from decimal import Decimal as D

import pytest
from django.db import transaction
from django.utils import timezone

from tdconsole.cashier.bounties import bounties_award, bounty_money
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import purchase_void
from tdconsole.cashier_pages.selectors import ledger_lines, night_closeout
from tdconsole.core.once import new_token
from tdconsole.payouts.models import PayoutTable
from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories

from .conftest import EN, HTMX, PT, url

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Bia", "Caio", "Davi"]


def knock(event, busted, by, actor):
    """Bust `busted` (a name) knocked out by `by` (names), as the eliminations desk does."""
    out = Entry.objects.select_related("table").get(event=event, player__name=busted, status=Entry.Status.ALIVE)
    winners = [Entry.objects.get(event=event, player__name=n, status=Entry.Status.ALIVE).pk for n in by]
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=out.table.number, actor=actor, level_position=None,
                                 busts=[SeatBust(seat=out.seat, entry_id=out.pk)])
        bounties_award(event=event, elimination=done, eliminators={out.pk: winners}, actor=actor)


def entry(event, name):
    return Entry.objects.get(event=event, player__name=name)


@pytest.fixture
def night(house, director):
    """Four players bought in (a PKO head of R$ 20 each, half paid at once in R$ 5 bills), two rebuys, two
    add-ons at the break after level 6, a staff add-on; Caio out to a split pot (Ana and Bia), then Davi
    and Bia out to Ana: Ana wins. The table pays 70% / 30% of the pool."""
    factories.make_money_rules(house, bounty_kind="pko", bounty=D("20"), pko_cash_percent=D("50"),
                               bounty_unit=D("5"), bounty_split="equal")
    ana, bia, caio, davi = factories.make_paid_entries(house, NAMES, method="cash")
    factories.seat_field(house)
    factories.sell_at_desk(house, caio, "rebuy", method="pix")
    factories.sell_at_desk(house, davi, "rebuy", method="card")
    factories.sell_at_desk(house, ana, "addon", method="pix", level=6, on_break=True)
    factories.sell_at_desk(house, bia, "addon", method="cash", level=6, on_break=True)
    factories.sell_at_desk(house, bia, "staff", method="cash")
    Event.objects.filter(pk=house.pk).update(registration_closed_at=timezone.now())
    house.refresh_from_db()
    knock(house, "Caio", ["Ana", "Bia"], director)
    knock(house, "Davi", ["Ana"], director)
    knock(house, "Bia", ["Ana"], director)
    pool = event_prize_summary(event=house)["prize_pool"]
    first = (pool * D("0.7")).quantize(D("0.01"))
    table = PayoutTable.objects.create(event=house, prize_pool=pool, entries=4)
    table.places.create(place=1, amount=first)
    table.places.create(place=2, amount=pool - first)
    return house


def pay_everything(event, client):
    for line in ledger_lines(event=event):
        for kind, left in (("prize", line.prize_left), ("bounty", line.bounty_left)):
            if left:
                response = client.post(url("pay", event), {"entry": line.entry.pk, "kind": kind, "method": "cash",
                                                           "_once": new_token()}, **HTMX)
                assert response.status_code == 200, response.content.decode()


def test_the_scripted_night_balances_to_the_cent_and_shows_it_green(night, client_as):
    desk = client_as("registration")
    assert entry(night, "Ana").place == 1 and entry(night, "Bia").place == 2
    assert bounty_money(event=night).difference == 0
    pay_everything(night, desk)
    result = night_closeout(event=night).closeout
    # 4 buy-ins of 130 (100 + 10 + 20 head), 2 rebuys of 110, 2 add-ons of 50, one staff add-on of 10.
    assert result.money_in == D("850.00")
    assert result.prize_pool == D("700.00") and result.prizes_paid == D("700.00")
    assert result.bounty_in == D("80.00") and result.bounties_on_heads == D("0.00")
    assert result.difference == D("0.00")
    page = desk.get(url("closeout", night), **PT).content.decode()
    found = re.search(r'data-testid="difference" data-balanced="(\d)".*?data-testid="difference-amount">([^<]*)<',
                      page, re.S)
    assert found.group(1) == "1" and found.group(2) == "R$\xa00,00"
    assert 'class="difference balanced"' in page
    assert "R$\xa0850,00" in page  # money in, pt-BR
    # Every player was paid all they were owed.
    assert all(line.owed == 0 for line in ledger_lines(event=night))


def test_the_split_pot_shared_caios_head_between_ana_and_bia(night):
    lines = {line.entry.player.name: line for line in ledger_lines(event=night)}
    # Caio's head of 20: R$ 10 paid at once in R$ 5 bills (one each), R$ 5 more on each head.
    assert lines["Bia"].bounty.cash == D("5.00")
    assert lines["Ana"].bounty_owed == lines["Ana"].bounty.cash + lines["Ana"].bounty.own_head


def test_a_rebuy_voided_after_a_fixed_table_was_paid_shows_the_difference_in_red(night, client_as, director):
    desk = client_as("registration")
    pay_everything(night, desk)
    rebuy = Purchase.objects.get(event=night, kind="rebuy", method="pix")
    purchase_void(event=night, purchase_id=rebuy.pk, reason="sold to the wrong player", actor=director)
    result = night_closeout(event=night).closeout
    # The money came back out of the drawer (110), but the table had already paid its 100 to the winners.
    assert result.money_in == D("740.00")
    assert result.difference == D("-100.00")
    page = desk.get(url("closeout", night), **EN).content.decode()
    assert 'class="difference unbalanced"' in page and "-R$100.00" in page


def test_a_generated_table_follows_the_pool_so_a_void_keeps_the_night_balanced(house, client_as, director):
    ana, bia = factories.make_paid_entries(house, ["Ana", "Bia"])
    factories.sell_at_desk(house, ana, "rebuy")
    rebuy = factories.sell_at_desk(house, bia, "rebuy")
    purchase_void(event=house, purchase_id=rebuy.pk, reason="wrong player", actor=director)
    assert night_closeout(event=house).closeout.difference == D("0.00")


def test_entries_without_a_buy_in_receipt_are_listed(house, client_as):
    factories.make_paid_entries(house, ["Ana"])
    factories.make_entries(house, 2, names="Old {n}")
    page = client_as("director").get(url("closeout", house), **EN).content.decode()
    assert 'data-testid="unrecorded"' in page and "2 entries without a buy-in receipt" in page


@pytest.mark.parametrize("role,status", [("registration", 200), ("director", 200), ("viewer", 403), ("floor", 403)])
def test_the_closeout_is_for_the_director_and_registration(house, client_as, role, status):
    assert client_as(role).get(url("closeout", house)).status_code == status
