import re

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.seating import services
from tdconsole.tournaments.models import Entry, Table
from tests.factories import make_players, rename_player

from .conftest import make_entries

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def seated_event(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 20)
    services.seats_draw_initial(event=event, actor=floor_user)
    return event


def unbalance(event):
    """Bust players at table 1 until it has two fewer than the largest table."""
    counts = {t.number: t.entries.filter(status="alive").count() for t in event.tables.all()}
    excess = counts[1] - min(counts.values()) + 2
    victims = Entry.objects.filter(event=event, table__number=1).order_by("seat")[:excess]
    Entry.objects.filter(pk__in=[v.pk for v in victims]).update(status="busted", table=None, seat=None)


def keep_alive(event, count):
    """Bust every entry but the first `count`."""
    keep = list(Entry.objects.filter(event=event).order_by("number").values_list("id", flat=True)[:count])
    Entry.objects.filter(event=event).exclude(pk__in=keep).update(status="busted", table=None, seat=None)


def url(name, event, **extra):
    return reverse(f"seating:{name}", kwargs={"slug": event.slug, **extra})


def test_table_map_shows_every_table_and_seat_to_any_staff(seated_event, client_as):
    response = client_as("viewer").get(url("table_map", seated_event))
    assert response.status_code == 200
    html = response.content.decode()
    assert len(re.findall(r'class="seat-table card', html)) == 3
    assert html.count('data-entry="') == 20
    assert 'hx-trigger="every 5s"' in html


