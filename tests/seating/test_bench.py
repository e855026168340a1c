import json
from io import StringIO

import pytest
from django.core.management import call_command

from tdconsole.tournaments.models import Entry, Event


@pytest.mark.django_db
def test_bench_seating_reports_the_draw_and_leaves_no_data():
    out = StringIO()
    call_command("bench_seating", "--entries", "300", "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["entries"] == 300
    assert {"draw_seconds", "break_seconds", "balance_seconds"} <= set(result)  # printed, never judged
    assert not Event.objects.exists() and not Entry.objects.exists()
    # The draw's work does not grow with the field: ten times the entries, the same queries.
    out = StringIO()
    call_command("bench_seating", "--entries", "3000", "--json", stdout=out)
    assert json.loads(out.getvalue())["draw_queries"] == result["draw_queries"] < 20


@pytest.mark.slow
@pytest.mark.django_db
def test_bench_seating_ten_thousand_entries_prints_its_figures(capsys):
    """The 10,000-entry seat draw; prints the figure, never fails on time (the machine is shared)."""
    out = StringIO()
    call_command("bench_seating", "--entries", "10000", "--json", stdout=out)
    result = json.loads(out.getvalue())
    with capsys.disabled():
        print(f"\nbench_seating: {out.getvalue().strip()}")
    assert result["entries"] == 10000 and result["draw_queries"] < 20


@pytest.mark.django_db
@pytest.mark.parametrize("entries", [12, 30])
def test_bench_seating_runs_on_a_small_field(entries):
    """A field whose other tables have no room for the breaking table busts there first (30 failed so)."""
    out = StringIO()
    call_command("bench_seating", "--entries", str(entries), "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["entries"] == entries and result["break_seconds"] >= 0
    assert not Event.objects.exists()
