"""Each late entry into Day 2 keeps its own starting stack. The late entries taken before this migration
get the stack set on the Day 2 page now (the one the chips in play counted them at until then)."""

import django.db.models.deletion
from django.db import migrations, models


def late_stacks_kept(apps, schema_editor):
    Day2Settings = apps.get_model("day2", "Day2Settings")
    Advance = apps.get_model("day2", "Advance")
    Entry = apps.get_model("tournaments", "Entry")
    LateEntry = apps.get_model("day2", "LateEntry")
    merged = set(Advance.objects.values_list("event_id", flat=True).distinct())
    rows = []
    for settings in Day2Settings.objects.filter(event_id__in=merged).select_related("event"):
        stack = settings.late_stack or settings.event.starting_stack
        rows += [LateEntry(entry_id=pk, stack=stack)
                 for pk in Entry.objects.filter(event_id=settings.event_id, carried=False).values_list("pk", flat=True)]
    LateEntry.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ('day2', '0002_day2_settings'),
        ('tournaments', '0014_entry_carried_and_bagged'),
    ]

    operations = [
        migrations.CreateModel(
            name='LateEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('stack', models.PositiveBigIntegerField(verbose_name='starting stack')),
                ('entry', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='day2_late', to='tournaments.entry')),
            ],
            options={
                'verbose_name': 'late entry into Day 2',
                'verbose_name_plural': 'late entries into Day 2',
            },
        ),
        migrations.RunPython(late_stacks_kept, migrations.RunPython.noop),
    ]