def test_table_map_htmx_returns_the_map_fragment_only(seated_event, client_as):
    response = client_as("viewer").get(url("table_map", seated_event), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and 'id="map"' in html


def test_table_map_requires_login_and_a_role(seated_event, client, client_as):
    assert client.get(url("table_map", seated_event)).status_code == 302
    assert client_as("nobody").get(url("table_map", seated_event)).status_code == 403


def test_table_map_query_count_does_not_grow_with_players(event, floor_user, client_as, django_assert_max_num_queries):
    services.tables_assign(event=event, numbers=list(range(1, 21)), actor=floor_user)
    make_entries(event, 170)
    services.seats_draw_initial(event=event, actor=floor_user)
    viewer = client_as("viewer")
    with django_assert_max_num_queries(12):
        assert viewer.get(url("table_map", event)).status_code == 200


def test_panel_asks_for_the_buttons_then_shows_the_moves(seated_event, client_as):
    unbalance(seated_event)
    floor = client_as("floor")
    html = floor.get(url("balance_panel", seated_event), **EN).content.decode()
    asked = re.findall(r'name="button_(\d+)"', html)
    assert asked and 'data-testid="moves"' not in html
    query = "&".join(f"button_{n}=1" for n in asked)
    html = floor.get(url("balance_panel", seated_event) + "?" + query, **EN).content.decode()
    assert 'data-testid="moves"' in html and 'name="move"' in html


def test_floor_confirms_the_moves_in_one_click(seated_event, client_as):
    unbalance(seated_event)
    floor = client_as("floor")
    response = floor.get(url("balance_panel", seated_event) + "?button_1=2&button_2=2&button_3=2")
    assert response.status_code == 200
    html = response.content.decode()
    moves = re.findall(r'name="move" value="([\d:]+)"', html)
    assert moves, html[html.index('id="panel"'):]
    response = floor.post(url("balance_apply", seated_event), {"move": moves}, **HTMX)
    assert response.status_code == 200 and 'data-testid="panel-notice"' in response.content.decode()
    counts = [t.entries.filter(status="alive").count() for t in seated_event.tables.all()]
    assert max(counts) - min(counts) <= 1
    assert AuditEntry.entries.filter(action="tables.balance", actor__username="floor").exists()


def test_stale_moves_show_an_error_and_change_nothing(seated_event, client_as):
    unbalance(seated_event)
    floor = client_as("floor")
    html = floor.get(url("balance_panel", seated_event) + "?button_1=2&button_2=2&button_3=2").content.decode()
    moves = re.findall(r'name="move" value="([\d:]+)"', html)
    floor.post(url("balance_apply", seated_event), {"move": moves})
    before = list(Entry.objects.filter(event=seated_event).values_list("id", "table_id", "seat"))
    response = floor.post(url("balance_apply", seated_event), {"move": moves})
    assert response.status_code == 409 and 'data-testid="panel-error"' in response.content.decode()
    assert list(Entry.objects.filter(event=seated_event).values_list("id", "table_id", "seat")) == before


def test_viewer_cannot_confirm_moves_break_or_draw(seated_event, client_as):
    viewer = client_as("viewer")
    for name in ("balance_apply", "table_break", "final_table"):
        response = viewer.post(url(name, seated_event), {"table": "3"}, **HTMX)
        assert response.status_code == 403
        assert 'data-testid="forbidden"' in response.content.decode()
        assert "<html" not in response.content.decode()
    assert viewer.get(url("tables_assign", seated_event)).status_code == 403
    registration = client_as("registration")
    assert registration.post(url("table_break", seated_event), {"table": "3"}).status_code == 403


def test_floor_breaks_the_next_table_from_the_panel(seated_event, client_as):
    keep_alive(seated_event, 12)
    floor = client_as("floor")
    html = floor.get(url("balance_panel", seated_event)).content.decode()
    # Table 3 breaks first, unless the busts emptied it (then the next in order).
    [number] = re.findall(r'data-testid="break-table" data-table="(\d+)"', html)
    in_play = set(Entry.objects.filter(event=seated_event, status="alive").values_list("table__number", flat=True))
    assert int(number) == max(in_play)
    response = floor.post(url("table_break", seated_event), {"table": number})
    assert response.status_code == 302
    assert not Entry.objects.filter(event=seated_event, table__number=int(number)).exists()
    assert AuditEntry.entries.filter(action="tables.break").exists()


def test_floor_draws_the_final_table_from_the_panel(seated_event, client_as):
    keep_alive(seated_event, 5)
    floor = client_as("floor")
    assert 'data-testid="final-draw"' in floor.get(url("balance_panel", seated_event)).content.decode()
    response = floor.post(url("final_table", seated_event), **HTMX)
    assert response.status_code == 200
    assert Entry.objects.filter(event=seated_event, status="alive").values("table").distinct().count() == 1


def test_floor_assigns_tables_and_draws_seats(event, client_as):
    floor = client_as("floor")
    make_entries(event, 12)
    response = floor.post(url("tables_assign", event), {"do": "assign", "table": ["5", "6"]})
    assert response.status_code == 302
    assert set(Table.objects.filter(event=event).values_list("number", flat=True)) == {5, 6}
    response = floor.post(url("tables_assign", event), {"do": "order", "break_order": "5, 6"})
    assert dict(Table.objects.filter(event=event).values_list("number", "break_order")) == {5: 1, 6: 2}
    response = floor.post(url("tables_assign", event), {"do": "draw"})
    assert response.status_code == 302 and response["Location"] == url("table_map", event)
    assert not Entry.objects.filter(event=event, table__isnull=True).exists()


def test_assign_page_reports_a_refused_table(event, client_as):
    response = client_as("floor").post(url("tables_assign", event), {"do": "assign", "table": ["999"]})
    assert response.status_code == 409 and 'data-testid="assign-error"' in response.content.decode()


def test_seat_lookup_needs_the_public_key(seated_event, client):
    assert client.get(url("seat_lookup", seated_event), {"q": "Player"}).status_code == 404
    assert client.get(url("seat_lookup", seated_event), {"q": "Player", "k": "wrong"}).status_code == 404


def test_seat_lookup_finds_table_and_seat_by_name_without_documents(seated_event, client):
    entry = Entry.objects.filter(event=seated_event).select_related("player", "table").first()
    rename_player(entry.player_id, "Ana Beatriz Souza", document="529.982.247-25")
    response = client.get(
        url("seat_lookup", seated_event), {"q": "beatriz", "k": seated_event.public_token}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert f'data-testid="hit-table">{entry.table.number}<' in html
    assert f'data-testid="hit-seat">{entry.seat}<' in html
    assert "529.982.247-25" not in html


@pytest.mark.parametrize("typed", ["joao", "JOÃO PEDRO", "ze", "ZÉ", "Zé Pe", "  ze   pe "])
def test_seat_lookup_ignores_case_and_accents_in_names_and_nicknames(seated_event, client, typed):
    entry, other = Entry.objects.filter(event=seated_event).order_by("number")[:2]
    rename_player(entry.player_id, "João Pedro Araújo", nickname="Zé Pequeno")
    rename_player(other.player_id, "Joana Lima")  # "joao" must not find her
    html = client.get(url("seat_lookup", seated_event), {"q": typed, "k": seated_event.public_token},
                      **HTMX).content.decode()
    entry.refresh_from_db()
    assert html.count('data-testid="hit-table"') == 1, html
    assert "João Pedro Araújo" in html and f'data-testid="hit-seat">{entry.seat}<' in html


def test_seat_lookup_page_works_for_staff_without_the_key(seated_event, client_as):
    response = client_as("viewer").get(url("seat_lookup", seated_event), {"q": "Player 0001"})
    assert response.status_code == 200 and 'data-testid="hit-table"' in response.content.decode()


def test_seat_lookup_ignores_busted_entries(seated_event, client):
    entry = Entry.objects.filter(event=seated_event).select_related("player").first()
    rename_player(entry.player_id, "Zeca Eliminado")
    Entry.objects.filter(pk=entry.pk).update(status="busted", table=None, seat=None)
    html = client.get(url("seat_lookup", seated_event), {"q": "zeca", "k": seated_event.public_token}).content.decode()
    assert 'data-testid="no-match"' in html


def test_identifiers_are_never_localized_with_thousand_separators(event, floor_user, client_as):
    """pt-BR writes 1234 as 1.234: entry ids, numbers, tables and seats must stay plain digits."""
    services.tables_assign(event=event, numbers=[1, 2], actor=floor_user)
    tables = {t.number: t for t in event.tables.all()}
    spots = [(tables[1], s) for s in range(1, 10)] + [(tables[2], s) for s in range(1, 5)]
    for offset, (table, seat) in enumerate(spots):
        [player] = make_players(event.festival, [f"Big {offset}"])
        # Large primary keys and entry numbers, as a busy PostgreSQL database has them.
        Entry.objects.create(pk=50_000 + offset, event=event, player=player, number=12_000 + offset,
                             table=table, seat=seat)
    floor = client_as("floor")
    html = floor.get(url("table_map", event), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert 'data-entry="12000"' in html and "#12000" in html and "12.000" not in html
    html = floor.get(url("balance_panel", event) + "?button_1=1&button_2=1",
                     HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    moves = re.findall(r'name="move" value="([^"]+)"', html)
    assert moves and all(re.fullmatch(r"5\d{4}:\d+:\d+:\d+:\d+", m) for m in moves), moves
    assert "12.0" not in html and "50.0" not in html


def test_map_poll_answers_no_content_until_a_seat_changes(seated_event, client_as, floor_user):
    viewer = client_as("viewer")
    html = viewer.get(url("table_map", seated_event)).content.decode()
    [version] = re.findall(r'hx-get="[^"]*\?v=([0-9a-f]+)"', html)
    poll = url("table_map", seated_event) + f"?v={version}"
    assert viewer.get(poll, **HTMX).status_code == 204
    # A late entry sits down: the next poll brings the new map.
    late = make_entries(seated_event, 1, start=500)[0]
    services.entry_seat_random(entry=late, actor=floor_user)
    response = viewer.get(poll, **HTMX)
    assert response.status_code == 200 and f'data-entry="{late.number}"' in response.content.decode()
    # A balancing swap keeps the counts but still changes the version.
    a, b = Entry.objects.filter(event=seated_event, table__number=1).order_by("seat")[:2]
    [new_version] = re.findall(r'\?v=([0-9a-f]+)"', response.content.decode())
    Entry.objects.filter(pk__in=[a.pk, b.pk]).update(table=None, seat=None)
    Entry.objects.filter(pk=a.pk).update(table=b.table, seat=b.seat)
    Entry.objects.filter(pk=b.pk).update(table=a.table, seat=a.seat)
    assert viewer.get(url("table_map", seated_event) + f"?v={new_version}", **HTMX).status_code == 200


def free_seat(event, table):
    taken = set(Entry.objects.filter(event=event, table__number=table).values_list("seat", flat=True))
    return min(set(range(1, 10)) - taken)


def test_floor_moves_one_player_by_typing_four_numbers(seated_event, client_as):
    player = Entry.objects.filter(event=seated_event, table__number=1).order_by("seat").first()
    to_seat = free_seat(seated_event, 2)
    response = client_as("floor").post(url("seat_move", seated_event), {"seat_move": f"1 {player.seat} 2 {to_seat}"},
                                       **HTMX, **EN)
    html = response.content.decode()
    assert response.status_code == 200 and 'data-testid="panel-notice"' in html
    assert f"now sits at table 2, seat {to_seat}" in html
    player.refresh_from_db()
    assert (player.table.number, player.seat) == (2, to_seat)
    record = AuditEntry.entries.get(action="seat.move")
    assert record.after == {"table": 2, "seat": to_seat} and record.before["table"] == 1


@pytest.mark.parametrize("typed,message", [
    ("1 2 3", "Type the table and seat"),
    ("9 1 2 1", "nobody is sitting there"),
    ("TAKEN", "is taken"),
    ("1 SEAT 1 SEAT", "already has"),
    ("1 SEAT 2 10", "has no seat 10"),
    ("1 SEAT 25 1", "does not serve this event"),
])
def test_a_refused_move_keeps_what_was_typed_and_changes_nothing(seated_event, client_as, typed, message):
    first = Entry.objects.filter(event=seated_event, table__number=1).order_by("seat").first()
    occupied = Entry.objects.filter(event=seated_event, table__number=2).order_by("seat").first()
    typed = (f"1 {first.seat} 2 {occupied.seat}" if typed == "TAKEN" else typed.replace("SEAT", str(first.seat)))
    before = list(Entry.objects.filter(event=seated_event).values_list("id", "table_id", "seat"))
    response = client_as("floor").post(url("seat_move", seated_event), {"seat_move": typed}, **HTMX, **EN)
    html = response.content.decode()
    assert 'data-testid="panel-error"' in html and message in html, html[:2000]
    assert f'value="{typed}"' in html
    assert list(Entry.objects.filter(event=seated_event).values_list("id", "table_id", "seat")) == before
    assert not AuditEntry.entries.filter(action="seat.move").exists()


def test_only_the_floor_moves_players(seated_event, client_as):
    player = Entry.objects.filter(event=seated_event, table__number=1).order_by("seat").first()
    for role in ("viewer", "registration"):
        response = client_as(role).post(url("seat_move", seated_event),
                                        {"seat_move": f"1 {player.seat} 2 {free_seat(seated_event, 2)}"}, **HTMX)
        assert response.status_code == 403
    viewer_page = client_as("viewer").get(url("balance_panel", seated_event)).content.decode()
    assert 'data-testid="move-block"' not in viewer_page
    player.refresh_from_db()
    assert player.table.number == 1
