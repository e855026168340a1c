"""League standings: identity across festivals, best N, ties, and the table read as the results stand."""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.leagues.exceptions import LeagueError
from tdconsole.leagues.formula import Formula
from tdconsole.leagues.models import League
from tdconsole.leagues.selectors import league_standings, standings_json
from tdconsole.leagues.services import league_create, league_update
from tdconsole.leagues.standings import EventInfo, Result, table
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.people import PersonRow, people
from tdconsole.tournaments.players import players_merge
from tests.factories import make_event, make_festival, make_players


def info(i, day, n=10):
    return EventInfo(i, f"E{i}", datetime.date(2026, 1, day), n, Decimal("100"))


def test_the_same_name_without_case_or_accents_is_one_person_and_two_documents_are_two():
    rows = [PersonRow(1, "jose silva", "", ""), PersonRow(2, "jose silva", "", ""),
            PersonRow(3, "ana", "", "111.444.777-35"), PersonRow(4, "ana", "", "529.982.247-25"),
            PersonRow(5, "ana", "", ""), PersonRow(6, "a n", "", "111.444.777-35")]
    person = people(rows)
    assert person[1] == person[2] == 1
    assert person[3] != person[4]
    assert person[6] == person[3]  # the same CPF under another name
    # Two namesakes told apart by their documents: the one without a document counts with the first.
    assert person[5] == person[3]


def test_best_n_counts_only_the_highest_scoring_events():
    results = [Result(1, info(1, 1), 1), Result(1, info(2, 2), 10), Result(1, info(3, 3), 2)]
    standing = table(results, formula=Formula("n - p + 1"), participation=Decimal("5"), best_events=2,
                     names={1: ("A", "")}).rows[0]
    assert standing.total == Decimal("29.00")  # (10 + 5) + (9 + 5); the 10th place's 1 + 5 is not counted
    assert [s.counted for s in standing.scores] == [True, False, True]


def test_ties_go_to_more_wins_then_best_place_then_the_earlier_result():
    # Everyone scores 12 points (n - p + 1 with 10 entries).
    results = [
        Result(1, info(1, 1), 5), Result(1, info(2, 2), 5),   # 6 + 6, no win, best place 5
        Result(2, info(1, 1), 9), Result(2, info(2, 2), 1),   # 2 + 10, a win on 2 January
        Result(3, info(1, 1), 2), Result(3, info(2, 2), 8),   # 9 + 3, no win, best place 2
        Result(4, info(1, 1), 9), Result(4, info(3, 3), 1),   # 2 + 10, a win on 3 January
    ]
    rows = table(results, formula=Formula("n - p + 1"), participation=Decimal("0"), best_events=None,
                 names={i: (f"P{i}", "") for i in range(1, 5)}).rows
    assert {r.total for r in rows} == {Decimal("12.00")}
    assert [(r.position, r.person) for r in rows] == [(1, 2), (2, 4), (3, 3), (4, 1)]


def test_players_equal_on_every_rule_share_the_position():
    results = [Result(1, info(1, 1), 3), Result(2, info(1, 1), 3)]
    rows = table(results, formula=Formula("n - p + 1"), participation=Decimal("0"), best_events=None,
                 names={1: ("A", ""), 2: ("B", "")}).rows
    assert [r.position for r in rows] == [1, 1]


@pytest.fixture
def two_festivals(db):
    first, second = make_festival("f1"), make_festival("f2")
    e1, e2 = make_event("e1", festival=first), make_event("e2", festival=second)
    return first, second, e1, e2


def place(event, players, places):
    for number, (player, where) in enumerate(zip(players, places, strict=True), start=1):
        Entry.objects.create(event=event, player=player, number=number, status=Entry.Status.BUSTED
                             if where != 1 else Entry.Status.ALIVE, place=where)


