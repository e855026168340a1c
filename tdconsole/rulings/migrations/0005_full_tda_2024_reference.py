"""Topics for the whole TDA 2024 rulebook, and the new entries loaded into existing databases on migrate.

`make setup` also runs `rulings_sync`; loading here as well means a database that is only migrated
(a deploy running `migrate` alone) gets the new topics' entries too. The sync is idempotent.
"""

from django.db import migrations, models


def load(apps, schema_editor):
    from tdconsole.rulings.sync import rulings_sync

    rulings_sync(entry_model=apps.get_model("rulings", "RuleEntry"), term_model=apps.get_model("rulings", "GlossaryTerm"))


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0004_verbose_name_plural'),
    ]

    operations = [
        migrations.AlterField(
            model_name='ruleentry',
            name='topic',
            field=models.CharField(choices=[('general', 'General concepts'), ('seating', 'Seating, breaking and balancing'), ('blinds', 'Button and blinds'), ('dealing', 'Dealing, misdeals and exposed cards'), ('betting', 'Betting and raising'), ('allins', 'All-ins and side pots'), ('showdown', 'Showdown'), ('split', 'Split pots and odd chips'), ('chips', 'Chips: races, colour-ups and visibility'), ('elimination', 'Hand-for-hand and simultaneous eliminations'), ('procedures', 'Levels, clock and room procedures'), ('conduct', 'Etiquette and penalties'), ('cash', 'Cash game versus tournament'), ('limits', 'Limit structures'), ('mixed', 'Mixed games, stud and draw')], max_length=20),
        ),
        migrations.RunPython(load, migrations.RunPython.noop),
    ]
