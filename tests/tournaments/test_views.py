import pytest
from django.urls import reverse
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.models import Bust, Entry, Event, Player
from tdconsole.tournaments.players import player_register
from tdconsole.tournaments.registration import event_registration_close

from .busting import bust, bust_confirm, bust_preview, seen_in

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def url(name, event=None, **kw):
    if event is not None:
        kw["slug"] = event.slug
    return reverse(f"tournaments:{name}", kwargs=kw)


@pytest.fixture
def closed(seated_event, director):
    return event_registration_close(event=seated_event, actor=director)


def first_seated(event, table=1):
    return Entry.objects.filter(event=event, table__number=table).order_by("seat").first()


# --- roles ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("role,status", [("viewer", 200), ("floor", 200), ("registration", 200), ("director", 200)])
def test_every_staff_role_reads_the_dashboard(client_as, seated_event, role, status):
    response = client_as(role).get(url("event_dashboard", seated_event))
    assert response.status_code == status
    assert b'data-testid="players-left"' in response.content


def test_someone_without_a_role_cannot_read_the_dashboard(client_as, seated_event):
    assert client_as("nobody").get(url("event_dashboard", seated_event)).status_code == 403


@pytest.mark.parametrize("role,allowed", [("registration", True), ("director", True), ("floor", False),
                                          ("viewer", False)])
def test_only_registration_and_director_register(client_as, seated_event, role, allowed):
    response = client_as(role).post(url("registration", seated_event), {"name": "New Player"}, **HTMX)
    assert (response.status_code == 200) is allowed
    assert Player.objects.filter(name="New Player").exists() is allowed
    if not allowed:
        assert response.status_code == 403 and b'data-testid="forbidden"' in response.content
        assert b"<html" not in response.content


@pytest.mark.parametrize("role,allowed", [("floor", True), ("director", True), ("registration", False),
                                          ("viewer", False)])
def test_only_floor_and_director_bust(client_as, closed, role, allowed):
    entry = first_seated(closed)
    c = client_as(role)
    response = bust_preview(c, closed, f"1 {entry.seat}")
    if allowed:
        response = bust_confirm(c, closed, f"1 {entry.seat}", seen_in(response))
    entry.refresh_from_db()
    assert (entry.status == Entry.Status.BUSTED) is allowed
    assert response.status_code == (200 if allowed else 403)


@pytest.mark.parametrize("name", ["hand_for_hand", "chip_counts"])
@pytest.mark.parametrize("role,allowed", [("floor", True), ("registration", False), ("viewer", False)])
def test_floor_pages_are_closed_to_other_roles(client_as, closed, name, role, allowed):
    response = client_as(role).post(url(name, closed), {"action": "on"}, **HTMX)
    assert (response.status_code != 403) is allowed


@pytest.mark.parametrize("role", ["floor", "registration", "viewer"])
def test_only_the_director_creates_and_edits_events(client_as, seated_event, role):
    assert client_as(role).get(url("event_create")).status_code == 403
    assert client_as(role).get(url("event_edit", seated_event)).status_code == 403
    assert client_as(role).post(url("event_status", seated_event), {"to": "finished"}).status_code == 403


# --- registration ---------------------------------------------------------------------------------

def test_typing_a_name_and_enter_registers_seats_and_shows_the_seat_card(client_as, seated_event):
    response = client_as("registration").post(url("registration", seated_event), {"name": "Maria Lima"}, **HTMX)
    assert response.status_code == 200
    entry = Entry.objects.get(event=seated_event, player__name="Maria Lima")
    html = response.content.decode()
    assert 'data-testid="seat-card"' in html
    assert f'data-table="{entry.table.number}" data-seat="{entry.seat}"' in html
    # The answer never carries the form: the clerk may already be typing the next name into it.
    assert 'name="name"' not in html and "autofocus" not in html and "<html" not in html


def test_an_entry_typed_by_mistake_is_cancelled_from_the_recent_list(client_as, seated_event):
    desk = client_as("registration")
    desk.post(url("registration", seated_event), {"name": "Wrong Name"}, **HTMX)
    wrong = Entry.objects.get(event=seated_event, player__name="Wrong Name")
    page = desk.get(url("registration", seated_event), **EN).content.decode()
    assert f'data-testid="cancel-entry-{wrong.number}"' in page and "hx-confirm=" in page
    response = desk.post(url("entry_cancel", seated_event, pk=wrong.pk), **HTMX, **EN)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert 'data-testid="entry-cancelled"' in html and f"Entry #{wrong.number} (Wrong Name) cancelled." in html
    assert not Entry.objects.filter(pk=wrong.pk).exists()
    # Again (a double click): a clear message, nothing else changes.
    again = desk.post(url("entry_cancel", seated_event, pk=wrong.pk), **HTMX, **EN).content.decode()
    assert 'data-testid="form-error"' in again and "no longer exists" in again
    assert Entry.objects.filter(event=seated_event).count() == 20


