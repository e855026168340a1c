"""Fixtures of the cash desk: a running re-entry event with a structure that has breaks, paying players, and
the house's money rules."""

from decimal import Decimal

import pytest

from tdconsole.tournaments.models import Event
from tests import factories

# Blind levels 1-8, breaks after levels 2, 4 and 6.
LEVELS = [
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("break", 0, 0, 0, 10, None),
    ("level", 300, 600, 600, 20, None), ("level", 400, 800, 800, 20, None), ("break", 0, 0, 0, 10, None),
    ("level", 500, 1000, 1000, 20, None), ("level", 600, 1200, 1200, 20, None), ("break", 0, 0, 0, 15, 100),
    ("level", 800, 1600, 1600, 20, None), ("level", 1000, 2000, 2000, 20, None),
]
HOUSE_RULES = {
    "rebuy_until_level": 6, "rebuy_prize": Decimal("100"), "rebuy_fee": Decimal("10"), "rebuy_chips": 20000,
    "max_rebuys": 3, "double_rebuy": True,
    "addon_break_after_level": 6, "addon_prize": Decimal("50"), "addon_chips": 20000,
    "staff_addon_price": Decimal("10"), "staff_addon_chips": 5000,
    "bonus_chips": 2000, "bonus_until_level": 2,
}


@pytest.fixture
def festival(db):
    return factories.make_festival("cash-series", name="Cash Series", venue_name="Cash Room")


@pytest.fixture
def make_money_event(festival):
    """`make_money_event(**event fields)`: a running re-entry event (3 entries a player, late registration
    through level 4), buy-in 100 + 10, starting stack 20,000, the structure above."""
    counter = {"n": 0}

    def make(**fields) -> Event:
        counter["n"] += 1
        n = counter["n"]
        data = {"status": Event.Status.RUNNING, "format": Event.Format.REENTRY, "max_entries": 3,
                "late_registration_level": 4, "buy_in_prize": Decimal("100"), "buy_in_fee": Decimal("10")} | fields
        return factories.make_event(f"cash-{n}", festival=festival, levels=LEVELS, structure_name=f"Cash {n}",
                                    structure_slug=f"cash-{n}-structure", **data)

    return make


@pytest.fixture
def event(make_money_event):
    return make_money_event()


@pytest.fixture
def house(event):
    """The event with the house rules: rebuys until level 6 (3 a player, double allowed), the add-on at the
    break after level 6, a staff add-on, bonus chips until level 2."""
    factories.make_money_rules(event, **HOUSE_RULES)
    return event


@pytest.fixture
def ana(house):
    return factories.make_paid_entries(house, ["Ana"])[0]


@pytest.fixture
def bia(house):
    return factories.make_paid_entries(house, ["Bia"])[0]
