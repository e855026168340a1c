"""The pure prize maths: payout tables, ties, ICM and chip chop (no database)."""

import itertools
import random
import time
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.payouts import calc
from tdconsole.payouts.management.commands.bench_payouts import accuracy_case

UNITS = [Decimal("0.01"), Decimal("1"), Decimal("5"), Decimal("10"), Decimal("50"), Decimal("100")]


def min_cash(buy_in: Decimal, multiple: Decimal, unit: Decimal) -> Decimal:
    return (buy_in * multiple / unit).to_integral_value(rounding=ROUND_CEILING) * unit


@st.composite
def fields(draw):
    entries = draw(st.integers(min_value=2, max_value=20_000))
    buy_in_prize = Decimal(draw(st.sampled_from([20, 50, 100, 200, 500, 1000, 5000])))
    fee = buy_in_prize * Decimal(draw(st.sampled_from(["0", "0.1", "0.2"])))
    extra_cents = draw(st.integers(min_value=0, max_value=100_000))
    pool = entries * buy_in_prize + Decimal(extra_cents) / 100
    unit = draw(st.sampled_from(UNITS))
    percent = Decimal(draw(st.sampled_from([5, 10, 12, 15, 20, 25, 50])))
    multiple = Decimal(draw(st.sampled_from(["1", "1.5", "2"])))
    return entries, pool, buy_in_prize + fee, unit, percent, multiple


@settings(max_examples=150, deadline=None)
@given(fields())
def test_generated_tables_add_up_never_increase_and_respect_unit_and_min_cash(field):
    entries, pool, buy_in, unit, percent, multiple = field
    amounts = calc.payout_table(
        entries=entries, prize_pool=pool, percent_paid=percent, rounding=unit, buy_in=buy_in,
        min_cash_multiple=multiple,
    )
    assert sum(amounts) == pool
    assert 1 <= len(amounts) <= calc.places_paid_for(entries, percent)
    assert all(b <= a for a, b in itertools.pairwise(amounts))
    least = min_cash(buy_in, multiple, unit)
    if pool >= least:
        assert amounts[-1] >= least
    # Every place is a whole number of units; first place also takes what is left of the
    # pool below one unit (the documented remainder rule).
    assert all(a % unit == 0 for a in amounts[1:])
    assert (amounts[0] - pool % unit) % unit == 0


def test_fifteen_percent_of_a_hundred_entries_are_paid():
    amounts = calc.payout_table(entries=100, prize_pool=Decimal("10000"), buy_in=Decimal("110"))
    assert len(amounts) == 15
    assert amounts[0] > amounts[1] > amounts[2]


def test_large_field_pays_places_nineteen_to_twenty_seven_the_same():
    amounts = calc.payout_table(entries=10_000, prize_pool=Decimal("1000000"), buy_in=Decimal("110"))
    assert len(amounts) == 1500
    assert len(set(amounts[18:27])) == 1
    assert amounts[17] > amounts[18]
    assert amounts[27] < amounts[26]
    assert len(set(amounts[:9])) == 9


def test_places_shrink_when_the_pool_cannot_give_each_the_minimum_cash():
    amounts = calc.payout_table(
        entries=100, prize_pool=Decimal("1000"), buy_in=Decimal("100"), min_cash_multiple=Decimal("2")
    )
    assert len(amounts) == 5
    assert amounts == [Decimal("200.00")] * 5


def test_pool_below_one_minimum_cash_goes_to_the_winner():
    assert calc.payout_table(entries=2, prize_pool=Decimal("90"), buy_in=Decimal("100")) == [Decimal("90")]


def test_pool_with_cents_puts_the_odd_amount_on_first_place():
    amounts = calc.payout_table(entries=50, prize_pool=Decimal("5003.37"), buy_in=Decimal("100"))
    assert amounts[0] % 10 == Decimal("3.37")
    assert sum(amounts) == Decimal("5003.37")


def test_bad_rounding_unit_is_refused():
    with pytest.raises(calc.CalcError):
        calc.payout_table(entries=10, prize_pool=Decimal("1000"), rounding=Decimal("0"))


def test_group_bands_collapses_equal_neighbours():
    rows = calc.group_bands([Decimal(5), Decimal(3), Decimal(3), Decimal(1)])
    assert rows == [(1, 1, Decimal(5)), (2, 3, Decimal(3)), (4, 4, Decimal(1))]