def test_a_player_of_two_festivals_is_one_row_and_a_merge_joins_the_duplicate(two_festivals, director):
    first, second, e1, e2 = two_festivals
    a1, b1, typo = make_players(first, ["João Souza", "Bia", "Joao Sousa"])
    a2, b2 = make_players(second, ["joão souza", "Bia"])
    place(e1, [a1, b1], [1, 2])
    Entry.objects.create(event=e2, player=b2, number=1, place=1)
    Entry.objects.create(event=e2, player=a2, number=2, place=2, status=Entry.Status.BUSTED)
    league = league_create(name="Liga", slug="liga", formula="n - p + 1", actor=director,
                           event_ids=[e1.pk, e2.pk])
    rows = {r.name.casefold(): r for r in league_standings(league=league).rows}
    assert len(rows) == 2
    assert rows["joão souza"].total == Decimal("3.00")  # 2 (1st of 2) + 1 (2nd of 2)
    # A duplicate in the first festival with its own result: a third row until it is merged.
    Entry.objects.filter(player=a1).delete()
    Entry.objects.create(event=e1, player=typo, number=3, place=1)
    assert len(league_standings(league=league).rows) == 3
    players_merge(keep=a1, other=typo, actor=director)
    rows = {r.name.casefold(): r for r in league_standings(league=league).rows}
    assert len(rows) == 2 and rows["joão souza"].total == Decimal("3.00")  # the typo's 1st of 2 = 2, plus 1


def test_a_cleared_place_takes_the_result_out_of_the_table_at_the_next_read(two_festivals, director):
    first, _second, e1, _e2 = two_festivals
    a, b = make_players(first, ["A", "B"])
    place(e1, [a, b], [1, 2])
    league = league_create(name="L", slug="l", formula="10 * sqrt(n / p)", actor=director, event_ids=[e1.pk])
    assert [r.total for r in league_standings(league=league).rows] == [Decimal("14.14"), Decimal("10.00")]
    Entry.objects.filter(player=b).update(place=None, status=Entry.Status.ALIVE)  # as an undone bust leaves it
    assert [r.name for r in league_standings(league=league).rows] == ["A"]


def test_a_formula_that_cannot_be_evaluated_is_refused_and_nothing_changes(two_festivals, director):
    *_, e1, _e2 = two_festivals
    league = league_create(name="L", slug="l", formula="n - p + 1", actor=director, event_ids=[e1.pk])
    # The reason in the desk's language (pt-BR by default).
    refused = "divisão por zero na colocação 1 de 1 entrada"
    with translation.override("pt-br"), pytest.raises(LeagueError, match=refused):
        league_update(league=league, name="L", formula="10 / (n - p)", actor=director,
                      participation_points=Decimal("0"), best_events=None, event_ids=[])
    league = League.objects.get(pk=league.pk)
    assert league.formula == "n - p + 1" and league.league_events.count() == 1


def test_the_json_table_names_each_player_with_points_as_text(two_festivals, director):
    first, _s, e1, _e2 = two_festivals
    a, b = make_players(first, ["A", "B"])
    place(e1, [a, b], [1, 2])
    league = league_create(name="L", slug="l", formula="n - p + 1", actor=director, event_ids=[e1.pk],
                           participation_points=Decimal("1"))
    data = standings_json(league=league)
    assert [(r["position"], r["name"], r["points"]) for r in data["standings"]] == [(1, "A", "3.00"), (2, "B", "2.00")]


def test_the_standings_and_the_history_see_the_same_person(two_festivals, director):
    from tdconsole.desk_pages.history import player_history
    from tdconsole.tournaments.models import Player
    from tdconsole.tournaments.names import search_key

    first, second, e1, _e2 = two_festivals
    third = make_festival("f3")
    e3 = make_event("e3", festival=third)

    def register(festival, name, document=""):
        return Player.objects.create(festival=festival, name=name, search_name=search_key(name), document=document)

    ana = register(first, "Ana", "111.444.777-35")
    ana_maria = register(second, "Ana Maria", "111.444.777-35")  # the same CPF, the name she gave there
    undocumented = register(third, "ANA MARIA")  # no document: the name she gave in the second festival
    namesake = register(third, "Ana", "529.982.247-25")  # another person of the same name
    bia = register(first, "Bia")
    place(e1, [ana, bia], [1, 2])
    place(e3, [namesake, undocumented], [1, 2])
    # The league does not count the second festival, where the CPF and the name "Ana Maria" meet.
    league = league_create(name="Liga", slug="liga", formula="n - p + 1", actor=director, event_ids=[e1.pk, e3.pk])
    rows = league_standings(league=league).rows
    assert [(r.name, r.total, r.events_played) for r in rows] == [
        ("ANA MARIA", Decimal("3.00"), 2), ("Ana", Decimal("2.00"), 1), ("Bia", Decimal("1.00"), 1)]
    history = {p.pk for p in player_history(player=undocumented).registrations}
    assert history == {ana.pk, ana_maria.pk, undocumented.pk}
    assert {p.pk for p in player_history(player=namesake).registrations} == {namesake.pk}
