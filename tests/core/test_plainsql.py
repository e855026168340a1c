"""`core.plainsql` writes and reads rows exactly as the ORM does: an INSERT gives the same row as
`objects.create` (defaults, `auto_now_add`, JSON, foreign keys, decimals), an UPDATE the same as
`save(update_fields=...)`, and a row read back becomes the same instance as the ORM's read (SQLite's text
datetimes, float decimals and 0/1 booleans converted), on SQLite and on PostgreSQL."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import MoneyRules, Purchase
from tdconsole.core import plainsql
from tdconsole.tournaments.models import Entry, Event
from tests import factories

pytestmark = pytest.mark.django_db


def fields_of(obj):
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields if not f.primary_key}


def test_an_insert_is_the_row_the_orm_would_write():
    before = timezone.now()
    plain = plainsql.insert(AuditEntry(actor_name="ana", event_id=7, action="x.y", summary="s",
                                       summary_args={"n": [1, "dois"], "ç": None}, before={"a": "1.50"}, after=None))
    orm = AuditEntry.entries.create(actor_name="ana", event_id=7, action="x.y", summary="s",
                                    summary_args={"n": [1, "dois"], "ç": None}, before={"a": "1.50"}, after=None)
    assert plain.pk is not None and plain.pk != orm.pk and not plain._state.adding
    read, again = AuditEntry.entries.get(pk=plain.pk), AuditEntry.entries.get(pk=orm.pk)
    mine, theirs = fields_of(read), fields_of(again)
    assert before <= mine.pop("created_at") <= theirs.pop("created_at")  # auto_now_add filled in
    assert mine == theirs and read.objects == []  # the default of a field not given


def test_an_insert_with_foreign_keys_and_decimals_and_an_update():
    event = factories.make_event("plain", status=Event.Status.RUNNING)
    (entry,) = factories.make_entries(event, 1)
    purchase = plainsql.insert(Purchase(event=event, entry=entry, player_id=entry.player_id, number=1, kind="rebuy",
                                        prize=Decimal("33.35"), fee=Decimal("0.05"), bounty=Decimal("12.50"),
                                        staff=Decimal("0"), chips=20000, method="pix"))
    read = Purchase.objects.get(pk=purchase.pk)
    assert (read.event_id, read.entry_id, read.prize, read.fee, read.bounty, read.chips, read.method) == (
        event.pk, entry.pk, Decimal("33.35"), Decimal("0.05"), Decimal("12.50"), 20000, "pix")
    assert read.voided_at is None and read.created_at is not None
    entry.chips = 54321
    plainsql.update(entry, ["chips"])
    assert Entry.objects.get(pk=entry.pk).chips == 54321


def test_a_row_read_back_is_the_instance_the_orm_reads():
    event = factories.make_event("plain", status=Event.Status.RUNNING,
                                 registration_closed_at=timezone.now() - timedelta(minutes=5))
    rules = MoneyRules.objects.create(event=event, rebuy_until_level=4, rebuy_prize=Decimal("100.10"),
                                      double_rebuy=True, pko_cash_percent=Decimal("37.50"), bounty_kind="pko")
    sql = (f"SELECT {plainsql.columns(Event, 'ev')}, {plainsql.columns(MoneyRules, 'r')} "
           f"FROM {plainsql.table(Event)} ev JOIN {plainsql.table(MoneyRules)} r "
           f"ON r.{plainsql.column(MoneyRules, 'event')} = ev.{plainsql.column(Event, 'id')} "
           f"WHERE ev.{plainsql.column(Event, 'id')} = %s" + plainsql.lock_suffix("ev"))
    with transaction.atomic():
        row = plainsql.run(sql, [event.pk])[0]
    split = len(Event._meta.concrete_fields)
    got_event, got_rules = plainsql.instance(Event, row[:split]), plainsql.instance(MoneyRules, row[split:])
    orm_event, orm_rules = Event.objects.get(pk=event.pk), MoneyRules.objects.get(pk=rules.pk)
    assert fields_of(got_event) == fields_of(orm_event) and got_event.pk == event.pk
    assert fields_of(got_rules) == fields_of(orm_rules)
    # The types are the ORM's, not the database's (SQLite stores these as text, float and 0/1).
    assert got_event.registration_closed_at == orm_event.registration_closed_at
    assert got_event.registration_closed_at.tzinfo is not None
    assert got_rules.double_rebuy is True and str(got_rules.rebuy_prize) == "100.10"
    assert not got_event._state.adding and got_event._state.db == connection.alias


def test_the_lock_suffix_locks_on_postgresql_only():
    suffix = plainsql.lock_suffix("ev")
    assert suffix == (" FOR UPDATE OF ev" if connection.vendor == "postgresql" else "")