def test_edited_table_problems_are_named():
    assert calc.table_problems([Decimal("600"), Decimal("400")], Decimal("1000")) == []
    assert "total" in calc.table_problems([Decimal("600"), Decimal("300")], Decimal("1000"))
    assert "increasing" in calc.table_problems([Decimal("400"), Decimal("600")], Decimal("1000"))
    assert "not_positive" in calc.table_problems([Decimal("1000"), Decimal("0")], Decimal("1000"))
    assert "too_many_places" in calc.table_problems([Decimal("500")] * 2, Decimal("1000"), entries=1)
    assert calc.table_problems([], Decimal("1000")) == ["empty"]


# ---------------------------------------------------------------- ties


def test_odd_cent_of_a_tie_goes_to_the_first_player_given():
    assert calc.split_evenly(Decimal("100.01"), 2) == [Decimal("50.01"), Decimal("50.00")]
    assert calc.split_evenly(Decimal("10.00"), 3) == [Decimal("3.34"), Decimal("3.33"), Decimal("3.33")]


def test_two_players_tied_for_third_share_third_and_fourth():
    amounts = [Decimal("500"), Decimal("300"), Decimal("150"), Decimal("51")]
    assert calc.tie_shares(amounts, 3, 2) == [Decimal("100.50"), Decimal("100.50")]


def test_tie_across_the_last_paid_place_shares_it_with_the_unpaid_place():
    amounts = [Decimal("500"), Decimal("300"), Decimal("200")]
    assert calc.tie_shares(amounts, 3, 2) == [Decimal("100.00"), Decimal("100.00")]


@given(st.lists(st.integers(min_value=1, max_value=10**7), min_size=1, max_size=30), st.integers(1, 9))
def test_tie_shares_add_up_and_differ_by_at_most_a_cent(cents, players):
    amounts = sorted((Decimal(c) / 100 for c in cents), reverse=True)
    shares = calc.tie_shares(amounts, 1, players)
    assert sum(shares) == sum(amounts[:players])
    assert max(shares) - min(shares) <= Decimal("0.01")


def test_awards_for_places_gives_tied_group_the_places_it_covers():
    amounts = [Decimal("500"), Decimal("300"), Decimal("200"), Decimal("100")]
    assert calc.awards_for_places(amounts, [1, 2, 2, 4]) == [
        Decimal("500"), Decimal("250.00"), Decimal("250.00"), Decimal("100.00")
    ]


# ---------------------------------------------------------------- ICM


def test_classic_three_player_icm():
    # Stacks 50% / 30% / 20% of the chips paying 50 / 30 / 20: the textbook example
    # gives 38.39% / 32.75% / 28.86% of the prize pool.
    equities = calc.icm_equities([5000, 3000, 2000], [Decimal(500), Decimal(300), Decimal(200)])
    assert equities == [Decimal("383.93"), Decimal("327.50"), Decimal("288.57")]


def test_equal_stacks_share_equally():
    equities = calc.icm_equities([1000] * 4, [Decimal(400), Decimal(300), Decimal(200), Decimal(100)])
    assert equities == [Decimal("250.00")] * 4


def test_winner_take_all_icm_is_chip_proportional():
    raw = calc.icm_raw([1000, 3000, 6000], [Decimal(1000)])
    assert raw == pytest.approx([100.0, 300.0, 600.0])


def brute_force(stacks, prizes):
    """Every finishing order's Harville probability, summed, as exact fractions."""
    n = len(stacks)
    pay = [Fraction(p) for p in prizes] + [Fraction(0)] * n
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        prob = Fraction(1)
        left = sum(stacks)
        for who in order:
            prob *= Fraction(stacks[who], left)
            left -= stacks[who]
        for place, who in enumerate(order):
            equity[who] += prob * pay[place]
    return equity


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=10**6), min_size=2, max_size=6),
    st.lists(st.integers(min_value=0, max_value=10**5), min_size=1, max_size=6),
)
def test_icm_matches_brute_force_over_all_finishing_orders(stacks, prizes):
    prizes = sorted((Decimal(p) for p in prizes), reverse=True)
    exact = brute_force(stacks, prizes)
    assert calc.icm_fractions(stacks, prizes) == exact
    raw = calc.icm_raw(stacks, prizes)
    assert raw == pytest.approx([float(x) for x in exact], rel=1e-9, abs=1e-6)


