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
    assert doc == {"equities": ["288.57", "383.93", "327.50"]}


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


def test_icm_command_rejects_bad_stacks():
    with pytest.raises(CommandError):
        run("icm", "--stacks", "a,b", "--prizes", "1,2")
