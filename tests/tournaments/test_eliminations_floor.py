"""The eliminations page tells the floor what the tables need next (as the table map does)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tdconsole.tournaments.eliminations import entry_eliminate
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.registration import event_registration_close
from tests import factories

from .busting import bust

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def field_of(make_event, register, director, players, tables=(1, 2, 3)):
    event = factories.seated_at_desk(make_event(tables=tables), players, actor=director)
    return event_registration_close(event=event, actor=director)


def page(client, event):
    return client.get(reverse("tournaments:eliminations", kwargs={"slug": event.slug}), **EN).content.decode()


def bust_at(event, director, table, count):
    for entry in list(Entry.objects.filter(event=event, table__number=table).order_by("seat")[:count]):
        entry_eliminate(event=event, table_number=table, seat=entry.seat, actor=director, level_position=None)


def test_a_balanced_field_shows_no_warning(make_event, register, director, client_as):
    event = field_of(make_event, register, director, 20)  # 7 / 7 / 6
    assert 'data-testid="floor-action"' not in page(client_as("floor"), event)


def test_the_bust_that_unbalances_the_tables_says_so_in_its_answer(make_event, register, director, client_as):
    event = field_of(make_event, register, director, 21)  # 7 / 7 / 7
    floor = client_as("floor")
    seat = Entry.objects.filter(event=event, table__number=1).order_by("seat").first().seat
    bust(floor, event, f"1 {seat}")
    html = bust(floor, event, f"1 {Entry.objects.filter(event=event, table__number=1).order_by('seat')[0].seat}",
                **EN).content.decode()
    # 5 / 7 / 7: a player must move to table 1.
    assert 'data-action="balance"' in html and "Tables are unbalanced: 1 player must move." in html
    assert reverse("seating:balance_panel", kwargs={"slug": event.slug}) in html


def test_the_page_says_which_table_breaks_when_the_players_fit_at_one_fewer(make_event, register, director,
                                                                             client_as):
    event = field_of(make_event, register, director, 20)
    bust_at(event, director, 1, 1)
    bust_at(event, director, 2, 1)  # 6 / 6 / 6: 18 fit at two tables of 9
    html = page(client_as("floor"), event)
    assert 'data-action="break"' in html and "Players fit at one table fewer: break table 3." in html


def test_the_page_says_when_everyone_fits_at_the_final_table(make_event, register, director, client_as):
    event = field_of(make_event, register, director, 12, tables=(1, 2))  # 6 / 6
    bust_at(event, director, 1, 2)
    bust_at(event, director, 2, 1)  # 4 / 5: nine fit at one table
    html = page(client_as("floor"), event)
    assert 'data-action="final"' in html and "Everyone fits at one table: draw the final table." in html


def test_the_warning_costs_the_same_queries_whatever_the_field(make_event, register, director, client_as):
    floor = client_as("floor")
    small = field_of(make_event, register, director, 12, tables=(1, 2))
    bust_at(small, director, 1, 1)  # balanced, no warning; a bust in the recent list like the large one
    with CaptureQueriesContext(connection) as few:
        assert 'data-testid="floor-action"' not in page(floor, small)
    large = field_of(make_event, register, director, 80, tables=tuple(range(3, 13)))
    bust_at(large, director, 3, 3)  # unbalanced, with a warning to show
    with CaptureQueriesContext(connection) as many:
        html = page(floor, large)
    assert 'data-testid="floor-action"' in html
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]


@pytest.mark.parametrize("name", ["eliminations", "hand_for_hand", "chip_counts"])
def test_the_floor_pages_swap_refusals_into_their_panel(make_event, register, director, client_as, name):
    """The 4xx answers carry the panel; the page loads the script that lets htmx show them."""
    event = field_of(make_event, register, director, 12, tables=(1, 2))
    html = client_as("floor").get(reverse(f"tournaments:{name}", kwargs={"slug": event.slug})).content.decode()
    assert "js/floor.js" in html