def test_dense_and_layered_icm_agree_on_a_ten_player_table():
    rng = random.Random(7)
    stacks = [rng.randint(1, 500_000) for _ in range(10)]
    pay = [float(p) for p in (3000, 2000, 1500, 1200, 1000, 800, 600, 500, 400, 0)]
    dense = calc._icm_dense(stacks, pay)
    layered = calc._icm_sparse(stacks, pay, 9)
    assert dense == pytest.approx(layered, rel=1e-12)


def test_icm_equities_add_up_to_the_prizes_to_the_cent():
    rng = random.Random(3)
    stacks = [rng.randint(1, 100_000) for _ in range(9)]
    prizes = [Decimal(p) for p in ("10000.01", "6000", "4000", "3000", "2500", "2000", "1500", "1000", "999.99")]
    assert sum(calc.icm_equities(stacks, prizes)) == sum(prizes)


@pytest.mark.timing
def test_nine_player_final_table_is_fast():
    rng = random.Random(9)
    stacks = [rng.randint(10_000, 3_000_000) for _ in range(9)]
    prizes = [Decimal(p) for p in (50000, 30000, 20000, 15000, 12000, 10000, 8000, 6000, 4000)]
    start = time.perf_counter()
    calc.icm_equities(stacks, prizes)
    # The target is well under 100 ms; the bound is loose for a shared machine.
    assert time.perf_counter() - start < 0.5


@pytest.mark.slow
@pytest.mark.timing
def test_twenty_players_all_paid_exact_and_approximate_agree():
    rng = random.Random(20)
    stacks = [rng.randint(10_000, 3_000_000) for _ in range(20)]
    prizes = [Decimal(1000 * (21 - i)) for i in range(20)]
    start = time.perf_counter()
    exact = calc.icm_raw(stacks, prizes, calc.ICM_EXACT)
    elapsed = time.perf_counter() - start
    # Measured by bench_payouts; 0.8 s on a quiet machine, loose here for shared CPUs.
    assert elapsed < 10
    approx = calc.icm_raw(stacks, prizes)  # what the desk uses for 20 players
    assert max(abs(a - b) for a, b in zip(exact, approx, strict=True)) <= float(
        calc.APPROX_RELATIVE_ERROR * sum(prizes))


def test_zero_chip_stack_is_refused():
    with pytest.raises(calc.CalcError):
        calc.icm_equities([100, 0], [Decimal(10)])


# ---------------------------------------------------------------- chip chop and deals


def test_chip_chop_guarantees_the_last_open_prize_and_shares_the_rest_by_chips():
    amounts = calc.chip_chop([6000, 3000, 1000], [Decimal(500), Decimal(300), Decimal(200)])
    # Each is sure of 200; the other 400 goes 60/30/10.
    assert amounts == [Decimal("440.00"), Decimal("320.00"), Decimal("240.00")]


def test_deal_leaves_the_amount_to_play_for_off_first_place():
    offer = calc.deal_offer([5000, 3000, 2000], [Decimal(500), Decimal(300), Decimal(200)], Decimal("100"))
    assert offer.distributed == Decimal("900")
    assert sum(offer.icm) == Decimal("900")
    assert sum(offer.chip_chop) == Decimal("900")
    expected = calc.icm_equities([5000, 3000, 2000], [Decimal(400), Decimal(300), Decimal(200)])
    assert offer.icm == expected


def test_deal_refuses_to_leave_more_than_the_first_pay_jump():
    with pytest.raises(calc.CalcError):
        calc.deal_offer([5000, 3000], [Decimal(500), Decimal(300)], Decimal("250"))


def test_round_to_cents_keeps_the_exact_total():
    assert calc.round_to_cents(Decimal("1.00"), [Fraction(1, 3)] * 3) == [
        Decimal("0.34"), Decimal("0.33"), Decimal("0.33")
    ]


def test_amounts_parse_in_brazilian_and_plain_forms():
    amounts = ["R$ 1.234,56", "1234.56", " ", "10", "1.000", "2.5"]
    assert [calc.parse_amount(text) for text in amounts] == [
        Decimal("1234.56"), Decimal("1234.56"), None, Decimal("10.00"), Decimal("1000"), Decimal("2.50")
    ]


# ---------------------------------------------------------------- ICM beyond the exact walk


