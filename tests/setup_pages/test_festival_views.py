"""The festival, venue and event-copy pages: who may open and send them, what they answer, and how many
queries their lists cost."""

import datetime
import html
import re

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.tournaments.models import Event, Festival, Table, Venue
from tests import factories
from tests.tournaments.conftest import festival, make_event, register, template  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


def text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def table_at(venue: Venue, number: int) -> Table:
    return Table.objects.get(venue=venue, number=number)


# --- who may open what ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["setup_pages:festival_list", "setup_pages:venue_list"])
def test_every_staff_member_reads_the_lists_and_strangers_do_not(client_as, client, name):
    url = reverse(name)
    for role in ("director", "floor", "registration", "viewer"):
        assert client_as(role).get(url, **EN).status_code == 200, role
    assert client_as("nobody").get(url, **EN).status_code == 403
    assert client.get(url).status_code == 302


def test_only_the_director_sees_the_buttons_that_change_things(client_as, festival):  # noqa: F811
    viewer = text(client_as("viewer").get(reverse("setup_pages:festival_detail", args=[festival.slug]), **EN))
    director = text(client_as("director").get(reverse("setup_pages:festival_detail", args=[festival.slug]), **EN))
    assert "New event in this festival" in director and "New event in this festival" not in viewer
    venue = client_as("viewer").get(reverse("setup_pages:venue_detail", args=[festival.venue_id]), **EN)
    assert b"data-testid=\"tables-add\"" not in venue.content and b"remove-1" not in venue.content


@pytest.mark.parametrize(("name", "args", "data"), [
    ("setup_pages:festival_create", [], {"name": "X", "venue_name": "Y"}),
    ("setup_pages:venue_create", [], {"name": "Y"}),
    ("setup_pages:tables_add", ["venue"], {"first": "40", "last": "41", "seats": "9"}),
    ("setup_pages:table_remove", ["venue", "table"], {}),
    ("setup_pages:event_copy", ["event"], {"name": "Copy", "date": "2026-12-08"}),
])
def test_the_viewer_cannot_change_anything(client_as, make_event, name, args, data):  # noqa: F811
    event = make_event(slug="main")
    venue = event.festival.venue
    values = {"venue": venue.pk, "table": table_at(venue, 30).pk, "event": event.slug}
    response = client_as("viewer").post(reverse(name, args=[values[a] for a in args]), data, **EN)
    assert response.status_code == 403
    assert (Festival.objects.count(), Venue.objects.count(), Event.objects.count()) == (1, 1, 1)
    assert Table.objects.filter(venue=venue).count() == 30


# --- festivals ------------------------------------------------------------------------------------


def test_the_festivals_list_shows_each_event_with_status_date_and_entries(client_as, make_event, register):  # noqa: F811
    event = make_event(name="Sunday Main", slug="sunday-main")
    register(event, "Ana")
    register(event, "Bia")
    response = client_as("viewer").get(reverse("setup_pages:festival_list"), **EN)
    row = re.search(rb'data-testid="event-sunday-main">(.*?)</tr>', response.content, re.S).group(1).decode()
    assert "Sunday Main" in row and "Registering" in row and "2026-12-01" in row
    assert re.search(r'data-testid="entries-sunday-main">2<', row)


def test_the_festivals_list_costs_the_same_queries_for_1_or_20_events(client_as, festival,  # noqa: F811
                                                                       django_assert_max_num_queries):
    viewer = client_as("viewer")
    factories.make_event("first", festival=festival)
    viewer.get(reverse("setup_pages:festival_list"))
    with django_assert_max_num_queries(7) as one:
        assert viewer.get(reverse("setup_pages:festival_list")).status_code == 200
    for n in range(19):
        event = factories.make_event(f"e{n}", festival=festival)
        factories.make_entries(event, 2)
    with django_assert_max_num_queries(len(one.captured_queries)) as twenty:
        response = viewer.get(reverse("setup_pages:festival_list"))
    assert response.content.count(b'data-testid="event-') == 20
    assert len(twenty.captured_queries) == len(one.captured_queries)


