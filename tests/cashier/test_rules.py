"""Money rules: what a director could get wrong is refused with a reason; changes are audited; the short
lines the screen and the dashboard show."""

from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.exceptions import MoneyRulesInvalid
from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import (
    RULE_FIELDS,
    money_rules_of,
    money_rules_problems,
    money_rules_set,
    money_screen_lines,
    rules_summary,
    structure_levels,
)
from tests import factories

from .conftest import HOUSE_RULES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def problems(event, **values):
    return money_rules_problems(event=event, values=values)


def test_an_event_without_rules_gets_unsaved_defaults_with_nothing_on_sale(event):
    rules = money_rules_of(event=event)
    assert rules.pk is None and rules.event == event
    assert (rules.rebuy_until_level, rules.addon_break_after_level, rules.bounty_kind, rules.staff_percent) == (
        None, None, "none", Decimal("0"))
    assert not MoneyRules.objects.exists()


def test_the_house_rules_have_no_problem(event):
    assert problems(event, **HOUSE_RULES) == []


def test_the_structure_is_read_as_blind_levels_and_the_levels_a_break_follows(event):
    assert structure_levels(event=event) == (8, frozenset({2, 4, 6}))


def test_rebuys_beyond_the_structure_are_refused(event):
    found = problems(event, **HOUSE_RULES | {"rebuy_until_level": 9})
    assert found == ["Rebuys: level 9, but the structure has only 8 blind levels."]
    assert problems(event, **HOUSE_RULES | {"rebuy_until_level": 0}) == ["Rebuys: levels are numbered from 1."]


def test_rebuys_need_chips_and_a_price(event):
    found = problems(event, rebuy_until_level=4, rebuy_chips=0, rebuy_prize=Decimal("0"))
    assert "A rebuy must give chips." in found
    assert "A rebuy must cost something: set what goes to the prize pool, or the fee." in found
    # A fee alone is a price.
    assert problems(event, rebuy_until_level=4, rebuy_chips=10000, rebuy_fee=Decimal("20")) == []


def test_rebuy_settings_without_a_last_level_are_refused(event):
    assert problems(event, rebuy_prize=Decimal("100"), rebuy_chips=20000) == [
        "Rebuy price, chips or limits are set but not the last level of rebuys: set it, or rebuys stay off."]


def test_a_limit_of_zero_rebuys_and_a_double_rebuy_that_can_never_be_sold_are_refused(event):
    assert "Rebuys per player is 0: leave it empty for no limit, or turn rebuys off." in problems(
        event, **HOUSE_RULES | {"max_rebuys": 0})
    assert problems(event, **HOUSE_RULES | {"max_rebuys": 1}) == [
        "A double rebuy counts as two rebuys: with one rebuy per player it can never be sold."]


@pytest.mark.parametrize("level", [1, 3, 5, 7, 8])
def test_an_add_on_at_a_level_no_break_follows_is_refused(event, level):
    assert problems(event, **HOUSE_RULES | {"addon_break_after_level": level}) == [
        f"The structure has no break right after level {level}: the add-on is sold at the break that directly "
        f"follows that level."]


@pytest.mark.parametrize("level", [2, 4, 6])
def test_an_add_on_at_a_break_that_follows_the_level_is_accepted(event, level):
    assert problems(event, **HOUSE_RULES | {"addon_break_after_level": level}) == []


def test_an_add_on_beyond_the_structure_is_refused(event):
    assert problems(event, **HOUSE_RULES | {"addon_break_after_level": 12}) == [
        "Add-on: level 12, but the structure has only 8 blind levels."]


def test_an_add_on_needs_chips_and_a_price(event):
    found = problems(event, addon_break_after_level=6, addon_chips=0, addon_prize=Decimal("0"))
    assert found == ["An add-on must give chips.", "An add-on must cost something (free chips are bonus chips)."]


def test_add_on_settings_without_their_break_are_refused(event):
    assert problems(event, addon_prize=Decimal("50"), addon_chips=20000) == [
        "Add-on price or chips are set but not the break it is sold at: choose the level that break follows, "
        "or the add-on stays off."]


def test_a_staff_add_on_needs_both_a_price_and_chips(event):
    assert problems(event, staff_addon_price=Decimal("10")) == ["The staff add-on has a price but gives no chips."]
    assert problems(event, staff_addon_chips=5000) == [
        "The staff add-on gives chips but has no price (free chips are bonus chips)."]


def test_bonus_chips_until_a_level_need_chips(event):
    assert problems(event, bonus_until_level=2) == ["Bonus chips until level 2, but no bonus chips are set."]


