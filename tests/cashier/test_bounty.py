"""The pure bounty maths: what of a busted player's head is paid at once and what goes on heads (no database)."""

import doctest
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdconsole.cashier import bounty
from tdconsole.cashier.bounty import award_split

D = Decimal
UNITS = [D("0.01"), D("0.50"), D("1"), D("2"), D("5"), D("10"), D("20"), D("50"), D("100"), D("1000")]


def split(head, *, kind="pko", percent="50", unit="5", eliminators=1, how="equal"):
    return award_split(head=D(head), kind=kind, cash_percent=D(percent), unit=D(unit), eliminators=eliminators,
                       split=how)


def pairs(*rows):
    return [(D(cash), D(gain)) for cash, gain in rows]


# --- worked examples ------------------------------------------------------------------------------

def test_a_pko_head_of_100_at_half_with_5_bills_pays_50_and_puts_50_on_the_head():
    assert split("100.00") == pairs(("50.00", "50.00"))


def test_a_pko_head_of_37_50_pays_15_at_once_rounded_down_to_5_bills_and_22_50_goes_on_the_head():
    # Half of 37,50 is 18,75: three 5-real bills are 15; the 3,75 left over goes on the head too.
    assert split("37.50") == pairs(("15.00", "22.50"))


def test_a_fixed_head_is_paid_whole_at_once():
    assert split("37.50", kind="fixed") == pairs(("37.50", "0.00"))
    assert split("100.00", kind="fixed", percent="0") == pairs(("100.00", "0.00"))


def test_a_pko_head_shared_by_two_gives_each_half_the_bills_and_half_the_head():
    # 150: 75 cash in 5s = 15 bills -> 8 and 7 bills; 75 on heads -> 37,50 each.
    assert split("150.00", eliminators=2) == pairs(("40.00", "37.50"), ("35.00", "37.50"))


def test_a_pko_head_shared_by_three_gives_the_left_over_bill_and_cents_to_the_first_named():
    # 100: 50 cash = 10 bills of 5 -> 4, 3, 3; 50 on heads = 5000 cents -> 16,67 16,67 16,66.
    assert split("100.00", eliminators=3) == pairs(("20.00", "16.67"), ("15.00", "16.67"), ("15.00", "16.66"))


def test_a_split_pot_bounty_on_first_named_rules_all_goes_to_the_first():
    assert split("100.00", eliminators=3, how="first") == pairs(("50.00", "50.00"), ("0", "0"), ("0", "0"))


def test_a_fixed_head_shared_by_two_in_whole_bills():
    assert split("50.00", kind="fixed", unit="10", eliminators=2) == pairs(("30.00", "0"), ("20.00", "0"))


def test_a_fixed_head_off_the_bill_shares_what_is_below_a_bill_in_cents():
    # 37,50 in 5s: 7 bills (4 and 3) and 2,50 below a bill, shared 1,25 each.
    assert split("37.50", kind="fixed", eliminators=2) == pairs(("21.25", "0"), ("16.25", "0"))


def test_a_head_below_one_bill_pays_nothing_at_once_and_goes_whole_on_the_head():
    assert split("4.99") == pairs(("0.00", "4.99"))


def test_all_at_once_in_pko_still_keeps_what_is_below_a_bill_on_the_head():
    assert split("37.50", percent="100") == pairs(("35.00", "2.50"))


def test_nothing_at_once_in_pko_puts_the_whole_head_on_the_eliminator():
    assert split("37.50", percent="0") == pairs(("0.00", "37.50"))


def test_a_percentage_with_decimals_rounds_the_cash_down():
    # 33,33% of 300 is 99,99: nine bills of 10 are paid, the rest goes on the head.
    assert split("300.00", percent="33.33", unit="10") == pairs(("90.00", "210.00"))


def test_the_module_examples_hold():
    assert doctest.testmod(bounty).failed == 0


@pytest.mark.parametrize(("bad", "why"), [
    ({"kind": "none"}, "unknown bounty kind 'none'"), ({"how": "random"}, "unknown bounty split 'random'"),
    ({"eliminators": 0}, "a bounty needs at least one eliminator"),
    ({"eliminators": True}, "a bounty needs at least one eliminator"),  # a bool is not a count
    ({"eliminators": 1.0}, "a bounty needs at least one eliminator"),
    ({"percent": "100.01"}, "the share paid at once is a percentage from 0 to 100"),
    ({"percent": "-1"}, "the share paid at once is a percentage from 0 to 100"),
    ({"percent": "NaN"}, "cash_percent must be a finite Decimal"),
    ({"unit": "0"}, "the unit is a positive whole number of cents"),
    ({"unit": "0.001"}, "the unit is a positive whole number of cents"),
    ({"unit": "Infinity"}, "unit must be a finite Decimal"),
])
def test_inputs_no_rules_can_have_are_refused_with_the_reason(bad, why):
    with pytest.raises(ValueError) as refused:
        split("100.00", **bad)
    assert str(refused.value) == why


