"""Table and seat numbers no table can have are refused with a message in every seating form, never a 500.

Table.number is an integer (PostgreSQL refuses 2,147,483,648; SQLite overflows past 64 bits) and
Entry.seat a smallint; "²" passes str.isdigit() but not int().
"""

import pytest
from django.urls import reverse

from tdconsole.seating import services
from tdconsole.tournaments.models import Entry, Table

from .conftest import make_entries

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HUGE = ["99999999999999999999999", "9223372036854775808", "2147483648", "²", "9" * 10000]


@pytest.fixture
def seated_event(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 20)
    services.seats_draw_initial(event=event, actor=floor_user)
    return event


def url(name, event):
    return reverse(f"seating:{name}", kwargs={"slug": event.slug})


def seats(event):
    return sorted(Entry.objects.filter(event=event).values_list("id", "table_id", "seat"))


@pytest.mark.parametrize("number", HUGE)
def test_assigning_a_table_no_venue_can_have_is_refused(event, client_as, number):
    response = client_as("floor").post(url("tables_assign", event), {"do": "assign", "table": ["1", number]}, **EN)
    assert response.status_code == 409 and b"The venue has no table" in response.content
    assert not Table.objects.filter(event=event).exists()


@pytest.mark.parametrize("number", HUGE)
def test_a_breaking_order_with_such_a_table_is_refused(seated_event, client_as, number):
    before = dict(Table.objects.filter(event=seated_event).values_list("number", "break_order"))
    response = client_as("floor").post(url("tables_assign", seated_event),
                                       {"do": "order", "break_order": f"3, 2, {number}"}, **EN)
    assert response.status_code == 409 and b"does not serve this event" in response.content
    assert dict(Table.objects.filter(event=seated_event).values_list("number", "break_order")) == before


@pytest.mark.parametrize("typed", [f"{n} 1 2 3" for n in HUGE] + [f"1 {n} 2 3" for n in HUGE]
                         + ["1 1 2 32768", "1 1 2147483648 1"])
def test_moving_a_player_from_or_to_no_table_or_seat_is_refused(seated_event, client_as, typed):
    before = seats(seated_event)
    response = client_as("floor").post(url("seat_move", seated_event), {"seat_move": typed}, **HTMX, **EN)
    html = response.content.decode()
    assert response.status_code == 200 and 'data-testid="panel-error"' in html
    assert "does not serve this event" in html or "has no seat" in html or "Type the table and seat" in html
    assert seats(seated_event) == before


@pytest.mark.parametrize("number", HUGE)
@pytest.mark.parametrize("name", ["table_break", "final_table"])
def test_breaking_or_drawing_the_final_table_at_no_table_is_refused(seated_event, client_as, name, number):
    before = seats(seated_event)
    response = client_as("floor").post(url(name, seated_event), {"table": number}, **EN)
    assert response.status_code == 409
    assert seats(seated_event) == before


@pytest.mark.parametrize("move", ["1:1:1:2:99999999999999999999", "99999999999999999999:1:1:2:9", "1:²:1:2:9",
                                  "1:1:1:2147483648:9"])
def test_a_balancing_move_beyond_the_range_is_refused(seated_event, client_as, move):
    before = seats(seated_event)
    response = client_as("floor").post(url("balance_apply", seated_event), {"move": [move]}, **EN)
    assert response.status_code == 409 and b"could not be read" in response.content
    assert seats(seated_event) == before


@pytest.mark.parametrize("button", HUGE + ["-1", "0"])
def test_a_button_seat_beyond_the_range_is_ignored(seated_event, client_as, button):
    response = client_as("floor").get(url("balance_panel", seated_event), {"button_1": button, "button_2": "1"})
    assert response.status_code == 200


def test_the_public_seat_lookup_takes_a_nul_or_ten_thousand_characters(seated_event, client):
    for query in ("Player\x00", "\x00\x00", "x" * 10000):
        response = client.get(url("seat_lookup", seated_event), {"q": query, "k": seated_event.public_token})
        assert response.status_code == 200
