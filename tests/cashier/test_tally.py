"""The event's running tally of the cash desk (issue 24): the chips, prize money, rebuys and add-ons sold
beyond the buy-ins, kept by each sale and each void in its own transaction, equal at every moment to what
summing the purchases in force gives; reading it costs the same with 10 entries or 300."""

import re
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tdconsole.cashier.exceptions import CashierError
from tdconsole.cashier.models import CashTally, Purchase
from tdconsole.cashier.purchases import (
    BUY_IN_KINDS,
    ClockPoint,
    entry_cancel_with_purchases,
    purchase_sell,
    purchase_void,
)
from tdconsole.cashier.selectors import extra_chips, extra_prize, pool_extras
from tdconsole.core.once import new_token
from tdconsole.payouts.selectors import event_prize_summary
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Entry, Event
from tests import factories

from .conftest import HOUSE_RULES, LEVELS

pytestmark = pytest.mark.django_db
D = Decimal


def recount(event) -> dict:
    """The tally as summing the event's purchases in force gives it (what the selectors used to compute)."""
    sold = [p for p in Purchase.objects.filter(event=event, voided_at__isnull=True) if p.kind not in BUY_IN_KINDS]
    return {
        "extra_chips": sum(p.chips for p in sold),
        "extra_prize": sum((p.prize for p in sold), D("0.00")),
        "rebuys": sum({"rebuy": 1, "double": 2}.get(p.kind, 0) for p in sold),
        "addons": sum(1 for p in sold if p.kind == "addon"),
    }


def tally_of(event) -> dict:
    row = CashTally.objects.filter(event=event).values("extra_chips", "extra_prize", "rebuys", "addons").first()
    return row or {"extra_chips": 0, "extra_prize": D("0.00"), "rebuys": 0, "addons": 0}


def assert_tally_is_the_recount(event) -> dict:
    expected = recount(event)
    assert tally_of(event) == expected
    extras = pool_extras(event=event)
    assert (extras.chips, extras.prize, extras.rebuys, extras.addons) == (
        expected["extra_chips"], expected["extra_prize"], expected["rebuys"], expected["addons"])
    assert (extra_chips(event=event), extra_prize(event=event)) == (expected["extra_chips"], expected["extra_prize"])
    return expected


# --- what it counts ---------------------------------------------------------------------------------------------


def test_each_sale_and_void_moves_the_tally_by_that_purchase(house, ana, bia):
    assert not CashTally.objects.filter(event=house).exists()  # buy-ins alone make none
    assert pool_extras(event=house).chips == 0
    rebuy = factories.sell_at_desk(house, ana, "rebuy")
    assert tally_of(house) == {"extra_chips": 20000, "extra_prize": D("100.00"), "rebuys": 1, "addons": 0}
    double = factories.sell_at_desk(house, bia, "double")
    factories.sell_at_desk(house, bia, "addon", level=6, on_break=True)
    factories.sell_at_desk(house, ana, "staff", level=3)
    factories.sell_at_desk(house, ana, "bonus", level=1)
    assert tally_of(house) == {"extra_chips": 20000 + 40000 + 20000 + 5000 + 2000, "extra_prize": D("350.00"),
                               "rebuys": 3, "addons": 1}
    purchase_void(event=house, purchase_id=double.pk, reason="typed twice", actor=None)
    purchase_void(event=house, purchase_id=rebuy.pk, reason="wrong player", actor=None)
    assert tally_of(house) == {"extra_chips": 20000 + 5000 + 2000, "extra_prize": D("50.00"), "rebuys": 0,
                               "addons": 1}
    assert_tally_is_the_recount(house)
    summary = event_prize_summary(event=house)
    assert (summary["extra_chips"], summary["rebuys"], summary["addons"]) == (27000, 0, 1)
    assert summary["collected"] == D("250.00")  # two buy-ins of 100 and the add-on's 50


def test_cancelling_an_entry_takes_its_sales_off_the_tally(house, ana, bia):
    factories.sell_at_desk(house, ana, "rebuy")
    factories.sell_at_desk(house, bia, "rebuy")
    entry_cancel_with_purchases(event=house, entry_id=ana.pk, actor=None)
    assert tally_of(house) == {"extra_chips": 20000, "extra_prize": D("100.00"), "rebuys": 1, "addons": 0}


def test_a_refused_sale_leaves_the_tally_as_it_was(house, ana):
    factories.make_money_rules(house, **HOUSE_RULES | {"max_rebuys": 1})
    factories.sell_at_desk(house, ana, "rebuy")
    with pytest.raises(CashierError):
        factories.sell_at_desk(house, ana, "rebuy")
    assert tally_of(house)["extra_chips"] == 20000


# --- the property: after any mix of sales and voids, the tally is the recount -----------------------------------

KINDS = ["rebuy", "double", "addon", "staff", "bonus"]
CLOCKS = [ClockPoint(), ClockPoint(level_number=2), ClockPoint(level_number=6, on_break=True),
          ClockPoint(level_number=7)]
sell_op = st.tuples(st.just("sell"), st.integers(0, 3), st.sampled_from(KINDS), st.integers(0, len(CLOCKS) - 1))
void_op = st.tuples(st.just("void"), st.integers(0, 50))
cancel_op = st.tuples(st.just("cancel"), st.integers(0, 3))
stack_op = st.tuples(st.just("stack"), st.integers(0, 3), st.integers(0, 60000))


