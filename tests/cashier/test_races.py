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


def test_clerks_selling_and_voiding_at_once_leave_the_exact_tally(house):
    from tdconsole.cashier.models import CashTally
    from tdconsole.cashier.purchases import purchase_void

    factories.make_money_rules(house, max_rebuys=None)
    players = factories.make_paid_entries(house, [f"P{n}" for n in range(6)])
    wrong = purchase_sell(event=house, entry_id=players[0].pk, kind="rebuy", method="cash", actor=None,
                          clock=ClockPoint(level_number=3))
    for round_ in range(3):  # three rounds of six clerks at once: five sales and, in the first, a void
        Entry.objects.filter(event=house).update(chips=0)  # every player busted again: a rebuy is allowed
        calls = [partial(purchase_sell, event=house, entry_id=e.pk, kind="double" if round_ == 1 else "rebuy",
                         method="cash", actor=None, clock=ClockPoint(level_number=3)) for e in players[1:]]
        if round_ == 0:
            calls.append(partial(purchase_void, event=house, purchase_id=wrong.pk, reason="wrong player",
                                 actor=None))
        results = at_once(*calls)
        assert not [r for r in results if isinstance(r, BaseException)], results
    # Five players: a rebuy, a double and a rebuy each (4 rebuys' worth); the first rebuy voided.
    tally = CashTally.objects.get(event=house)
    assert (tally.extra_chips, tally.extra_prize, tally.rebuys, tally.addons) == (
        5 * 4 * 20000, Decimal("2000.00"), 20, 0)


def test_the_tally_row_lock_alone_loses_no_update(house):
    """The services hold the event lock too; the tally's own row lock keeps it exact without it."""
    from django.db import transaction

    from tdconsole.cashier.models import CashTally
    from tdconsole.cashier.tally import tally_count

    one = Purchase(event=house, kind="rebuy", prize=Decimal("1.00"), chips=1)

    def count_many():
        for _ in range(25):
            with transaction.atomic():
                tally_count(event=house, purchase=one, sign=1)

    results = at_once(count_many, count_many, count_many, count_many)
    assert not [r for r in results if isinstance(r, BaseException)], results
    tally = CashTally.objects.get(event=house)
    assert (tally.extra_chips, tally.extra_prize, tally.rebuys) == (100, Decimal("100.00"), 100)