def test_approximate_icm_is_within_its_stated_error_of_exact_icm():
    """9 to 12 players, fixed seeds: the integral stays within APPROX_RELATIVE_ERROR of the money shared.

    (bench_payouts runs the same comparison on 400 seeds and prints the figures in docs/benchmarks.md.)
    """
    worst = 0.0
    for seed in range(48):
        rng = random.Random(seed)
        stacks, prizes = accuracy_case(rng, 9 + seed % 4)
        exact = calc.icm_raw(stacks, prizes, calc.ICM_EXACT)
        approx = calc.icm_raw(stacks, prizes, calc.ICM_APPROXIMATE)
        total = float(sum(prizes))
        worst = max(worst, max(abs(a - b) for a, b in zip(exact, approx, strict=True)) / total)
        in_cents = calc.icm_equities(stacks, prizes, calc.ICM_APPROXIMATE)
        assert sum(in_cents) == sum(prizes)
        assert max(abs(a - b) for a, b in zip(in_cents, calc.icm_equities(stacks, prizes, calc.ICM_EXACT),
                                              strict=True)) <= Decimal("0.02")
    assert worst <= float(calc.APPROX_RELATIVE_ERROR)
    # Measured: 3.6e-12. A bound three hundred times larger still fails loudly on a real regression.
    assert worst < 1e-10


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=10**6), min_size=2, max_size=6),
    st.lists(st.integers(min_value=0, max_value=10**5), min_size=1, max_size=6),
)
def test_approximate_icm_matches_brute_force_over_finishing_orders(stacks, prizes):
    prizes = sorted((Decimal(p) for p in prizes), reverse=True)
    exact = [float(x) for x in brute_force(stacks, prizes)]
    approx = calc.icm_raw(stacks, prizes, calc.ICM_APPROXIMATE)
    assert approx == pytest.approx(exact, rel=0, abs=float(calc.APPROX_RELATIVE_ERROR) * float(sum(prizes)) + 1e-9)


def test_two_player_approximate_icm_is_the_closed_form():
    # Heads-up, each is sure of second prize and wins the difference in proportion to chips.
    raw = calc.icm_raw([1, 3_000_000_000], [Decimal(1000), Decimal(400)], calc.ICM_APPROXIMATE)
    assert raw == pytest.approx([400 + 600 / 3_000_000_001, 400 + 600 * 3_000_000_000 / 3_000_000_001], abs=1e-7)


def test_exact_work_counts_the_states_the_walk_would_visit():
    # Layer c of the walk: every set of c players who took the top places, times each player
    # who can take the next one.
    for players in range(1, 8):
        for paid in range(1, players + 1):
            states = sum(len(set(range(players)) - set(top))
                         for c in range(paid) for top in itertools.combinations(range(players), c))
            dense = players << players
            assert calc.icm_exact_work(players, paid) == min(calc.SPARSE_STEP * states, dense)


def test_the_desk_uses_exact_icm_only_within_the_work_limit():
    for players in range(2, calc.MAX_ICM_PLAYERS + 6):
        for paid in range(1, players + 1):
            work = calc.icm_exact_work(players, paid)
            try:
                method = calc.icm_method_for(players, paid)
            except calc.CalcError as exc:
                assert exc.code == "too_many_players"
                assert players > calc.MAX_ICM_PLAYERS and work > calc.EXACT_WORK_LIMIT
                continue
            assert (method == calc.ICM_EXACT) == (work <= calc.EXACT_WORK_LIMIT)
            if method == calc.ICM_APPROXIMATE:
                assert players <= calc.MAX_ICM_PLAYERS
    # The case that took 6 s a request: 26 players, 8 places still paid.
    assert calc.icm_method_for(26, 8) == calc.ICM_APPROXIMATE
    assert calc.icm_method_for(9, 9) == calc.ICM_EXACT


def test_the_integral_takes_a_bounded_number_of_nodes_for_any_stacks_the_desk_accepts():
    worst = [1, 1] + [calc.MAX_CHIPS] * (calc.MAX_ICM_PLAYERS - 2)
    assert calc.icm_integral_nodes(worst) <= calc.MAX_INTEGRAL_NODES
    assert calc.icm_integral_nodes([calc.MAX_CHIPS, 1]) <= calc.MAX_INTEGRAL_NODES
    assert calc.icm_integral_nodes([20_000] * 26) < 80