@pytest.mark.parametrize("role,allowed", [("registration", True), ("director", True), ("floor", False),
                                          ("viewer", False)])
def test_only_registration_and_director_cancel_entries(client_as, seated_event, role, allowed):
    entry = Entry.objects.filter(event=seated_event).first()
    response = client_as(role).post(url("entry_cancel", seated_event, pk=entry.pk), **HTMX)
    assert (response.status_code == 200) is allowed
    assert Entry.objects.filter(pk=entry.pk).exists() is not allowed


def test_no_cancel_buttons_once_registration_is_closed(client_as, closed):
    page = client_as("registration").get(url("registration", closed)).content.decode()
    assert 'data-testid="cancel-entry-' not in page
    entry = Entry.objects.filter(event=closed).first()
    response = client_as("registration").post(url("entry_cancel", closed, pk=entry.pk))
    assert response.status_code == 302 and Entry.objects.filter(pk=entry.pk).exists()


def test_search_as_you_type_lists_players_of_the_festival(client_as, seated_event):
    response = client_as("registration").get(url("registration_search", seated_event), {"name": "Player 0"}, **HTMX)
    assert response.status_code == 200
    # Player 00 to Player 09: every word typed starts a word of the name ("0" is not inside "10").
    assert response.content.decode().count("<li>") == 10


def test_registering_a_listed_player_uses_that_player(client_as, make_event, director):
    event = make_event(format=Event.Format.REENTRY, max_entries=2)
    player = player_register(festival=event.festival, name="Rita", actor=director)
    c = client_as("registration")
    c.post(url("registration", event), {"player": player.pk, "name": ""}, **HTMX)
    assert Entry.objects.filter(event=event, player=player).count() == 1


def test_refused_registration_keeps_what_was_typed(client_as, seated_event):
    c = client_as("registration")
    c.post(url("registration", seated_event), {"name": "Dup", "document": "77"})
    response = c.post(url("registration", seated_event), {"name": "Dup", "document": "77"}, **EN)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-testid="form-error"' in html and 'value="77"' in html and 'value="Dup"' in html
    assert Entry.objects.filter(event=seated_event, player__name="Dup").count() == 1


def test_registration_page_works_without_javascript(client_as, seated_event):
    c = client_as("registration")
    assert c.get(url("registration", seated_event)).status_code == 200
    response = c.post(url("registration", seated_event), {"name": "No Script"})
    assert response.status_code == 200 and b'data-testid="seat-card"' in response.content


# --- eliminations ---------------------------------------------------------------------------------

def test_bust_by_table_and_seat_shows_the_place(client_as, closed):
    entry = first_seated(closed)
    response = bust(client_as("floor"), closed, f"1 {entry.seat}")
    html = response.content.decode()
    assert 'data-testid="bust-done"' in html and 'data-testid="place">20º' in html


def test_bust_while_registration_is_open_says_when_the_place_comes(client_as, seated_event, director):
    entry = first_seated(seated_event)
    floor = client_as("floor")
    html = bust(floor, seated_event, f"1 {entry.seat}", **EN).content.decode()
    assert 'data-testid="place-pending"' in html and "place given when registration closes" in html
    assert 'data-testid="place">' not in html
    assert "place pending" in floor.get(url("event_dashboard", seated_event), **EN).content.decode()
    event_registration_close(event=seated_event, actor=director)
    dashboard = floor.get(url("event_dashboard", seated_event), **EN).content.decode()
    assert "place pending" not in dashboard and "20th" in dashboard


def test_several_seats_with_stacks_in_one_line(client_as, closed):
    a, b = Entry.objects.filter(event=closed, table__number=2).order_by("seat")[:2]
    bust(client_as("floor"), closed, f"2 {a.seat}:1000 {b.seat}:5000")
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.place, b.place) == (20, 19)


def test_picking_seats_on_the_list_busts_them(client_as, closed):
    a, b = Entry.objects.filter(event=closed, table__number=3).order_by("seat")[:2]
    client_as("floor").post(url("eliminations", closed), {
        "pick_table": "3", "seat": [a.seat, b.seat], f"stack_{a.seat}": "3.000", f"stack_{b.seat}": "3000",
        f"entry_{a.seat}": a.pk, f"entry_{b.seat}": b.pk}, **HTMX)
    assert set(Entry.objects.filter(pk__in=[a.pk, b.pk]).values_list("place", flat=True)) == {19}


