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
    assert result["draw_seconds"] > 0 and result["break_seconds"] > 0
    assert result["draw_queries"] < 20
    assert not Event.objects.exists() and not Entry.objects.exists()
