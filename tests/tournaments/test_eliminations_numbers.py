"""Numbers no table, seat, stack or chip count can have are refused with a message, never a 500.

The bounds are the model fields' (Table.number and Elimination.table_number: integer; Entry.seat:
smallint; stacks and chip counts: bigint), checked before any query, so SQLite (which overflows
past 64 bits) and PostgreSQL (which refuses an integer past 2,147,483,647) answer alike.
"""

from html import unescape

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.exceptions import EliminationError, TournamentError
from tdconsole.tournaments.models import ChipCount, Elimination, Entry
from tdconsole.tournaments.registration import event_registration_close
from tdconsole.tournaments.selectors import chips_in_play

from .busting import bust, bust_preview

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def closed(seated_event, director):
    return event_registration_close(event=seated_event, actor=director)


def a_seat(event, table=1):
    return Entry.objects.filter(event=event, table__number=table).order_by("seat").first().seat


@pytest.mark.parametrize(("typed", "message"), [
    ("1 2:99999999999999999999999", "is not a possible stack"),
    ("1 {seat}:9223372036854775808", "is not a possible stack"),
    ("99999999999999999999999 4", "is not in play in this event"),
    ("2147483648 4", "is not in play in this event"),
    ("1 32768", "has no seat 32768"),
    ("1 99999999999999999999999", "has no seat"),
    ("² 4", 'Type the table and the seat, for example "12 4".'),
    ("1 ²", "is not a seat"),
    ("١ ٤", 'Type the table and the seat, for example "12 4".'),
    ("1 {seat}:٣٠٠٠", "is not a seat"),
    ("1 " + "9" * 180, "has no seat"),
    ("1 " + "9" * 5000, "Ensure this value has at most 200 characters"),
    ("1 4\x00", "Null characters are not allowed."),
    ("1 " + "4 " * 5000, "Ensure this value has at most 200 characters"),
])
def test_a_bust_beyond_what_a_table_seat_or_stack_can_be_is_refused(closed, client_as, typed, message):
    typed = typed.format(seat=a_seat(closed))
    response = bust_preview(client_as("floor"), closed, typed, **EN)
    html = unescape(response.content.decode())
    assert response.status_code == 400, html[:500]
    assert 'data-testid="form-error"' in html and message in html
    assert not Elimination.objects.exists()


def test_a_confirmed_bust_with_an_entry_id_beyond_the_range_is_shown_again(closed, client_as):
    seat = a_seat(closed)
    response = client_as("floor").post(reverse("tournaments:eliminations", kwargs={"slug": closed.slug}),
                                       {"bust": f"1 {seat}", "confirmed": f"1 {seat}",
                                        "seen": f"{seat}:99999999999999999999999"}, **HTMX)
    assert response.status_code == 200 and b'data-testid="bust-confirm"' in response.content
    assert not Elimination.objects.exists()


def test_the_largest_stack_a_bust_can_record_is_kept(closed, client_as):
    seat = a_seat(closed)
    response = bust(client_as("floor"), closed, f"1 {seat}:{2**63 - 1}")
    assert response.status_code == 200
    assert Elimination.objects.get().busts.get().starting_stack == 2**63 - 1


@pytest.mark.parametrize("table", ["99999999999999999999999", "2147483648", "²", "-1", "1e3"])
def test_a_table_list_asked_for_beyond_the_range_shows_no_list(closed, client_as, table):
    floor = client_as("floor")
    for name in ("eliminations", "chip_counts"):
        response = floor.get(reverse(f"tournaments:{name}", kwargs={"slug": closed.slug}), {"table": table})
        assert response.status_code == 200, name


def test_a_picked_table_beyond_the_range_is_refused(closed, client_as):
    response = client_as("floor").post(reverse("tournaments:eliminations", kwargs={"slug": closed.slug}),
                                       {"pick_table": "99999999999999999999", "seat": ["1"], "entry_1": "1"},
                                       **HTMX, **EN)
    assert response.status_code == 400 and b"is not in play" in response.content


def test_the_service_refuses_numbers_beyond_the_fields(closed, director):
    for table, bust_ in [(2**31, SeatBust(1)), (1, SeatBust(2**15)), (1, SeatBust(a_seat(closed), 2**63)),
                         (1, SeatBust(a_seat(closed), entry_id=2**63))]:
        with pytest.raises(EliminationError):
            entries_eliminate(event=closed, table_number=table, busts=[bust_], actor=director, level_position=None)
    assert not Elimination.objects.exists()


# --- chip counts ----------------------------------------------------------------------------------

def chips_url(event, table=1):
    return reverse("tournaments:chip_counts", kwargs={"slug": event.slug}) + f"?table={table}"


@pytest.mark.parametrize("typed", ["99999999999999999999999", "9223372036854775808", "9" * 5000, "²", "-5", "1e9"])
def test_a_chip_count_no_field_can_hold_is_refused_with_the_typed_values_kept(closed, client_as, typed):
    a, b = Entry.objects.filter(event=closed, table__number=1).order_by("seat")[:2]
    response = client_as("floor").post(chips_url(closed), {f"chips_{a.pk}": "45000", f"chips_{b.pk}": typed},
                                       **HTMX, **EN)
    html = response.content.decode()
    assert response.status_code == 400 and "is not a chip count" in html
    assert not ChipCount.objects.exists()


def test_a_chip_count_above_every_chip_in_play_is_refused(closed, client_as):
    a = Entry.objects.filter(event=closed, table__number=1).first()
    in_play = chips_in_play(event=closed, addon_chips=0)
    assert in_play == 20 * closed.starting_stack
    response = client_as("floor").post(chips_url(closed), {f"chips_{a.pk}": str(in_play + 1)}, **HTMX, **EN)
    assert response.status_code == 409 and b"more than all the chips in play (400,000)" in response.content
    assert not ChipCount.objects.exists()
    ok = client_as("floor").post(chips_url(closed), {f"chips_{a.pk}": str(in_play)}, **HTMX, **EN)
    assert ok.status_code == 200 and ChipCount.objects.get().chips == in_play


def test_the_chip_count_service_refuses_entry_ids_beyond_the_range(closed, director):
    audits = AuditEntry.entries.count()
    with pytest.raises(TournamentError):
        chip_counts_record(event=closed, counts={2**63: 100}, actor=director, addon_chips=0)
    assert AuditEntry.entries.count() == audits


# --- hand-for-hand --------------------------------------------------------------------------------

@pytest.mark.parametrize("action", ["", "2147483648", "on\x00", "x" * 10000])
def test_an_unknown_hand_for_hand_action_is_a_400_with_a_message(closed, client_as, action):
    url = reverse("tournaments:hand_for_hand", kwargs={"slug": closed.slug})
    for extra in ({}, HTMX):
        response = client_as("floor").post(url, {"action": action}, **extra, **EN)
        assert response.status_code == 400 and b"Unknown action." in response.content
    closed.refresh_from_db()
    assert not closed.hand_for_hand


def test_a_refused_hand_for_hand_control_is_a_409(make_event, client_as):
    event = make_event()  # registering, not running
    url = reverse("tournaments:hand_for_hand", kwargs={"slug": event.slug})
    response = client_as("floor").post(url, {"action": "on"}, **HTMX, **EN)
    assert response.status_code == 409 and b"only while the event runs" in response.content
