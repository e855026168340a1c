"""The prize desk's add-on counter moves to the cash desk (payouts/0003): each event's add-on price and chips
become its money rules; the anonymous count is dropped (nobody knows who bought them)."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("payouts", "0002_verbose_name_plural"), ("cashier", "0002_purchase_survives_cancel_and_merge")]
AFTER = [("payouts", "0003_addons_move_to_the_cash_desk")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def two_events(apps):
    """Two events with prize settings: one that sold add-ons at 50 for 10,000 chips, one without add-ons."""
    Venue = apps.get_model("tournaments", "Venue")
    venue = Venue.objects.create(name="Old Room")
    festival = apps.get_model("tournaments", "Festival").objects.create(name="Old", slug="old", venue=venue)
    structure = apps.get_model("tournaments", "Structure").objects.create(name="S", slug="s")
    Event = apps.get_model("tournaments", "Event")
    events = [Event.objects.create(festival=festival, structure=structure, name=f"E{n}", slug=f"e{n}",
                                   date=datetime.date(2026, 5, 1), buy_in_prize=Decimal("100"), starting_stack=10000)
              for n in (1, 2)]
    PrizeSettings = apps.get_model("payouts", "PrizeSettings")
    PrizeSettings.objects.create(event=events[0], addon_prize=Decimal("50"), addon_chips=10000, addons=7)
    PrizeSettings.objects.create(event=events[1])
    return [e.pk for e in events]


@pytest.mark.django_db(transaction=True)
def test_add_on_prices_and_chips_move_to_the_money_rules_and_back():
    try:
        apps = migrate(BEFORE)
        with_addons, without = two_events(apps)
        apps = migrate(AFTER)
        MoneyRules = apps.get_model("cashier", "MoneyRules")
        rules = MoneyRules.objects.get(event_id=with_addons)
        assert (rules.addon_prize, rules.addon_chips, rules.addon_break_after_level) == (Decimal("50.00"), 10000, None)
        assert not MoneyRules.objects.filter(event_id=without).exists()
        fields = {f.name for f in apps.get_model("payouts", "PrizeSettings")._meta.get_fields()}
        assert not fields & {"addon_prize", "addon_chips", "addons"}
        apps = migrate(BEFORE)
        back = apps.get_model("payouts", "PrizeSettings").objects.get(event_id=with_addons)
        assert (back.addon_prize, back.addon_chips, back.addons) == (Decimal("50.00"), 10000, 0)
    finally:
        migrate(latest())
