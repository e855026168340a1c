"""Pure bounty maths: how a busted player's head is shared by the players who knocked them out.

No Django here. Money is `Decimal` in whole cents; every function returns amounts whose total is
exactly the head it was given, none of them negative.

* **Fixed** bounty: the whole head is paid at once, nothing goes on a head.
* **Progressive knockout**: `cash_percent` of the head is paid at once, rounded DOWN to a whole number
  of `unit` (the smallest bill the house pays); the rest, to the cent, goes on the eliminators' heads.
* **Several eliminators** (a split pot): `equal` shares the cash in whole units and the head part in
  cents, the units or cents left over going one each to the eliminators in the order named; `first`
  gives everything to the first one named. A fixed head that is not a whole number of units (the unit
  was raised after the bounty was set) leaves cash below one unit: it is shared in cents the same way.

>>> award_split(head=Decimal("100"), kind="pko", cash_percent=Decimal("50"), unit=Decimal("5"),
...             eliminators=1, split="equal")
[(Decimal('50.00'), Decimal('50.00'))]
>>> award_split(head=Decimal("37.50"), kind="pko", cash_percent=Decimal("50"), unit=Decimal("5"),
...             eliminators=1, split="equal")
[(Decimal('15.00'), Decimal('22.50'))]
"""

from __future__ import annotations

from decimal import Decimal

from tdconsole.core.money import CENT, is_cents, quantize_money

FIXED = "fixed"
PROGRESSIVE = "pko"
EQUAL = "equal"
FIRST = "first"
KINDS = frozenset({FIXED, PROGRESSIVE})
SPLITS = frozenset({EQUAL, FIRST})
ZERO = Decimal("0.00")
HUNDRED = Decimal("100")


def _check(*, head: Decimal, kind: str, cash_percent: Decimal, unit: Decimal, eliminators: int, split: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown bounty kind {kind!r}")
    if split not in SPLITS:
        raise ValueError(f"unknown bounty split {split!r}")
    if not isinstance(eliminators, int) or isinstance(eliminators, bool) or eliminators < 1:
        raise ValueError("a bounty needs at least one eliminator")
    for name, value in (("head", head), ("unit", unit), ("cash_percent", cash_percent)):
        if not isinstance(value, Decimal) or not value.is_finite():
            raise ValueError(f"{name} must be a finite Decimal")
    if head < 0 or not is_cents(head):
        raise ValueError("a head is a whole number of cents, not negative")
    if unit <= 0 or not is_cents(unit):
        raise ValueError("the unit is a positive whole number of cents")
    if not 0 <= cash_percent <= HUNDRED:
        raise ValueError("the share paid at once is a percentage from 0 to 100")


def cash_now(*, head: Decimal, kind: str, cash_percent: Decimal, unit: Decimal) -> Decimal:
    """What of a head is paid at once: all of it (fixed), or the percentage rounded down to whole units."""
    if kind == FIXED:
        return quantize_money(head)
    units = (head * cash_percent) // (HUNDRED * unit)  # exact: divide-integer of non-negative amounts
    return quantize_money(units * unit)


def _share(amount: Decimal, grain: Decimal, ways: int) -> list[Decimal]:
    """`amount` shared `ways` ways in whole grains, the grains left over one each to the first ones."""
    grains = int(amount // grain)
    base, extra = divmod(grains, ways)
    return [(base + (1 if i < extra else 0)) * grain for i in range(ways)]


def award_split(*, head: Decimal, kind: str, cash_percent: Decimal, unit: Decimal, eliminators: int,
                split: str) -> list[tuple[Decimal, Decimal]]:
    """Each eliminator's (cash paid at once, gain on their own head), in the order named.

    The cash and head gains add up to `head` exactly; none is negative. Raises ValueError for an input
    no rules can have (an unknown kind or split, no eliminator, a negative head, fractions of cents).
    """
    _check(head=head, kind=kind, cash_percent=cash_percent, unit=unit, eliminators=eliminators, split=split)
    head = quantize_money(head)
    cash = cash_now(head=head, kind=kind, cash_percent=cash_percent, unit=unit)
    on_heads = head - cash
    if split == FIRST or eliminators == 1:
        return [(cash, on_heads)] + [(ZERO, ZERO)] * (eliminators - 1)
    in_units = _share(cash, unit, eliminators)
    below_unit = _share(cash - sum(in_units, ZERO), CENT, eliminators)  # only a fixed head off the unit
    gains = _share(on_heads, CENT, eliminators)
    return [(quantize_money(u + c), quantize_money(g)) for u, c, g in zip(in_units, below_unit, gains, strict=True)]
