"""Day 2 seated from a list the director imports: every line checked first, then all seated or nothing."""

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.day2.exceptions import Day2Error
from tdconsole.day2.imports import IMPORT_METHOD, SeatListError, day2_seats_import, seat_list_parse
from tdconsole.day2.services import day2_draw
from tdconsole.seating.models import SeatDraw
from tdconsole.tournaments.models import Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

GOOD = "mesa;assento;jogador\n12;1;Ana\n12;2;#2\n13;5;carla\n13;1;4\n12;9;Élisa\n"


def seats(main):
    return {e.player.name: (e.table.number, e.seat) for e in Entry.objects.filter(event=main, table__isnull=False)
            .select_related("player", "table")}


def refused(main, director, text):
    with pytest.raises(SeatListError) as info:
        day2_seats_import(event=main, text=text, actor=director)
    assert seats(main) == {}
    assert not SeatDraw.objects.filter(event=main).exists()
    return info.value.errors


def test_the_list_seats_everyone_exactly_as_listed_and_is_recorded_as_imported(merged, director):
    draw = day2_seats_import(event=merged, text=GOOD, actor=director)
    assert seats(merged) == {"Ana": (12, 1), "Bruno": (12, 2), "Carla": (13, 5), "Diego": (13, 1),
                             "Elisa": (12, 9)}
    assert draw.method == IMPORT_METHOD and draw.kind == SeatDraw.Kind.INITIAL
    assert draw.tables == [12, 13] and draw.count == 5
    record = AuditEntry.entries.get(action="day2.seats_import")
    assert record.after["seated"] == 5 and record.after["method"] == IMPORT_METHOD


def test_english_headers_tabs_and_a_header_in_another_order(merged, director):
    text = "Player\tTable\tSeat\nAna\t13\t3\nBruno\t13\t4\nCarla\t12\t1\nDiego\t12\t2\nElisa\t12\t3\n"
    day2_seats_import(event=merged, text=text, actor=director)
    assert seats(merged)["Ana"] == (13, 3) and seats(merged)["Elisa"] == (12, 3)


def test_commas_without_a_header_and_quoted_names():
    lines = seat_list_parse('12,1,"Silva, Ana"\n\n12,2,7\n')
    assert [(x.line, x.table, x.seat, x.player) for x in lines] == [(1, 12, 1, "Silva, Ana"), (3, 12, 2, "7")]


def test_an_unknown_player_is_named_with_its_line(merged, director):
    errors = refused(merged, director, GOOD.replace("13;5;carla", "13;5;Carlos"))
    assert "Line 4: no Day 2 player “Carlos”." in errors
    assert "1 Day 2 player is missing from the list: #3 Carla." in errors


def test_an_unknown_entry_number(merged, director):
    assert "Line 5: no Day 2 player “44”." in refused(merged, director, GOOD.replace("13;1;4", "13;1;44"))


def test_a_player_listed_twice(merged, director):
    errors = refused(merged, director, GOOD + "13;7;#1\n")
    assert errors == ["Line 7: Ana is already listed on line 2."]


def test_a_seat_listed_twice(merged, director):
    errors = refused(merged, director, GOOD.replace("13;1;4", "12;2;4"))
    assert errors == ["Line 5: table 12, seat 2 is already given on line 3."]


def test_a_table_not_assigned_to_the_main_event(merged, director):
    errors = refused(merged, director, GOOD.replace("13;5;carla", "14;5;carla"))
    assert errors == ["Line 4: table 14 is not one of Main Event's tables."]


def test_a_seat_beyond_the_tables_seats(merged, director):
    errors = refused(merged, director, GOOD.replace("12;9;Élisa", "12;10;Élisa"))
    assert errors == ["Line 6: table 12 has 9 seats, so no seat 10."]


def test_day2_players_missing_from_the_list(merged, director):
    errors = refused(merged, director, "12;1;Ana\n12;2;Bruno\n")
    assert errors == ["3 Day 2 players are missing from the list: #3 Carla, #4 Diego, #5 Elisa."]


def test_lines_that_are_not_seats(merged, director):
    errors = refused(merged, director, "table;seat;player\n12;1\nx;2;Ana\n12;two;Ana\n12;3;\n")
    assert errors == ["Line 2: give the table, the seat and the player: “12, 1”.",
                      "Line 3: the table is not a number: “x”.",
                      "Line 4: the seat is not a number: “two”.",
                      "Line 5: the player is missing."]
    assert refused(merged, director, "\n \n") == [
        "The list is empty: one line per seat, with the table, the seat and the player."]


def test_every_problem_is_reported_at_once(merged, director):
    text = "12;1;Ana\n12;1;Bruno\n40;2;Zé\n12;3;Ana\n"
    errors = refused(merged, director, text)
    assert errors == ["Line 2: table 12, seat 1 is already given on line 1.",
                      "Line 3: no Day 2 player “Zé”.",
                      "Line 3: table 40 is not one of Main Event's tables.",
                      "Line 4: Ana is already listed on line 1.",
                      "3 Day 2 players are missing from the list: #3 Carla, #4 Diego, #5 Elisa."]


def test_refused_once_the_seats_are_drawn_and_the_draw_refused_after_an_import(merged, director):
    day2_draw(event=merged, actor=director)
    before = seats(merged)
    with pytest.raises(Day2Error, match="Day 2 seats are already drawn"):
        day2_seats_import(event=merged, text=GOOD, actor=director)
    assert seats(merged) == before


def test_the_draw_is_refused_once_the_list_seated_everyone(merged, director):
    from tdconsole.seating.exceptions import SeatingError

    day2_seats_import(event=merged, text=GOOD, actor=director)
    with pytest.raises(SeatingError, match="Every player is already seated"):
        day2_draw(event=merged, actor=director)
    assert seats(merged)["Ana"] == (12, 1)


def test_refused_before_the_merge(main, flights, director):
    with pytest.raises(Day2Error, match="Merge the flights first"):
        day2_seats_import(event=main, text="12;1;Ana", actor=director)


def test_two_players_of_one_name_need_the_entry_number(merged, director):
    from tdconsole.tournaments.models import Player

    Player.objects.filter(name="Bruno").update(name="Ana")
    errors = refused(merged, director, GOOD.replace("12;2;#2", "12;2;Ana"))
    assert "Line 3: 2 Day 2 players are named “Ana”: give the entry number instead." in errors


def test_text_that_is_no_list_at_all_is_refused_with_a_message(merged, director):
    assert refused(merged, director, "12;1;" + "x" * 150_000) == ["A line of the list is far too long to be a seat."]
    assert refused(merged, director, "x" * 200_001) == ["The list is too long (more than 200000 characters)."]
    # A NUL byte (from a broken file) is dropped, not a crash: the list still reads.
    day2_seats_import(event=merged, text="12;1;A\x00na\n12;2;#2\n12;3;#3\n13;1;#4\n13;2;#5\n", actor=director)
    assert seats(merged)["Ana"] == (12, 1)
