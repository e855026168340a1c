from io import StringIO

import pytest
from django.core.management import call_command

from tdconsole.payouts.models import PayoutTable
from tdconsole.tournaments.models import Entry, Event


@pytest.mark.django_db
def test_bench_printing_times_the_payout_sheet_and_leaves_no_data():
    out = StringIO()
    call_command("bench_printing", "--entries", "300", "--runs", "1", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("machine: ")
    assert lines[1].startswith("payout sheet PDF 300 entries (") and lines[1].endswith(" s")
    assert not Event.objects.exists() and not Entry.objects.exists() and not PayoutTable.objects.exists()
