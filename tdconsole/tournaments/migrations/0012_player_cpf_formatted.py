"""Write every CPF already on file one way (`123.456.789-09`), as the desk now keeps them, so a CPF typed
bare or formatted finds the same player. Documents that are not CPFs, CPFs whose check digits are wrong
(kept as typed: staff correct them on the player page) and a CPF another player of the same festival
already holds formatted (a duplicate for staff to merge) are left as they are."""

import re

from django.db import migrations


def _digits(document):
    bare = re.sub(r"[.\-\s/]", "", document or "")
    return bare if len(bare) == 11 and bare.isascii() and bare.isdigit() else None


def _valid(d):
    if len(set(d)) == 1:
        return False

    def check(part):
        rest = sum(int(x) * w for x, w in zip(part, range(len(part) + 1, 1, -1))) % 11
        return 0 if rest < 2 else 11 - rest

    return check(d[:9]) == int(d[9]) and check(d[:10]) == int(d[10])


def forwards(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    taken = set(Player.objects.exclude(document="").values_list("festival_id", "document"))
    for player in Player.objects.exclude(document="").only("pk", "festival_id", "document").iterator():
        digits = _digits(player.document)
        if digits is None or not _valid(digits):
            continue
        formatted = f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
        if formatted == player.document or (player.festival_id, formatted) in taken:
            continue
        taken.discard((player.festival_id, player.document))
        taken.add((player.festival_id, formatted))
        Player.objects.filter(pk=player.pk).update(document=formatted)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_player_city_country")]

    # Backwards leaves the CPFs formatted: the older code reads a formatted CPF as any other document.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop, elidable=False)]
