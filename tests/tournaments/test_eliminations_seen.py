"""A bust names who it busts: the desk shows who sits at the seat, and the bust names that entry.

A repeated "12 4" (a second terminal, a double Enter) must never bust the late entry who sat
down in that seat since the clerk read it.
"""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate, entry_eliminate
from tdconsole.tournaments.exceptions import EliminationError
from tdconsole.tournaments.models import Elimination, Entry, Table

from .busting import bust, bust_confirm, bust_preview, seen_in

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
# The refusals are read in English here, whatever an earlier test left active.
pytestmark = pytest.mark.usefixtures("in_english")


def at(event, table, seat):
    return Entry.objects.select_related("player").get(event=event, table__number=table, seat=seat,
                                                      status=Entry.Status.ALIVE)


def bust_and_seat_a_late_entry(event, register, director, table=1, seat=4):
    """What the other terminal and the registration desk did meanwhile: the seat's player is out, and the
    late entry took the only open seat: theirs."""
    entry_eliminate(event=event, table_number=table, seat=seat, actor=director, level_position=None)
    late = register(event, "Late Lucas")
    assert (late.table.number, late.seat) == (table, seat)
    return late


# --- the service ----------------------------------------------------------------------------------

def test_a_bust_naming_the_entry_in_the_seat_busts_it(full_field, director):
    ana = at(full_field, 1, 4)
    entries_eliminate(event=full_field, table_number=1, busts=[SeatBust(4, entry_id=ana.pk)],
                      actor=director, level_position=None)
    ana.refresh_from_db()
    assert ana.status == Entry.Status.BUSTED


def test_a_repeated_bust_is_refused_with_who_sits_there_now(full_field, register, director):
    seen = at(full_field, 1, 4)
    late = bust_and_seat_a_late_entry(full_field, register, director)
    audits = AuditEntry.entries.count()
    with pytest.raises(EliminationError) as refused:
        entries_eliminate(event=full_field, table_number=1, busts=[SeatBust(4, entry_id=seen.pk)],
                          actor=director, level_position=None)
    message = str(refused.value)
    assert "Late Lucas" in message and f"#{late.number}" in message
    assert seen.player.name in message and "out already" in message
    late.refresh_from_db()
    assert late.status == Entry.Status.ALIVE and (late.table.number, late.seat) == (1, 4)
    assert Elimination.objects.filter(event=full_field).count() == 1 and AuditEntry.entries.count() == audits


def test_a_bust_of_a_seat_left_empty_is_refused_saying_nobody_sits_there(full_field, director):
    seen = at(full_field, 2, 3)
    entry_eliminate(event=full_field, table_number=2, seat=3, actor=director, level_position=None)
    with pytest.raises(EliminationError) as refused:
        entries_eliminate(event=full_field, table_number=2, busts=[SeatBust(3, entry_id=seen.pk)],
                          actor=director, level_position=None)
    assert "Nobody sits there now" in str(refused.value)


def test_a_bust_of_a_player_moved_elsewhere_says_where_they_sit(full_field, director):
    seen = at(full_field, 1, 5)
    # The floor moved them (a balancing move) after the clerk read the seat.
    entry_eliminate(event=full_field, table_number=2, seat=9, actor=director, level_position=None)
    from tdconsole.seating.services import entry_move

    entry_move(event=full_field, from_table=1, from_seat=5, to_table=2, to_seat=9, actor=director)
    with pytest.raises(EliminationError) as refused:
        entries_eliminate(event=full_field, table_number=1, busts=[SeatBust(5, entry_id=seen.pk)],
                          actor=director, level_position=None)
    assert "now sits at table 2, seat 9" in str(refused.value)
    seen.refresh_from_db()
    assert seen.status == Entry.Status.ALIVE


def test_one_changed_seat_refuses_the_whole_hand(full_field, register, director):
    keep = at(full_field, 1, 2)
    seen = at(full_field, 1, 4)
    bust_and_seat_a_late_entry(full_field, register, director)
    with pytest.raises(EliminationError):
        entries_eliminate(event=full_field, table_number=1, actor=director,
                          busts=[SeatBust(2, entry_id=keep.pk), SeatBust(4, entry_id=seen.pk)], level_position=None)
    keep.refresh_from_db()
    assert keep.status == Entry.Status.ALIVE


# --- the desk -------------------------------------------------------------------------------------

def test_the_first_enter_shows_who_sits_there_and_busts_nobody(full_field, client_as):
    ana = at(full_field, 1, 4)
    response = bust_preview(client_as("floor"), full_field, "1 4")
    html = response.content.decode()
    assert response.status_code == 200 and 'data-testid="bust-confirm"' in html
    assert ana.player.name in html and f'data-entry="{ana.number}"' in html
    assert seen_in(response) == f"4:{ana.pk}"
    ana.refresh_from_db()
    assert ana.status == Entry.Status.ALIVE and not Elimination.objects.exists()


