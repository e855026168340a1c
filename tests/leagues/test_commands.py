"""league_points and league_standings: the contract the issue names (flags and JSON keys)."""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tdconsole.leagues.services import league_create
from tdconsole.tournaments.models import Entry
from tests.factories import make_event, make_festival, make_players


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(("formula", "extra", "points"), [
    ("10 * sqrt(n / p)", [], "20.00"),                     # 10 * sqrt(100 / 25) = 20
    ("(n - p + 1) * b / 10", ["--buy-in", "200"], "1520.00"),  # 76 * 200 / 10
    ("n - p + 1 + 2 * k + r", ["--knockouts", "3", "--rebuys", "2"], "84.00"),  # 76 + 6 + 2
])
def test_league_points_prints_one_results_points(formula, extra, points):
    doc = json.loads(run("league_points", "--formula", formula, "--entries", "100", "--place", "25", *extra, "--json"))
    assert doc["points"] == points
    assert doc["entries"] == 100 and doc["place"] == 25 and doc["formula"] == formula


@pytest.mark.parametrize(("formula", "place", "reason"), [
    ("__import__('os')", "1", "formula cannot be evaluated"),
    ("10 / (n - p)", "100", "formula cannot be evaluated"),
    ("n +", "1", "formula cannot be evaluated"),
    ("n - p", "101", "formula cannot be evaluated"),
])
def test_league_points_refuses_what_it_cannot_evaluate_without_a_traceback(formula, place, reason):
    with pytest.raises(CommandError, match=reason):
        run("league_points", "--formula", formula, "--entries", "100", "--place", place, "--json")


def test_league_standings_prints_the_table(db, director):
    festival = make_festival("f1")
    event = make_event("e1", festival=festival)
    a, b, c = make_players(festival, ["Ana", "Bia", "Caio"])
    for number, (player, place) in enumerate([(a, 1), (b, 2), (c, 3)], start=1):
        Entry.objects.create(event=event, player=player, number=number, place=place,
                             status=Entry.Status.ALIVE if place == 1 else Entry.Status.BUSTED)
    league_create(name="Liga da casa", slug="liga", formula="n - p + 1", actor=director, event_ids=[event.pk],
                  participation_points=Decimal("1"))
    doc = json.loads(run("league_standings", "liga", "--json"))
    assert doc["league"] == "liga"
    assert [(r["position"], r["name"], r["points"]) for r in doc["standings"]] == [
        (1, "Ana", "4.00"), (2, "Bia", "3.00"), (3, "Caio", "2.00")]
    assert "Ana" in run("league_standings", "liga")
    with pytest.raises(CommandError, match="no league 'nada'"):
        run("league_standings", "nada", "--json")
