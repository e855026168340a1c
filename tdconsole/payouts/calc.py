"""Pure prize maths: payout tables, ties, ICM and chip-chop deals.

No Django here. Money is `Decimal`; chips are `int`. Every function returns amounts
whose total is exactly the money it was given to share.

Rules this module keeps (and the tests check):

* Payout tables pay `ceil(entries x percent / 100)` places (at least one), fewer when
  the pool cannot give every place the minimum cash. The curve is the minimum cash
  plus a share of the rest proportional to 1/place; past the ninth place the places
  are grouped in bands (10-12, 13-15, 16-18, then 9 at a time, then wider) that pay
  the same, as large live events do.
* Every amount is a whole number of rounding units except first place, which also
  takes the remainder of the pool that is smaller than one unit (the pool itself may
  not be a multiple of the unit). Amounts never increase from one place to the next.
* Ties: tied players share the sum of the places they cover equally, to the cent;
  the odd cents go one each to the first tied players in the order the caller gives
  (the desk orders them by the chips they started the hand with, larger first, then
  by entry number).
* Deals: amounts are computed exactly and then rounded to the cent by largest
  remainder (ties by seat order given), so the deal adds up to the money on offer.
* ICM is exact (Malmuth-Harville over finishing orders) while the walk is small
  (`EXACT_WORK_LIMIT`); beyond it, the same model is computed by numerical integration
  over finishing times (`_icm_integral`), whose error is far below a cent.
* Inputs are bounded by what the database stores: amounts by `MAX_AMOUNT` (14 digits,
  2 of them decimals), chips by `MAX_CHIPS` (a signed 64-bit integer).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from itertools import pairwise
from operator import mul

from tdconsole.core.chips import MAX_CHIPS
from tdconsole.core.money import CENT, is_cents, quantize_money

# The largest amount a money column (14 digits, 2 of them decimals) stores.
MAX_AMOUNT = Decimal("999999999999.99")
DEFAULT_PERCENT_PAID = Decimal("15")
DEFAULT_ROUNDING = Decimal("10")
DEFAULT_MIN_CASH_MULTIPLE = Decimal("1.5")
# Players on a final table: paid one by one before any banding starts.
SINGLE_PLACES = 9


def gettext_noop(message: str) -> str:
    """Marks a message for the translation catalogue (makemessages knows this name); this module stays
    free of Django: the caller translates (`tdconsole.payouts.services.calc_error_text`)."""
    return message


class CalcError(ValueError):
    """Input the prize maths cannot work with (a code for the caller, plus a message and its parameters)."""

    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        super().__init__(message % params if params else message)
        self.code = code
        self.message = message
        self.params = params or {}


# ---------------------------------------------------------------- payout tables


def _is_amount(value: Decimal) -> bool:
    """A finite Decimal no larger than a money column stores."""
    return value.is_finite() and abs(value) <= MAX_AMOUNT


def places_paid_for(entries: int, percent_paid: Decimal = DEFAULT_PERCENT_PAID) -> int:
    """Places paid by the share rule alone: ceil(entries x percent / 100), at least one."""
    if entries <= 0:
        return 0
    places = int((Decimal(entries) * Decimal(percent_paid) / 100).to_integral_value(rounding=ROUND_CEILING))
    return max(1, min(entries, places))


def band_ranges(places: int) -> list[tuple[int, int]]:
    """Group places 1..places into bands that pay the same amount.

    Places 1-9 are single. Small tables (18 places or fewer) are all single. Beyond
    that: 10-12, 13-15, 16-18, then nine places a band, widening by nine every hundred
    places (so a 1,500-place table has about fifty distinct amounts).
    """
    out: list[tuple[int, int]] = []
    place = 1
    while place <= places:
        if place <= SINGLE_PLACES or places <= 2 * SINGLE_PLACES:
            size = 1
        elif place <= 2 * SINGLE_PLACES:
            size = 3
        else:
            size = 9 * (1 + (place - 1) // 100)
        last = min(places, place + size - 1)
        out.append((place, last))
        place = last + 1
    return out


def min_cash_units(buy_in: Decimal | None, multiple: Decimal, unit: Decimal) -> int:
    """The minimum cash in rounding units, rounded up (at least one unit)."""
    if buy_in is None or buy_in <= 0:
        return 1
    units = (Decimal(buy_in) * Decimal(multiple) / unit).to_integral_value(rounding=ROUND_CEILING)
    return max(1, int(units))


def payout_table(
    *,
    entries: int,
    prize_pool: Decimal,
    percent_paid: Decimal = DEFAULT_PERCENT_PAID,
    rounding: Decimal = DEFAULT_ROUNDING,
    buy_in: Decimal | None = None,
    min_cash_multiple: Decimal = DEFAULT_MIN_CASH_MULTIPLE,
    bands: bool = True,
) -> list[Decimal]:
    """Return the amount for each paid place, first place first.

    The total is exactly `prize_pool`. See the module docstring for the rules.
    """
    prize_pool = Decimal(prize_pool)
    unit = Decimal(rounding)
    if not _is_amount(unit) or unit <= 0 or not is_cents(unit):
        raise CalcError("rounding", gettext_noop("The rounding unit must be a positive amount in cents."))
    if not _is_amount(prize_pool) or prize_pool < 0 or not is_cents(prize_pool):
        raise CalcError("prize_pool", gettext_noop("The prize pool must be a non-negative amount in cents."))
    for value in (percent_paid, min_cash_multiple, buy_in):
        if value is not None and not _is_amount(Decimal(value)):
            raise CalcError("settings", gettext_noop("A payout setting is not a number the table can use."))
    if entries <= 0 or prize_pool == 0:
        return []
    total_units = int((prize_pool / unit).to_integral_value(rounding=ROUND_FLOOR))
    remainder = prize_pool - total_units * unit
    min_units = min_cash_units(buy_in, min_cash_multiple, unit)
    places = places_paid_for(entries, percent_paid)
    places = min(places, total_units // min_units)
    if places <= 1:
        return [quantize_money(prize_pool)]  # written to the cent like every other table ("1000.00")

    ranges = band_ranges(places) if bands else [(p, p) for p in range(1, places + 1)]
    extra_units = total_units - places * min_units
    with localcontext() as ctx:
        ctx.prec = 40
        weights = [Decimal(1) / Decimal(p) for p in range(1, places + 1)]
        weight_sum = sum(weights, Decimal(0))
        ideal: list[Decimal] = []
        for first, last in ranges:
            band_weight = sum(weights[first - 1 : last], Decimal(0)) / (last - first + 1)
            ideal.append(min_units + extra_units * band_weight / weight_sum)
    units = [int(x.to_integral_value(rounding=ROUND_FLOOR)) for x in ideal]
    sizes = [last - first + 1 for first, last in ranges]
    left = total_units - sum(u * s for u, s in zip(units, sizes, strict=True))
    # Largest remainder, band by band; a band takes a unit only if the whole band can
    # and the band above still pays more, so the table never increases.
    order = sorted(range(len(ranges)), key=lambda b: (-(ideal[b] - units[b]), b))
    for b in order:
        if left <= 0:
            break
        if sizes[b] <= left and (b == 0 or units[b - 1] > units[b]):
            units[b] += 1
            left -= sizes[b]
    units[0] += left
    amounts: list[Decimal] = []
    for (first, last), u in zip(ranges, units, strict=True):
        amounts.extend([u * unit] * (last - first + 1))
    amounts[0] += remainder
    return [quantize_money(a) for a in amounts]


def group_bands(amounts: Sequence[Decimal]) -> list[tuple[int, int, Decimal]]:
    """Collapse equal consecutive amounts into (first place, last place, amount) rows."""
    out: list[tuple[int, int, Decimal]] = []
    for place, amount in enumerate(amounts, start=1):
        if out and out[-1][2] == amount:
            out[-1] = (out[-1][0], place, amount)
        else:
            out.append((place, place, amount))
    return out


def table_problems(amounts: Sequence[Decimal], prize_pool: Decimal, entries: int | None = None) -> list[str]:
    """Codes for what is wrong with a hand-edited table (empty list when it is fine).

    Codes: "empty", "not_a_number", "too_large", "not_positive", "not_cents", "increasing",
    "total", "too_many_places". An amount that is not a finite number is named alone: nothing
    else can be checked about it.
    """
    problems: list[str] = []
    if not amounts:
        return ["empty"]
    if any(not a.is_finite() for a in amounts):
        return ["not_a_number"]
    if any(abs(a) > MAX_AMOUNT for a in amounts):
        return ["too_large"]
    if any(a <= 0 for a in amounts):
        problems.append("not_positive")
    if any(not is_cents(a) for a in amounts):
        problems.append("not_cents")
    if any(b > a for a, b in pairwise(amounts)):
        problems.append("increasing")
    if sum(amounts, Decimal(0)) != Decimal(prize_pool):
        problems.append("total")
    if entries is not None and len(amounts) > entries:
        problems.append("too_many_places")
    return problems


# ---------------------------------------------------------------- satellites


@dataclass(frozen=True)
class SatellitePlace:
    """One paid place of a satellite: a seat (its amount the seat value) or cash."""

    amount: Decimal
    seat: bool


def satellite_table(*, prize_pool: Decimal, seat_value: Decimal, entries: int | None = None) -> list[SatellitePlace]:
    """Return a satellite's paid places, first place first: seats, then the remainder in cash.

    The pool buys `prize_pool // seat_value` seats, one per place; what is left (less than one seat)
    goes in cash to the next place. A pool below one seat pays its whole self in cash to first place.
    The total is exactly `prize_pool`. With `entries`, a pool that pays more places than there are
    entries is refused (nobody could receive the extra seats).
    """
    prize_pool = Decimal(prize_pool)
    seat_value = Decimal(seat_value)
    if not _is_amount(prize_pool) or prize_pool < 0 or not is_cents(prize_pool):
        raise CalcError("prize_pool", gettext_noop("The prize pool must be a non-negative amount in cents."))
    if not _is_amount(seat_value) or seat_value <= 0 or not is_cents(seat_value):
        raise CalcError("seat_value", gettext_noop("The seat value must be a positive amount in cents."))
    seats = int(prize_pool // seat_value)
    remainder = prize_pool - seats * seat_value
    places = [SatellitePlace(quantize_money(seat_value), True) for _ in range(seats)]
    if remainder > 0:
        places.append(SatellitePlace(quantize_money(remainder), False))
    if entries is not None and len(places) > max(entries, 0):
        raise CalcError(
            "seats_over_entries",
            gettext_noop("The pool pays %(places)d places but there are only %(entries)d entries."),
            {"places": len(places), "entries": max(entries, 0)},
        )
    return places


def satellite_awards(table: Sequence[SatellitePlace], places: Sequence[int]) -> list[SatellitePlace]:
    """What each finisher wins in a satellite, given each finisher's place (the same place: tied).

    Ties follow `awards_for_places`: the tied players share the sum of the places they cover. A share
    is a seat only when every place the tie covers is a seat and the share is the seat value (it
    cannot be otherwise then); a tie that reaches past the last seat shares money, in cash.
    """
    amounts = [p.amount for p in table]
    shares = awards_for_places(amounts, places)
    groups: dict[int, int] = {}
    for place in places:
        groups[place] = groups.get(place, 0) + 1
    out: list[SatellitePlace] = []
    for place, share in zip(places, shares, strict=True):
        covered = table[place - 1 : place - 1 + groups[place]]
        all_seats = len(covered) == groups[place] and all(p.seat for p in covered)
        out.append(SatellitePlace(share, all_seats and share > 0))
    return out


# ---------------------------------------------------------------- ties


def split_evenly(total: Decimal, shares: int) -> list[Decimal]:
    """Split money into `shares` equal parts to the cent; odd cents go to the first parts."""
    if shares <= 0:
        raise CalcError("shares", gettext_noop("Nobody to share with."))
    cents = int((Decimal(total) / CENT).to_integral_value())
    if Decimal(cents) * CENT != Decimal(total):
        raise CalcError("not_cents", gettext_noop("The amount to share is not a whole number of cents."))
    base, odd = divmod(cents, shares)
    return [(base + (1 if i < odd else 0)) * CENT for i in range(shares)]


def tie_shares(amounts: Sequence[Decimal], first_place: int, players: int) -> list[Decimal]:
    """What each of `players` tied for `first_place` receives.

    They cover places first_place .. first_place + players - 1 and share the sum of
    those places' prizes (unpaid places count as zero).
    """
    if first_place < 1 or players < 1:
        raise CalcError("tie", gettext_noop("A tie needs a place and at least one player."))
    covered = amounts[first_place - 1 : first_place - 1 + players]
    return split_evenly(sum(covered, Decimal(0)), players)


def awards_for_places(amounts: Sequence[Decimal], places: Sequence[int]) -> list[Decimal]:
    """Prize per finisher, given each finisher's place; finishers with the same place tied.

    A group of k finishers recorded at place p covers places p .. p+k-1. Finishers in a
    group receive their shares in the order they appear in `places`.
    """
    groups: dict[int, list[int]] = {}
    for index, place in enumerate(places):
        groups.setdefault(place, []).append(index)
    out: list[Decimal] = [Decimal("0.00")] * len(places)
    for place, indexes in groups.items():
        shares = tie_shares(amounts, place, len(indexes))
        for index, share in zip(indexes, shares, strict=True):
            out[index] = share
    return out


# ---------------------------------------------------------------- ICM


def _check_stacks(stacks: Sequence[int]) -> None:
    if not stacks:
        raise CalcError("stacks", gettext_noop("No stacks given."))
    for stack in stacks:
        if isinstance(stack, bool) or not isinstance(stack, int) or not 0 < stack <= MAX_CHIPS:
            raise CalcError("stacks", gettext_noop("Every stack must be a positive whole number of chips."))


def _padded_prizes(prizes: Sequence[Decimal], players: int) -> list[Decimal]:
    prizes = [Decimal(p) for p in prizes]
    if any(not _is_amount(p) for p in prizes):
        raise CalcError("prizes", gettext_noop("Every prize must be an amount."))
    if any(p < 0 for p in prizes):
        raise CalcError("prizes", gettext_noop("Prizes cannot be negative."))
    if any(b > a for a, b in pairwise(prizes)):
        raise CalcError("prizes", gettext_noop("Prizes must not increase from one place to the next."))
    return (prizes + [Decimal(0)] * players)[:players]


def icm_fractions(stacks: Sequence[int], prizes: Sequence[Decimal]) -> list[Fraction]:
    """Exact Malmuth-Harville equities as fractions, by summing over finishing orders.

    Exponential in the number of paid places: for checking and for small tables only.
    """
    _check_stacks(stacks)
    n = len(stacks)
    pay = [Fraction(p) for p in _padded_prizes(prizes, n)]
    paid = max((i + 1 for i, p in enumerate(pay) if p), default=0)
    total = sum(stacks)
    equity = [Fraction(0)] * n

    def walk(taken: tuple[int, ...], prob: Fraction, left: int) -> None:
        depth = len(taken)
        if depth == paid:
            return
        for j in range(n):
            if j in taken:
                continue
            p = prob * Fraction(stacks[j], left)
            equity[j] += p * pay[depth]
            walk(taken + (j,), p, left - stacks[j])

    walk((), Fraction(1), total)
    return equity


def _icm_sparse(stacks: Sequence[int], pay: Sequence[float], paid: int) -> list[float]:
    """Harville by layers of 'who took the top places', only as deep as places are paid."""
    n = len(stacks)
    total = float(sum(stacks))
    s = [float(x) for x in stacks]
    equity = [0.0] * n
    layer: dict[int, tuple[float, float]] = {0: (1.0, total)}  # mask -> (probability, chips left)
    for depth in range(paid):
        prize = pay[depth]
        nxt: dict[int, tuple[float, float]] = {}
        last = depth == paid - 1
        for mask, (prob, left) in layer.items():
            g = prob / left
            for j in range(n):
                bit = 1 << j
                if mask & bit:
                    continue
                p = g * s[j]
                equity[j] += p * prize
                if not last:
                    key = mask | bit
                    old = nxt.get(key)
                    nxt[key] = (p, left - s[j]) if old is None else (old[0] + p, old[1])
        layer = nxt
    return equity


def _icm_dense(stacks: Sequence[int], pay: Sequence[float]) -> list[float]:
    """Harville over every subset, in mask order, with the work done in list operations.

    g[m] is the probability that the players in m took the top |m| places (in some
    order), divided by the chips the others hold. Player j finishes at place |m|+1 with
    probability s_j * g[m]; so j's equity is s_j * sum of g[m] * prize(|m|) over the m
    without j. g for the masks with top bit t is built from those without it:
    f(t | m') = s_t g(m') + sum over j in m' of s_j g(t | m' - j), the same recursion
    one bit down, which `solve` runs on halves.
    """
    n = len(stacks)
    s = [float(x) for x in stacks]
    chips = sum(stacks)
    count = b"\x00"  # players in each mask, one byte a mask
    plus_one = bytes(range(1, 256)) + b"\x00"
    if chips < 2**53:
        # Whole numbers below 2**53 subtract exactly in floating point.
        left = [float(chips)]
        for j in range(n):
            sj = s[j]
            left += [x - sj for x in left]
            count += count.translate(plus_one)
    else:
        # Beyond it a float subtraction rounds: with two stacks of 10**17 and two of 1 the chips left
        # after the two big ones came out 0 (a division by zero) instead of 2. Subtract whole numbers.
        exact = [chips]
        for j in range(n):
            sj_int = stacks[j]
            exact += [x - sj_int for x in exact]
            count += count.translate(plus_one)
        left = [float(x) for x in exact]

    # The full set has no chips left and no place left to take: make its g zero.
    left[-1] = math.inf
    s0, s1, s2, s3 = (s + [0.0] * 4)[:4]

    def solve(f0: list[float], off: int, size: int) -> list[float]:
        if size == 16:
            # The four lowest players, written out: most of the work ends here.
            a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15 = f0
            l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14, l15 = left[off : off + 16]
            g0 = a0 / l0
            g1 = (a1 + s0 * g0) / l1
            g2 = (a2 + s1 * g0) / l2
            g3 = (a3 + s0 * g2 + s1 * g1) / l3
            g4 = (a4 + s2 * g0) / l4
            g5 = (a5 + s0 * g4 + s2 * g1) / l5
            g6 = (a6 + s1 * g4 + s2 * g2) / l6
            g7 = (a7 + s0 * g6 + s1 * g5 + s2 * g3) / l7
            g8 = (a8 + s3 * g0) / l8
            g9 = (a9 + s0 * g8 + s3 * g1) / l9
            g10 = (a10 + s1 * g8 + s3 * g2) / l10
            g11 = (a11 + s0 * g10 + s1 * g9 + s3 * g3) / l11
            g12 = (a12 + s2 * g8 + s3 * g4) / l12
            g13 = (a13 + s0 * g12 + s2 * g9 + s3 * g5) / l13
            g14 = (a14 + s1 * g12 + s2 * g10 + s3 * g6) / l14
            g15 = (a15 + s0 * g14 + s1 * g13 + s2 * g11 + s3 * g7) / l15
            return [g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15]
        if size < 16:
            g = [0.0] * size
            for m in range(size):
                f = f0[m]
                rest = m
                while rest:
                    low = rest & -rest
                    f += s[low.bit_length() - 1] * g[m ^ low]
                    rest ^= low
                g[m] = f / left[off + m]
            return g
        if size == 32:
            half = 16
            lower = solve(f0[:half], off, half)
            st = s[4]
            lower.extend(solve([a + st * b for a, b in zip(f0[half:], lower, strict=True)], off + half, half))
            return lower
        # Two players at a time: quarters without either, with a, with b, with both.
        q = size >> 2
        low_bit = q.bit_length() - 1
        sa, sb = s[low_bit], s[low_bit + 1]
        g0 = solve(f0[:q], off, q)
        g1 = solve([a + sa * b for a, b in zip(f0[q : 2 * q], g0, strict=True)], off + q, q)
        g2 = solve([a + sb * b for a, b in zip(f0[2 * q : 3 * q], g0, strict=True)], off + 2 * q, q)
        g3 = solve([a + sa * b + sb * c for a, b, c in zip(f0[3 * q :], g2, g1, strict=True)], off + 3 * q, q)
        g0.extend(g1)
        g0.extend(g2)
        g0.extend(g3)
        return g0

    size = 1 << n
    f0 = [0.0] * size
    f0[0] = 1.0
    g = solve(f0, 0, size)
    pay_n = [*pay, 0.0]
    weighted = [gv * pay_n[c] for gv, c in zip(g, count, strict=True)]
    # Sum of `weighted` over the masks without player j, for every j: fold the mask
    # space in half on its top bit, n times (2^n additions in all).
    without = [0.0] * n
    folded = weighted
    for j in reversed(range(n)):
        half = len(folded) >> 1
        low = folded[:half]
        without[j] = sum(low)
        folded = [a + b for a, b in zip(low, folded[half:], strict=True)]
    equity = [s[j] * without[j] for j in range(n)]
    return equity


def _icm_integral(stacks: Sequence[int], pay: Sequence[float], step: float) -> list[float]:
    """Harville equities by numerical integration over finishing times (no walk over subsets).

    Harville's model is a race of exponential clocks: player j's clock rings at a time T_j
    with rate s_j (its share of the chips), and the players finish first, second... in the
    order their clocks ring (the first to ring has probability s_j / sum(s), and the race
    forgets its past, so the rest follows). Player i takes place m + 1 when exactly m other
    clocks rang before its own, so

        E_i = integral over t > 0 of s_i e^(-s_i t) sum_m pay[m] [z^m] prod_(j != i) (q_j + p_j z) dt

    with q_j = e^(-s_j t) and p_j = 1 - q_j. The integral is taken in y = log t by the
    trapezoidal rule: there the integrand is smooth, analytic in a strip around the real
    axis and decays on both sides, so the error falls geometrically as the step shrinks
    (measured against exact ICM in the tests and docs/benchmarks.md). At each node the product over
    every player is built once and each player's own factor divided out, forwards while
    q_i >= 1/2 and backwards otherwise: each step then multiplies rounding errors by
    min(p, q) / max(p, q) <= 1, so the division is stable.

    `pay` is what each place pays above the last place (so pay[-1] is 0), one per player.
    """
    n = len(stacks)
    total = float(sum(stacks))
    s = [x / total for x in stacks]
    y0, y1 = _integral_range(s)
    nodes = math.ceil((y1 - y0) / step) + 1
    paid = max((i + 1 for i, x in enumerate(pay) if x), default=0)
    pay = list(pay[:paid])
    pay_down = pay[::-1]
    equity = [0.0] * n
    padding = [0.0] * (n + 1)
    players = range(n)
    # The lists in the loops below have equal lengths by construction (strict=False: the
    # checks would cost a tenth of the time).
    for k in range(nodes):
        t = math.exp(y0 + k * step)
        q = [math.exp(-x * t) for x in s]
        # A player whose clock has surely rung (q below DONE) is a factor z: a shift. One
        # whose clock cannot have rung yet (q == 1.0) is a factor 1. Neither costs a pass.
        poly = [1.0]
        done = 0
        for qj in q:
            if qj < DONE:
                done += 1
            elif qj < 1.0:
                pj = 1.0 - qj
                top = poly[-1] * pj
                poly = [a * qj + b * pj for a, b in zip(poly, [0.0, *poly], strict=False)]
                poly.append(top)
        poly = ([0.0] * done + poly + padding)[: n + 1]
        weight = step * t
        # Players already finished for sure add nothing here (below 1e-15 of the prizes).
        ahead = [i for i in players if q[i] >= 0.5]
        behind = [i for i in players if DONE <= q[i] < 0.5]
        # Each pass of the division works on every such player at once (one list a place);
        # then each player's coefficients are weighed by the pay of their places.
        if ahead:
            # c_m = (a_m - p c_(m-1)) / q, for the paid places only.
            inv = [1.0 / q[i] for i in ahead]
            ratio = [(1.0 - q[i]) / q[i] for i in ahead]
            c = [0.0] * len(ahead)
            rows = []
            for m in range(paid):
                am = poly[m]
                c = [am * v - r * x for v, r, x in zip(inv, ratio, c, strict=False)]
                rows.append(c)
            for i, column in zip(ahead, zip(*rows, strict=False), strict=False):
                equity[i] += weight * s[i] * q[i] * sum(map(mul, column, pay))
        if behind:
            # c_(m-1) = (a_m - q c_m) / p, from the top coefficient down.
            inv = [1.0 / (1.0 - q[i]) for i in behind]
            ratio = [q[i] / (1.0 - q[i]) for i in behind]
            c = [0.0] * len(behind)
            rows = []
            for m in range(n - 1, -1, -1):
                am = poly[m + 1]
                c = [am * v - r * x for v, r, x in zip(inv, ratio, c, strict=False)]
                if m < paid:
                    rows.append(c)
            for i, column in zip(behind, zip(*rows, strict=False), strict=False):
                equity[i] += weight * s[i] * q[i] * sum(map(mul, column, pay_down))
    # The nodes below the first one, in closed form: there nobody has finished yet but by a
    # hair, and to second order in t the integrand is
    #   s_i t (pay[0] - t (s_i pay[0] + (1 - s_i)(pay[0] - pay[1]))).
    r1, r2 = math.exp(-step), math.exp(-2 * step)
    t0 = math.exp(y0)
    first_order = step * t0 * r1 / (1 - r1)
    second_order = step * t0 * t0 * r2 / (1 - r2)
    p0 = pay[0] if pay else 0.0
    drop = p0 - (pay[1] if len(pay) > 1 else 0.0)
    return [
        e + x * (first_order * p0 - second_order * (x * p0 + (1 - x) * drop))
        for e, x in zip(equity, s, strict=True)
    ]


# The integral's range in log time. Below T0 (chips normalised to 1) the closed form above
# is exact to 1e-12 of the prizes (its error is of the third order in T0). Past the end,
# every player but one has finished with probability at least 1 - e^-36 / players, and the
# last one left takes the last place, which pays 0 above itself: what is left out is below
# 1e-15 of the prizes.
INTEGRAL_T0 = 1e-4
INTEGRAL_TAIL = 36.0
# A clock this unlikely not to have rung yet counts as rung (below the rounding of a float).
DONE = 1e-17
# The trapezoidal step in log time: with 0.3 the largest error measured is 3.6e-12 of the
# prizes (0.35: 2.4e-10, 0.4: 5e-9: the geometric fall the maths promises).
INTEGRAL_STEP = 0.3
# The error ICM_APPROXIMATE promises, as a share of the money being shared: about 300 times
# the largest error measured against exact ICM (3.6e-12, see docs/benchmarks.md and the tests).
APPROX_RELATIVE_ERROR = Decimal("1e-9")


def _integral_range(shares: Sequence[float]) -> tuple[float, float]:
    n = len(shares)
    second = sorted(shares)[1] if n > 1 else shares[0]
    return math.log(INTEGRAL_T0), math.log((math.log(n) + INTEGRAL_TAIL) / second)


# The most nodes the integral takes for MAX_ICM_PLAYERS stacks of up to MAX_CHIPS chips
# (two stacks of one chip among the largest there can be); 80 for ordinary stacks.
MAX_INTEGRAL_NODES = 205


def icm_integral_nodes(stacks: Sequence[int], step: float = INTEGRAL_STEP) -> int:
    """How many nodes the numerical integration takes for these stacks."""
    total = float(sum(stacks))
    y0, y1 = _integral_range([x / total for x in stacks])
    return math.ceil((y1 - y0) / step) + 1


ICM_EXACT = "exact"
ICM_APPROXIMATE = "approximate"
MAX_DENSE_PLAYERS = 22
# Exact ICM runs while its walk is at most this many steps: a step is one player added to
# one subset in the dense pass; a state of the layered walk costs SPARSE_STEP of them
# (measured). 250,000 steps take about 15 ms on the project's machine (14 players, all
# paid); 26 players stay exact up to 3 places left to pay. Beyond, the integral takes over.
EXACT_WORK_LIMIT = 250_000
SPARSE_STEP = 4
# The integral's cost grows with the square of the players: the desk computes ICM (and
# the deal calculator works) for up to this many: three tables.
MAX_ICM_PLAYERS = 30
# The exact walk refuses outright past this (for the commands that ask for it by name).
MAX_EXACT_SPARSE_STATES = 40_000_000


def icm_method_for(players: int, paid: int) -> str:
    """The method the desk uses: exact within EXACT_WORK_LIMIT, the integral beyond.

    Raises CalcError "too_many_players" past MAX_ICM_PLAYERS when exact is out of reach.
    """
    if icm_exact_work(players, paid) <= EXACT_WORK_LIMIT:
        return ICM_EXACT
    if players > MAX_ICM_PLAYERS:
        raise CalcError("too_many_players", gettext_noop("Too many players for ICM."))
    return ICM_APPROXIMATE


def icm_exact_work(players: int, paid: int) -> int:
    """Steps the exact walk would take for this many players and paid places (see above)."""
    sparse = sum(math.comb(players, c) * (players - c) for c in range(paid))
    dense = players << players if players <= MAX_DENSE_PLAYERS else math.inf
    return int(min(SPARSE_STEP * sparse, dense))


@dataclass(frozen=True)
class IcmResult:
    """Equities before rounding, how they were computed, and what that cost."""

    equities: list[float]
    method: str  # ICM_EXACT or ICM_APPROXIMATE
    work: int  # exact: steps of the walk; approximate: nodes x players x players


def _icm_exact(stacks: Sequence[int], pay: Sequence[float], paid: int) -> list[float]:
    n = len(stacks)
    sparse_states = sum(math.comb(n, c) * (n - c) for c in range(paid))
    dense_cost = n * (1 << n)
    if sparse_states * SPARSE_STEP <= dense_cost or n > MAX_DENSE_PLAYERS:
        if sparse_states > MAX_EXACT_SPARSE_STATES:
            raise CalcError("too_large", gettext_noop("Too many players and places for an exact ICM."))
        return _icm_sparse(stacks, pay, paid) if paid else [0.0] * n
    return _icm_dense(stacks, pay)


def icm_pay(prizes: Sequence[Decimal], players: int) -> tuple[Decimal, list[float], int]:
    """What ICM shares: the amount every player is sure of, each place's pay above it, and
    how many places pay more than that (the depth the exact walk goes to)."""
    padded = _padded_prizes(prizes, players)
    # Every player is sure of the last paid amount when all places are paid: take it off
    # the top, so one layer less has to be walked.
    floor = padded[players - 1]
    pay = [float(p - floor) for p in padded]
    return floor, pay, max((i + 1 for i, p in enumerate(pay) if p), default=0)


def icm_solve(stacks: Sequence[int], prizes: Sequence[Decimal], method: str = "auto") -> IcmResult:
    """Malmuth-Harville equities (floating point, before rounding to the cent).

    `method` "auto" (the desk) is exact while the walk stays within EXACT_WORK_LIMIT and
    the integral beyond it, for up to MAX_ICM_PLAYERS players; ICM_EXACT or
    ICM_APPROXIMATE force one (for the commands and the benchmark).
    """
    _check_stacks(stacks)
    n = len(stacks)
    floor, pay, paid = icm_pay(prizes, n)
    if paid == 0:
        return IcmResult([float(floor)] * n, ICM_EXACT, 0)
    work = icm_exact_work(n, paid)
    if method == "auto":
        method = icm_method_for(n, paid)
    if method == ICM_EXACT:
        equity = _icm_exact(stacks, pay, paid)
    elif method == ICM_APPROXIMATE:
        equity = _icm_integral(stacks, pay, INTEGRAL_STEP)
        work = icm_integral_nodes(stacks) * n * n
    else:
        raise ValueError(f"unknown ICM method {method!r}")
    return IcmResult([e + float(floor) for e in equity], method, work)


def icm_raw(stacks: Sequence[int], prizes: Sequence[Decimal], method: str = "auto") -> list[float]:
    """Malmuth-Harville equities (floating point, before rounding to the cent)."""
    return icm_solve(stacks, prizes, method).equities


def round_to_cents(total: Decimal, ideal: Sequence[float | Fraction | Decimal]) -> list[Decimal]:
    """Round amounts to cents so they add up to `total` exactly (largest remainder)."""
    cents_total = int((Decimal(total) / CENT).to_integral_value())
    exact = [Fraction(x) * 100 if not isinstance(x, Decimal) else Fraction(x) * 100 for x in ideal]
    scale = sum(exact, Fraction(0))
    if scale and scale != cents_total:
        # Floating-point sums can drift by a hair: rescale onto the exact total.
        exact = [x * cents_total / scale for x in exact]
    floors = [math.floor(x) for x in exact]
    left = cents_total - sum(floors)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[: max(0, left)]:
        floors[i] += 1
    return [c * CENT for c in floors]


def icm_equities(stacks: Sequence[int], prizes: Sequence[Decimal], method: str = "auto") -> list[Decimal]:
    """ICM equities to the cent, adding up to the prizes that the players can win."""
    return icm_result_to_cents(stacks, prizes, method)[0]


def icm_result_to_cents(
    stacks: Sequence[int], prizes: Sequence[Decimal], method: str = "auto"
) -> tuple[list[Decimal], IcmResult]:
    """ICM equities to the cent, with how they were computed."""
    n = len(stacks)
    padded = _padded_prizes(prizes, n)
    total = sum(padded, Decimal(0))
    result = icm_solve(stacks, padded, method)
    return round_to_cents(total, result.equities), result


def approximation_error(distributed: Decimal) -> Decimal:
    """How far approximate ICM may be from exact ICM (both before rounding), to the cent above.

    APPROX_RELATIVE_ERROR of the money shared, and never less than a cent: below a prize
    pool of ten million, "within a cent".
    """
    return max(CENT, quantize_money(Decimal(distributed) * APPROX_RELATIVE_ERROR, rounding=ROUND_CEILING))


def chip_chop(stacks: Sequence[int], prizes: Sequence[Decimal]) -> list[Decimal]:
    """Chip chop: everyone is sure of the lowest prize still open; the rest goes by chips."""
    _check_stacks(stacks)
    n = len(stacks)
    padded = _padded_prizes(prizes, n)
    total = sum(padded, Decimal(0))
    floor = padded[-1]
    rest = Fraction(total - floor * n)
    chips = sum(stacks)
    return round_to_cents(total, [Fraction(floor) + rest * s / chips for s in stacks])


@dataclass(frozen=True)
class DealOffer:
    """Both proposals for one deal, with what stays on the table.

    `icm_method` says whether ICM is exact or approximate, `icm_work` what it cost (see
    IcmResult), and `icm_error` how far from exact ICM an approximate amount may be
    (None when exact).
    """

    icm: list[Decimal]
    chip_chop: list[Decimal]
    left_to_play: Decimal
    distributed: Decimal
    icm_method: str = ICM_EXACT
    icm_work: int = 0
    icm_error: Decimal | None = None


def deal_offer(stacks: Sequence[int], prizes: Sequence[Decimal], left_to_play: Decimal = Decimal(0)) -> DealOffer:
    """ICM and chip chop side by side, leaving `left_to_play` for the winner of the rest.

    The amount left is taken off first place before sharing; whoever wins the play-off
    takes it on top of their deal.
    """
    n = len(stacks)
    if n < 2:
        raise CalcError("players", gettext_noop("A deal needs at least two players."))
    _check_stacks(stacks)
    padded = _padded_prizes(prizes, n)
    left_to_play = Decimal(left_to_play)
    if not _is_amount(left_to_play) or left_to_play < 0 or not is_cents(left_to_play):
        raise CalcError("left_to_play", gettext_noop("The amount left to play for must be a positive amount in cents."))
    if left_to_play > padded[0] - padded[1]:
        raise CalcError("left_to_play_jump",
                        gettext_noop("The amount left to play for cannot exceed the first-place pay jump."))
    shared = [padded[0] - left_to_play, *padded[1:]]
    distributed = sum(shared, Decimal(0))
    icm, result = icm_result_to_cents(stacks, shared)
    return DealOffer(
        icm=icm,
        chip_chop=chip_chop(stacks, shared),
        left_to_play=left_to_play,
        distributed=distributed,
        icm_method=result.method,
        icm_work=result.work,
        icm_error=approximation_error(distributed) if result.method == ICM_APPROXIMATE else None,
    )


THOUSANDS_ONLY = re.compile(r"^-?[0-9]{1,3}(\.[0-9]{3})+$")
# What an amount may look like once separators are settled: ASCII digits, at most two
# decimals (cents), and no more digits than a money column stores. Anything else (NaN,
# Infinity, 1e5, other scripts' digits, a third decimal) is refused, not guessed at.
PLAIN_AMOUNT = re.compile(r"^-?[0-9]{1,12}(\.[0-9]{1,2})?$")
AMOUNT_LIKE = re.compile(r"^-?[0-9]+(\.[0-9]{1,2})?$")


def parse_amount(raw: str) -> Decimal | None:
    """A Decimal amount from '1234.56' or Brazilian '1.234,56' (None for a blank string).

    Dots grouping exact thousands with no comma ('1.000') read as Brazilian thousands.
    Raises CalcError "amount" for text that is not an amount and "too_large" for an amount
    beyond MAX_AMOUNT.
    """
    text = raw.strip().replace("R$", "").replace("\u00a0", "").replace(" ", "")
    if not text:
        return None
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    elif THOUSANDS_ONLY.match(text):
        # "1.000" and "12.500.000" are Brazilian thousands, not decimals.
        text = text.replace(".", "")
    if not PLAIN_AMOUNT.match(text):
        if AMOUNT_LIKE.match(text):
            raise CalcError("too_large", gettext_noop("Amount too large: %(raw)s"), {"raw": repr(raw[:40])})
        raise CalcError("amount", gettext_noop("Not an amount: %(raw)s"), {"raw": repr(raw[:40])})
    value = quantize_money(text)  # exact: at most two decimals by now
    if abs(value) > MAX_AMOUNT:
        raise CalcError("too_large", gettext_noop("Amount too large: %(raw)s"), {"raw": repr(raw[:40])})
    return value