def test_the_second_enter_busts_the_entry_shown(full_field, client_as):
    ana = at(full_field, 1, 4)
    response = bust(client_as("floor"), full_field, "1 4")
    assert b'data-testid="bust-done"' in response.content
    ana.refresh_from_db()
    assert ana.status == Entry.Status.BUSTED


def test_a_confirmation_of_other_text_shows_the_new_seat_instead(full_field, client_as):
    floor = client_as("floor")
    seen = seen_in(bust_preview(floor, full_field, "1 4"))
    other = at(full_field, 1, 5)
    # The clerk typed another seat over the confirmed one: the hidden fields still name "1 4".
    response = floor.post(f"/events/{full_field.slug}/eliminations/",
                          {"bust": "1 5", "confirmed": "1 4", "seen": seen}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and seen_in(response) == f"5:{other.pk}"
    assert not Elimination.objects.exists()


def test_a_stale_confirmation_is_refused_with_who_sits_there_now_and_writes_nothing(full_field, client_as, register,
                                                                                    director):
    floor = client_as("floor")
    seen = seen_in(bust_preview(floor, full_field, "1 4"))
    late = bust_and_seat_a_late_entry(full_field, register, director)
    audits = AuditEntry.entries.count()
    response = bust_confirm(floor, full_field, "1 4", seen, **EN)
    html = response.content.decode()
    assert response.status_code == 409 and 'data-testid="form-error"' in html
    assert f"Late Lucas (#{late.number}) sits there now" in html
    # Nothing written, and the next Enter shows the new occupant to confirm.
    assert 'name="seen"' not in html and 'value="1 4"' in html
    late.refresh_from_db()
    assert late.status == Entry.Status.ALIVE
    assert Elimination.objects.filter(event=full_field).count() == 1 and AuditEntry.entries.count() == audits
    assert seen_in(bust_preview(floor, full_field, "1 4")) == f"4:{late.pk}"


def test_the_same_confirmation_sent_twice_busts_once(full_field, client_as, register, director):
    floor = client_as("floor")
    seen = seen_in(bust_preview(floor, full_field, "1 4"))
    assert bust_confirm(floor, full_field, "1 4", seen).status_code == 200
    late = register(full_field, "Late Lucas")
    again = bust_confirm(floor, full_field, "1 4", seen, **EN)
    assert again.status_code == 409 and b"Late Lucas" in again.content
    late.refresh_from_db()
    assert late.status == Entry.Status.ALIVE


def test_an_empty_seat_is_refused_at_the_first_enter(full_field, client_as, director):
    entry_eliminate(event=full_field, table_number=2, seat=1, actor=director, level_position=None)
    response = bust_preview(client_as("floor"), full_field, "2 1", **EN)
    assert response.status_code == 409 and b"nobody is sitting there" in response.content
    assert b'data-testid="bust-confirm"' not in response.content


def test_the_pick_list_carries_the_entry_of_every_seat(full_field, client_as):
    floor = client_as("floor")
    html = floor.get(f"/events/{full_field.slug}/eliminations/", {"table": 1}).content.decode()
    for entry in Entry.objects.filter(event=full_field, table__number=1):
        assert f'name="entry_{entry.seat}" value="{entry.pk}"' in html


def test_a_pick_from_a_stale_list_is_refused(full_field, client_as, register, director):
    seen = at(full_field, 1, 4)
    late = bust_and_seat_a_late_entry(full_field, register, director)
    response = client_as("floor").post(f"/events/{full_field.slug}/eliminations/", {
        "pick_table": "1", "seat": ["4"], "entry_4": str(seen.pk)}, HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 409 and b"Late Lucas" in response.content
    late.refresh_from_db()
    assert late.status == Entry.Status.ALIVE


def test_the_desk_works_without_javascript(full_field, client_as):
    """A plain form post, then its confirmation: the whole page each time."""
    floor = client_as("floor")
    ana = at(full_field, 2, 2)
    first = floor.post(f"/events/{full_field.slug}/eliminations/", {"bust": "2 2"})
    assert first.status_code == 200 and b"<html" in first.content and b'data-testid="bust-confirm"' in first.content
    second = floor.post(f"/events/{full_field.slug}/eliminations/",
                        {"bust": "2 2", "confirmed": "2 2", "seen": seen_in(first)})
    assert second.status_code == 200 and b'data-testid="bust-done"' in second.content
    ana.refresh_from_db()
    assert ana.status == Entry.Status.BUSTED
    assert Table.objects.filter(number=2, event=full_field).exists()
