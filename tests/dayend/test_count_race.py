"""Two clerks typing counts for the same table at once (row locks; PostgreSQL): the last write wins
cleanly, each write is audited, and an entry never gets two rows for one day."""

from functools import partial

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.dayend.counting import bag_count_record
from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.models import BagCount
from tdconsole.tournaments.models import ChipCount, Entry
from tests import factories
from tests.races import at_once

from .conftest import make_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("round_", range(4))
def test_two_clerks_counting_one_seat_leave_one_row_with_one_of_the_counts(cast, round_):
    event = make_event(slug=f"race-{round_}")
    factories.make_entries(event, 6)
    factories.seat_field(event)
    day = day_end_set(event=event, actor=cast["director"], name="Dia 1A", last_level=2)
    entry = Entry.objects.filter(event=event).order_by("seat").first()
    clerks = (cast["floor"], cast["director"])
    results = at_once(*[partial(bag_count_record, event=event, day=day, entry_id=entry.pk, typed=typed, actor=clerk)
                        for typed, clerk in zip(("12.350", "13.350"), clerks, strict=True)])
    assert not [r for r in results if isinstance(r, BaseException)]
    bag = BagCount.objects.get(day=day, entry=entry)
    assert bag.chips in (12350, 13350)
    assert bag.version == 2
    entry.refresh_from_db()
    assert entry.chips == bag.chips  # the entry's last count is the winning one
    audits = list(AuditEntry.entries.filter(action="chips.count", event_id=event.pk).order_by("id"))
    assert len(audits) == 2
    assert audits[-1].after == {str(entry.number): bag.chips}
    assert ChipCount.objects.filter(entry=entry).count() == 2


def test_two_clerks_counting_different_seats_of_one_table_both_save(cast):
    event = make_event(slug="race-table")
    factories.make_entries(event, 6)
    factories.seat_field(event)
    day = day_end_set(event=event, actor=cast["director"], name="Dia 1A", last_level=2)
    entries = list(Entry.objects.filter(event=event).order_by("seat"))
    calls = [partial(bag_count_record, event=event, day=day, entry_id=e.pk, typed=f"{20 + i}.000", actor=cast["floor"])
             for i, e in enumerate(entries)]
    results = at_once(*calls)
    assert not [r for r in results if isinstance(r, BaseException)]
    assert sorted(BagCount.objects.filter(day=day).values_list("chips", flat=True)) == [
        20000, 21000, 22000, 23000, 24000, 25000]