def test_a_bounty_kind_needs_an_amount_and_an_amount_needs_a_kind(event):
    assert problems(event, bounty_kind="fixed") == ["A bounty event needs the bounty per entry."]
    wanted = ["A bounty amount is set but the event has no bounty: choose a fixed bounty or a progressive "
              "knockout, or set the amounts to zero."]
    assert problems(event, bounty=Decimal("50")) == wanted
    assert problems(event, rebuy_bounty=Decimal("50")) != []
    assert problems(event, bounty_kind="pko", bounty=Decimal("50")) == []


@pytest.mark.parametrize("field", ["pko_cash_percent", "staff_percent"])
@pytest.mark.parametrize("value", ["100.01", "150", "-1"])
def test_percentages_outside_0_to_100_are_refused(event, field, value):
    found = problems(event, **{field: Decimal(value)})
    assert len(found) == 1
    assert "between 0 and 100" in found[0] or "cannot be negative" in found[0]


def test_a_smallest_bill_that_rounds_every_knockout_to_nothing_is_refused(event):
    found = problems(event, bounty_kind="pko", bounty=Decimal("50"), pko_cash_percent=Decimal("50"),
                     bounty_unit=Decimal("50"))
    assert found == ["With a smallest bill of R$50.00, the share paid at once of a R$50.00 bounty rounds down to "
                     "nothing."]


@pytest.mark.parametrize(("values", "fragment"), [
    ({"rebuy_prize": Decimal("-1")}, "cannot be negative"),
    ({"rebuy_prize": "abc"}, "not an amount"),
    ({"rebuy_prize": "NaN"}, "not an amount"),
    ({"rebuy_prize": Decimal("10.005")}, "whole cents"),
    ({"rebuy_prize": Decimal("1000000000")}, "too large"),
    ({"rebuy_chips": -5}, "cannot be negative"),
    ({"rebuy_chips": True}, "whole number"),
    ({"rebuy_chips": "12a"}, "whole number"),
    ({"rebuy_chips": 10**30}, "too large"),
    ({"bounty_kind": "sometimes"}, "choose one of the options"),
    ({"double_rebuy": "yes"}, "yes or no"),
    ({"bounty": None}, "a value is needed"),
])
def test_values_that_are_not_what_the_rule_stores_are_refused(event, values, fragment):
    found = problems(event, **values)
    assert any(fragment in p for p in found), found


def test_values_typed_as_text_are_read(event):
    assert problems(event, rebuy_until_level="4", rebuy_chips="20000", rebuy_prize="100.00") == []


def test_an_unknown_rule_is_a_programming_error(event):
    with pytest.raises(ValueError):
        money_rules_set(event=event, actor=None, values={"free_beer": True})


def test_refused_rules_change_nothing_and_say_every_problem(event, director):
    with pytest.raises(MoneyRulesInvalid) as refused:
        money_rules_set(event=event, actor=director, values={"rebuy_until_level": 9, "staff_addon_price": 10})
    assert refused.value.messages == ["Rebuys: level 9, but the structure has only 8 blind levels.",
                                      "A rebuy must give chips.",
                                      "A rebuy must cost something: set what goes to the prize pool, or the fee.",
                                      "The staff add-on has a price but gives no chips."]
    assert str(refused.value) == " ".join(refused.value.messages)
    assert not MoneyRules.objects.exists()
    assert not AuditEntry.entries.filter(action="cashier.rules").exists()


def test_refusals_read_in_portuguese(event):
    with translation.override("pt-br"):
        found = problems(event, **HOUSE_RULES | {"rebuy_until_level": 9, "addon_break_after_level": 5})
    assert found == ["Rebuys: nível 9, mas a estrutura tem só 8 níveis de blinds.",
                     "A estrutura não tem intervalo logo depois do nível 5: o add-on é vendido no intervalo que "
                     "vem logo depois desse nível."]


def test_rules_are_saved_and_audited_with_what_changed(event, director):
    rules = money_rules_set(event=event, actor=director, values=HOUSE_RULES)
    assert MoneyRules.objects.get(event=event).rebuy_until_level == 6
    record = AuditEntry.entries.get(action="cashier.rules")
    assert record.before is None
    assert record.after["rebuy_until_level"] == 6 and record.after["addon_prize"] == "50.00"
    assert record.summary_text == "Money rules changed"
    # Only what changes is recorded; setting the same again records nothing.
    money_rules_set(event=event, actor=director, values={"rebuy_until_level": 6})
    assert AuditEntry.entries.filter(action="cashier.rules").count() == 1
    money_rules_set(event=event, actor=director, values={"max_rebuys": 2})
    last = AuditEntry.entries.filter(action="cashier.rules").order_by("-id").first()
    assert (last.before, last.after) == ({"max_rebuys": 3}, {"max_rebuys": 2})
    assert rules.pk == MoneyRules.objects.get(event=event).pk


