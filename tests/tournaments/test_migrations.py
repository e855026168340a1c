"""The Table model moved from the seating app to this one (tournaments/0007, seating/0007): the rows of a
database made before the move are all there after it, still joined to their entries and eliminations."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, connection, transaction

from tests.migrations import latest, migrate

BEFORE = [("tournaments", "0006_player_search_name"), ("seating", "0006_seat_draw_keeps_break_moves")]
AFTER = [("tournaments", "0007_table_moved_from_seating"), ("seating", "0007_table_moved_to_tournaments")]




def floor_before_the_move(apps):
    """A venue with two tables, one serving an event with a seated entry and a bust (models of seating/0006)."""
    Venue = apps.get_model("tournaments", "Venue")
    Table = apps.get_model("seating", "Table")
    venue = Venue.objects.create(name="Old Room")
    festival = apps.get_model("tournaments", "Festival").objects.create(name="Old", slug="old", venue=venue)
    structure = apps.get_model("tournaments", "Structure").objects.create(name="S", slug="s")
    event = apps.get_model("tournaments", "Event").objects.create(
        festival=festival, structure=structure, name="Old event", slug="old-event", date=datetime.date(2026, 5, 1),
        buy_in_prize=Decimal("100"), starting_stack=10000, status="running")
    seven = Table.objects.create(venue=venue, number=7, seats=8, event=event, break_order=2)
    Table.objects.create(venue=venue, number=8, seats=10)
    Player = apps.get_model("tournaments", "Player")
    Entry = apps.get_model("tournaments", "Entry")
    ana = Player.objects.create(festival=festival, name="Ana")
    bia = Player.objects.create(festival=festival, name="Bia")
    Entry.objects.create(event=event, player=ana, number=1, table=seven, seat=3)
    Entry.objects.create(event=event, player=bia, number=2, status="busted", place=2)
    apps.get_model("tournaments", "Elimination").objects.create(event=event, sequence=1, group=1, table=seven,
                                                                table_number=7)
    return seven.pk


def content_type():
    """The table's content type (created by `migrate` for the current models), as (pk, app label)."""
    return ContentType.objects.filter(model="table").values_list("pk", "app_label").first()


@pytest.mark.django_db(transaction=True)
def test_tables_and_the_rows_that_name_them_survive_the_move():
    try:
        migrate(latest())
        known = content_type()
        old = migrate(BEFORE)
        if known is not None:
            assert content_type() == (known[0], "seating")
        seven = floor_before_the_move(old)

        new = migrate(AFTER)
        Table = new.get_model("tournaments", "Table")
        Entry = new.get_model("tournaments", "Entry")
        assert Table._meta.db_table == "seating_table"
        assert sorted(Table.objects.values_list("number", "seats", "break_order")) == [(7, 8, 2), (8, 10, None)]
        table = Table.objects.get(pk=seven)
        assert table.event.slug == "old-event" and table.venue.name == "Old Room"
        assert Entry.objects.get(number=1).table.number == 7 and Entry.objects.get(number=1).seat == 3
        assert Entry.objects.get(number=2).table is None
        assert new.get_model("tournaments", "Elimination").objects.get().table_id == seven
        assert sorted(table.entries.values_list("number", flat=True)) == [1]
        if known is not None:
            assert content_type() == (known[0], "tournaments")
        # The constraints came along under their names: still enforced.
        with pytest.raises(IntegrityError), transaction.atomic():
            Table.objects.create(venue=table.venue, number=7)
        with pytest.raises(IntegrityError), transaction.atomic():
            Table.objects.create(venue=table.venue, number=9, seats=11)

        # And back: the move undone keeps the rows too.
        back = migrate(BEFORE)
        assert back.get_model("seating", "Table").objects.count() == 2
        assert back.get_model("tournaments", "Entry").objects.get(number=1).table_id == seven
    finally:
        migrate(latest())


@pytest.mark.django_db
def test_the_moved_model_reads_the_table_it_always_had():
    from tdconsole.tournaments.models import Entry, Table

    assert Table._meta.db_table == "seating_table"
    assert Table._meta.app_label == "tournaments"
    assert Entry._meta.get_field("table").related_model is Table
    tables = {t.name for t in connection.introspection.get_table_list(connection.cursor())}
    assert "seating_table" in tables and "tournaments_table" not in tables