def test_list_of_a_table_shows_its_seats(client_as, closed):
    response = client_as("floor").get(url("eliminations", closed), {"table": 1})
    count = Entry.objects.filter(event=closed, table__number=1).count()
    assert response.content.decode().count('data-testid="pick-seat-') == count


def test_bad_bust_input_rerenders_with_the_text_kept(client_as, closed):
    response = client_as("floor").post(url("eliminations", closed), {"bust": "12"}, **EN)
    assert response.status_code == 400
    assert b'data-testid="form-error"' in response.content and b'value="12"' in response.content


def test_empty_seat_is_reported_and_nothing_changes(client_as, closed):
    taken = set(Entry.objects.filter(event=closed, table__number=1).values_list("seat", flat=True))
    empty = next(s for s in range(1, 10) if s not in taken)
    response = client_as("floor").post(url("eliminations", closed), {"bust": f"1 {empty}"}, **HTMX)
    assert response.status_code == 409 and b'data-testid="form-error"' in response.content
    assert not Entry.objects.filter(event=closed, status=Entry.Status.BUSTED).exists()


def test_undo_button_puts_the_player_back(client_as, closed):
    entry = first_seated(closed)
    c = client_as("floor")
    bust(c, closed, f"1 {entry.seat}")
    elimination = Entry.objects.get(pk=entry.pk).bust.elimination
    page = c.get(url("eliminations", closed)).content.decode()
    assert f'data-testid="undo-{elimination.pk}"' in page
    response = c.post(url("elimination_undo", closed, pk=elimination.pk), **HTMX)
    assert b'data-testid="undo-done"' in response.content
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ALIVE and entry.seat is not None
    assert AuditEntry.entries.filter(action="entry.eliminate_undo", actor__username="floor").exists()


# --- hand-for-hand, chip counts, events -----------------------------------------------------------

def test_hand_for_hand_on_next_off(client_as, closed):
    c = client_as("floor")
    c.post(url("hand_for_hand", closed), {"action": "on"}, **HTMX)
    response = c.post(url("hand_for_hand", closed), {"action": "next"}, **HTMX)
    assert b'data-round="2"' in response.content and b'data-on="1"' in response.content
    c.post(url("hand_for_hand", closed), {"action": "off"})
    closed.refresh_from_db()
    assert not closed.hand_for_hand and closed.hand_for_hand_round == 2


def test_chip_counts_are_saved_and_the_average_follows(client_as, closed):
    a, b = Entry.objects.filter(event=closed, table__number=1).order_by("seat")[:2]
    response = client_as("floor").post(url("chip_counts", closed) + "?table=1",
                                       {f"chips_{a.pk}": "45.000", f"chips_{b.pk}": "5000"}, **HTMX)
    assert b'data-testid="chips-saved"' in response.content
    a.refresh_from_db()
    assert a.chips == 45000 and a.chip_counts.count() == 1


def test_bad_chip_count_keeps_the_typed_values(client_as, closed):
    a, b = Entry.objects.filter(event=closed, table__number=1).order_by("seat")[:2]
    response = client_as("floor").post(url("chip_counts", closed) + "?table=1",
                                       {f"chips_{a.pk}": "45000", f"chips_{b.pk}": "lots"})
    assert response.status_code == 400 and b'value="lots"' in response.content
    a.refresh_from_db()
    assert a.chips == closed.starting_stack


def test_director_creates_an_event_from_a_template(client_as, festival, template):
    response = client_as("director").post(url("event_create"), {
        "festival": festival.pk, "template": template.pk, "name": "Sunday Special", "slug": "",
        "date": "2026-12-06", "currency": "BRL", "buy_in_prize": "180", "buy_in_fee": "20",
        "starting_stack": "25000", "seats_per_table": "9", "format": "reentry", "max_entries": "2",
        "late_registration_level": "4", "ante_type": "bba", "guarantee": "10000"})
    event = Event.objects.get(name="Sunday Special")
    assert response.status_code == 302 and response["Location"] == url("event_dashboard", event)
    assert event.structure.levels.count() == template.levels.count() and event.status == Event.Status.DRAFT


def test_event_form_with_missing_fields_keeps_what_was_typed(client_as, festival, template):
    response = client_as("director").post(url("event_create"), {"festival": festival.pk, "name": "Half Typed"})
    assert response.status_code == 400 and b'value="Half Typed"' in response.content
    assert not Event.objects.filter(name="Half Typed").exists()


def test_director_moves_the_status_along(client_as, make_event):
    event = make_event(status=Event.Status.DRAFT)
    client_as("director").post(url("event_status", event), {"to": "registering"})
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTERING


