"""Prize maths at the edges that mutation testing showed no other test pinned down (no database)."""

import ast
import math
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from tdconsole.payouts import calc

ROOT = Path(__file__).resolve().parents[2]


def test_an_odd_unit_never_lifts_a_place_to_the_amount_of_the_place_above():
    # 19 places paid from 50 in units of 1: the leftover units go band by band, and a band
    # whose amount already equals the band above gets none, so the table never increases.
    table = calc.payout_table(entries=19, prize_pool=Decimal(50), rounding=Decimal(1), percent_paid=Decimal(100))
    assert [int(a) for a in table] == [10, 5, 4, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1]
    assert all(a >= b for a, b in pairwise(table))


def test_first_place_may_take_the_leftover_unit_though_it_has_no_place_above():
    # Two places from 17 in fives: 15 is shared 10/5 by weight, the leftover five goes to first
    # place (it has nobody above it to overtake) and the odd 2 stays on first place too.
    table = calc.payout_table(entries=2, prize_pool=Decimal(17), rounding=Decimal(5), percent_paid=Decimal(100))
    assert table == [Decimal("12.00"), Decimal("5.00")]


def test_a_leftover_unit_goes_to_a_band_when_exactly_enough_units_are_left_for_it():
    table = calc.payout_table(entries=2, prize_pool=Decimal(10), rounding=Decimal(1), percent_paid=Decimal(100))
    assert table == [Decimal("6.00"), Decimal("4.00")]


def test_a_deal_may_leave_exactly_the_first_place_pay_jump_to_play_for():
    offer = calc.deal_offer([5000, 3000], [Decimal(500), Decimal(300)], Decimal(200))
    assert offer.left_to_play == Decimal(200)
    assert offer.icm == [Decimal("300.00"), Decimal("300.00")]
    assert offer.distributed == Decimal(600)


def test_a_deal_refuses_one_cent_more_than_the_first_place_pay_jump():
    with pytest.raises(calc.CalcError) as info:
        calc.deal_offer([5000, 3000], [Decimal(500), Decimal(300)], Decimal("200.01"))
    assert info.value.code == "left_to_play_jump"


# ---------------------------------------------------------------- refusals reach the desk


