"""Every refusal of an undo answers 409 with its message, changes nothing, and never a 500."""

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.seating.registration import entry_register_seated
from tdconsole.seating.services import seats_draw_initial, table_break
from tdconsole.tournaments.eliminations import elimination_undo, entry_eliminate
from tdconsole.tournaments.models import Elimination, Entry, Event
from tests import factories

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def running(make_event, director):
    """A running re-entry event of 20 seated players over tables 1-3, registration open."""
    return factories.seated_at_desk(make_event(format=Event.Format.REENTRY, max_entries=3), 20, actor=director)


def first_at(event, table):
    return Entry.objects.filter(event=event, table__number=table).order_by("seat").first()


def bust_first_at(event, director, table=1):
    entry = first_at(event, table)
    return entry, entry_eliminate(event=event, table_number=table, seat=entry.seat, actor=director, level_position=None)


def undo_url(event, pk):
    return reverse("tournaments:elimination_undo", kwargs={"slug": event.slug, "pk": pk})


def assert_refused(client, event, pk, message, htmx=True):
    """The undo answers 409 with `message` and writes nothing."""
    audits = AuditEntry.entries.count()
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count()
    eliminations = Elimination.objects.count()
    response = client.post(undo_url(event, pk), **(HTMX | EN if htmx else EN))
    html = response.content.decode()
    assert response.status_code == 409, html[:300]
    assert 'data-testid="form-error"' in html and message in html
    assert ("<html" in html) is not htmx
    assert AuditEntry.entries.count() == audits and Elimination.objects.count() == eliminations
    assert Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count() == alive


@pytest.mark.parametrize("htmx", [True, False])
def test_undo_of_an_unknown_elimination(running, client_as, htmx):
    assert_refused(client_as("floor"), running, 987654, "no longer exists", htmx=htmx)


@pytest.mark.parametrize("pk", [99999999999999999999999, 9223372036854775808, 2**63 - 1])
def test_undo_of_an_id_beyond_the_database_range(running, client_as, pk):
    assert_refused(client_as("floor"), running, pk, "no longer exists")


def test_undo_of_an_elimination_already_undone(running, client_as, director):
    _entry, elimination = bust_first_at(running, director)
    elimination_undo(event=running, elimination_id=elimination.pk, actor=director)
    assert_refused(client_as("floor"), running, elimination.pk, "no longer exists")


def test_undo_of_an_elimination_of_another_event(running, make_event, register, client_as, director):
    other = make_event(name="Other", tables=(10, 11))
    for i in range(4):
        register(other, f"Other {i}")
    seats_draw_initial(event=other, actor=director)
    Event.objects.filter(pk=other.pk).update(status=Event.Status.RUNNING)
    other.refresh_from_db()
    _entry, elimination = bust_first_at(other, director, table=10)
    assert_refused(client_as("floor"), running, elimination.pk, "no longer exists")
    assert Elimination.objects.filter(pk=elimination.pk).exists()


def test_undo_after_the_player_re_entered(running, client_as, director):
    entry, elimination = bust_first_at(running, director)
    again = entry_register_seated(event=running, player=entry.player, actor=director, level_position=None)
    assert again.status == Entry.Status.ALIVE
    assert_refused(client_as("floor"), running, elimination.pk, "has re-entered since")


def test_undo_after_the_player_re_entered_into_the_same_seat(running, client_as, director):
    entry, elimination = bust_first_at(running, director)
    again = entry_register_seated(event=running, player=entry.player, actor=director, level_position=None)
    Entry.objects.filter(pk=again.pk).update(table_id=entry.table_id, seat=entry.seat)
    assert_refused(client_as("floor"), running, elimination.pk, "has re-entered since")


def test_undo_after_someone_else_took_the_seat(running, client_as, director):
    entry, elimination = bust_first_at(running, director)
    other = first_at(running, 2)
    Entry.objects.filter(pk=other.pk).update(table_id=entry.table_id, seat=entry.seat)
    assert_refused(client_as("floor"), running, elimination.pk, "Someone now sits at table 1")


def test_undo_after_another_bust_at_that_table(running, client_as, director):
    _entry, elimination = bust_first_at(running, director)
    bust_first_at(running, director)
    assert_refused(client_as("floor"), running, elimination.pk, "undo that one first")


def test_undo_after_the_table_broke(running, client_as, director):
    _entry, elimination = bust_first_at(running, director, table=3)
    bust_first_at(running, director, table=1)  # room elsewhere for table 3's players
    table_break(event=running, table_number=3, actor=director)
    assert_refused(client_as("floor"), running, elimination.pk, "no longer in play")


def test_undo_once_the_event_is_finished(running, client_as, director):
    _entry, elimination = bust_first_at(running, director)
    Event.objects.filter(pk=running.pk).update(status=Event.Status.FINISHED)
    assert_refused(client_as("floor"), running, elimination.pk, "only be undone while the event runs")


def test_a_refused_undo_without_htmx_shows_the_page_with_the_message(running, client_as, director):
    _entry, elimination = bust_first_at(running, director)
    bust_first_at(running, director)
    assert_refused(client_as("floor"), running, elimination.pk, "undo that one first", htmx=False)


def test_an_undo_that_works_still_redirects_without_htmx(running, client_as, director):
    entry, elimination = bust_first_at(running, director)
    response = client_as("floor").post(undo_url(running, elimination.pk))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ALIVE
