"""Small builders for tests across apps (plain functions, no factory library)."""

import datetime
from decimal import Decimal

from tdconsole.tournaments.models import Event, Festival, Level, Structure, Venue


def make_event(slug: str = "main", *, levels: int = 3, **fields) -> Event:
    venue, _ = Venue.objects.get_or_create(name="Test venue")
    festival, _ = Festival.objects.get_or_create(slug="fest", defaults={"name": "Test festival", "venue": venue})
    structure = Structure.objects.create(name=f"{slug} structure", slug=f"{slug}-structure", is_template=False)
    Level.objects.bulk_create(
        Level(structure=structure, position=i + 1, small_blind=100 * (i + 1), big_blind=200 * (i + 1),
              ante=200 * (i + 1), minutes=20)
        for i in range(levels)
    )
    defaults = {
        "festival": festival, "name": f"Event {slug}", "slug": slug, "date": datetime.date(2026, 11, 30),
        "buy_in_prize": Decimal("500.00"), "buy_in_fee": Decimal("50.00"), "starting_stack": 20000,
        "structure": structure,
    }
    defaults.update(fields)
    return Event.objects.create(**defaults)
