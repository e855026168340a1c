"""The dealer button recorded per table (tournaments.tables.table_button_set)."""

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Event, Table
from tdconsole.tournaments.tables import table_button_set
from tests.factories import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return User.objects.create_user("floor-ana")


@pytest.fixture
def event():
    event = make_event("main", status=Event.Status.RUNNING, seats_per_table=8)
    Table.objects.create(venue=event.festival.venue, number=3, seats=9, event=event)
    return event


def test_it_records_the_button_and_audits_it(event, staff):
    table = table_button_set(event=event, table_number=3, seat=6, actor=staff)
    assert Table.objects.get(pk=table.pk).button_seat == 6
    record = AuditEntry.entries.get(action="table.button")
    assert record.event_id == event.pk
    assert record.actor_name == "floor-ana"
    assert record.before == {"table": 3, "button": None}
    assert record.after == {"table": 3, "button": 6}
    with translation.override("en"):
        assert "Button of table 3 at seat 6" in str(record.summary_text)
    with translation.override("pt-br"):
        assert "Botão da mesa 3 no assento 6" in str(record.summary_text)


def test_moving_it_keeps_the_seat_it_left(event, staff):
    table_button_set(event=event, table_number=3, seat=6, actor=staff)
    table_button_set(event=event, table_number=3, seat=8, actor=staff)
    last = AuditEntry.entries.filter(action="table.button").order_by("-id").first()
    assert (last.before["button"], last.after["button"]) == (6, 8)


def test_the_same_seat_again_records_nothing(event, staff):
    table_button_set(event=event, table_number=3, seat=6, actor=staff)
    table_button_set(event=event, table_number=3, seat=6, actor=staff)
    assert AuditEntry.entries.filter(action="table.button").count() == 1


@pytest.mark.parametrize("seat", [0, 9, -1, True])
def test_a_seat_off_the_table_is_refused(event, staff, seat):
    # The table has 9 seats but the event plays 8-handed: seat 9 is not in play.
    with translation.override("en"), pytest.raises(TournamentError, match="has no seat"):
        table_button_set(event=event, table_number=3, seat=seat, actor=staff)
    assert Table.objects.get(number=3).button_seat is None
    assert not AuditEntry.entries.filter(action="table.button").exists()


def test_a_table_of_another_event_is_refused(event, staff):
    other = make_event("other", status=Event.Status.RUNNING)
    Table.objects.create(venue=event.festival.venue, number=4, seats=9, event=other)
    with translation.override("pt-br"), pytest.raises(TournamentError, match="não está alocada"):
        table_button_set(event=event, table_number=4, seat=2, actor=staff)
    assert Table.objects.get(number=4).button_seat is None
