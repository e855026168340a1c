"""Rebuild the stored search vectors from the Python stems (`simple` configuration) so PostgreSQL
ranks the reference as the SQLite scoring does. Nothing to do on other databases; reversible as a no-op
(the older vectors are rebuilt by running the older code's `rulings_sync`)."""

from django.db import migrations


def forwards(apps, schema_editor):
    from tdconsole.rulings.selectors import refresh_search_vectors

    refresh_search_vectors(apps.get_model("rulings", "RuleEntry"))


class Migration(migrations.Migration):

    dependencies = [("rulings", "0006_floor_decision_moved_to_adjudication")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
