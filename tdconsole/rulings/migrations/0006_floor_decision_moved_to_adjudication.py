"""The FloorDecision model now lives in the adjudication app (adjudication/0005): removed from this app's
record only; the `rulings_floordecision` database table and its rows stay, owned by the moved model."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("adjudication", "0005_floor_decision_moved_from_rulings"),
        ("rulings", "0005_full_tda_2024_reference"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="FloorDecision")],
            database_operations=[],
        ),
    ]
