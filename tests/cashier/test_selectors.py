"""The money read back: totals by kind and by method, what the pool and the chips gain, each entry's ledger, and
the close-out arithmetic, each in a constant number of queries."""

from decimal import Decimal

import pytest

from tdconsole.cashier.cashouts import cash_payout_record, cash_payout_void
from tdconsole.cashier.purchases import purchase_void
from tdconsole.cashier.selectors import (
    closeout,
    entry_ledger,
    extra_chips,
    extra_prize,
    money_totals,
    pool_extras,
)
from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.tournaments.models import Entry
from tests import factories

pytestmark = pytest.mark.django_db
D = Decimal


def sell(event, entry, kind, method="cash", **clock):
    Entry.objects.filter(pk=entry.pk).update(chips=0)  # a rebuy is allowed at any stack then
    return factories.sell_at_desk(event, entry, kind, method=method, **clock)


@pytest.fixture
def night(house):
    """Ana (cash), Bia (PIX) and Caio (card) bought in; Ana a rebuy (cash) and a double (PIX, voided), Bia a
    double (card), the add-on for Ana (cash) and Bia (PIX), a staff add-on for Caio (cash), bonus chips for Ana."""
    ana = factories.make_paid_entries(house, ["Ana"])[0]
    bia = factories.make_paid_entries(house, ["Bia"], method="pix")[0]
    caio = factories.make_paid_entries(house, ["Caio"], method="card")[0]
    sell(house, ana, "rebuy")
    wrong = sell(house, ana, "double", method="pix")
    purchase_void(event=house, purchase_id=wrong.pk, reason="typed twice", actor=None)
    sell(house, bia, "double", method="card")
    sell(house, ana, "addon", level=6, on_break=True)
    sell(house, bia, "addon", method="pix", level=6, on_break=True)
    sell(house, caio, "staff", level=3)
    sell(house, ana, "bonus", level=1)
    return house, ana, bia, caio


def test_totals_count_and_sum_each_kind_without_the_voided(night):
    event, *_ = night
    totals = money_totals(event=event)
    assert totals.kinds["entry"].count == 3
    assert (totals.kinds["entry"].prize, totals.kinds["entry"].fee, totals.kinds["entry"].chips) == (
        D("300.00"), D("30.00"), 60000)
    assert (totals.kinds["rebuy"].count, totals.kinds["double"].count) == (1, 1)
    assert totals.kinds["double"].total == D("220.00")
    assert (totals.rebuys, totals.addons, totals.buy_ins) == (3, 2, 3)
    assert totals.kinds["staff"].staff == D("10.00")
    bonus = totals.kinds["bonus"]
    assert (bonus.count, bonus.total, bonus.chips) == (1, D("0.00"), 2000)
    assert totals.kinds["reentry"].count == 0
    # 300 + 100 + 200 + 100 to the pool; 30 + 10 + 20 fees; 10 staff.
    assert (totals.prize, totals.fee, totals.staff, totals.bounty) == (D("700.00"), D("60.00"), D("10.00"), D("0.00"))
    assert totals.chips == 60000 + 20000 + 40000 + 40000 + 5000 + 2000
    assert totals.entries_without_buy_in == 0


def test_money_in_is_split_by_method(night):
    event, *_ = night
    totals = money_totals(event=event)
    # Cash: Ana 110 + rebuy 110 + add-on 50 + Caio's staff add-on 10; PIX: Bia 110 + add-on 50; card: Caio 110 +
    # Bia's double 220. The voided double (PIX) and the free bonus add nothing.
    assert totals.by_method == {"cash": D("280.00"), "pix": D("160.00"), "card": D("330.00"), "credit": D("0.00")}
    assert totals.money_in == D("770.00") == totals.prize + totals.fee + totals.staff + totals.bounty


def test_entries_without_a_buy_in_purchase_are_counted(house):
    factories.make_paid_entries(house, ["Ana"])
    factories.make_entries(house, 2)
    assert money_totals(event=house).entries_without_buy_in == 2


def test_extras_are_what_the_sales_add_beyond_the_buy_ins(night):
    event, *_ = night
    assert extra_chips(event=event) == 20000 + 40000 + 40000 + 5000 + 2000
    assert extra_prize(event=event) == D("400.00")
    extras = pool_extras(event=event)
    assert (extras.prize, extras.chips, extras.rebuys, extras.addons, extras.staff_percent) == (
        D("400.00"), 107000, 3, 2, D("0.00"))


def test_an_event_without_sales_has_no_extras(event):
    assert (extra_chips(event=event), extra_prize(event=event)) == (0, D("0.00"))
    assert pool_extras(event=event).staff_percent == D("0")


