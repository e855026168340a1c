"""Satellite tables: seats of the target event's buy-in, the remainder in cash to the next place."""

import json
from decimal import Decimal as D
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tdconsole.payouts.calc import CalcError, SatellitePlace, satellite_awards, satellite_table


def seat(v):
    return SatellitePlace(D(v), True)


def cash(v):
    return SatellitePlace(D(v), False)


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_an_exact_division_pays_only_seats():
    # 40 entries x 250 = 10000; seats of 2500 -> four seats, nothing left.
    assert satellite_table(prize_pool=D("10000"), seat_value=D("2500")) == [seat("2500.00")] * 4


def test_the_remainder_goes_in_cash_to_the_next_place():
    # 37 x 250 = 9250 -> 3 seats of 2500 (7500) and 1750 in cash to fourth place.
    assert satellite_table(prize_pool=D("9250"), seat_value=D("2500")) == [seat("2500.00")] * 3 + [cash("1750.00")]


def test_a_remainder_in_cents_is_paid_to_the_cent():
    assert satellite_table(prize_pool=D("5100.50"), seat_value=D("1100")) == [seat("1100.00")] * 4 + [cash("700.50")]


def test_a_remainder_of_zero_adds_no_cash_place():
    table = satellite_table(prize_pool=D("2200.00"), seat_value=D("1100.00"))
    assert table == [seat("1100.00"), seat("1100.00")]
    assert all(p.seat for p in table)


def test_a_pool_below_one_seat_pays_it_all_in_cash_to_first():
    assert satellite_table(prize_pool=D("900"), seat_value=D("1100")) == [cash("900.00")]


def test_an_empty_pool_pays_nobody():
    assert satellite_table(prize_pool=D("0"), seat_value=D("1100")) == []


@pytest.mark.parametrize("value", ["0", "-5", "10.001", "NaN", "Infinity"])
def test_a_seat_value_that_is_not_a_positive_amount_is_refused(value):
    with pytest.raises(CalcError) as err:
        satellite_table(prize_pool=D("1000"), seat_value=D(value))
    assert err.value.code == "seat_value"


def test_more_places_than_entries_is_refused():
    with pytest.raises(CalcError) as err:
        satellite_table(prize_pool=D("5000"), seat_value=D("1000"), entries=4)
    assert err.value.code == "seats_over_entries"
    assert len(satellite_table(prize_pool=D("5000"), seat_value=D("1000"), entries=5)) == 5


def test_a_tie_for_the_last_seat_shares_seat_and_cash_in_cash():
    # 3 seats of 1000 and 500 cash; two players tie for third: they share 1000 + 500 in cash.
    table = satellite_table(prize_pool=D("3500"), seat_value=D("1000"))
    awards = satellite_awards(table, [1, 2, 3, 3])
    assert awards == [seat("1000.00"), seat("1000.00"), cash("750.00"), cash("750.00")]
    assert sum(a.amount for a in awards) == D("3500")


def test_a_tie_within_the_seats_keeps_them_seats():
    table = satellite_table(prize_pool=D("3000"), seat_value=D("1000"))
    assert satellite_awards(table, [1, 1, 3]) == [seat("1000.00")] * 3


def test_a_tie_past_the_paid_places_shares_the_last_seat_in_cash():
    # 2 seats, no remainder; three players tie for second: they share one seat's money.
    table = satellite_table(prize_pool=D("2000"), seat_value=D("1000"))
    awards = satellite_awards(table, [1, 2, 2, 2])
    assert awards == [seat("1000.00"), cash("333.34"), cash("333.33"), cash("333.33")]


def test_the_command_prints_seats_and_cash_in_todays_shape():
    doc = json.loads(run("payout_table", "--entries", "37", "--prize-pool", "9250", "--seat-value", "2500", "--json"))
    assert doc == {"places": [{"place": 1, "amount": "2500.00", "seat": True},
                              {"place": 2, "amount": "2500.00", "seat": True},
                              {"place": 3, "amount": "2500.00", "seat": True},
                              {"place": 4, "amount": "1750.00", "seat": False}],
                   "total": "9250.00"}


def test_the_command_without_seat_value_keeps_its_keys():
    doc = json.loads(run("payout_table", "--entries", "10", "--prize-pool", "1000", "--json"))
    assert set(doc) == {"places", "total"}
    assert all(set(p) == {"place", "amount"} for p in doc["places"])


def test_the_command_reads_as_a_list_without_json():
    text = run("payout_table", "--entries", "37", "--prize-pool", "9250", "--seat-value", "2500")
    assert "1-3" in text and "seat" in text and "1750.00" in text and "cash" in text


def test_the_command_refuses_a_bad_seat_value():
    with pytest.raises(CommandError):
        run("payout_table", "--entries", "10", "--prize-pool", "1000", "--seat-value", "0")