def test_a_26_player_deal_never_walks_more_than_the_exact_limit(monkeypatch):
    """It walked 18.9 million states (6 s a request); now the walk is bounded and the integral takes over."""
    walked = []
    real_sparse, real_dense = calc._icm_sparse, calc._icm_dense

    def sparse(stacks, pay, paid):
        walked.append(calc.icm_exact_work(len(stacks), paid))
        return real_sparse(stacks, pay, paid)

    def dense(stacks, pay):
        walked.append(len(stacks) << len(stacks))
        return real_dense(stacks, pay)

    monkeypatch.setattr(calc, "_icm_sparse", sparse)
    monkeypatch.setattr(calc, "_icm_dense", dense)
    rng = random.Random(26)
    stacks = [rng.randint(10_000, 3_000_000) for _ in range(26)]
    prizes = [Decimal(p) for p in (30000, 20000, 12000, 9000, 7000, 5500, 4500, 3500)]
    offer = calc.deal_offer(stacks, prizes)
    assert all(work <= calc.EXACT_WORK_LIMIT for work in walked)
    assert offer.icm_method == calc.ICM_APPROXIMATE
    assert offer.icm_work <= calc.MAX_INTEGRAL_NODES * 26 * 26
    assert offer.icm_error == Decimal("0.01")
    assert sum(offer.icm) == sum(prizes)
    # A bigger stack never gets less, and the chip leader more than chip chop's share of ICM would give.
    by_stack = sorted(zip(stacks, offer.icm, strict=True))
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(by_stack))


def test_more_players_than_the_desk_computes_icm_for_is_refused():
    stacks = [10_000] * (calc.MAX_ICM_PLAYERS + 1)
    prizes = [Decimal(1000 - i) for i in range(30)]
    with pytest.raises(calc.CalcError) as err:
        calc.deal_offer(stacks, prizes)
    assert err.value.code == "too_many_players"


@pytest.mark.parametrize("stack", [0, -1, calc.MAX_CHIPS + 1, 1.5, float("nan"), Decimal("NaN"), True])
def test_stacks_outside_what_a_chips_column_stores_are_refused(stack):
    with pytest.raises(calc.CalcError):
        calc.icm_equities([100, stack], [Decimal(10)])
    with pytest.raises(calc.CalcError):
        calc.deal_offer([100, stack], [Decimal(10), Decimal(5)])


@pytest.mark.parametrize("prize", ["NaN", "sNaN", "Infinity", "-Infinity", "1E+30", "-1"])
def test_prizes_that_are_not_amounts_are_refused_not_compared(prize):
    with pytest.raises(calc.CalcError):
        calc.icm_equities([100, 200], [Decimal("100"), Decimal(prize)])
    with pytest.raises(calc.CalcError):
        calc.deal_offer([100, 200], [Decimal("100"), Decimal("50")], Decimal(prize))


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1E+30"])
def test_payout_table_refuses_a_pool_or_setting_that_is_not_an_amount(value):
    with pytest.raises(calc.CalcError):
        calc.payout_table(entries=100, prize_pool=Decimal(value))
    with pytest.raises(calc.CalcError):
        calc.payout_table(entries=100, prize_pool=Decimal(1000), rounding=Decimal(value))
    with pytest.raises(calc.CalcError):
        calc.payout_table(entries=100, prize_pool=Decimal(1000), percent_paid=Decimal(value))


def test_table_problems_name_nan_and_huge_amounts_instead_of_comparing_them():
    assert calc.table_problems([Decimal("NaN"), Decimal("10")], Decimal("10")) == ["not_a_number"]
    assert calc.table_problems([Decimal("Infinity")], Decimal("10")) == ["not_a_number"]
    assert calc.table_problems([Decimal("1E+13")], Decimal("10")) == ["too_large"]


@pytest.mark.parametrize(
    "text", ["NaN", "Infinity", "-inf", "1e5", "١٢٣", "²", "\x00", "1,234.56", "2,555", "9" * 10_000]
)
def test_amounts_that_are_not_plain_cents_are_refused(text):
    with pytest.raises(calc.CalcError):
        calc.parse_amount(text)


def test_amount_beyond_a_money_column_is_too_large():
    assert calc.parse_amount("999.999.999.999,99") == calc.MAX_AMOUNT
    with pytest.raises(calc.CalcError) as err:
        calc.parse_amount("1000000000000")
    assert err.value.code == "too_large"


