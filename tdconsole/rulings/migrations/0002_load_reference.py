"""Load the rules reference and glossary from the content files (later edits: manage.py rulings_sync)."""

from django.db import migrations


def load(apps, schema_editor):
    from tdconsole.rulings.sync import rulings_sync

    rulings_sync(entry_model=apps.get_model("rulings", "RuleEntry"), term_model=apps.get_model("rulings", "GlossaryTerm"))


def unload(apps, schema_editor):
    apps.get_model("rulings", "GlossaryTerm").objects.all().delete()
    apps.get_model("rulings", "RuleEntry").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("rulings", "0001_initial")]

    operations = [migrations.RunPython(load, unload)]
