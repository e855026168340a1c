"""Property: whatever the cashier sells and voids, the totals are the sum of the purchases in force, and a
night with nothing paid out yet (everything still owed) balances to the cent.

Run under many seeds (`make seeds`, or `--hypothesis-seed=N`): the known hard cases are pinned with @example.
"""

from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tdconsole.cashier.exceptions import PurchaseRefused
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import BUY_IN_KINDS, ClockPoint, purchase_sell, purchase_void
from tdconsole.cashier.selectors import closeout, entry_ledger, extra_chips, money_totals
from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.tournaments.models import Entry, Event
from tests import factories

from .conftest import LEVELS

D = Decimal
METHODS = ["cash", "pix", "card", "credit"]
KINDS = ["rebuy", "double", "addon", "staff", "bonus"]
CLOCKS = [ClockPoint(), ClockPoint(level_number=2), ClockPoint(level_number=6, on_break=True),
          ClockPoint(level_number=7)]
money = st.decimals(min_value=0, max_value=999, places=2, allow_nan=False, allow_infinity=False)
sell_op = st.tuples(st.just("sell"), st.integers(0, 3), st.sampled_from(KINDS), st.sampled_from(METHODS),
                    st.integers(0, len(CLOCKS) - 1))
void_op = st.tuples(st.sampled_from(["void", "void", "void", "void buy-in"]), st.integers(0, 50))
stack_op = st.tuples(st.just("stack"), st.integers(0, 3), st.integers(0, 60000))
rules = st.fixed_dictionaries({
    "rebuy_prize": money, "rebuy_fee": money, "rebuy_bounty": money, "addon_prize": money, "addon_fee": money,
    "staff_addon_price": money, "bounty": money,
    "bounty_kind": st.sampled_from(["none", "fixed", "pko"]),
    "staff_percent": st.decimals(min_value=0, max_value=100, places=2, allow_nan=False, allow_infinity=False),
    "max_rebuys": st.one_of(st.none(), st.integers(1, 4)),
})
event_money = st.fixed_dictionaries({
    "buy_in_prize": money, "buy_in_fee": money,
    "guarantee": st.one_of(st.none(), st.decimals(min_value=0, max_value=20000, places=2, allow_nan=False,
                                                  allow_infinity=False)),
})
HOUSE = {"rebuy_until_level": 6, "rebuy_chips": 20000, "double_rebuy": True, "addon_break_after_level": 6,
         "addon_chips": 20000, "staff_addon_chips": 5000, "bonus_chips": 2000, "bonus_until_level": 2}
ODD = {"rebuy_prize": D("33.35"), "rebuy_fee": D("0.01"), "rebuy_bounty": D("12.50"), "addon_prize": D("0.05"),
       "addon_fee": D("0"), "staff_addon_price": D("7.77"), "bounty": D("25.25"), "bounty_kind": "pko",
       "staff_percent": D("3.33"), "max_rebuys": 2}


def run_night(festival, event_fields, rule_values, methods, unrecorded, ops):
    """Sell and void as `ops` says on a fresh event (rolled back afterwards); check the totals and the close-out."""
    with transaction.atomic():
        event = factories.make_event("prop", festival=festival, levels=LEVELS, status=Event.Status.RUNNING,
                                     format=Event.Format.REENTRY, max_entries=3, late_registration_level=4,
                                     **event_fields)
        factories.make_money_rules(event, **HOUSE, **rule_values)
        entries = []
        for i, method in enumerate(methods):
            entries += factories.make_paid_entries(event, [f"Player {i}"], method=method)
        if unrecorded:
            factories.make_entries(event, unrecorded)
        for op in ops:
            try:
                if op[0] == "sell":
                    _, who, kind, method, clock = op
                    purchase_sell(event=event, entry_id=entries[who % len(entries)].pk, kind=kind, method=method,
                                  actor=None, clock=CLOCKS[clock])
                elif op[0].startswith("void"):
                    # A sale, or (always refused) a buy-in.
                    sold = list(Purchase.objects.filter(event=event).order_by("number")
                                .filter(kind__in=BUY_IN_KINDS) if op[0] == "void buy-in" else
                                Purchase.objects.filter(event=event).exclude(kind__in=BUY_IN_KINDS).order_by("number"))
                    if sold:
                        purchase_void(event=event, purchase_id=sold[op[1] % len(sold)].pk, reason="property",
                                      actor=None)
                else:
                    Entry.objects.filter(pk=entries[op[1] % len(entries)].pk).update(chips=op[2])
            except PurchaseRefused:
                pass
        check(event)
        transaction.set_rollback(True)