def test_the_festival_page_costs_the_same_queries_for_1_or_20_events(client_as, festival,  # noqa: F811
                                                                      django_assert_max_num_queries):
    director = client_as("director")
    url = reverse("setup_pages:festival_detail", args=[festival.slug])
    factories.make_event("first", festival=festival)
    director.get(url)
    with django_assert_max_num_queries(8) as one:
        director.get(url)
    for n in range(19):
        factories.make_event(f"e{n}", festival=festival)
    with django_assert_max_num_queries(len(one.captured_queries)):
        response = director.get(url)
    assert response.content.count(b'data-testid="copy-') == 20


def test_a_festival_is_created_at_a_new_venue_typed(client_as):
    response = client_as("director").post(reverse("setup_pages:festival_create"),
                                          {"name": "Série de Verão", "venue_name": "Clube Central"}, **EN)
    made = Festival.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/festivals/{made.slug}/"
    assert (made.slug, made.venue.name) == ("serie-de-verao", "Clube Central")


def test_a_festival_without_a_venue_is_refused_beside_the_venue(client_as):
    response = client_as("director").post(reverse("setup_pages:festival_create"), {"name": "Series"}, **EN)
    assert response.status_code == 400
    assert b'data-testid="error-venue"' in response.content
    assert "Choose the venue, or type the name of a new one." in text(response)
    assert not Festival.objects.exists()


def test_a_festival_slug_taken_is_refused_beside_the_slug(client_as, festival):  # noqa: F811
    response = client_as("director").post(reverse("setup_pages:festival_create"),
                                          {"name": "Another", "slug": festival.slug, "venue": festival.venue_id},
                                          **EN)
    assert response.status_code == 400 and b'data-testid="error-slug"' in response.content
    assert Festival.objects.count() == 1


def test_a_festival_is_renamed_on_its_edit_page(client_as, festival):  # noqa: F811
    url = reverse("setup_pages:festival_edit", args=[festival.slug])
    page = client_as("director").get(url, **EN)
    assert b'value="Test Series"' in page.content and b'name="slug"' not in page.content
    response = client_as("director").post(url, {"name": "Renamed", "venue": festival.venue_id}, **EN)
    assert response.status_code == 302
    festival.refresh_from_db()
    assert festival.name == "Renamed"


def test_new_event_in_this_festival_opens_the_event_form_with_it_chosen(client_as, festival):  # noqa: F811
    other = factories.make_festival("other", name="Other festival")
    page = client_as("director").get(reverse("setup_pages:festival_detail", args=[festival.slug]), **EN)
    link = re.search(rb'href="([^"]+)" data-testid="new-event-here"', page.content).group(1).decode()
    assert link == f"/events/new/?festival={festival.pk}"
    form = client_as("director").get(link, **EN).content.decode()
    assert re.search(rf'<option value="{festival.pk}" selected>', form)
    assert not re.search(rf'<option value="{other.pk}" selected>', form)


@pytest.mark.parametrize("value", ["abc", "-1", "99999999999999999999999", "", "1.5"])
def test_a_festival_in_the_link_that_is_no_id_chooses_nothing(client_as, festival, value):  # noqa: F811
    form = client_as("director").get(f"/events/new/?festival={value}", **EN)
    assert form.status_code == 200
    assert f'<option value="{festival.pk}" selected>'.encode() not in form.content
    assert b'<option value="" selected>' in form.content


# --- venues and tables ----------------------------------------------------------------------------


def test_a_venue_is_created_and_its_page_offers_table_1(client_as):
    response = client_as("director").post(reverse("setup_pages:venue_create"), {"name": "Clube"}, **EN)
    venue = Venue.objects.get()
    assert response["Location"] == f"/venues/{venue.pk}/"
    page = client_as("director").get(response["Location"], **EN)
    assert b'name="first" min="1"' in page.content and b'value="1"' in page.content