@pytest.mark.parametrize(("head", "why"), [
    ("-1.00", "a head is a whole number of cents, not negative"),
    ("0.001", "a head is a whole number of cents, not negative"),
    ("NaN", "head must be a finite Decimal"), ("Infinity", "head must be a finite Decimal"),
])
def test_a_head_that_is_not_whole_cents_or_is_negative_is_refused(head, why):
    with pytest.raises(ValueError) as refused:
        split(head)
    assert str(refused.value) == why


# --- the invariants, for any rules ----------------------------------------------------------------

@st.composite
def cases(draw):
    head = D(draw(st.integers(min_value=0, max_value=10_000_000))) / 100
    kind = draw(st.sampled_from(["fixed", "pko"]))
    percent = D(draw(st.integers(min_value=0, max_value=10_000))) / 100
    unit = draw(st.sampled_from(UNITS))
    eliminators = draw(st.integers(min_value=1, max_value=9))
    how = draw(st.sampled_from(["equal", "first"]))
    return head, kind, percent, unit, eliminators, how


def check_invariants(case):
    head, kind, percent, unit, eliminators, how = case
    shares = award_split(head=head, kind=kind, cash_percent=percent, unit=unit, eliminators=eliminators, split=how)
    assert len(shares) == eliminators
    cash = [c for c, _g in shares]
    gains = [g for _c, g in shares]
    # Nothing is lost or made up, nothing is negative, every amount is whole cents.
    assert sum(cash) + sum(gains) == head
    assert all(v >= 0 and v == v.quantize(D("0.01")) for v in cash + gains)
    total_cash = sum(cash)
    if kind == "fixed":
        assert total_cash == head and sum(gains) == 0
    else:
        # Paid at once: the percentage rounded down to whole bills, never more than the percentage.
        assert total_cash % unit == 0
        assert total_cash <= head * percent / 100 < total_cash + unit
    if how == "first":
        assert all(c == g == 0 for c, g in shares[1:])
    else:
        # Shared equally: nobody gets a bill more than another, or a cent more of the head,
        # and the extra goes to the first named.
        bills = [c // unit for c in cash]
        assert max(bills) - min(bills) <= 1 and bills == sorted(bills, reverse=True)
        assert max(gains) - min(gains) <= D("0.01") and gains == sorted(gains, reverse=True)
    return shares


@settings(max_examples=300, deadline=None)
@given(cases())
@example((D("4.99"), "pko", D("50"), D("5"), 1, "equal"))  # head below one bill
@example((D("100.00"), "pko", D("100"), D("5"), 3, "equal"))  # all at once
@example((D("100.00"), "pko", D("0"), D("5"), 3, "equal"))  # nothing at once
@example((D("0.01"), "pko", D("50"), D("0.01"), 2, "equal"))  # one cent between two
@example((D("0.01"), "fixed", D("50"), D("1"), 9, "equal"))  # one cent, fixed, nine ways
@example((D("30.00"), "pko", D("100"), D("50"), 2, "equal"))  # bill larger than the head
@example((D("30.00"), "fixed", D("0"), D("50"), 2, "equal"))  # fixed head below one bill
@example((D("1000.00"), "pko", D("50"), D("5"), 9, "equal"))  # nine eliminators
@example((D("1000.00"), "pko", D("50"), D("5"), 9, "first"))
@example((D("0.00"), "pko", D("50"), D("5"), 4, "equal"))  # an empty head
@example((D("99999.99"), "pko", D("33.33"), D("0.50"), 7, "equal"))
def test_shares_add_up_to_the_head_exactly_and_are_never_negative(case):
    check_invariants(case)


@settings(max_examples=200, deadline=None)
@given(cases())
def test_an_equal_split_pays_the_same_at_once_and_on_heads_as_one_eliminator(case):
    head, kind, percent, unit, eliminators, _how = case
    alone = award_split(head=head, kind=kind, cash_percent=percent, unit=unit, eliminators=1, split="equal")
    shared = award_split(head=head, kind=kind, cash_percent=percent, unit=unit, eliminators=eliminators,
                         split="equal")
    # Sharing a pot never changes how much of the head is paid now and how much goes on heads.
    assert sum(c for c, _g in shared) == alone[0][0]
    assert sum(g for _c, g in shared) == alone[0][1]


@settings(max_examples=200, deadline=None)
@given(cases(), st.integers(min_value=0, max_value=100))
def test_a_larger_share_at_once_never_pays_less_now(case, more):
    head, kind, percent, unit, _n, _how = case
    higher = min(percent + more, D("100"))
    low = award_split(head=head, kind="pko", cash_percent=percent, unit=unit, eliminators=1, split="equal")
    high = award_split(head=head, kind="pko", cash_percent=higher, unit=unit, eliminators=1, split="equal")
    assert low[0][0] <= high[0][0]