def test_changing_a_price_after_sales_is_allowed_and_audited_with_the_sales_before(house, ana, director):
    factories.sell_at_desk(house, ana, "rebuy")
    money_rules_set(event=house, actor=director, values={"rebuy_prize": Decimal("120")})
    last = AuditEntry.entries.filter(action="cashier.rules").order_by("-id").first()
    assert last.before == {"rebuy_prize": "100.00"}
    assert last.after == {"rebuy_prize": "120.00", "sales_before": 2}  # the buy-in and the rebuy
    assert last.summary_text == "Money rules changed after 2 sales (they keep their prices and chips)"
    # The rebuy sold keeps its price.
    assert ana.purchases.get(kind="rebuy").prize == Decimal("100.00")


# --- the lines the screen and the dashboard show -------------------------------------------------------------


def test_the_dashboard_lines_say_every_rule_in_english_and_in_portuguese(house):
    factories.make_money_rules(house, staff_percent=Decimal("3"), bounty_kind="fixed", bounty=Decimal("50"))
    rules = money_rules_of(event=house)
    assert rules_summary(rules=rules, lang="en") == [
        "Rebuys until level 6",
        "Rebuy: R$110.00 for 20,000 chips",
        "Double rebuy: R$220.00 for 40,000 chips",
        "Add-on at the break after level 6: R$50.00 for 20,000 chips",
        "Staff add-on: R$10.00 for 5,000 chips",
        "Bonus chips: 2,000 until level 2",
        "Bounty: R$50.00",
        "Staff deduction: 3% of the prize pool",
    ]
    assert rules_summary(rules=rules, lang="pt-br")[:4] == [
        "Rebuys até o nível 6",
        "Rebuy: R$\xa0110,00 por 20.000 fichas",
        "Rebuy duplo: R$\xa0220,00 por 40.000 fichas",
        "Add-on no intervalo depois do nível 6: R$\xa050,00 por 20.000 fichas",
    ]


def test_an_event_without_rules_has_no_lines(event):
    assert rules_summary(rules=money_rules_of(event=event), lang="en") == []
    assert money_screen_lines(event=event, level_number=3, on_break_after=None, lang="en") == []


def screen(event, level=None, after=None, lang="en"):
    return money_screen_lines(event=event, level_number=level, on_break_after=after, lang=lang)


def test_the_screen_says_rebuys_while_they_are_open_and_the_add_on_at_its_break(house):
    factories.make_money_rules(house, staff_addon_price=0, staff_addon_chips=0, bonus_chips=0, bonus_until_level=None)
    assert screen(house, level=3) == ["Rebuys until level 6", "Rebuy: R$110.00 for 20,000 chips",
                                      "Double rebuy: R$220.00 for 40,000 chips",
                                      "Add-on at the break after level 6: R$50.00 for 20,000 chips"]
    at_break = screen(house, level=6, after=6)
    assert "Add-on: R$50.00 for 20,000 chips" in at_break
    assert "Rebuys until level 6" in at_break  # a break counts as the level before it
    assert screen(house, level=6, after=6, lang="pt-br")[-1] == "Add-on: R$\xa050,00 por 20.000 fichas"
    assert screen(house, level=7) == []


def test_the_screen_says_the_staff_add_on_and_the_bonus_only_while_they_are_sold(house):
    assert "Bonus chips: 2,000 until level 2" in screen(house, level=2)
    assert not any("Bonus" in line for line in screen(house, level=3))
    assert "Staff add-on: R$10.00 for 5,000 chips" in screen(house, level=5)
    factories.make_money_rules(house, rebuy_until_level=None, rebuy_prize=0, rebuy_fee=0, rebuy_chips=0,
                               max_rebuys=None, double_rebuy=False)
    # Late registration runs through level 4; the add-on break after 6 sells it again.
    assert any("Staff add-on" in line for line in screen(house, level=4))
    assert not any("Staff add-on" in line for line in screen(house, level=4, after=4))
    assert not any("Staff add-on" in line for line in screen(house, level=5))
    assert any("Staff add-on" in line for line in screen(house, level=6, after=6))


def test_every_rule_field_is_known_to_the_service():
    assert set(RULE_FIELDS) == {f.name for f in MoneyRules._meta.concrete_fields} - {"id", "event"}