def test_tables_are_added_as_a_range_and_listed(client_as):
    venue = factories.make_venue("Room")
    director = client_as("director")
    response = director.post(reverse("setup_pages:tables_add", args=[venue.pk]),
                             {"first": "1", "last": "12", "seats": "9"},
                             **EN)
    assert response.status_code == 302
    page = director.get(response["Location"], **EN)
    assert "12 tables added: 1-12." in text(page)
    assert page.content.count(b'data-table="') == 12
    # The next range starts after the last table.
    assert re.search(rb'name="first" min="1" max="\d+" value="13"', page.content)


def test_tables_added_under_htmx_answer_the_tables_fragment(client_as):
    venue = factories.make_venue("Room")
    response = client_as("director").post(reverse("setup_pages:tables_add", args=[venue.pk]),
                                          {"first": "1", "last": "3", "seats": "8"}, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="venue-tables"') and "<html" not in body
    assert "3 tables added: 1-3." in text(response)


@pytest.mark.parametrize("headers", [EN, HTMX], ids=["page", "htmx"])
def test_adding_numbers_the_venue_has_answers_409_with_the_numbers(client_as, headers):
    venue = factories.make_venue("Room", tables=4)
    response = client_as("director").post(reverse("setup_pages:tables_add", args=[venue.pk]),
                                          {"first": "3", "last": "6", "seats": "9"}, **headers)
    assert response.status_code == 409
    assert "Room already has tables 3-4." in text(response)
    assert Table.objects.filter(venue=venue).count() == 4


def test_a_range_typed_wrong_answers_400_with_the_reason(client_as):
    venue = factories.make_venue("Room")
    response = client_as("director").post(reverse("setup_pages:tables_add", args=[venue.pk]),
                                          {"first": "5", "last": "2", "seats": "9"}, **EN)
    assert response.status_code == 400
    assert "The last table's number comes after the first one's." in text(response)


def test_a_table_number_taken_answers_409_with_a_message_not_500(client_as):
    venue = factories.make_venue("Room", tables=3)
    response = client_as("director").post(reverse("setup_pages:table_edit", args=[venue.pk, table_at(venue, 3).pk]),
                                          {"number": "1", "seats": "9"}, **HTMX)
    assert response.status_code == 409
    assert "Room already has a table 1." in text(response)


def test_a_tables_seats_are_changed_from_its_row(client_as):
    venue = factories.make_venue("Room", tables=3)
    response = client_as("director").post(reverse("setup_pages:table_edit", args=[venue.pk, table_at(venue, 2).pk]),
                                          {"number": "2", "seats": "6"}, **HTMX)
    assert response.status_code == 200 and "Table 2 saved (6 seats)." in text(response)
    assert table_at(venue, 2).seats == 6


def test_removing_a_table_in_play_answers_409_with_the_reason(client_as, make_event):  # noqa: F811
    event = make_event(slug="main", tables=(1,))
    venue = event.festival.venue
    response = client_as("director").post(reverse("setup_pages:table_remove", args=[venue.pk, table_at(venue, 1).pk]),
                                          **EN)
    assert response.status_code == 409
    assert "Table 1 serves Event (Registering): it stays until that event is finished." in text(response)
    remove = reverse("setup_pages:table_remove", args=[venue.pk, table_at(venue, 30).pk])
    ok = client_as("director").post(remove, **HTMX)
    assert ok.status_code == 200 and "Table 30 removed." in text(ok)
    assert not Table.objects.filter(venue=venue, number=30).exists()


def test_a_table_of_another_venue_is_not_found(client_as):
    venue = factories.make_venue("Room", tables=1)
    other = factories.make_venue("Other", tables=1)
    url = reverse("setup_pages:table_remove", args=[venue.pk, table_at(other, 1).pk])
    assert client_as("director").post(url, **EN).status_code == 404
    assert Table.objects.count() == 2


def test_the_venue_page_costs_the_same_queries_for_3_or_30_tables(client_as, django_assert_max_num_queries):
    small, big = factories.make_venue("Small", tables=3), factories.make_venue("Big", tables=30)
    director = client_as("director")
    director.get(reverse("setup_pages:venue_detail", args=[small.pk]))
    with django_assert_max_num_queries(12) as three:
        director.get(reverse("setup_pages:venue_detail", args=[small.pk]))
    with django_assert_max_num_queries(len(three.captured_queries)):
        response = director.get(reverse("setup_pages:venue_detail", args=[big.pk]))
    assert response.content.count(b'data-table="') == 30


# --- copying an event -----------------------------------------------------------------------------


def test_the_copy_form_proposes_next_week_and_the_tables_that_served(client_as, make_event):  # noqa: F811
    event = make_event(name="Thursday Turbo", slug="thursday-turbo", tables=(1, 2, 3, 7))
    page = client_as("director").get(reverse("setup_pages:event_copy", args=[event.slug]), **EN)
    assert page.status_code == 200
    body = page.content.decode()
    assert 'value="Thursday Turbo"' in body and 'value="2026-12-08"' in body
    assert 'value="thursday-turbo-2026-12-08"' in body and 'value="1-3, 7"' in body


def test_a_copy_is_made_once_and_the_director_told_which_tables_were_busy(client_as, make_event):  # noqa: F811
    event = make_event(name="Thursday Turbo", slug="thursday-turbo", tables=(1, 2), status=Event.Status.RUNNING)
    director = client_as("director")
    data = {"name": "Thursday Turbo", "slug": "", "date": "2026-12-08", "tables": "1-2, 5",
            "_once": "copy-token-0000000001"}
    answers = [director.post(reverse("setup_pages:event_copy", args=[event.slug]), data, **EN) for _ in range(2)]
    copy = Event.objects.exclude(pk=event.pk).get()
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0]["Location"] == f"/events/{copy.slug}/" == answers[1]["Location"]
    assert AuditEntry.entries.filter(action="event.copy").count() == 1
    dashboard = text(director.get(answers[0]["Location"], **EN))
    assert "Thursday Turbo created as a draft, a copy of Thursday Turbo." in dashboard
    assert "It has table 5." in dashboard
    assert "Tables 1-2 still serve Thursday Turbo (Running): they were not given to the copy." in dashboard


