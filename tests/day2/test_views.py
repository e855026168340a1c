"""The Day 2 page: staff read who goes through with which bag; the director merges, draws and undoes."""

import pytest
from django.urls import reverse

from tdconsole.day2.models import Advance
from tdconsole.seating.services import tables_assign
from tdconsole.tournaments.models import Entry
from tests import factories

from .conftest import bag, close

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def ready(main, flights, people, director):
    a, b = flights
    ana_a = factories.register_at_desk(a, "Ana", actor=director, player=people["Ana"])
    bruno = factories.register_at_desk(a, "Bruno", actor=director, player=people["Bruno"])
    carla = factories.register_at_desk(b, "Carla", actor=director, player=people["Carla"])
    bag(a, {ana_a: 28000, bruno: 12000}, director)
    bag(b, {carla: 20000}, director)
    close(a, director)
    close(b, director)
    main.refresh_from_db()
    return main


def page(client, main):
    return client.get(reverse("day2:day2", kwargs={"slug": main.slug}), HTTP_ACCEPT_LANGUAGE="en")


def do(client, main, what):
    return client.post(reverse("day2:action", kwargs={"slug": main.slug}), {"do": what}, HTTP_ACCEPT_LANGUAGE="en")


def test_staff_see_the_preview_and_the_director_merges_and_draws(ready, client_as):
    viewer, director = client_as("viewer"), client_as("director")
    html = page(viewer, ready).content.decode()
    assert "Players through to Day 2 (before the merge)" in html
    assert 'data-testid="day2-merge"' not in html  # reading only
    assert "3 players, 60,000 chips in play." in html or "3 players, 60.000 chips in play." in html
    assert do(viewer, ready, "merge").status_code == 403
    assert not Advance.objects.exists()

    assert 'data-testid="day2-merge"' in page(director, ready).content.decode()
    response = do(director, ready, "merge")
    assert response.status_code == 302
    assert Entry.objects.filter(event=ready).count() == 3
    html = page(director, ready).content.decode()
    assert "Day 2 players" in html and 'data-testid="day2-draw"' in html
    tables_assign(event=ready, numbers=[12], actor=None)
    assert do(director, ready, "draw").status_code == 302
    html = page(director, ready).content.decode()
    assert html.count("Table 12, seat") == 3


def test_a_refusal_is_a_409_with_its_message_and_changes_nothing(ready, client_as):
    director = client_as("director")
    do(director, ready, "merge")
    response = do(director, ready, "merge")
    assert response.status_code == 409
    assert "The flights are already merged: 3 players are in Day 2." in response.content.decode()
    assert Entry.objects.filter(event=ready).count() == 3
    response = do(director, ready, "draw")  # no tables for Day 2 yet
    assert response.status_code == 409
    assert "Assign tables to the event before drawing seats." in response.content.decode()
    assert do(director, ready, "nonsense").status_code == 409


def test_a_flight_has_no_day2_page(ready, flights, client_as):
    assert client_as("director").get(reverse("day2:day2", kwargs={"slug": flights[0].slug})).status_code == 404


def import_list(client, main, data):
    return client.post(reverse("day2:seats_import", kwargs={"slug": main.slug}), data, HTTP_ACCEPT_LANGUAGE="en")


def test_the_director_pastes_a_list_and_day2_is_seated(merged, client_as):
    director = client_as("director")
    html = page(director, merged).content.decode()
    assert 'data-testid="day2-import"' in html and 'value="day2seats"' in html
    response = import_list(director, merged, {"seats": "mesa\tassento\tjogador\n12\t1\t#1\n12\t2\t#2\n12\t3\t#3\n"
                                                        "13\t1\t#4\n13\t2\t#5\n"})
    assert response.status_code == 302
    assert Entry.objects.filter(event=merged, table__number=12).count() == 3
    assert 'data-testid="day2-import"' not in page(director, merged).content.decode()  # seated: no second import


def test_an_uploaded_latin1_csv_is_read(merged, client_as):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tdconsole.tournaments.models import Player

    Player.objects.filter(name="Elisa").update(name="Elisângela")
    text = "table,seat,player\n12,1,Ana\n12,2,Bruno\n12,3,Carla\n12,4,Diego\n12,5,Elisângela\n"
    response = import_list(client_as("director"), merged,
                           {"file": SimpleUploadedFile("seats.csv", text.encode("latin-1"))})
    assert response.status_code == 302
    assert Entry.objects.get(event=merged, player__name="Elisângela").seat == 5


def test_a_list_with_problems_is_a_409_naming_each_line_and_seats_nobody(merged, client_as):
    director = client_as("director")
    response = import_list(director, merged, {"seats": "12;1;Ana\n12;1;Zé\n"})
    assert response.status_code == 409
    html = response.content.decode()
    assert "The list has 3 problems; nothing was seated." in html
    assert "Line 2: no Day 2 player “Zé”." in html
    assert "Line 2: table 12, seat 1 is already given on line 1." in html
    assert "12;1;Zé" in html  # the pasted list comes back to be corrected
    assert not Entry.objects.filter(event=merged, table__isnull=False).exists()


def test_only_the_director_imports_or_sets_late_entries(merged, client_as):
    floor = client_as("floor")
    assert import_list(floor, merged, {"seats": "12;1;1"}).status_code == 403
    assert floor.post(reverse("day2:late", kwargs={"slug": merged.slug}), {"late_entries": "on",
                                                                          "late_stack": "30000"}).status_code == 403


def test_the_director_allows_late_entries_on_the_page(merged, client_as):
    from tdconsole.day2.models import Day2Settings

    director = client_as("director")
    url = reverse("day2:late", kwargs={"slug": merged.slug})
    response = director.post(url, {"late_entries": "on", "late_stack": "35.000", "late_until_level": "4"},
                             HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    settings = Day2Settings.objects.get(event=merged)
    assert (settings.late_entries, settings.late_stack, settings.late_until_level) == (True, 35000, 4)
    response = director.post(url, {"late_entries": "on", "late_stack": "lots"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409 and "Give a whole number." in response.content.decode()
    response = director.post(url, {"late_entries": "on", "late_stack": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409 and "Give the starting stack" in response.content.decode()
    assert Day2Settings.objects.get(event=merged).late_stack == 35000


def test_the_page_title_names_day2_and_the_event_only_and_each_form_shows_once(ready, client_as):
    director = client_as("director")
    for merged in (False, True):
        if merged:
            do(director, ready, "merge")
        html = page(director, ready).content.decode()
        title = html[html.index("<title>") + len("<title>"):html.index("</title>")]
        assert title.startswith("Day 2 · Main Event") and "<" not in title, title
        assert html.count('data-testid="day2-late"') == 1
        assert html.count('data-testid="day2-print"') == (1 if merged else 0)
