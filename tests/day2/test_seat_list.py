"""The Day 2 seat list: a public page (the event's key) by name and by table, and its PDF (both sorts)."""

import shutil
import subprocess

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tdconsole.day2.imports import day2_seats_import
from tdconsole.day2.late import day2_settings_update
from tdconsole.day2.pdfs import build_seat_list
from tdconsole.printing.models import Document
from tdconsole.seating.registration import entry_register_seated
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.players import player_register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

LIST = "12;4;#1\n13;1;#2\n12;2;#3\n12;1;#4\n13;3;#5\n"


@pytest.fixture
def seated(merged, director):
    day2_seats_import(event=merged, text=LIST, actor=director)
    return merged


def url(main, key):
    return reverse("day2:public_seats", kwargs={"slug": main.slug}) + (f"?k={key}" if key is not None else "")


def test_the_public_page_lists_the_seats_by_name_and_by_table(seated, client):
    html = client.get(url(seated, seated.public_token), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    by_name, by_table = html.split('data-testid="day2-seats-by-table"')
    names = ["Ana", "Bruno", "Carla", "Diego", "Elisa"]
    assert [by_name.index(f"<td>{n}</td>") for n in names] == sorted(by_name.index(f"<td>{n}</td>") for n in names)
    # By table: 12/1 Diego, 12/2 Carla, 12/4 Ana, 13/1 Bruno, 13/3 Elisa.
    order = ["Diego", "Carla", "Ana", "Bruno", "Elisa"]
    assert [by_table.index(f"<td>{n}</td>") for n in order] == sorted(by_table.index(f"<td>{n}</td>") for n in order)
    assert "<td class=\"num\">12</td><td class=\"num\">4</td><td>Ana</td>" in by_table


def test_a_wrong_key_is_the_same_404_as_an_unknown_event(seated, client):
    wrong = client.get(url(seated, "nope"))
    none = client.get(url(seated, None))
    unknown = client.get(reverse("day2:public_seats", kwargs={"slug": "no-such-event"}) + "?k=nope")
    assert wrong.status_code == none.status_code == unknown.status_code == 404
    assert wrong.content == unknown.content == none.content


def test_a_flight_has_no_day2_seat_list(seated, flights, client):
    flight = flights[0]
    assert client.get(url(flight, flight.public_token)).status_code == 404


def test_the_public_page_reads_the_same_number_of_queries_whatever_the_field(seated, client, director):
    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(seated, seated.public_token)).status_code == 200
        return len(queries)

    small = count()
    day2_settings_update(event=seated, actor=director, late_entries=True, late_stack=30000, late_until_level=None)
    for n in range(8):
        player = player_register(festival=seated.festival, name=f"Late {n}", actor=director)
        entry_register_seated(event=seated, player=player, actor=director, level_position=None)
    assert Entry.objects.filter(event=seated, table__isnull=False).count() == 13
    assert count() == small


def test_the_where_do_i_sit_page_shows_the_imported_seats(seated, client):
    response = client.get(reverse("seating:seat_lookup", kwargs={"slug": seated.slug}),
                          {"k": seated.public_token, "q": "Bruno"}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert "Bruno" in html and "13" in html


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_pdf_has_both_sorts(seated, tmp_path):
    out = tmp_path / "seats.pdf"
    build_seat_list(seated, str(out), "pt-br")
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, check=True,
                          text=True).stdout
    by_name, by_table = text.split("\f")[:2]
    assert "Por nome" in by_name and "Por mesa" in by_table
    lines = [line.split() for line in by_name.splitlines() if line.strip().startswith(("Ana", "Bruno", "Carla",
                                                                                        "Diego", "Elisa"))]
    assert [row[0] for row in lines] == ["Ana", "Bruno", "Carla", "Diego", "Elisa"]
    assert lines[0] == ["Ana", "#1", "12", "4"]
    rows = [line.split() for line in by_table.splitlines() if line.strip().startswith(("Ana", "Bruno", "Carla",
                                                                                        "Diego", "Elisa"))]
    assert [row[0] for row in rows] == ["Diego", "Carla", "Ana", "Bruno", "Elisa"]


def test_the_pdf_goes_through_the_print_queue(seated, client_as):
    from tdconsole.printing.tasks import document_build

    director = client_as("director")
    director.post(reverse("printing:request", args=[seated.slug]), {"kind": "day2seats", "lang": "en"})
    document = Document.objects.get()
    document_build.apply(args=[document.pk])
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    page = director.get(reverse("day2:day2", kwargs={"slug": seated.slug}), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert 'value="day2seats"' in html and url(seated, seated.public_token).replace("&", "&amp;") in html
