"""The club night in the simulation (simulate_event --rebuys --addons --bounty --deal): the money goes through
the cash desk's services and is checked from the cashier's selectors; without the flags the night is as it was."""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from tdconsole.seating.simulation import MoneyOptions, Simulation
from tdconsole.tournaments.models import Entry
from tests import factories

# What `Simulation(entries=60, reentry_rate=0.2, seed=5, checkpoint_every=20)` reported before the club night
# existed (timings and the machine left out): a freezeout run must still report exactly this.
FREEZEOUT_SEED_5 = {
    "balance_moves": 13, "balance_rounds": 13, "database": "sqlite", "elimination_operations": 59,
    "eliminations": 59, "entries": 60, "event": None, "final_table": True, "hand_for_hand_rounds": 3,
    "invariants": {"checks": 6, "failures": [], "ok": True}, "late_entries": 11, "players": 59,
    "queries_per_elimination": {"max": 13, "min": 10, "p50": 10}, "reentries": 1, "tables_added": 0,
    "tables_broken": 4, "tied_entries": 0, "winner": "Player 00047",
}
TIMINGS = ("seconds", "cpu_seconds", "seat_draw", "phase_seconds", "machine")


def night(entries=60, seed=5, initial_share=0.8, **money):
    return Simulation(entries=entries, reentry_rate=0.2, seed=seed, checkpoint_every=20, initial_share=initial_share,
                      money=MoneyOptions(**money)).run().as_dict()


@pytest.mark.django_db
def test_without_money_flags_the_night_and_its_report_are_as_before():
    from django.db import connection

    result = night()
    for key in TIMINGS:
        result.pop(key)
    assert result.pop("database") == connection.vendor  # recorded on SQLite; CI runs it on PostgreSQL too
    assert result == {k: v for k, v in FREEZEOUT_SEED_5.items() if k != "database"}
    assert "money" not in result


@pytest.mark.django_db
@pytest.mark.parametrize("flags", [
    {"rebuys": True},
    {"addons": True},
    {"bounty": "pko"},
    {"bounty": "fixed"},
    {"rebuys": True, "addons": True, "bounty": "pko", "deal": True},
], ids=["rebuys", "addons", "pko", "fixed", "club-night-with-a-deal"])
def test_each_money_flag_plays_a_night_that_balances_to_the_cent(flags):
    result = night(**flags)
    assert result["invariants"]["failures"] == [] and result["invariants"]["ok"] is True
    money = result["money"]
    assert money["difference"] == "0.00" and money["bounty_difference"] == "0.00"
    assert result["entries"] == 60 and result["eliminations"] == 59
    # Money came in by every method the desk takes, and every prize was paid out at the cash desk.
    assert all(Decimal(v) > 0 for v in money["in_by_method"].values())
    assert money["prizes_paid"] == money["prize_pool"] and Decimal(money["prize_pool"]) > 0
    assert Decimal(money["fees"]) >= 60 * Decimal("50")
    if flags.get("rebuys"):
        assert money["rebuys"] > 0
    else:
        assert money["rebuys"] == 0
    if flags.get("addons"):
        assert money["addons"] > 30 and money["staff_addons"] > 0
        assert money["rules"]["addon_break_after_level"] == 4  # the structure has a break after level 4
    else:
        assert money["addons"] == 0 and money["staff_addons"] == 0
    if flags.get("bounty"):
        assert Decimal(money["bounties_paid"]) > 0
        # Every bounty euro paid in went back out: won, owed back, or the champion's own head.
        assert (Decimal(money["bounties_won"]) + Decimal(money["bounties_owed_back"])
                + Decimal(money["champion_head"])) == Decimal(money["bounty_in"]) == Decimal(money["bounties_paid"])
        # The eliminators' awards are in the bust's transaction, so the elimination costs more queries.
        assert result["queries_per_elimination"]["p50"] > FREEZEOUT_SEED_5["queries_per_elimination"]["p50"]
    else:
        assert money["bounties_paid"] == "0.00" and money["bounty_in"] == "0.00"
    if flags.get("deal"):
        assert money["deal"] is True


@pytest.mark.django_db
def test_the_rebuy_period_counts_the_cash_desks_refusals_and_never_gets_round_them():
    # A long late registration (70% of the field), so the rebuy period has many hands.
    result = night(entries=200, seed=2, initial_share=0.3, rebuys=True)
    assert result["invariants"]["ok"], result["invariants"]["failures"]
    money = result["money"]
    assert money["rebuys"] > 10
    # Players above the starting stack asked too, and some had used their rebuys: the cashier said no.
    assert sum(money["refused"].values()) > 0


@pytest.mark.django_db
def test_a_purchase_made_behind_the_cash_desks_back_is_reported(monkeypatch):
    original = Simulation._money_finish

    def sneak_a_rebuy_in(self, event):
        winner = Entry.objects.get(event=event, status=Entry.Status.ALIVE)
        factories.make_purchase(winner, kind="rebuy", prize="100", fee="10", chips=30000)
        return original(self, event)

    monkeypatch.setattr(Simulation, "_money_finish", sneak_a_rebuy_in)
    result = night(rebuys=True)
    failures = result["invariants"]["failures"]
    assert result["invariants"]["ok"] is False
    assert result["money"]["difference"] != "0.00"
    assert any("close-out does not balance" in f for f in failures)
    assert any("chips in play" in f for f in failures)
    assert any("the cashier counts" in f for f in failures)


@pytest.mark.django_db
def test_bounty_money_slipped_onto_a_busted_head_is_reported(monkeypatch):
    original = Simulation._money_finish

    def bounty_behind_the_back(self, event):
        out = Entry.objects.filter(event=event, status=Entry.Status.BUSTED, bust__bounty_awards__isnull=False).first()
        factories.make_purchase(out, kind="bonus", prize="0", fee="0", bounty="25", chips=0)
        return original(self, event)

    monkeypatch.setattr(Simulation, "_money_finish", bounty_behind_the_back)
    result = night(bounty="pko")
    failures = result["invariants"]["failures"]
    assert result["money"]["bounty_difference"] == "25.00"
    assert any("bounty money paid in" in f for f in failures)


@pytest.mark.django_db
def test_queries_per_sale_and_per_elimination_do_not_grow_with_the_field():
    flags = {"rebuys": True, "addons": True, "bounty": "pko"}
    small = night(entries=60, seed=11, **flags)
    large = night(entries=240, seed=11, **flags)
    assert small["invariants"]["ok"] and large["invariants"]["ok"], large["invariants"]["failures"]
    assert small["money"]["queries_per_sale"]["max"] == large["money"]["queries_per_sale"]["max"]
    assert small["queries_per_elimination"]["p50"] == large["queries_per_elimination"]["p50"]
    assert large["queries_per_elimination"]["max"] <= small["queries_per_elimination"]["max"] + 2


@pytest.mark.django_db
def test_simulate_event_command_prints_the_money_object():
    out = StringIO()
    call_command("simulate_event", "--entries", "40", "--seats-per-table", "6", "--seed", "3", "--rebuys", "--addons",
                 "--bounty", "fixed", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["invariants"]["ok"], data["invariants"]["failures"]
    assert set(data["money"]) >= {"in", "prize_pool", "fees", "staff", "rebuys", "addons", "bounties_paid",
                                  "prizes_paid", "difference"}
    assert data["money"]["difference"] == "0.00" and data["money"]["rules"]["bounty"] == "fixed"
    plain = StringIO()
    call_command("simulate_event", "--entries", "20", "--seats-per-table", "6", "--seed", "3", "--json", stdout=plain)
    assert "money" not in json.loads(plain.getvalue())