def test_dashboard_numbers_use_brazilian_format(client_as, seated_event):
    with translation.override("pt-br"):
        html = client_as("viewer").get(url("event_dashboard", seated_event), HTTP_ACCEPT_LANGUAGE="pt-br").content
    assert b'data-testid="average-stack">20.000<' in html


def test_dashboard_links_to_the_table_map(client_as, seated_event):
    html = client_as("viewer").get(url("event_dashboard", seated_event)).content.decode()
    assert reverse("seating:table_map", kwargs={"slug": seated_event.slug}) in html


def test_home_lists_events_with_links_to_their_dashboards(client_as, seated_event):
    html = client_as("viewer").get("/").content.decode()
    assert url("event_dashboard", seated_event) in html


def test_director_edits_an_event(client_as, make_event):
    event = make_event(status=Event.Status.DRAFT)
    c = client_as("director")
    form = c.get(url("event_edit", event))
    assert form.status_code == 200 and b"autofocus" in form.content
    response = c.post(url("event_edit", event), {
        "name": "Renamed Event", "date": "2026-12-02", "currency": "BRL", "buy_in_prize": "900",
        "buy_in_fee": "100", "starting_stack": "25000", "seats_per_table": "8", "format": "freezeout",
        "max_entries": "3", "late_registration_level": "4", "ante_type": "traditional", "guarantee": ""})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.starting_stack, event.seats_per_table, event.max_entries) == (
        "Renamed Event", 25000, 8, 1)


def test_dashboard_shows_the_events_own_structure(client_as, seated_event):
    html = client_as("viewer").get(url("event_dashboard", seated_event), **EN).content.decode()
    assert 'data-testid="structure"' in html
    assert html.count('<tr class="break">') == seated_event.structure.levels.filter(kind="break").count() == 1


# --- what the desk pages say, in both languages ---------------------------------------------------

def test_table_and_seat_are_abbreviated_in_the_page_language(client_as, seated_event):
    """The registration list wrote "T1 s4" under pt-BR too; Portuguese says mesa and assento: "M1 A4"."""
    entry = Entry.objects.filter(event=seated_event).order_by("-number").first()
    pt = client_as("registration").get(url("registration", seated_event), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    en = client_as("registration").get(url("registration", seated_event), **EN).content.decode()
    assert f"M{entry.table.number} A{entry.seat}" in pt
    assert f"T{entry.table.number} s{entry.seat}" not in pt
    assert f"T{entry.table.number} s{entry.seat}" in en


def test_an_empty_table_assigned_to_the_event_is_not_in_play(client_as, seated_event):
    """The dashboard and hand-for-hand counted every assigned table, even one nobody sits at."""
    from tdconsole.tournaments.models import Table

    Table.objects.filter(venue=seated_event.festival.venue, number=9).update(event=seated_event)
    dashboard = client_as("floor").get(url("event_dashboard", seated_event), **EN).content.decode()
    assert 'data-testid="tables-in-play">3<' in dashboard
    assert 'data-table="9" class="idle"' in dashboard
    h4h = client_as("floor").get(url("hand_for_hand", seated_event), **EN).content.decode()
    assert "3 tables in play" in h4h


def test_dashboard_tiles_do_not_share_a_label_in_portuguese(client_as, seated_event):
    """"Entries" and "Registration" both came out as "Inscrições" side by side."""
    import re

    html = client_as("viewer").get(url("event_dashboard", seated_event), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    labels = re.findall(r'<span class="label">([^<]+)</span>', html)
    assert len(labels) == len(set(labels)), labels


def test_a_picked_stack_that_is_not_whole_is_refused_not_read_as_more_chips(client_as, closed):
    a = Entry.objects.filter(event=closed, table__number=3).order_by("seat").first()
    response = client_as("floor").post(url("eliminations", closed), {
        "pick_table": "3", "seat": [a.seat], f"stack_{a.seat}": "12,5", f"entry_{a.seat}": a.pk}, **HTMX, **EN)
    assert response.status_code == 400
    assert f"Seat {a.seat}: 12.5 chips is not a possible stack." in response.content.decode()
    a.refresh_from_db()
    assert a.status == Entry.Status.ALIVE


def test_a_picked_stack_with_thousands_separators_is_read_whole(client_as, closed):
    a = Entry.objects.filter(event=closed, table__number=3).order_by("seat").first()
    client_as("floor").post(url("eliminations", closed), {
        "pick_table": "3", "seat": [a.seat], f"stack_{a.seat}": "12 500", f"entry_{a.seat}": a.pk}, **HTMX)
    assert Bust.objects.get(entry=a).starting_stack == 12500
