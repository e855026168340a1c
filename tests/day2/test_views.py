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
