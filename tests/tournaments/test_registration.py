"""Buying in, re-entries, cancelling an entry and closing late registration (tournaments/registration.py)."""

import pytest

from tdconsole.audit.models import AuditEntry

# The desk cancels through the cash desk, which voids the buy-in first.
from tdconsole.cashier.purchases import entry_cancel_with_purchases as entry_cancel
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.handforhand import hand_for_hand_set
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.registration import entry_register, event_registration_close

from .seats import alive_at, seat_of


def test_freezeout_player_cannot_buy_in_twice(make_event, register, director):
    event = make_event()
    entry = register(event, "Ana")
    with pytest.raises(RegistrationError):
        entry_register(event=event, player=entry.player, actor=director, level_position=None)
    assert Entry.objects.filter(event=event).count() == 1


def test_draft_event_takes_no_entries(make_event, register):
    event = make_event(status=Event.Status.DRAFT)
    with pytest.raises(RegistrationError):
        register(event, "Ana")


def test_entries_are_numbered_in_order_with_a_full_stack(make_event, register):
    event = make_event()
    numbers = [register(event, f"P{i}").number for i in range(3)]
    assert numbers == [1, 2, 3]
    assert set(Entry.objects.filter(event=event).values_list("chips", flat=True)) == {event.starting_stack}


@pytest.fixture
def reentry_running(make_event, register, director):
    """A running re-entry event (two entries each) of six seated players; returns it and Rita's entry."""
    from tdconsole.seating.services import seats_draw_initial

    event = make_event(format=Event.Format.REENTRY, max_entries=2, tables=(4, 5))
    first = register(event, "Rita")
    for i in range(5):
        register(event, f"Other {i}")
    seats_draw_initial(event=event, actor=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    return event, first


def test_reentry_needs_the_previous_entry_busted(seated_event, reentry_running, director):
    event, first = reentry_running
    with pytest.raises(RegistrationError):
        entry_register_seated(event=event, player=first.player, actor=director, level_position=None)
    table, seat = seat_of(first)
    entry_eliminate(event=event, table_number=table, seat=seat, actor=director, level_position=None)
    again = entry_register_seated(event=event, player=first.player, actor=director, level_position=None)
    assert again.attempt == 2 and again.number == 7 and again.chips == event.starting_stack
    assert again.table_id is not None
    table, seat = seat_of(again)
    entry_eliminate(event=event, table_number=table, seat=seat, actor=director, level_position=None)
    with pytest.raises(RegistrationError):
        entry_register_seated(event=event, player=first.player, actor=director, level_position=None)


def test_reentry_is_refused_once_the_clock_passes_the_late_registration_level(make_event, register, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=3, late_registration_level=2)
    entry = register(event, "Rita")
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED)
    # Level 2 is at position 2; the break after it (position 3) is past the window.
    entry_register(event=event, player=entry.player, actor=director, level_position=2)
    Entry.objects.filter(event=event, player=entry.player).update(status=Entry.Status.BUSTED)
    with pytest.raises(RegistrationError):
        entry_register(event=event, player=entry.player, actor=director, level_position=3)


def test_registration_closed_by_hand_refuses_new_players(make_event, register, director):
    event = make_event()
    event_registration_close(event=event, actor=director)
    with pytest.raises(RegistrationError):
        register(event, "Too Late")


def test_player_of_another_festival_is_refused(make_event, festival, director):
    from tests.factories import make_festival, make_players

    other = make_festival("other", name="Other", venue=festival.venue)
    [stranger] = make_players(other, ["Stranger"])
    with pytest.raises(RegistrationError):
        entry_register(event=make_event(), player=stranger, actor=director, level_position=None)


def test_document_is_unique_in_a_festival(festival, director):
    player_register(festival=festival, name="Ana", document="123", actor=director)
    with pytest.raises(RegistrationError):
        player_register(festival=festival, name="Ana B", document="123", actor=director)


def test_registration_is_audited(make_event, register):
    entry = register(make_event(), "Ana")
    assert AuditEntry.entries.filter(action="entry.register", event_id=entry.event_id).count() == 1


