"""Two cashiers at the same instant (PostgreSQL: real threads, real row locks): the last allowed rebuy is sold
once, and a prize is paid once."""

from decimal import Decimal
from functools import partial

import pytest
from django.utils import translation

from tdconsole.cashier.cashouts import cash_payout_record
from tdconsole.cashier.exceptions import PayoutRefused, PurchaseRefused
from tdconsole.cashier.models import Payout, Purchase
from tdconsole.cashier.purchases import ClockPoint, purchase_sell
from tdconsole.tournaments.models import Entry
from tests import factories
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def in_english(call):
    """`call` run in English (each thread has its own active language)."""
    def run():
        with translation.override("en"):
            return call()
    return run


def test_two_cashiers_selling_the_last_rebuy_of_a_player_sell_it_once(house):
    ana = factories.make_paid_entries(house, ["Ana"])[0]
    factories.make_money_rules(house, max_rebuys=1, double_rebuy=False)
    Entry.objects.filter(pk=ana.pk).update(chips=0)
    sale = partial(purchase_sell, event=house, entry_id=ana.pk, kind="rebuy", method="cash", actor=None,
                   clock=ClockPoint(level_number=3))
    results = at_once(in_english(sale), in_english(sale))
    sold = [r for r in results if isinstance(r, Purchase)]
    refused = [r for r in results if isinstance(r, PurchaseRefused)]
    assert (len(sold), len(refused)) == (1, 1), results
    assert str(refused[0]) == "Ana has used their only rebuy."
    assert Purchase.objects.filter(event=house, kind="rebuy").count() == 1
    assert Entry.objects.get(pk=ana.pk).chips == 20000  # the chips added once
    assert list(Purchase.objects.filter(event=house).values_list("number", flat=True)) == [1, 2]


def test_two_cashiers_selling_to_two_players_at_once_give_two_receipt_numbers(house):
    ana, bia = factories.make_paid_entries(house, ["Ana", "Bia"])
    sales = [partial(purchase_sell, event=house, entry_id=e.pk, kind="rebuy", method="cash", actor=None,
                     clock=ClockPoint(level_number=3)) for e in (ana, bia)]
    results = at_once(*sales)
    assert all(isinstance(r, Purchase) for r in results), results
    assert sorted(r.number for r in results) == [3, 4]


def test_two_cashiers_paying_the_same_prize_at_once_pay_it_once(house):
    ana = factories.make_paid_entries(house, ["Ana"])[0]
    payment = partial(cash_payout_record, event=house, entry_id=ana.pk, kind="prize", amount=Decimal("500"),
                      method="cash", actor=None, owed=Decimal("500"))
    results = at_once(payment, payment, payment)
    paid = [r for r in results if isinstance(r, Payout)]
    refused = [r for r in results if isinstance(r, PayoutRefused)]
    assert (len(paid), len(refused)) == (1, 2), results
    assert Payout.objects.filter(entry=ana).count() == 1
