"""The money rules form (/events/<slug>/cash/rules/, Director) and the rules on the dashboard."""

from decimal import Decimal as D

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import MoneyRules
from tdconsole.cashier.rules import RULE_FIELDS
from tdconsole.cashier_pages.forms import GROUPS, typed_amount, typed_whole
from tdconsole.core.once import new_token

from .conftest import EN, url

pytestmark = pytest.mark.django_db


def form_data(**changes):
    """Every field as the form sends it for an event without rules, with `changes`."""
    data = {name: "" for name in RULE_FIELDS}
    data |= {"rebuy_condition": "stack", "max_addons": "1", "rebuy_prize": "0", "rebuy_fee": "0", "rebuy_chips": "0",
             "addon_prize": "0", "addon_fee": "0", "addon_chips": "0", "staff_addon_price": "0",
             "staff_addon_chips": "0", "bonus_chips": "0", "bounty_kind": "none", "bounty": "0", "rebuy_bounty": "0",
             "pko_cash_percent": "50", "bounty_unit": "1", "bounty_split": "equal", "staff_percent": "0"}
    data.pop("double_rebuy")
    return data | changes | {"_once": new_token()}


def test_every_rule_is_in_exactly_one_group():
    grouped = [name for _title, names in GROUPS for name in names]
    assert sorted(grouped) == sorted(RULE_FIELDS) and len(grouped) == len(set(grouped))


def test_amounts_and_chips_are_read_as_typed_in_either_language():
    assert typed_amount("1.234,50") == "1234.50" and typed_amount("1,234.50") == "1234.50"
    assert typed_amount("50,5") == "50.5" and typed_amount("R$") == "R$"
    assert typed_whole("20.000") == "20000" and typed_whole("1,000,000") == "1000000"
    assert typed_whole("1,5") == "1,5"  # not a whole number: refused by the rules check, never read as 15


@pytest.mark.parametrize("role", ["registration", "viewer", "floor"])
def test_only_the_director_opens_the_rules(event, client_as, role):
    assert client_as(role).get(url("rules", event)).status_code == 403


def test_valid_rules_are_saved_and_audited(event, client_as):
    response = client_as("director").post(url("rules", event), form_data(
        rebuy_until_level="6", rebuy_prize="100,00", rebuy_fee="10", rebuy_chips="20.000", double_rebuy="on",
        addon_break_after_level="6", addon_prize="50", addon_chips="20.000"))
    assert response.status_code == 302
    rules = MoneyRules.objects.get(event=event)
    assert (rules.rebuy_until_level, rules.rebuy_prize, rules.rebuy_chips, rules.double_rebuy) == (
        6, D("100.00"), 20000, True)
    assert rules.addon_break_after_level == 6 and rules.addon_chips == 20000
    assert AuditEntry._default_manager.filter(action="cashier.rules").count() == 1
    page = client_as("director").get(url("rules", event), **EN).content.decode()
    assert "Rebuys until level 6" in page  # the summary as the players read it


@pytest.mark.parametrize("headers,message", [
    (EN, "The structure has no break right after level 5"),
    ({"HTTP_ACCEPT_LANGUAGE": "pt-br"}, "5"),
])
def test_invalid_rules_re_render_the_form_with_every_problem_and_save_nothing(event, client_as, headers, message):
    response = client_as("director").post(url("rules", event), form_data(
        addon_break_after_level="5", addon_prize="50", addon_chips="", rebuy_chips="abc"), **headers)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-testid="rules-problems"' in html and message in html
    assert html.count("<li>") >= 3  # the break, the chips of the add-on, the rebuy chips typed wrong
    assert 'value="abc"' in html  # what was typed stays in the form
    assert not MoneyRules.objects.filter(event=event).exists()
    assert not AuditEntry._default_manager.filter(action="cashier.rules").exists()


def test_the_dashboard_shows_the_rules_and_the_cash_pages_each_role_may_open(house, client_as):
    dashboard = reverse("tournaments:event_dashboard", kwargs={"slug": house.slug})
    director = client_as("director").get(dashboard, **EN).content.decode()
    assert "Rebuys until level 6" in director and "Add-on at the break after level 6" in director
    for testid in ("dash-cash", "dash-closeout", "dash-money-rules"):
        assert f'data-testid="{testid}"' in director
    registration = client_as("registration").get(dashboard).content.decode()
    assert 'data-testid="dash-closeout"' in registration and 'data-testid="dash-money-rules"' not in registration
    viewer = client_as("viewer").get(dashboard).content.decode()
    assert 'data-testid="dash-cash"' in viewer and 'data-testid="dash-closeout"' not in viewer
    floor = client_as("floor").get(dashboard).content.decode()
    assert 'data-testid="dash-cash"' not in floor
