"""The merge pressed by two directors at the same moment, on PostgreSQL: the main event's lock serves them
in turn, so the flights merge once and the second press is refused with the count already merged."""

import pytest
from django.utils import translation

from tdconsole.day2.exceptions import Day2Error
from tdconsole.day2.models import Advance
from tdconsole.day2.services import day2_merge
from tdconsole.tournaments.models import Entry
from tests import factories
from tests.races import at_once

from .conftest import bag, close

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def press(main, director):
    with translation.override("en"):
        return day2_merge(event=main, actor=director)


def test_the_merge_pressed_twice_at_once_merges_once(main, flights, people, director):
    a, b = flights
    entries = {name: factories.register_at_desk(flight, name, actor=director, player=people[name])
               for flight, name in [(a, "Ana"), (a, "Bruno"), (b, "Carla"), (b, "Diego")]}
    bag(a, {entries["Ana"]: 30000, entries["Bruno"]: 10000}, director)
    bag(b, {entries["Carla"]: 25000, entries["Diego"]: 15000}, director)
    close(a, director)
    close(b, director)
    main.refresh_from_db()
    answers = at_once(lambda: press(main, director), lambda: press(main, director))
    merged = [x for x in answers if isinstance(x, list)]
    refused = [x for x in answers if isinstance(x, Day2Error)]
    assert len(merged) == 1 and len(refused) == 1, answers
    assert "already merged: 4 players" in str(refused[0])
    assert Entry.objects.filter(event=main).count() == Advance.objects.filter(event=main).count() == 4
    assert sorted(Entry.objects.filter(event=main).values_list("chips", flat=True)) == [10000, 15000, 25000, 30000]


def test_an_import_and_a_draw_at_once_seat_day2_once(merged, director):
    from tdconsole.day2.imports import day2_seats_import
    from tdconsole.day2.services import day2_draw
    from tdconsole.seating.exceptions import SeatingError
    from tdconsole.seating.models import SeatDraw

    listed = "12;1;#1\n12;2;#2\n12;3;#3\n13;1;#4\n13;2;#5\n"

    def importing():
        with translation.override("en"):
            return day2_seats_import(event=merged, text=listed, actor=director)

    def drawing():
        with translation.override("en"):
            return day2_draw(event=merged, actor=director)

    answers = at_once(importing, drawing)
    done = [x for x in answers if isinstance(x, SeatDraw)]
    refused = [x for x in answers if isinstance(x, (Day2Error, SeatingError))]
    assert len(done) == 1 and len(refused) == 1, answers
    assert SeatDraw.objects.filter(event=merged).count() == 1
    seated = Entry.objects.filter(event=merged, table__isnull=False)
    assert seated.count() == 5
    assert len(set(seated.values_list("table_id", "seat"))) == 5


def test_two_imports_at_once_seat_day2_once(merged, director):
    from tdconsole.day2.imports import day2_seats_import
    from tdconsole.seating.models import SeatDraw

    def importing(text):
        with translation.override("en"):
            return day2_seats_import(event=merged, text=text, actor=director)

    answers = at_once(lambda: importing("12;1;#1\n12;2;#2\n12;3;#3\n12;4;#4\n12;5;#5\n"),
                      lambda: importing("13;1;#1\n13;2;#2\n13;3;#3\n13;4;#4\n13;5;#5\n"))
    assert len([x for x in answers if isinstance(x, SeatDraw)]) == 1, answers
    assert "already drawn" in str(next(x for x in answers if isinstance(x, Day2Error)))
    tables = set(Entry.objects.filter(event=merged, table__isnull=False).values_list("table__number", flat=True))
    assert len(tables) == 1 and Entry.objects.filter(event=merged, table__isnull=False).count() == 5