def run_night(festival, ops):
    """Sell, void and cancel as `ops` says on a fresh event (rolled back afterwards); check the tally after
    every step against the recount."""
    with transaction.atomic():
        event = factories.make_event("tally-prop", festival=festival, levels=LEVELS, status=Event.Status.RUNNING,
                                     format=Event.Format.REENTRY, max_entries=3, late_registration_level=4)
        factories.make_money_rules(event, **HOUSE_RULES | {"rebuy_prize": D("33.35"), "addon_prize": D("0.05")})
        entries = factories.make_paid_entries(event, [f"Player {i}" for i in range(4)])
        sold = 0
        for op in ops:
            try:
                if op[0] == "sell":
                    _, who, kind, clock = op
                    purchase_sell(event=event, entry_id=entries[who].pk, kind=kind, method="cash", actor=None,
                                  clock=CLOCKS[clock])
                    sold += 1
                elif op[0] == "void":
                    candidates = list(Purchase.objects.filter(event=event).order_by("number"))
                    purchase_void(event=event, purchase_id=candidates[op[1] % len(candidates)].pk,
                                  reason="property", actor=None)
                elif op[0] == "cancel":
                    entry_cancel_with_purchases(event=event, entry_id=entries[op[1]].pk, actor=None)
                else:
                    Entry.objects.filter(pk=entries[op[1]].pk).update(chips=op[2])
            except (CashierError, TournamentError):
                pass
            assert_tally_is_the_recount(event)
        transaction.set_rollback(True)
    return sold


@settings(max_examples=40, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=st.lists(st.one_of(sell_op, sell_op, void_op, cancel_op, stack_op), max_size=25))
@example(ops=[("sell", 0, "rebuy", 0), ("sell", 1, "double", 1), ("sell", 2, "bonus", 1),
              ("sell", 0, "addon", 2), ("sell", 3, "staff", 1), ("void", 5), ("void", 5), ("cancel", 1),
              ("sell", 2, "rebuy", 0), ("void", 4)])
def test_the_tally_is_the_sum_of_the_purchases_in_force_after_any_sales_and_voids(festival, ops):
    run_night(festival, ops)


def test_the_pinned_night_sells_and_voids_for_real(festival):
    # The @example above is not a night of refusals only: the property checks real sales and voids.
    assert run_night(festival, [("sell", 0, "rebuy", 0), ("sell", 1, "double", 1), ("void", 4)]) == 2


# --- constant per operation ---------------------------------------------------------------------------------


def sums_every_purchase_of_the_event(sql: str) -> bool:
    """A statement that adds up the chips of the event's purchases as a whole (not entry by entry)."""
    return ("cashier_purchase" in sql and re.search(r"\bSUM\(", sql, re.IGNORECASE) is not None
            and '"chips"' in sql and "GROUP BY" not in sql.upper())


def desk_and_sale(make_money_event, client_as, size):
    """A night of `size` entries, each with a rebuy (as many purchases again): the queries of the desk page
    with a player open, and of a sale from it (htmx, the player's panel back)."""
    event = make_money_event()
    factories.make_money_rules(event, **HOUSE_RULES)
    entries = factories.make_paid_entries(event, [f"P{size}-{n}" for n in range(size)])
    for entry in entries[:-1]:
        factories.sell_at_desk(event, entry, "rebuy")
    last = entries[-1]
    desk = client_as("registration")
    page = reverse("cashier_pages:desk", args=[event.slug]) + f"?entry={last.pk}"
    desk.get(page)  # warm up (session, content types)
    with CaptureQueriesContext(connection) as render:
        response = desk.get(page)
    assert response.status_code == 200
    with CaptureQueriesContext(connection) as sale:
        sold = desk.post(reverse("cashier_pages:sell", args=[event.slug]),
                         {"entry": last.pk, "kind": "rebuy", "method": "cash", "_once": new_token()},
                         HTTP_HX_REQUEST="true")
    assert sold.status_code == 200, sold.content.decode()
    assert pool_extras(event=event).chips == size * 20000
    return queries(render), queries(sale)


def queries(ctx) -> list[str]:
    # The one-time tokens' purge runs at most every ten minutes per process, whichever request comes then.
    return [q["sql"] for q in ctx.captured_queries if not q["sql"].startswith('DELETE FROM "core_formsubmission"')]


def test_the_desk_page_and_a_sale_take_as_many_queries_with_300_entries_as_with_10(make_money_event, client_as):
    small_render, small_sale = desk_and_sale(make_money_event, client_as, 10)
    large_render, large_sale = desk_and_sale(make_money_event, client_as, 300)
    assert (len(large_render), len(large_sale)) == (len(small_render), len(small_sale))
    # And none of them sums the event's purchases for the chips and money sold: the tally row is read.
    for sql in large_render + large_sale:
        assert not sums_every_purchase_of_the_event(sql), sql
    assert any("cashier_cashtally" in sql for sql in large_render)
    assert any("cashier_cashtally" in sql and "UPDATE" in sql.upper() for sql in large_sale)


def test_the_selectors_read_one_row_whatever_the_field(house, django_assert_num_queries):
    entries = factories.make_paid_entries(house, [f"S{n}" for n in range(30)])
    for entry in entries:
        factories.sell_at_desk(house, entry, "rebuy")
    with CaptureQueriesContext(connection) as ctx:
        assert extra_chips(event=house) == 30 * 20000
        assert extra_prize(event=house) == D("3000.00")
        assert pool_extras(event=house).rebuys == 30
    assert len(ctx.captured_queries) == 3
    assert not any("cashier_purchase" in q["sql"] for q in ctx.captured_queries)
