"""Giving tables back to the venue: a table ticked by mistake leaves the event (and can be assigned again);
a table with players of the event is refused, as is another event's; the rest keep their breaking order."""

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.seating import services
from tdconsole.seating.exceptions import SeatingError
from tdconsole.tournaments.models import Entry, Table

from .conftest import make_entries, make_event

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def order_of(event):
    return dict(Table.objects.filter(event=event).values_list("number", "break_order"))


def test_an_empty_table_goes_back_to_the_venue_and_the_rest_keep_their_order(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3, 4], actor=floor_user)  # 4 breaks first
    released = services.tables_release(event=event, numbers=[3], actor=floor_user)
    assert [t.number for t in released] == [3] and released[0].event_id is None
    assert order_of(event) == {4: 1, 2: 2, 1: 3}
    table = Table.objects.get(venue=event.festival.venue, number=3)
    assert table.event_id is None and table.break_order is None
    record = AuditEntry.entries.get(action="tables.release", event_id=event.pk)
    assert record.before == {"break_order": {"1": 4, "2": 3, "3": 2, "4": 1}}
    assert record.after == {"break_order": {"4": 1, "2": 2, "1": 3}}
    # Assigning it again takes it back (it breaks first, as any table added later).
    services.tables_assign(event=event, numbers=[3], actor=floor_user)
    assert order_of(event) == {3: 1, 4: 2, 2: 3, 1: 4}


def test_a_table_with_players_of_the_event_is_refused_and_nothing_changes(event, floor_user, in_english):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 12)
    services.seats_draw_initial(event=event, actor=floor_user)
    busy = sorted(set(Entry.objects.filter(event=event).values_list("table__number", flat=True)))
    idle = [n for n in (1, 2, 3) if n not in busy]
    before = order_of(event)
    with pytest.raises(SeatingError, match=f"Players sit at table {busy[0]}"):
        services.tables_release(event=event, numbers=idle + [busy[0]], actor=floor_user)
    assert order_of(event) == before
    assert not AuditEntry.entries.filter(action="tables.release").exists()


def test_another_events_table_or_none_is_refused(event, floor_user, in_english):
    other = make_event(slug="other", venue=event.festival.venue, festival=event.festival)
    services.tables_assign(event=other, numbers=[5], actor=floor_user)
    services.tables_assign(event=event, numbers=[1], actor=floor_user)
    with pytest.raises(SeatingError, match="Table 5 is not one of this event's tables"):
        services.tables_release(event=event, numbers=[1, 5], actor=floor_user)
    with pytest.raises(SeatingError, match="Choose at least one table"):
        services.tables_release(event=event, numbers=[], actor=floor_user)
    assert Table.objects.get(venue=event.festival.venue, number=5).event == other
    assert order_of(event) == {1: 1}


def test_the_floor_gives_a_table_back_from_the_tables_page(event, client_as):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=None)
    make_entries(event, 5)
    services.seats_draw_initial(event=event, actor=None)
    busy = Entry.objects.filter(event=event).values_list("table__number", flat=True).first()
    floor = client_as("floor")
    url = reverse("seating:tables_assign", kwargs={"slug": event.slug})
    html = floor.get(url, **EN).content.decode()
    idle = [n for n in (1, 2, 3) if n != busy]
    assert all(f'data-testid="release-{n}"' in html for n in idle)
    assert f'data-testid="release-{busy}"' not in html  # its players are listed instead
    response = floor.post(url, {"do": "release", "table": str(idle[0])}, **EN)
    assert response.status_code == 302
    assert not Table.objects.filter(event=event, number=idle[0]).exists()
    assert "1 table given back to the venue." in floor.get(url, **EN).content.decode()
    refused = floor.post(url, {"do": "release", "table": str(busy)}, **EN)
    assert refused.status_code == 409
    assert f"Players sit at table {busy}: break the table to move them first." in refused.content.decode()
    assert Table.objects.filter(event=event, number=busy).exists()
    assert client_as("registration").post(url, {"do": "release", "table": str(idle[1])}).status_code == 403


def test_the_page_and_the_refusal_in_portuguese(event, client_as):
    services.tables_assign(event=event, numbers=[1, 2], actor=None)
    make_entries(event, 3)
    services.seats_draw_initial(event=event, actor=None)
    busy = Entry.objects.filter(event=event).values_list("table__number", flat=True).first()
    url = reverse("seating:tables_assign", kwargs={"slug": event.slug})
    floor = client_as("floor")
    html = floor.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Mesas deste evento" in html and "Devolver ao local" in html and "3 jogadores" in html
    refused = floor.post(url, {"do": "release", "table": str(busy)}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert refused.status_code == 409
    assert f"Há jogadores na mesa {busy}: quebre a mesa para movê-los antes." in refused.content.decode()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_ticked_by_mistake_is_given_back_in_the_browser(live_server, page, browser_login, screenshot, cast):
    event = make_event(slug="release", tables=8)
    services.tables_assign(event=event, numbers=[1, 2, 3, 7], actor=cast["floor"])
    make_entries(event, 20)
    services.seats_draw_initial(event=event, actor=cast["floor"])  # 20 players fill tables 1 to 3
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/tables/assign/")
    assert page.locator("[data-testid^=release-]").count() == 1
    screenshot(page, "tables-release-before")
    page.click("[data-testid=release-7]")
    page.wait_for_selector("text=1 mesa devolvida ao local.")  # the desk speaks pt-BR by default
    assert page.locator("[data-testid=release-7]").count() == 0
    assert not page.locator("[data-testid=table-7]").is_disabled()  # free to tick again
    assert Table.objects.get(venue=event.festival.venue, number=7).event_id is None
    assert page.input_value("[data-testid=break-order]") == "3, 2, 1"
    screenshot(page, "tables-release-after")
