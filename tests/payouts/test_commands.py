import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_icm_command_prints_equities_in_stack_order():
    doc = json.loads(run("icm", "--stacks", "2000,5000,3000", "--prizes", "500,300,200", "--json"))
    assert doc == {"equities": ["288.57", "383.93", "327.50"], "method": "exact"}


def test_payout_table_command_prints_places_and_exact_total():
    doc = json.loads(run("payout_table", "--entries", "1000", "--prize-pool", "100000.50", "--buy-in", "110",
                         "--rounding", "10", "--json"))
    amounts = [Decimal(p["amount"]) for p in doc["places"]]
    assert [p["place"] for p in doc["places"]] == list(range(1, 151))
    assert sum(amounts) == Decimal(doc["total"]) == Decimal("100000.50")
    assert min(amounts) >= Decimal("170")


def test_payout_table_command_honours_percent_paid():
    doc = json.loads(run("payout_table", "--entries", "100", "--prize-pool", "10000", "--percent-paid", "10",
                         "--json"))
    assert len(doc["places"]) == 10


@pytest.mark.parametrize("stacks", ["a,b", "2.5,3000", "-2000,5000", "15k,2000"])
def test_icm_command_rejects_bad_stacks(stacks):
    with pytest.raises(CommandError):
        run("icm", "--stacks", stacks, "--prizes", "1,2")


def test_icm_command_reads_stacks_as_the_desk_does():
    """The stacks are read by the desk's chip reader: dots or spaces may group thousands."""
    doc = json.loads(run("icm", "--stacks", "2.000, 5 000,3000", "--prizes", "500,300,200", "--json"))
    assert doc["equities"] == ["288.57", "383.93", "327.50"]


def test_icm_command_says_which_method_it_used():
    doc = json.loads(run("icm", "--stacks", "2000,5000,3000", "--prizes", "500,300,200", "--json"))
    assert doc["method"] == "exact"
    stacks = ",".join(str(10_000 + 977 * i) for i in range(20))
    prizes = ",".join(str(1000 * (20 - i)) for i in range(20))
    auto = json.loads(run("icm", "--stacks", stacks, "--prizes", prizes, "--json"))
    assert auto["method"] == "approximate"
    assert sum(Decimal(e) for e in auto["equities"]) == sum(1000 * (20 - i) for i in range(20))
    small = json.loads(run("icm", "--stacks", "2000,5000,3000", "--prizes", "500,300,200", "--method", "approximate",
                           "--json"))
    assert small == {"equities": ["288.57", "383.93", "327.50"], "method": "approximate"}


@pytest.mark.parametrize("prizes", ["NaN,1", "Infinity", "1E+30", "-5"])
def test_icm_command_refuses_prizes_that_are_not_amounts(prizes):
    with pytest.raises(CommandError):
        run("icm", "--stacks", "100,200", "--prizes", prizes)


@pytest.mark.parametrize("args", [("--entries", "-1"), ("--entries", "100000000000"), ("--prize-pool", "NaN")])
def test_payout_table_command_refuses_numbers_it_cannot_use(args):
    base = {"--entries": "100", "--prize-pool": "10000"} | dict([args])
    with pytest.raises(CommandError):
        run("payout_table", *[x for kv in base.items() for x in kv])
