"""simulate_festival: flights, bags, the merge, the Day 2 redraw and Day 2 to a winner, with its invariants."""

import json

import pytest
from django.core.management import call_command

from tdconsole.day2.models import Advance
from tdconsole.day2.simulation import FestivalSimulation
from tdconsole.tournaments.models import Entry, Event

pytestmark = [pytest.mark.django_db]


def test_a_small_festival_plays_to_one_winner_with_every_invariant_held():
    report = FestivalSimulation(flights=2, entries=80, seed=11).run()
    assert report["invariants"] == {"ok": True, "failures": []}
    assert report["entries"] == 80 and [f["entries"] for f in report["flights"]] == [40, 40]
    assert report["survivors"] == 16 == Advance.objects.count()  # a fifth of each flight bags
    main = Event.objects.get(slug=report["event"])
    # One winner; every player of the festival placed once, 1..N.
    assert Entry.objects.filter(event=main, place=1).count() == 1
    assert main.status == Event.Status.FINISHED
    assert set(report["seconds"]) == {"flights", "bagging", "merge", "redraw", "day2", "total"}
    assert report["chips_in_play"] == 80 * 30000


def test_queries_per_elimination_do_not_grow_with_the_field():
    small = FestivalSimulation(flights=2, entries=40, seed=5).run()
    large = FestivalSimulation(flights=2, entries=200, seed=5).run()
    assert small["invariants"]["ok"] and large["invariants"]["ok"]
    assert large["queries_per_elimination"]["p95"] == small["queries_per_elimination"]["p95"]
    assert large["queries_per_elimination"]["p50"] == small["queries_per_elimination"]["p50"]


def test_the_command_prints_the_contract_keys(capsys):
    call_command("simulate_festival", "--flights", "2", "--entries", "24", "--seed", "2", "--json")
    report = json.loads(capsys.readouterr().out)
    for key in ["entries", "flights", "survivors", "invariants", "seconds", "queries_per_elimination"]:
        assert key in report
    assert set(report["queries_per_elimination"]) >= {"p50", "p95"}
    assert report["invariants"]["ok"] is True


def test_bad_arguments_are_refused():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="at least four entries per flight"):
        call_command("simulate_festival", "--flights", "4", "--entries", "10")
    with pytest.raises(CommandError, match="share between 0 and 1"):
        call_command("simulate_festival", "--survivors", "1.5")