def catalogue(path=ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po") -> dict[str, str]:
    """msgid -> msgstr of the Brazilian catalogue, read as text (these tests stay free of Django)."""
    entries: dict[str, str] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        parts: dict[str, list[str]] = {}
        field = None
        for line in block.splitlines():
            if line.startswith(("msgid ", "msgstr ")):
                field, rest = line.split(" ", 1)
                parts[field] = [ast.literal_eval(rest)]
            elif line.startswith('"') and field:
                parts[field].append(ast.literal_eval(line))
            else:
                field = None
        if "msgid" in parts:
            entries["".join(parts["msgid"])] = "".join(parts.get("msgstr", []))
    return entries


TRANSLATED = catalogue()

REFUSALS = [
    ("rounding", lambda: calc.payout_table(entries=10, prize_pool=Decimal(1000), rounding=Decimal(0))),
    ("rounding", lambda: calc.payout_table(entries=10, prize_pool=Decimal(1000), rounding=Decimal("0.005"))),
    ("prize_pool", lambda: calc.payout_table(entries=10, prize_pool=Decimal(-10))),
    ("prize_pool", lambda: calc.payout_table(entries=10, prize_pool=Decimal("10.005"))),
    ("settings", lambda: calc.payout_table(entries=10, prize_pool=Decimal(1000), percent_paid=Decimal("NaN"))),
    ("settings", lambda: calc.payout_table(entries=10, prize_pool=Decimal(1000), buy_in=Decimal("Infinity"))),
    ("settings", lambda: calc.payout_table(entries=10, prize_pool=Decimal(1000), min_cash_multiple=Decimal("1E+13"))),
    ("shares", lambda: calc.split_evenly(Decimal(10), 0)),
    ("not_cents", lambda: calc.split_evenly(Decimal("10.005"), 2)),
    ("tie", lambda: calc.tie_shares([Decimal(10)], 0, 1)),
    ("tie", lambda: calc.tie_shares([Decimal(10)], 1, 0)),
    ("stacks", lambda: calc.icm_equities([], [Decimal(10)])),
    ("stacks", lambda: calc.icm_equities([100, 0], [Decimal(10)])),
    ("prizes", lambda: calc.icm_equities([100, 200], [Decimal("NaN")])),
    ("prizes", lambda: calc.icm_equities([100, 200], [Decimal(10), Decimal(-1)])),
    ("prizes", lambda: calc.icm_equities([100, 200], [Decimal(10), Decimal(20)])),
    ("players", lambda: calc.deal_offer([100], [Decimal(10)])),
    ("left_to_play", lambda: calc.deal_offer([100, 200], [Decimal(10), Decimal(5)], Decimal(-1))),
    ("left_to_play", lambda: calc.deal_offer([100, 200], [Decimal(10), Decimal(5)], Decimal("0.001"))),
    ("left_to_play_jump", lambda: calc.deal_offer([100, 200], [Decimal(10), Decimal(5)], Decimal("5.01"))),
    ("too_many_players", lambda: calc.icm_method_for(calc.MAX_ICM_PLAYERS + 1, 9)),
    ("too_large", lambda: calc.icm_solve([100] * 40, [Decimal(40 - i) for i in range(40)], calc.ICM_EXACT)),
    ("amount", lambda: calc.parse_amount("12x")),
    ("too_large", lambda: calc.parse_amount("1000000000000")),
]


@pytest.mark.parametrize(("code", "call"), REFUSALS)
def test_each_refusal_gives_the_desk_its_code_and_a_translated_sentence(code, call):
    # The desk picks its wording by the code (payouts/exceptions.py) and otherwise translates the
    # message: a refusal must carry both, and the message must be in the Brazilian catalogue.
    with pytest.raises(calc.CalcError) as refused:
        call()
    error = refused.value
    assert error.code == code
    assert TRANSLATED.get(error.message), f"{error.message!r} has no pt-BR translation"
    assert str(error) == (error.message % error.params if error.params else error.message)


def test_a_refusal_names_what_was_typed_and_a_plain_one_has_no_parameters():
    with pytest.raises(calc.CalcError) as typed:
        calc.parse_amount("12x")
    assert typed.value.params == {"raw": "'12x'"}
    assert str(typed.value) == "Not an amount: '12x'"
    with pytest.raises(calc.CalcError) as plain:
        calc.split_evenly(Decimal(10), 0)
    assert plain.value.params == {}
    assert str(plain.value) == plain.value.message


def test_what_was_typed_is_quoted_up_to_forty_characters():
    for text, code in (("1" * 50, "too_large"), ("x" * 50, "amount")):
        with pytest.raises(calc.CalcError) as refused:
            calc.parse_amount(text)
        assert refused.value.code == code
        assert refused.value.params == {"raw": repr(text[:40])}


# ---------------------------------------------------------------- input forms


def test_amounts_with_a_non_breaking_space_between_thousands_parse():
    # What a spreadsheet or a pt-BR browser pastes: "1 234,50" with U+00A0.
    assert calc.parse_amount("1\u00a0234,50") == Decimal("1234.50")
    assert calc.parse_amount("R$\u00a01.000") == Decimal("1000.00")


def test_the_largest_chip_count_a_column_stores_is_accepted_and_one_more_is_not():
    # Chip counts are read by core.chips for every desk (the calculator included).
    from tdconsole.core.chips import ChipsError, parse_chips

    assert calc.MAX_CHIPS == 2**63 - 1
    assert parse_chips(str(calc.MAX_CHIPS)) == calc.MAX_CHIPS
    with pytest.raises(ChipsError) as refused:
        parse_chips(str(calc.MAX_CHIPS + 1))
    assert refused.value.code == "too_large"


# ---------------------------------------------------------------- payout tables


def test_places_paid_round_up_and_never_below_one_for_a_field():
    assert calc.places_paid_for(0) == 0
    assert calc.places_paid_for(1) == 1
    assert calc.places_paid_for(21, Decimal(15)) == 4  # 3.15 places: four are paid
    assert calc.places_paid_for(5, Decimal(10)) == 1  # half a place: one
    assert calc.places_paid_for(40, Decimal(0)) == 1


def test_eighteen_places_are_all_paid_one_by_one():
    assert calc.band_ranges(18) == [(p, p) for p in range(1, 19)]
    assert calc.band_ranges(19)[9:] == [(10, 12), (13, 15), (16, 18), (19, 19)]


def test_bands_widen_by_nine_places_every_hundred():
    bands = calc.band_ranges(1600)
    assert (91, 99) in bands and (100, 108) in bands and (109, 126) in bands
    assert (1414, 1548) in bands  # a band starting past place 1,400 is 135 places wide
    assert bands[-1] == (1549, 1600)


def test_minimum_cash_counts_whole_units_from_one_chip_of_buy_in():
    assert calc.min_cash_units(Decimal(1), Decimal("1.5"), Decimal("0.01")) == 150
    assert calc.min_cash_units(Decimal("0.01"), Decimal(1), Decimal(10)) == 1
    assert calc.min_cash_units(None, Decimal(1), Decimal(10)) == 1


def test_the_curve_is_the_minimum_cash_plus_a_share_proportional_to_one_over_the_place():
    # Four places from 1,000 in units of 1, minimum cash one unit: 996 shared as 1 : 1/2 : 1/3 : 1/4,
    # that is 478.08 / 239.04 / 159.36 / 119.52 on top of 1 each. Floors give 999; the unit left goes to
    # the largest remainder (place 4, .52), as place 3 still pays more.
    table = calc.payout_table(entries=4, prize_pool=Decimal(1000), rounding=Decimal(1), percent_paid=Decimal(100))
    assert table == [Decimal(479), Decimal(240), Decimal(160), Decimal(121)]


def test_a_table_without_bands_pays_every_place_its_own_amount():
    table = calc.payout_table(entries=30, prize_pool=Decimal(3000), rounding=Decimal(1),
                              percent_paid=Decimal(100), bands=False)
    assert len(table) == 30 and sum(table) == Decimal(3000)
    assert table[9:12] == [Decimal(75), Decimal(69), Decimal(63)]
    banded = calc.payout_table(entries=30, prize_pool=Decimal(3000), rounding=Decimal(1), percent_paid=Decimal(100))
    assert banded[9:12] == [Decimal(69)] * 3


def test_an_empty_pool_or_field_pays_nobody_and_one_entry_takes_it_all():
    assert calc.payout_table(entries=10, prize_pool=Decimal(0)) == []
    assert calc.payout_table(entries=0, prize_pool=Decimal(1000)) == []
    assert calc.payout_table(entries=1, prize_pool=Decimal(1000)) == [Decimal(1000)]
    assert calc.payout_table(entries=10, prize_pool=Decimal("0.50")) == [Decimal("0.50")]
    assert calc.payout_table(entries=10, prize_pool=Decimal(1)) == [Decimal(1)]


def test_group_bands_joins_every_place_of_a_band():
    assert calc.group_bands([Decimal(3)] * 3) == [(1, 3, Decimal(3))]
    assert calc.group_bands([Decimal(5), Decimal(5), Decimal(2)]) == [(1, 2, Decimal(5)), (3, 3, Decimal(2))]


def test_an_edited_table_may_use_the_largest_amount_equal_places_and_a_one_unit_prize():
    assert calc.table_problems([calc.MAX_AMOUNT], calc.MAX_AMOUNT) == []
    assert calc.table_problems([Decimal(9), Decimal(1)], Decimal(10)) == []
    assert calc.table_problems([Decimal(5), Decimal(5)], Decimal(10), entries=2) == []
    assert calc.table_problems([Decimal("9.995"), Decimal("0.005")], Decimal(10)) == ["not_cents"]


# ---------------------------------------------------------------- rounding to the cent


def test_equal_remainders_go_by_seat_order_whatever_the_float_noise():
    # 278 shared 2 : 8 : 5 in floats; every share is x.666.. but the floats are not: the two odd cents go
    # to the first two seats, as for exact thirds.
    ideal = [278 * w / 15 for w in (2, 8, 5)]
    assert calc.round_to_cents(Decimal(278), ideal) == [Decimal("37.07"), Decimal("148.27"), Decimal("92.66")]


def test_odd_cents_go_to_the_largest_remainders_not_the_largest_amounts_or_first_seats():
    assert calc.round_to_cents(Decimal("1.00"), [Fraction(331, 1000), Fraction(334, 1000), Fraction(335, 1000)]) == [
        Decimal("0.33"), Decimal("0.33"), Decimal("0.34")
    ]
    assert calc.round_to_cents(Decimal("1.00"), [Fraction(501, 1000), Fraction(499, 1000)]) == [
        Decimal("0.50"), Decimal("0.50")
    ]
    # 0.79 shared 9 : 2 is 0.6463.. and 0.1436..: the odd cent goes to the .63 remainder
    shares = [Fraction(79, 100) * Fraction(w, 11) for w in (9, 2)]
    assert calc.round_to_cents(Decimal("0.79"), shares) == [Decimal("0.65"), Decimal("0.14")]


def test_ideal_amounts_may_mix_floats_fractions_and_decimals():
    assert calc.round_to_cents(Decimal("1.00"), [0.5, Decimal("0.25"), Fraction(1, 4)]) == [
        Decimal("0.50"), Decimal("0.25"), Decimal("0.25")
    ]


def test_nothing_to_go_by_still_shares_the_cents_from_the_first_seat():
    assert calc.round_to_cents(Decimal("0.02"), [0, 0, 0]) == [Decimal("0.01"), Decimal("0.01"), Decimal("0.00")]


# ---------------------------------------------------------------- ICM and deals


def test_an_unknown_icm_method_is_refused_not_replaced():
    with pytest.raises(ValueError, match="unknown ICM method"):
        calc.icm_equities([100, 200], [Decimal(10)], "guess")


def test_the_method_asked_for_is_the_method_used():
    cents, result = calc.icm_result_to_cents([100, 200, 300], [Decimal(30), Decimal(20)], calc.ICM_APPROXIMATE)
    assert result.method == calc.ICM_APPROXIMATE
    assert sum(cents) == Decimal(50)


def test_a_small_deal_is_exact_and_says_what_it_cost():
    offer = calc.deal_offer([5000, 3000, 2000], [Decimal(500), Decimal(300), Decimal(200)])
    assert offer.icm_method == calc.ICM_EXACT
    assert offer.icm_error is None
    # 3 players, 2 places above the last one walked (the last paid amount is certain for all).
    assert offer.icm_work == calc.icm_exact_work(3, 2) == 24


def test_the_promised_icm_error_is_rounded_up_to_the_cent():
    assert calc.approximation_error(Decimal(14_000_000)) == Decimal("0.02")  # 0.014 is more than a cent
    assert calc.approximation_error(Decimal(1000)) == Decimal("0.01")


# ---------------------------------------------------------------- survivors of the full run of 2026-12-01


def test_the_part_of_the_pool_below_one_unit_stays_on_first_place_even_above_half_a_unit():
    # 19 in fives: three units (15) are shared 10 / 5 and the 4 left over goes on first place. Rounding
    # the units to the nearest (four) would take 1 off first place and pay 10 to second.
    table = calc.payout_table(entries=2, prize_pool=Decimal(19), rounding=Decimal(5), percent_paid=Decimal(100))
    assert table == [Decimal("14.00"), Decimal("5.00")]


def test_a_unit_that_no_band_can_take_goes_to_first_place():
    # 21 places from 39 in units of 1, bands of three past the ninth place: after each band's floor one
    # unit is left that a band of three cannot take and that would lift a single place to the amount of
    # the place above; it goes on first place.
    table = calc.payout_table(entries=21, prize_pool=Decimal(39), rounding=Decimal(1), percent_paid=Decimal(100))
    assert [int(a) for a in table] == [7, 4, 3, 3, 2, 2, 2, 2, 2] + [1] * 12
    assert sum(table) == Decimal(39)


# Found by x_payout_table__mutmut_87: a one-place table came back as the pool given ('1000').
def test_a_one_place_table_is_written_to_the_cent_like_any_other():
    assert [str(a) for a in calc.payout_table(entries=1, prize_pool=Decimal(1000))] == ["1000.00"]
    two = calc.payout_table(entries=2, prize_pool=Decimal(1000), percent_paid=Decimal(100))
    assert [str(a) for a in two] == ["660.00", "340.00"]


def test_the_largest_pool_a_money_column_stores_is_paid_out():
    assert calc.payout_table(entries=1, prize_pool=calc.MAX_AMOUNT) == [calc.MAX_AMOUNT]
    table = calc.payout_table(entries=100, prize_pool=calc.MAX_AMOUNT, buy_in=Decimal(1000))
    assert len(table) == 15 and sum(table) == calc.MAX_AMOUNT


def test_the_largest_stack_a_chips_column_stores_can_make_a_deal():
    assert calc.icm_equities([calc.MAX_CHIPS, 1], [Decimal(100)]) == [Decimal("100.00"), Decimal("0.00")]
    assert calc.chip_chop([calc.MAX_CHIPS, 1], [Decimal(100)]) == [Decimal("100.00"), Decimal("0.00")]


# Found while measuring the mutants: the exact walk subtracted chips in floating point, and the chips left
# after the two big stacks came out 0 (a division by zero, a 500 at the desk).
def test_two_huge_stacks_and_two_tiny_ones_get_a_deal_not_an_error():
    offer = calc.deal_offer([10**17, 10**17, 1, 1], [Decimal(100), Decimal(50), Decimal(25), Decimal(10)])
    assert offer.icm == [Decimal("75.00"), Decimal("75.00"), Decimal("17.50"), Decimal("17.50")]


def test_approximate_icm_stays_within_its_error_when_stacks_differ_by_eighteen_digits():
    stacks, prizes = [10**18, 10**15, 1, 1], [Decimal(100), Decimal(50), Decimal(25), Decimal(10)]
    exact = calc.icm_fractions(stacks, prizes)
    approximate = calc.icm_raw(stacks, prizes, calc.ICM_APPROXIMATE)
    error = calc.approximation_error(Decimal(185))
    exact_amounts = [Decimal(e.numerator) / e.denominator for e in exact]
    assert all(abs(Decimal(a) - e) <= error for a, e in zip(approximate, exact_amounts, strict=True))
    assert calc.icm_equities(stacks, prizes, calc.ICM_APPROXIMATE) == [
        Decimal("99.95"), Decimal("50.05"), Decimal("17.50"), Decimal("17.50")
    ]


def test_twenty_six_players_with_three_places_paid_get_an_exact_deal():
    # The promise of docs/benchmarks.md: 26 players stay exact up to 3 places left to pay (the walk goes three places
    # deep, 33,904 steps; a fourth place would take it past the limit).
    result = calc.icm_solve([1000 + i for i in range(26)], [Decimal(300), Decimal(200), Decimal(100)])
    assert result.method == calc.ICM_EXACT
    assert result.work == 33_904


def test_winner_take_all_walks_one_place_deep():
    result = calc.icm_solve([1000 + i for i in range(10)], [Decimal(1000)])
    assert (result.method, result.work) == (calc.ICM_EXACT, 40)


def test_equal_prizes_for_everyone_left_need_no_icm():
    result = calc.icm_solve([100, 200, 300], [Decimal(100)] * 3)
    assert result == calc.IcmResult([100.0, 100.0, 100.0], calc.ICM_EXACT, 0)
    offer = calc.deal_offer([100, 200, 300], [Decimal(100)] * 3)
    assert offer.icm == offer.chip_chop == [Decimal("100.00")] * 3
    assert (offer.icm_method, offer.icm_work, offer.icm_error) == (calc.ICM_EXACT, 0, None)


def test_icm_without_a_method_named_is_what_the_desk_uses():
    assert calc.icm_solve([100, 200], [Decimal(10)]).method == calc.ICM_EXACT
    assert calc.icm_raw([100, 300], [Decimal(10)]) == [2.5, 7.5]


def test_an_unknown_icm_method_is_refused_by_every_entry_point():
    with pytest.raises(ValueError, match="unknown ICM method"):
        calc.icm_raw([100, 200], [Decimal(10)], "guess")


def test_approximate_icm_reports_its_cost_as_nodes_times_players_squared():
    stacks = [1000 * i for i in range(1, 10)]
    result = calc.icm_solve(stacks, [Decimal(100), Decimal(50)], calc.ICM_APPROXIMATE)
    assert calc.icm_integral_nodes(stacks) == 55
    assert result.work == 55 * 9 * 9


def test_the_integral_never_takes_more_nodes_than_the_readme_states():
    # Thirty stacks, two of one chip among the largest a column stores: the worst case, 201 nodes, under the
    # 205 quoted as the bound; nine equal stacks take 52.
    assert calc.icm_integral_nodes([1, 1] + [calc.MAX_CHIPS] * 28) == 201 <= calc.MAX_INTEGRAL_NODES
    assert calc.icm_integral_nodes([10_000] * 9) == 52


def test_the_exact_walk_past_twenty_two_players_is_counted_as_the_layered_walk():
    # Up to 22 players the walk over every subset is the cheaper count; past it only the layered walk runs.
    assert calc.icm_exact_work(22, 22) == 22 << 22
    assert calc.icm_exact_work(23, 23) == calc.SPARSE_STEP * sum(math.comb(23, c) * (23 - c) for c in range(23))


def test_amounts_of_different_kinds_round_as_the_same_money():
    assert calc.round_to_cents(Decimal(100), [Fraction(50), Decimal(50)]) == [Decimal("50.00"), Decimal("50.00")]
    assert calc.round_to_cents(Decimal(100), [50.0, Decimal(50)]) == [Decimal("50.00"), Decimal("50.00")]


def test_the_cost_of_the_integral_does_not_depend_on_seat_order():
    assert calc.icm_integral_nodes([100, 300]) == calc.icm_integral_nodes([300, 100]) == 45
