"""Busts by table and seat, their places, and undo (tournaments/eliminations.py)."""

import pytest
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.eliminations import SeatBust, elimination_undo, entries_eliminate, entry_eliminate
from tdconsole.tournaments.events import (
    event_status_change,
)
from tdconsole.tournaments.exceptions import EliminationError
from tdconsole.tournaments.handforhand import hand_for_hand_next, hand_for_hand_set
from tdconsole.tournaments.models import Entry, Event

from .seats import alive_at, places


def test_places_count_down_from_the_entries_alive(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    entry_eliminate(event=closed_event, table_number=1, seat=b.seat, actor=director, level_position=None)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.place, b.place) == (20, 19)
    assert a.status == Entry.Status.BUSTED and a.table_id is None and a.seat is None


def test_empty_seat_cannot_be_busted(closed_event, director):
    taken = {e.seat for e in alive_at(closed_event, 1)}
    empty = next(s for s in range(1, 10) if s not in taken)
    with translation.override("en"), pytest.raises(EliminationError, match="nobody is sitting there"):
        entry_eliminate(event=closed_event, table_number=1, seat=empty, actor=director, level_position=None)


def test_unknown_table_cannot_be_busted(closed_event, director):
    with translation.override("en"), pytest.raises(EliminationError, match="Table 29 is not in play"):
        entry_eliminate(event=closed_event, table_number=29, seat=1, actor=director, level_position=None)


def test_failed_multi_bust_writes_nothing(closed_event, director):
    taken = [e.seat for e in alive_at(closed_event, 1)]
    empty = next(s for s in range(1, 10) if s not in taken)
    with translation.override("en"), pytest.raises(EliminationError, match="nobody is sitting there"):
        entries_eliminate(event=closed_event, table_number=1, actor=director,
                          busts=[SeatBust(taken[0]), SeatBust(empty)], level_position=None)
    assert Entry.objects.filter(event=closed_event, status=Entry.Status.BUSTED).count() == 0


def test_same_hand_bigger_stack_finishes_higher(closed_event, director):
    a, b, c = alive_at(closed_event, 1)[:3]
    entries_eliminate(event=closed_event, table_number=1, actor=director, busts=[
        SeatBust(a.seat, 5000), SeatBust(b.seat, 9000), SeatBust(c.seat, 7000)], level_position=None)
    got = {e.pk: e.place for e in Entry.objects.filter(pk__in=[a.pk, b.pk, c.pk])}
    assert got == {b.pk: 18, c.pk: 19, a.pk: 20}


def test_same_hand_equal_stacks_share_the_place(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    entries_eliminate(event=closed_event, table_number=1, actor=director,
                      busts=[SeatBust(a.seat, 4000), SeatBust(b.seat, 4000)], level_position=None)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}


def test_hand_for_hand_busts_at_different_tables_tie(closed_event, director):
    hand_for_hand_set(event=closed_event, on=True, actor=director)
    a = alive_at(closed_event, 1)[0]
    b = alive_at(closed_event, 2)[0]
    entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, starting_stack=100,
                    level_position=None)
    entry_eliminate(event=closed_event, table_number=2, seat=b.seat, actor=director, starting_stack=50000,
                    level_position=None)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}
    hand_for_hand_next(event=closed_event, actor=director)
    c = alive_at(closed_event, 3)[0]
    entry_eliminate(event=closed_event, table_number=3, seat=c.seat, actor=director, level_position=None)
    c.refresh_from_db()
    assert c.place == 18


def test_undo_restores_the_entry_at_its_seat(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    elimination = entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    elimination_undo(event=closed_event, elimination_id=elimination.pk, actor=director)
    a2 = Entry.objects.get(pk=a.pk)
    assert (a2.status, a2.table_id, a2.seat, a2.place) == (Entry.Status.ALIVE, a.table_id, a.seat, None)
    assert AuditEntry.entries.filter(action="entry.eliminate_undo").count() == 1


def test_undo_is_refused_after_the_next_elimination_at_that_table(closed_event, director):
    a, b = alive_at(closed_event, 1)[:2]
    first = entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    entry_eliminate(event=closed_event, table_number=1, seat=b.seat, actor=director, level_position=None)
    with translation.override("en"), pytest.raises(EliminationError, match="another elimination at table 1"):
        elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)


def test_undo_moves_later_places_down(closed_event, director):
    a = alive_at(closed_event, 1)[0]
    b = alive_at(closed_event, 2)[0]
    first = entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    entry_eliminate(event=closed_event, table_number=2, seat=b.seat, actor=director, level_position=None)
    b.refresh_from_db()
    assert b.place == 19
    elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)
    b.refresh_from_db()
    assert b.place == 20


def test_undo_is_refused_when_the_seat_was_filled(closed_event, director, register):
    a = alive_at(closed_event, 1)[0]
    first = entry_eliminate(event=closed_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    Entry.objects.filter(pk=alive_at(closed_event, 2)[0].pk).update(table=a.table, seat=a.seat)
    with translation.override("en"), pytest.raises(EliminationError, match="Someone now sits at table 1"):
        elimination_undo(event=closed_event, elimination_id=first.pk, actor=director)


def test_whole_event_runs_down_to_the_winner_with_places_one_to_n(closed_event, director):
    while Entry.objects.filter(event=closed_event, status=Entry.Status.ALIVE).count() > 1:
        entry = Entry.objects.filter(event=closed_event, status=Entry.Status.ALIVE).order_by("?").first()
        entry_eliminate(event=closed_event, table_number=entry.table.number, seat=entry.seat,
                        actor=director, level_position=None)
    assert places(closed_event) == list(range(1, 21))
    with pytest.raises(EliminationError):
        winner = Entry.objects.get(event=closed_event, status=Entry.Status.ALIVE)
        entry_eliminate(event=closed_event, table_number=winner.table.number, seat=winner.seat,
                        actor=director, level_position=None)
    event_status_change(event=closed_event, to=Event.Status.FINISHED, actor=director)


@pytest.mark.parametrize("status", [Event.Status.REGISTERING, Event.Status.FINISHED])
def test_elimination_only_while_running(seated_event, director, status):
    # Players are seated at table 1: only the event's status can refuse the bust.
    seat = seated_event.entries.filter(table__number=1).values_list("seat", flat=True).first()
    Event.objects.filter(pk=seated_event.pk).update(status=status)
    with translation.override("en"), pytest.raises(EliminationError, match="only be eliminated while the event runs"):
        entry_eliminate(event=seated_event, table_number=1, seat=seat, actor=director, level_position=None)
    assert not seated_event.entries.filter(status="busted").exists()
