"""The FloorDecision model moves from the rulings app to this one; its rows stay where they are.

The rules reference (rulings) must never need the adjudicator, and a floor decision names a saved
adjudication: the floor-decision log belongs here. Only Django's record of the models changes
(`SeparateDatabaseAndState` with no database operation): the model keeps the `rulings_floordecision`
table, its columns and its foreign keys (ruling applications keep pointing at it). The content type is
renamed, so permissions follow the model, and the audit trail's records that name the model
("rulings.floordecision") are rewritten to its new label. rulings/0006 then removes the model from the
rulings app's record. Both ways: migrating back restores the old names.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

OLD, NEW = "rulings", "adjudication"


def moved(to_app, from_app):
    """Give the floor decision's content type and audit records the label of `to_app`."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        if not ContentType.objects.filter(app_label=to_app, model="floordecision").exists():
            ContentType.objects.filter(app_label=from_app, model="floordecision").update(app_label=to_app)
        AuditEntry = apps.get_model("audit", "AuditEntry")
        old, new = f"{from_app}.floordecision", f"{to_app}.floordecision"
        changed = []
        for record in AuditEntry.entries.only("id", "objects").iterator(chunk_size=2000):
            objects = record.objects or []
            if any(isinstance(o, dict) and o.get("model") == old for o in objects):
                record.objects = [{**o, "model": new} if isinstance(o, dict) and o.get("model") == old else o
                                  for o in objects]
                changed.append(record)
            if len(changed) >= 500:
                AuditEntry.entries.bulk_update(changed, ["objects"])
                changed = []
        if changed:
            AuditEntry.entries.bulk_update(changed, ["objects"])

    return move


class Migration(migrations.Migration):

    dependencies = [
        ('adjudication', '0004_ruling_application'),
        ('rulings', '0005_full_tda_2024_reference'),
        ('tournaments', '0010_chip_sets'),
        ('audit', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='FloorDecision',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('table_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='table')),
                        ('seats', models.CharField(blank=True, max_length=60, verbose_name='seats involved')),
                        ('question', models.TextField(verbose_name='question')),
                        ('decision', models.TextField(verbose_name='decision')),
                        ('rule_cited', models.CharField(blank=True, max_length=120, verbose_name='rule cited')),
                        ('decided_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='decided at')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('search_text', models.TextField(blank=True)),
                        ('adjudication', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='floor_decisions', to='adjudication.savedadjudication', verbose_name='saved adjudication')),
                        ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('entry', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='decisions', to='rulings.ruleentry', verbose_name='reference entry')),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='floor_decisions', to='tournaments.event')),
                    ],
                    options={
                        'verbose_name': 'floor decision',
                        'verbose_name_plural': 'floor decisions',
                        'db_table': 'rulings_floordecision',
                        'ordering': ['-decided_at', '-id'],
                    },
                ),
                migrations.AlterField(
                    model_name='rulingapplication',
                    name='floor_decision',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='adjudication.floordecision'),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(moved(NEW, OLD), moved(OLD, NEW)),
    ]
