"""Registration once the seats are drawn (seating/registration.py): a late entry sits down at once,
named in its registration record, and an entry with no seat to go to is refused without a trace."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.seating.registration import desk_register_seated, entry_register_seated
from tdconsole.seating.services import seats_draw_initial
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.registration import entry_register
from tests import factories


@pytest.fixture
def make_event(director):
    festival = factories.make_festival("seat-series", name="Seat Series", venue_name="Seat Room", tables=10)
    template = factories.make_structure("Seat structure", "seat-structure")

    def make(**fields):
        return factories.event_create_at_desk(festival=festival, template=template, actor=director, **fields)

    return make


def buy_in(event, name, director):
    player = player_register(festival=event.festival, name=name, actor=director)
    return entry_register_seated(event=event, player=player, actor=director, level_position=None)


def drawn(event, director, players=12):
    for i in range(players):
        buy_in(event, f"Player {i:02d}", director)
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event


def written():
    """What a refused registration must leave unchanged."""
    return Player.objects.count(), Entry.objects.count(), AuditEntry.entries.count()


def test_entry_before_the_draw_waits_unseated(make_event, director):
    entry = buy_in(make_event(), "Ana", director)
    assert entry.table_id is None and entry.seat is None


def test_late_entry_after_the_draw_is_seated_at_once_and_its_record_names_the_seat(make_event, director):
    event = drawn(make_event(), director)
    entry = buy_in(event, "Late Larry", director)
    entry.refresh_from_db()
    assert entry.table.number in (1, 2, 3) and 1 <= entry.seat <= 9
    record = AuditEntry.entries.get(action="entry.register", after__number=entry.number)
    assert (record.after["table"], record.after["seat"]) == (entry.table.number, entry.seat)


def test_without_the_seating_a_late_entry_waits_unseated(make_event, director):
    """The tournaments service alone knows nothing of tables: the seat comes from this app."""
    event = drawn(make_event(), director)
    player = player_register(festival=event.festival, name="Unseated Una", actor=director)
    entry = entry_register(event=event, player=player, actor=director, level_position=None)
    assert entry.table_id is None


def test_registration_refused_for_want_of_a_seat_leaves_no_player(make_event, director):
    event = make_event(tables=(1,), seats_per_table=9)
    drawn(event, director, players=9)
    before = written()
    with pytest.raises(RegistrationError):
        desk_register_seated(event=event, actor=director, name="Tenth Player", level_position=None)
    assert written() == before


def test_the_desk_seats_a_late_entry(make_event, director):
    event = drawn(make_event(), director)
    entry = desk_register_seated(event=event, actor=director, name="Desk Dora", level_position=None)
    assert entry.table_id is not None and entry.player.name == "Desk Dora"
