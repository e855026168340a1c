import unicodedata

from django.db import migrations, models

_DROPPED = frozenset("'’‘`´.")


def search_key(text):
    """A frozen copy of tdconsole.tournaments.names.search_key as it was when this migration was written."""
    kept = []
    for char in unicodedata.normalize("NFKD", (text or "").casefold()):
        if unicodedata.combining(char) or char in _DROPPED:
            continue
        kept.append(" " if unicodedata.category(char)[0] in "PSZC" else char)
    return " ".join("".join(kept).split())


def fill_search_nicknames(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    batch = []
    for player in Player.objects.exclude(nickname="").only("id", "nickname").iterator(chunk_size=2000):
        player.search_nickname = search_key(player.nickname)[:60]
        batch.append(player)
        if len(batch) >= 2000:
            Player.objects.bulk_update(batch, ["search_nickname"])
            batch = []
    Player.objects.bulk_update(batch, ["search_nickname"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0008_table_button"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_nickname",
            field=models.CharField(blank=True, editable=False, max_length=60, verbose_name="nickname for search"),
        ),
        migrations.RunPython(fill_search_nicknames, migrations.RunPython.noop),
    ]
