"""day2/0003 keeps each late entry's starting stack: the late entries taken before it get the stack the Day 2
page set then (what the chips in play counted them at), and the way back drops the records."""

import datetime
from decimal import Decimal

import pytest

from tests.migrations import latest, migrate

BEFORE = [("day2", "0002_day2_settings")]
AFTER = [("day2", "0003_late_entry_stacks")]




def day2_before(apps):
    """A merged main event (one advance) with two late entries and a 35,000 late stack, and a main event
    not merged whose entry is no late entry; the entry ids: late ones, then the others."""
    Venue, Festival, Structure, Event, Player, Entry = (apps.get_model("tournaments", name) for name in (
        "Venue", "Festival", "Structure", "Event", "Player", "Entry"))
    festival = Festival.objects.create(name="F", slug="f", venue=Venue.objects.create(name="Room"))
    structure = Structure.objects.create(name="S", slug="s")

    def event(slug):
        return Event.objects.create(festival=festival, structure=structure, name=slug, slug=slug, status="running",
                                    date=datetime.date(2026, 12, 1), buy_in_prize=Decimal("100"), starting_stack=20000)

    main, other = event("main"), event("other")
    people = [Player.objects.create(festival=festival, name=name) for name in ("Ana", "Bia", "Caio", "Davi")]
    carried = Entry.objects.create(event=main, player=people[0], number=1, carried=True, chips=50000)
    apps.get_model("day2", "Advance").objects.create(event=main, player=people[0], entry=carried, stack=50000)
    late = [Entry.objects.create(event=main, player=people[i], number=i + 1, chips=35000).pk for i in (1, 2)]
    apps.get_model("day2", "Day2Settings").objects.create(event=main, late_entries=True, late_stack=35000)
    elsewhere = Entry.objects.create(event=other, player=people[3], number=1, chips=20000).pk
    return late, [carried.pk, elsewhere]


@pytest.mark.django_db(transaction=True)
def test_late_entries_taken_before_keep_the_stack_set_then_and_the_way_back_drops_them():
    try:
        old = migrate(BEFORE)
        late, others = day2_before(old)
        new = migrate(AFTER)
        kept = dict(new.get_model("day2", "LateEntry").objects.values_list("entry_id", "stack"))
        assert kept == {late[0]: 35000, late[1]: 35000}
        assert not set(kept) & set(others)
        back = migrate(BEFORE)
        assert back.get_model("tournaments", "Entry").objects.filter(pk__in=late).count() == 2
    finally:
        migrate(latest())
