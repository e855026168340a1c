"""Demo data for the embedded default: staff accounts now, the demo tournament beside it."""

import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.db import transaction

STAFF_FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo_staff.json"


@transaction.atomic
def demo_staff_load() -> tuple[list[dict], str]:
    """Create (or keep) one demo account per role; return them and the shared password.

    An existing account keeps its password and data, so running this twice changes nothing.
    """
    data = json.loads(STAFF_FIXTURE.read_text(encoding="utf-8"))
    password = data["password"]
    for spec in data["users"]:
        user, created = User.objects.get_or_create(
            username=spec["username"],
            defaults={"first_name": spec.get("first_name", ""), "last_name": spec.get("last_name", "")},
        )
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        user.groups.add(Group.objects.get_or_create(name=spec["role"])[0])
    return data["users"], password
