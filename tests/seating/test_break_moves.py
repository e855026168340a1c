"""After a table break the floor sees who moves where, and can print the move slips later."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tdconsole.printing.models import Document
from tdconsole.seating import selectors, services
from tdconsole.seating.models import SeatDraw
from tdconsole.tournaments.models import Entry, Player

from .conftest import make_event
from .test_services import setup_tables

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def panel_url(event, name="balance_panel"):
    return reverse(f"seating:{name}", kwargs={"slug": event.slug})


def test_a_break_records_where_each_player_came_from_and_goes(event, floor_user):
    entries = setup_tables(event, floor_user, {1: range(1, 8), 2: range(1, 8), 3: [2, 5, 9]})
    leaving = {e.pk: e for e in entries if e.table.number == 3}
    moves = services.table_break(event=event, table_number=3, actor=floor_user)
    draw = SeatDraw.objects.get(event=event, kind=SeatDraw.Kind.BREAK)
    assert len(draw.moves) == 3 == len(moves)
    for entry_id, number, from_table, from_seat, to_table, to_seat in draw.moves:
        now = Entry.objects.select_related("table").get(pk=entry_id)
        assert number == leaving[entry_id].number
        assert (from_table, from_seat) == (3, leaving[entry_id].seat)
        assert (to_table, to_seat) == (now.table.number, now.seat)
    assert [row[3] for row in draw.moves] == [2, 5, 9]  # called out from seat 1 up


def test_the_latest_break_is_read_with_the_names_as_they_read_now(event, floor_user):
    entries = setup_tables(event, floor_user, {1: range(1, 7), 2: range(1, 7), 3: range(1, 5), 4: [1, 2]})
    services.table_break(event=event, table_number=4, actor=floor_user)
    second = services.table_break(event=event, table_number=3, actor=floor_user)
    moved = next(e for e in entries if e.pk == second[0].entry_id)
    Player.objects.filter(pk=moved.player_id).update(name="Corrected Name")
    latest = selectors.table_break_moves(event=event)
    assert latest.table == 3 and len(latest.moves) == 6  # its four, and the two table 4 sent there
    assert "Corrected Name" in {m.name for m in latest.moves}
    first = SeatDraw.objects.filter(event=event, kind="break").order_by("created_at", "id").first()
    assert selectors.table_break_moves(event=event, draw_id=first.pk).table == 4
    assert selectors.table_break_moves(event=event, draw_id=2**63) is None
    other = make_event(slug="other")
    assert selectors.table_break_moves(event=other, draw_id=first.pk) is None


def test_the_panel_after_a_break_lists_who_moves_where_with_slips_to_print(event, floor_user, client_as):
    entries = setup_tables(event, floor_user, {1: range(1, 8), 2: range(1, 8), 3: [1, 4]})
    leaving = [e for e in entries if e.table.number == 3]
    floor = client_as("floor")
    html = floor.post(panel_url(event, "table_break"), {"table": "3"}, **HTMX, **EN).content.decode()
    assert "Table 3 broken: 2 players reseated." in html
    assert 'data-testid="break-moves"' in html
    for entry in leaving:
        now = Entry.objects.select_related("table", "player").get(pk=entry.pk)
        row = re.search(rf'<tr data-entry="{entry.number}" data-from="3-{entry.seat}" data-to="(\d+)-(\d+)">(.*?)</tr>',
                        html, re.S)
        assert row and (int(row[1]), int(row[2])) == (now.table.number, now.seat)
        assert now.player.name in row[3] and f"#{entry.number}" in row[3]
    draw = SeatDraw.objects.get(event=event, kind="break")
    assert f'value="a4-{draw.pk}"' in html and f'value="receipt-{draw.pk}"' in html
    # Later (a reload, another terminal) the list is still there.
    assert 'data-testid="break-moves"' in floor.get(panel_url(event)).content.decode()


def test_the_slips_button_builds_the_slips_of_that_break(event, floor_user, client_as,
                                                         django_capture_on_commit_callbacks):
    setup_tables(event, floor_user, {1: range(1, 8), 2: range(1, 8), 3: [1, 4]})
    services.table_break(event=event, table_number=3, actor=floor_user)
    draw = SeatDraw.objects.get(event=event, kind="break")
    with django_capture_on_commit_callbacks(execute=True):
        response = client_as("floor").post(reverse("printing:request", kwargs={"slug": event.slug}),
                                           {"kind": "moves", "variant": f"receipt-{draw.pk}", "lang": "en"})
    assert response.status_code == 302
    document = Document.objects.get(event=event, kind="moves")
    assert document.variant == f"receipt-{draw.pk}" and document.status == Document.Status.READY


def test_a_viewer_sees_the_moves_but_no_print_buttons(event, floor_user, client_as):
    setup_tables(event, floor_user, {1: range(1, 8), 2: range(1, 8), 3: [1, 4]})
    services.table_break(event=event, table_number=3, actor=floor_user)
    html = client_as("viewer").get(panel_url(event)).content.decode()
    assert 'data-testid="break-moves"' in html and "print-slips" not in html


def test_the_final_table_panel_stops_saying_not_yet_once_it_is_drawn(event, floor_user, client_as):
    setup_tables(event, floor_user, {1: range(1, 5), 2: range(1, 5)})
    floor = client_as("floor")
    before = floor.get(panel_url(event), **EN).content.decode()
    assert 'data-testid="final-draw"' in before
    after = floor.post(panel_url(event, "final_table"), **HTMX, **EN).content.decode()
    final = Entry.objects.filter(event=event, status="alive").values_list("table__number", flat=True).first()
    assert "Not yet" not in after
    assert f"The final table is in play at table {final}: 8 players left." in after
    assert 'data-testid="final-in-play"' in floor.get(panel_url(event), **EN).content.decode()


def test_the_final_table_panel_says_nobody_is_seated_before_the_draw(event, client_as):
    html = client_as("floor").get(panel_url(event), **EN).content.decode()
    assert "Not yet" not in html and "No player is seated." in html


def test_what_the_tables_need_is_read_in_one_query(floor_user):
    small, large = make_event(slug="small"), make_event(slug="large", venue=None)
    setup_tables(small, floor_user, {1: range(1, 8), 2: range(1, 5)})
    setup_tables(large, floor_user, {n: range(1, 9) for n in range(1, 25)} | {25: [1]})
    for event in (small, large):
        with CaptureQueriesContext(connection) as ctx:
            action = selectors.tables_needed_action(event=event)
        assert len(ctx) == 1
    assert action["break_table"] == 25 and action["balance"] and action["moves"] == 6
