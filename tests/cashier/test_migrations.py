"""The prize desk's add-on counter moves to the cash desk (payouts/0003): each event's add-on price and chips
become its money rules; the anonymous count is dropped (nobody knows who bought them)."""

import datetime
import importlib
from decimal import Decimal

import pytest

from tests.migrations import latest, migrate

BEFORE = [("payouts", "0002_verbose_name_plural"), ("cashier", "0002_purchase_survives_cancel_and_merge")]
AFTER = [("payouts", "0003_addons_move_to_the_cash_desk")]




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


# --- cashier/0005: the running tally, counted from the purchases --------------------------------------------

TALLY = importlib.import_module("tdconsole.cashier.migrations.0005_cash_tally")


@pytest.mark.django_db
def test_the_tally_migration_counts_each_event_from_its_purchases_and_goes_back():
    from django.apps import apps as django_apps
    from django.utils import timezone

    from tdconsole.cashier.models import CashTally, Purchase
    from tests import factories

    festival = factories.make_festival("old-nights", name="Old nights", venue_name="Old room")
    sold, quiet, wrong = (factories.make_event(f"old-{n}", festival=festival, structure_slug=f"old-{n}-s",
                                               status="running") for n in range(3))
    ana, bia = factories.make_paid_entries(sold, ["Ana", "Bia"])
    # Sold before the tally existed: straight rows, counted nowhere yet.
    rows = [("rebuy", "100", 20000, None), ("double", "200", 40000, None), ("addon", "50", 25000, None),
            ("staff", "0", 5000, None), ("bonus", "0", 2000, None), ("rebuy", "100", 20000, timezone.now()),
            ("addon", "50", 25000, timezone.now())]
    for number, (kind, prize, chips, voided) in enumerate(rows, start=10):
        entry = bia if number % 2 else ana
        Purchase.objects.create(event=sold, entry=entry, player_id=entry.player_id, number=number, kind=kind,
                                prize=Decimal(prize), chips=chips, voided_at=voided,
                                void_reason="mistake" if voided else "")
    CashTally.objects.all().delete()
    factories.make_paid_entries(wrong, ["Caio"])
    CashTally.objects.create(event=wrong, extra_chips=999, extra_prize=Decimal("9.99"), rebuys=9, addons=9)

    TALLY.forwards(django_apps, None)

    def tally(event):
        return CashTally.objects.filter(event=event).values_list("extra_chips", "extra_prize", "rebuys",
                                                                 "addons").get()

    # 20,000 + 40,000 + 25,000 + 5,000 + 2,000 in force; the voided rebuy and add-on and the buy-ins left out.
    assert tally(sold) == (92000, Decimal("350.00"), 3, 1)
    assert tally(quiet) == (0, Decimal("0.00"), 0, 0)
    assert tally(wrong) == (0, Decimal("0.00"), 0, 0)  # counted again from its purchases (its buy-in only)
    TALLY.forwards(django_apps, None)  # twice: the same
    assert tally(sold) == (92000, Decimal("350.00"), 3, 1)
    TALLY.backwards(django_apps, None)
    assert not CashTally.objects.exists()
