"""The Table model now lives in the tournaments app (tournaments/0007): removed from this app's
record only; the `seating_table` database table and its rows stay, owned by the moved model."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("seating", "0006_seat_draw_keeps_break_moves"),
        ("tournaments", "0007_table_moved_from_seating"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Table")],
            database_operations=[],
        ),
    ]