def check(event):
    in_force = list(Purchase.objects.filter(event=event, voided_at__isnull=True))
    totals = money_totals(event=event)
    for kind in Purchase.Kind.values:
        mine = [p for p in in_force if p.kind == kind]
        got = totals.kinds[kind]
        assert got.count == len(mine)
        for part in ("prize", "fee", "bounty", "staff"):
            assert getattr(got, part) == sum((getattr(p, part) for p in mine), D("0")), (kind, part)
        assert got.chips == sum(p.chips for p in mine)
    for method in Purchase.Method.values:
        # "ticket" shows only once a ticket paid a buy-in; every other method always has its line.
        paid = sum((p.total for p in in_force if p.method == method), D("0"))
        if method == Purchase.Method.TICKET and not any(p.method == method for p in in_force):
            assert method not in totals.by_method
            continue
        assert totals.by_method[method] == paid
    assert totals.money_in == sum((p.total for p in in_force), D("0"))
    assert extra_chips(event=event) == sum(p.chips for p in in_force if p.kind not in BUY_IN_KINDS)
    ledger = entry_ledger(event=event)
    assert sum((row.total_paid for row in ledger.values()), D("0")) == totals.money_in
    # Nothing paid out, every prize and every bounty still owed: the night balances to the cent.
    summary = event_prize_summary(event=event)
    result = closeout(event=event, prize_pool=summary["prize_pool"], overlay=summary["overlay"],
                      staff_deduction=summary["staff_deduction"], prizes_owed_total=summary["prize_pool"],
                      bounties_paid=D("0"), bounties_on_heads=totals.bounty)
    assert str(result.difference) == "0.00", result


@pytest.mark.django_db
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(event_fields=event_money, rule_values=rules,
       methods=st.lists(st.sampled_from(METHODS), min_size=1, max_size=4),
       unrecorded=st.integers(0, 2),
       ops=st.lists(st.one_of(sell_op, sell_op, void_op, stack_op), min_size=3, max_size=30))
# Every sale voided again, the buy-ins refused; odd cents everywhere and a staff share with a remainder.
@example(event_fields={"buy_in_prize": D("33.35"), "buy_in_fee": D("3.33"), "guarantee": None}, rule_values=ODD,
         methods=["cash", "pix"], unrecorded=1,
         ops=[("sell", 0, "rebuy", "pix", 0), ("sell", 1, "double", "card", 1), ("sell", 0, "addon", "cash", 2),
              ("sell", 1, "staff", "credit", 2), ("sell", 0, "bonus", "cash", 1), ("void buy-in", 0), ("void", 0),
              ("void", 0), ("void", 0), ("void", 0), ("void", 0), ("void", 0)])
# A guarantee far above the pool (the overlay) with a 100% staff share: the house pays the whole pool.
@example(event_fields={"buy_in_prize": D("100"), "buy_in_fee": D("10"), "guarantee": D("5000")},
         rule_values=ODD | {"staff_percent": D("100"), "bounty_kind": "none"}, methods=["cash"], unrecorded=2,
         ops=[("sell", 0, "rebuy", "cash", 0), ("stack", 0, 0), ("sell", 0, "rebuy", "cash", 0)])
# Free everything: a zero buy-in, zero prices (chips only), the last rebuy sold twice at once in a row.
@example(event_fields={"buy_in_prize": D("0"), "buy_in_fee": D("0"), "guarantee": D("0")},
         rule_values={k: D("0") for k in ODD if k not in ("bounty_kind", "max_rebuys")} | {
             "bounty_kind": "fixed", "max_rebuys": 1},
         methods=["credit"], unrecorded=0,
         ops=[("stack", 0, 0), ("sell", 0, "rebuy", "cash", 1), ("sell", 0, "rebuy", "cash", 1)])
def test_totals_are_the_sum_of_the_purchases_in_force_and_an_unpaid_night_balances(
        festival, event_fields, rule_values, methods, unrecorded, ops):
    run_night(festival, event_fields, rule_values, methods, unrecorded, ops)