@pytest.mark.parametrize(("field", "value", "message"), [
    ("tables", "1-x", "“1-x” is not a table number"),
    ("tables", "12-3", "a range goes from the lower number to the higher"),
    ("tables", "1-99999999999", "A table number is a whole number from 1 to"),
    ("tables", "40", "Test Card Room has no table 40."),
    ("slug", "main", "An event with this short name already exists."),
    ("date", "2205-01-01", "Give a date between the years 2000 and 2100."),
])
def test_a_copy_typed_wrong_is_refused_beside_the_field(client_as, make_event, field, value, message):  # noqa: F811
    event = make_event(name="Main", slug="main")
    data = {"name": "Main", "slug": "", "date": "2026-12-08", "tables": "1"} | {field: value}
    response = client_as("director").post(reverse("setup_pages:event_copy", args=[event.slug]), data, **EN)
    assert response.status_code == 400
    assert f'data-testid="error-{field}"'.encode() in response.content
    assert message in text(response)
    assert Event.objects.count() == 1


def test_the_dashboard_offers_the_copy_to_the_director_only(client_as, make_event):  # noqa: F811
    event = make_event(slug="main")
    url = reverse("tournaments:event_dashboard", args=[event.slug])
    assert b'data-testid="copy-event"' in client_as("director").get(url, **EN).content
    assert b'data-testid="copy-event"' not in client_as("viewer").get(url, **EN).content


def test_the_home_page_and_the_menu_lead_to_festivals_and_venues(client_as):
    page = client_as("viewer").get(reverse("home"), **EN).content.decode()
    assert 'href="/festivals/" data-testid="nav-festivals"' in page
    assert 'href="/venues/" data-testid="home-venues"' in page


def test_dates_and_numbers_read_the_brazilian_way_in_portuguese(client_as, make_event, register):  # noqa: F811
    event = make_event(name="Main", slug="main", date=datetime.date(2026, 12, 3))
    factories.make_entries(event, 1200)
    page = client_as("viewer").get(reverse("setup_pages:festival_list"), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "<td>03/12/2026</td>" in page and ">Inscrições abertas<" in page
    assert 'data-testid="entries-main">1.200<' in page