@pytest.mark.parametrize("size", [10, 300])
def test_totals_extras_and_ledger_take_a_constant_number_of_queries(house, size, django_assert_num_queries):
    entries = factories.make_paid_entries(house, [f"P{i}" for i in range(size)])
    for entry in entries[: size // 2]:
        sell(house, entry, "rebuy")
    with django_assert_num_queries(2):
        money_totals(event=house)
    with django_assert_num_queries(1):
        extra_chips(event=house)
    with django_assert_num_queries(1):
        pool_extras(event=house)
    with django_assert_num_queries(3):
        ledger = entry_ledger(event=house)
    assert len(ledger) == size
    with django_assert_num_queries(3):
        closeout(event=house, prize_pool=D("0"), overlay=D("0"), staff_deduction=D("0"), prizes_owed_total=D("0"),
                 bounties_paid=D("0"), bounties_on_heads=D("0"))


def test_the_ledger_shows_what_each_entry_bought_paid_and_received(night):
    event, ana, bia, caio = night
    cash_payout_record(event=event, entry_id=bia.pk, kind="prize", amount=D("300"), method="pix", actor=None,
                       owed=D("500"))
    wrong = cash_payout_record(event=event, entry_id=bia.pk, kind="bounty", amount=D("20"), method="cash",
                               actor=None, owed=D("20"))
    cash_payout_void(event=event, payout_id=wrong.pk, reason="not won", actor=None)
    ledger = entry_ledger(event=event)
    assert set(ledger) == {ana.pk, bia.pk, caio.pk}
    row = ledger[ana.pk]
    assert row.purchases == {"entry": 1, "rebuy": 1, "addon": 1, "bonus": 1}  # the voided double left out
    assert row.paid == {"cash": D("270.00")}
    assert (row.total_paid, row.rebuys, row.addons, row.chips, row.buy_in_recorded) == (
        D("270.00"), 1, 1, 20000 + 20000 + 20000 + 2000, True)
    assert ledger[bia.pk].paid == {"pix": D("160.00"), "card": D("220.00")}
    assert ledger[bia.pk].rebuys == 2
    assert ledger[bia.pk].received == {"prize": D("300.00")}
    assert ledger[caio.pk].paid == {"card": D("110.00"), "cash": D("10.00")}
    assert ledger[caio.pk].total_received == D("0")


def test_an_entry_without_a_buy_in_purchase_has_an_empty_ledger(house):
    entry = factories.make_entries(house, 1)[0]
    row = entry_ledger(event=house)[entry.pk]
    assert (row.buy_in_recorded, row.total_paid, row.number) == (False, D("0"), entry.number)


# --- the close-out -------------------------------------------------------------------------------------------


def summary_closeout(event, *, bounties_paid=D("0"), bounties_on_heads=None, prizes_owed=None):
    summary = event_prize_summary(event=event)
    totals = money_totals(event=event)
    return closeout(event=event, prize_pool=summary["prize_pool"], overlay=summary["overlay"],
                    staff_deduction=summary["staff_deduction"],
                    prizes_owed_total=summary["prize_pool"] if prizes_owed is None else prizes_owed,
                    bounties_paid=bounties_paid,
                    bounties_on_heads=totals.bounty if bounties_on_heads is None else bounties_on_heads)


def test_a_night_with_everything_owed_balances(night):
    event, *_ = night
    result = summary_closeout(event)
    assert result.money_in == D("770.00")
    assert result.accounted == D("770.00")
    assert result.difference == D("0.00") and str(result.difference) == "0.00"


def test_the_staff_share_and_the_overlay_keep_the_night_balanced(night):
    event, *_ = night
    factories.make_money_rules(event, staff_percent=D("3"))
    event.guarantee = D("1000")
    event.save(update_fields=["guarantee"])
    result = summary_closeout(event)
    # 700 collected for the pool, 3% = 21.00 to the staff, 679 left; the guarantee adds 321.
    assert (result.staff_deduction, result.overlay, result.prize_pool) == (D("21.00"), D("321.00"), D("1000.00"))
    assert result.staff == D("31.00")  # the staff add-on and the share of the pool
    assert result.difference == D("0.00")


def test_entries_without_a_purchase_count_at_the_event_price_with_no_method(house):
    factories.make_paid_entries(house, ["Ana"], method="pix")
    factories.make_entries(house, 2)
    result = summary_closeout(house)
    assert (result.unrecorded_entries, result.unrecorded_money) == (2, D("220.00"))
    assert result.money_in_by_method["pix"] == D("110.00")
    assert result.money_in == D("330.00")
    assert result.prize_in == D("300.00") and result.fees == D("30.00")
    assert result.difference == D("0.00")


def test_bounties_in_balance_against_bounties_paid_and_still_on_heads(house):
    factories.make_money_rules(house, bounty_kind="pko", bounty=D("50"), rebuy_bounty=D("50"))
    factories.make_paid_entries(house, ["Ana", "Bia", "Caio"])
    result = summary_closeout(house, bounties_paid=D("37"), bounties_on_heads=D("113"))
    assert result.bounty_in == D("150.00")
    assert result.difference == D("0.00")
    short = summary_closeout(house, bounties_paid=D("37"), bounties_on_heads=D("100"))
    assert short.difference == D("13.00")  # money in that nobody accounts for


def test_prizes_paid_are_counted_and_what_the_table_does_not_share_shows(night):
    event, ana, bia, _caio = night
    cash_payout_record(event=event, entry_id=ana.pk, kind="prize", amount=D("500"), method="cash", actor=None,
                       owed=D("500"))
    result = summary_closeout(event, prizes_owed=D("690"))
    assert result.prize_pool == D("700.00")
    assert (result.prizes_owed, result.prizes_paid, result.prizes_unpaid, result.undistributed) == (
        D("690.00"), D("500.00"), D("190.00"), D("10.00"))
    assert result.difference == D("10.00")  # the pool the table does not share is money not accounted for
    assert result.paid_out_by_method["cash"] == D("500.00")
    assert result.in_drawer_by_method["cash"] == D("280.00") - D("500.00")