def test_busts_before_registration_closes_are_placed_when_it_closes(seated_event, director, register):
    a = alive_at(seated_event, 1)[0]
    entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    a.refresh_from_db()
    assert a.place is None
    register(seated_event, "Late Larry")
    b = alive_at(seated_event, 2)[0]
    entry_eliminate(event=seated_event, table_number=2, seat=b.seat, actor=director, level_position=None)
    event_registration_close(event=seated_event, actor=director)
    a.refresh_from_db()
    b.refresh_from_db()
    # 21 entries, 19 alive: the first out is 21st, the second 20th.
    assert (a.place, b.place) == (21, 20)


def test_clock_past_late_registration_closes_it_at_the_next_bust(seated_event, director):
    # Late registration closes after level 2 (position 2); the clock is at position 4.
    a = alive_at(seated_event, 1)[0]
    entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director, level_position=4)
    seated_event.refresh_from_db()
    a.refresh_from_db()
    assert seated_event.registration_closed_at is not None and a.place == 20


def test_hand_for_hand_busts_while_registration_is_open_are_tied_when_it_closes(seated_event, director):
    hand_for_hand_set(event=seated_event, on=True, actor=director)
    a = alive_at(seated_event, 1)[0]
    b = alive_at(seated_event, 2)[0]
    entry_eliminate(event=seated_event, table_number=1, seat=a.seat, actor=director, level_position=None)
    entry_eliminate(event=seated_event, table_number=2, seat=b.seat, actor=director, level_position=None)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {None}
    event_registration_close(event=seated_event, actor=director)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}


# --- cancelling an entry made by mistake -----------------------------------------------------------


def test_cancelled_entry_frees_its_seat_and_its_number_is_never_given_again(seated_event, register, director):
    from tdconsole.tournaments.selectors import event_field_summary

    late = register(seated_event, "Typed Twice")
    assert late.number == 21 and late.table_id is not None
    table, seat = late.table_id, late.seat
    entry_cancel(event=seated_event, entry_id=late.pk, actor=director)
    assert not Entry.objects.filter(pk=late.pk).exists()
    assert not Entry.objects.filter(table_id=table, seat=seat).exists()
    assert event_field_summary(event=seated_event, addon_chips=0)["entries"] == 20
    record = AuditEntry.entries.get(action="entry.cancel")
    assert record.before["number"] == 21 and record.before["player"] == "Typed Twice"
    assert record.before["seat"] == seat and record.actor_id == director.pk
    again = register(seated_event, "The Right Player")
    assert again.number == 22  # 21 was printed on a seat card: it is not reused


def test_cancelling_a_reentry_gives_the_player_that_attempt_back(reentry_running, director):
    event, first = reentry_running
    table, seat = seat_of(first)
    entry_eliminate(event=event, table_number=table, seat=seat, actor=director, level_position=None)
    wrong = entry_register_seated(event=event, player=first.player, actor=director, level_position=None)
    entry_cancel(event=event, entry_id=wrong.pk, actor=director)
    right = entry_register_seated(event=event, player=first.player, actor=director, level_position=None)
    assert right.attempt == 2 and right.number == wrong.number + 1


def test_cancel_is_refused_for_a_busted_entry_after_close_and_for_another_event(seated_event, make_event,
                                                                                 register, director, settings):
    settings.LANGUAGE_CODE = "en"
    entry = Entry.objects.filter(event=seated_event, table__isnull=False).first()
    table, seat = seat_of(entry)
    entry_eliminate(event=seated_event, table_number=table, seat=seat, actor=director, level_position=None)
    with pytest.raises(RegistrationError, match="undo the elimination"):
        entry_cancel(event=seated_event, entry_id=entry.pk, actor=director)
    other = make_event(tables=(10,))
    stranger = register(other, "Elsewhere")
    with pytest.raises(RegistrationError, match="no longer exists"):
        entry_cancel(event=seated_event, entry_id=stranger.pk, actor=director)
    alive = Entry.objects.filter(event=seated_event, status=Entry.Status.ALIVE).first()
    event_registration_close(event=seated_event, actor=director)
    with pytest.raises(RegistrationError, match="closed"):
        entry_cancel(event=seated_event, entry_id=alive.pk, actor=director)
    assert Entry.objects.filter(pk=alive.pk).exists() and Entry.objects.filter(pk=stranger.pk).exists()
    assert not AuditEntry.entries.filter(action="entry.cancel").exists()
