"""The Table model moves from the seating app to this one; its rows stay where they are.

Only Django's record of the models changes (`SeparateDatabaseAndState` with no database
operation): the model keeps the `seating_table` database table, its columns, its constraints
and their names, and the foreign keys of entries and eliminations keep pointing at it. The
content type is renamed as well, so permissions and admin log rows follow the model.
seating/0007 then removes the model from the seating app's record.
"""

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models


def content_type_to(app_label):
    """Move the table's content type to `app_label` (when there is one, and none there already)."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        other = "seating" if app_label == "tournaments" else "tournaments"
        if ContentType.objects.filter(app_label=app_label, model="table").exists():
            return
        ContentType.objects.filter(app_label=other, model="table").update(app_label=app_label)

    return move


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("seating", "0006_seat_draw_keeps_break_moves"),
        ("tournaments", "0006_player_search_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Table",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("number", models.PositiveIntegerField(verbose_name="number")),
                        ("seats", models.PositiveSmallIntegerField(
                            default=9, verbose_name="seats",
                            validators=[django.core.validators.MinValueValidator(2),
                                        django.core.validators.MaxValueValidator(10)])),
                        ("break_order", models.PositiveIntegerField(blank=True, null=True,
                                                                    verbose_name="break order")),
                        ("event", models.ForeignKey(blank=True, null=True,
                                                    on_delete=django.db.models.deletion.SET_NULL,
                                                    related_name="tables", to="tournaments.event")),
                        ("venue", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                                    related_name="tables", to="tournaments.venue")),
                    ],
                    options={
                        "verbose_name": "table",
                        "verbose_name_plural": "tables",
                        "db_table": "seating_table",
                        "ordering": ["venue_id", "number"],
                        "constraints": [
                            models.UniqueConstraint(fields=("venue", "number"), name="table_number_unique"),
                            models.CheckConstraint(condition=models.Q(("seats__gte", 2), ("seats__lte", 10)),
                                                   name="table_seats_2_to_10"),
                        ],
                    },
                ),
                migrations.AlterField(
                    model_name="entry",
                    name="table",
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                            related_name="entries", to="tournaments.table"),
                ),
                migrations.AlterField(
                    model_name="elimination",
                    name="table",
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                            related_name="eliminations", to="tournaments.table"),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_type_to("tournaments"), content_type_to("seating")),
    ]
