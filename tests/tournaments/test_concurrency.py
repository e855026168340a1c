"""Two staff members at the same moment, on PostgreSQL (real row locks, real threads)."""

import pytest

# The desk cancels through the cash desk, which voids the buy-in first.
from tdconsole.cashier.purchases import entry_cancel_with_purchases as entry_cancel
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.eliminations import elimination_undo, entry_eliminate
from tdconsole.tournaments.exceptions import TournamentError
from tdconsole.tournaments.models import Bust, Entry, Event
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.registration import event_registration_close
from tests import factories
from tests.races import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def running(make_event, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=3, tables=(1, 2, 3, 4))
    return factories.seated_at_desk(event, 30, actor=director)


def seat_at(event, table):
    entry = Entry.objects.filter(event=event, table__number=table, status=Entry.Status.ALIVE).order_by("seat").first()
    return entry.seat


def test_busts_at_two_tables_at_the_same_moment_get_different_places(running, director):
    event = event_registration_close(event=running, actor=director)
    for _ in range(8):
        s1, s2 = seat_at(event, 1), seat_at(event, 2)
        results = at_once(
            lambda s1=s1: entry_eliminate(event=event, table_number=1, seat=s1, actor=director, level_position=None),
            lambda s2=s2: entry_eliminate(event=event, table_number=2, seat=s2, actor=director, level_position=None),
        )
        assert not [r for r in results if isinstance(r, Exception)], results
    places = sorted(Entry.objects.filter(event=event, place__isnull=False).values_list("place", flat=True))
    assert places == list(range(15, 31))
    assert Entry.objects.filter(event=event, status=Entry.Status.ALIVE).count() == 14


def test_the_same_seat_busted_twice_at_once_is_busted_once(running, director):
    event = event_registration_close(event=running, actor=director)
    seat = seat_at(event, 3)
    results = at_once(*[
        (lambda: entry_eliminate(event=event, table_number=3, seat=seat, actor=director, level_position=None))
        for _ in range(2)
    ])
    errors = [r for r in results if isinstance(r, TournamentError)]
    assert len(errors) == 1, results
    assert Bust.objects.filter(elimination__event=event).count() == 1
    assert list(Entry.objects.filter(event=event, place__isnull=False).values_list("place", flat=True)) == [30]


def test_the_same_player_bought_in_twice_at_once_gets_one_live_entry(running, director):
    entry = Entry.objects.filter(event=running, table__number=1).first()
    entry_eliminate(event=running, table_number=1, seat=entry.seat, actor=director, level_position=None)
    player = entry.player
    results = at_once(*[
        (lambda: entry_register_seated(event=running, player=player, actor=director, level_position=None))
        for _ in range(2)
    ])
    assert sum(isinstance(r, Entry) for r in results) == 1, results
    assert Entry.objects.filter(event=running, player=player, status=Entry.Status.ALIVE).count() == 1


def test_two_desks_registering_at_once_get_different_numbers_and_seats(running, director):
    from tdconsole.tournaments.models import Player

    players = [player_register(festival=running.festival, name=f"Late {i}", actor=director)
               for i in range(6)]
    for a, b in zip(players[::2], players[1::2], strict=True):
        results = at_once(
            lambda a=a: entry_register_seated(event=running, player=a, actor=director, level_position=None),
            lambda b=b: entry_register_seated(event=running, player=b, actor=director, level_position=None),
        )
        assert all(isinstance(r, Entry) for r in results), results
    entries = Entry.objects.filter(event=running)
    assert entries.count() == 36
    assert len(set(entries.values_list("number", flat=True))) == 36
    seats = list(entries.filter(status=Entry.Status.ALIVE).values_list("table_id", "seat"))
    assert len(seats) == len(set(seats)) == 36 and all(t is not None for t, _ in seats)
    assert Player.objects.filter(name__startswith="Late").count() == 6


def test_undo_and_a_bust_elsewhere_at_once_keep_places_consistent(running, director):
    event = event_registration_close(event=running, actor=director)
    first = entry_eliminate(event=event, table_number=1, seat=seat_at(event, 1), actor=director, level_position=None)
    s2 = seat_at(event, 2)
    results = at_once(
        lambda: elimination_undo(event=event, elimination_id=first.pk, actor=director),
        lambda: entry_eliminate(event=event, table_number=2, seat=s2, actor=director, level_position=None),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert list(Entry.objects.filter(event=event, place__isnull=False).values_list("place", flat=True)) == [30]


def test_cancelling_and_busting_the_same_entry_at_once_only_one_happens(running, director):
    from tdconsole.audit.models import AuditEntry

    for _ in range(6):
        entry = Entry.objects.filter(event=running, table__number=1, status=Entry.Status.ALIVE).order_by("seat").first()
        results = at_once(
            lambda pk=entry.pk: entry_cancel(event=running, entry_id=pk, actor=director),
            lambda seat=entry.seat: entry_eliminate(event=running, table_number=1, seat=seat,
                                                    actor=director, level_position=None),
        )
        errors = [r for r in results if isinstance(r, TournamentError)]
        assert len(errors) == 1, results
        gone = not Entry.objects.filter(pk=entry.pk).exists()
        busted = Bust.objects.filter(entry_id=entry.pk).exists()
        assert gone != busted  # exactly one of the two
        assert AuditEntry.entries.filter(action__in=["entry.cancel", "entry.eliminate"],
                                         objects__contains=[{"id": entry.pk}]).count() == 1


def test_two_staff_cancelling_the_same_entry_one_gets_a_clean_error(running, director):
    entry = Entry.objects.filter(event=running, status=Entry.Status.ALIVE).first()
    results = at_once(
        lambda: entry_cancel(event=running, entry_id=entry.pk, actor=director),
        lambda: entry_cancel(event=running, entry_id=entry.pk, actor=director),
    )
    assert sum(isinstance(r, TournamentError) for r in results) == 1, results
    assert not Entry.objects.filter(pk=entry.pk).exists()
