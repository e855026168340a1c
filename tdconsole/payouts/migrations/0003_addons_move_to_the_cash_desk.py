# The prize desk's anonymous add-on counter gives way to per-player add-on purchases at the cash desk.
# Each event's add-on price (to the prize pool) and chips move into its money rules (cashier.MoneyRules);
# the count of add-ons sold cannot become purchases (nobody knows who bought them), so it is dropped
# (docs/club-money.md says so). Reversed, the price and chips come back, with a count of 0.

from django.db import migrations


def addons_to_money_rules(apps, schema_editor):
    PrizeSettings = apps.get_model("payouts", "PrizeSettings")
    MoneyRules = apps.get_model("cashier", "MoneyRules")
    for settings in PrizeSettings.objects.exclude(addon_prize=0, addon_chips=0).iterator():
        rules, _created = MoneyRules.objects.get_or_create(event_id=settings.event_id)
        rules.addon_prize = settings.addon_prize
        rules.addon_chips = settings.addon_chips
        rules.save(update_fields=["addon_prize", "addon_chips"])


def addons_back_to_prize_settings(apps, schema_editor):
    PrizeSettings = apps.get_model("payouts", "PrizeSettings")
    MoneyRules = apps.get_model("cashier", "MoneyRules")
    for rules in MoneyRules.objects.exclude(addon_prize=0, addon_chips=0).iterator():
        settings, _created = PrizeSettings.objects.get_or_create(event_id=rules.event_id)
        settings.addon_prize = rules.addon_prize
        settings.addon_chips = rules.addon_chips
        settings.save(update_fields=["addon_prize", "addon_chips"])


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0002_verbose_name_plural'),
        ('cashier', '0002_purchase_survives_cancel_and_merge'),
    ]

    operations = [
        migrations.RunPython(addons_to_money_rules, addons_back_to_prize_settings),
        migrations.RemoveField(
            model_name='prizesettings',
            name='addon_chips',
        ),
        migrations.RemoveField(
            model_name='prizesettings',
            name='addon_prize',
        ),
        migrations.RemoveField(
            model_name='prizesettings',
            name='addons',
        ),
    ]
