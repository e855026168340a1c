"""The chip-count leaderboards once the flights are merged: each flight's day keeps its counts, and the
main event ranks its Day 2 players by the stacks they brought (found by the festival drill)."""

import shutil
import subprocess

import pytest
from django.urls import reverse

from tdconsole.day2.services import day2_merge
from tdconsole.dayend.counting import bag_count_record
from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.pdfs import build_leaderboard
from tdconsole.dayend.selectors import count_day, leaderboard
from tests import factories

from .conftest import bag, close

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


@pytest.fixture
def through(main, flights, people, director):
    """Day 1A's bags typed on its counts page (Ana 25,000, Bruno 12,500), Diego's counted in Day 1B; merged."""
    a, b = flights
    day = day_end_set(event=a, actor=director, name="Day 1A", last_level=2)
    ana, bruno = (factories.register_at_desk(a, name, actor=director, player=people[name]) for name in ("Ana", "Bruno"))
    for entry, typed in ((ana, "25.000"), (bruno, "12,5k")):
        bag_count_record(event=a, day=day, entry_id=entry.pk, typed=typed, actor=director)
    diego = factories.register_at_desk(b, "Diego", actor=director, player=people["Diego"])
    bag(b, {diego: 15000}, director)
    close(a, director)
    close(b, director)
    main.refresh_from_db()
    day2_merge(event=main, actor=director)
    return main, a


def test_a_flights_leaderboard_keeps_its_counts_after_the_merge(through):
    _main, a = through
    rows = leaderboard(event=a, day=count_day(event=a))
    assert [(r["rank"], r["name"], r["chips"]) for r in rows] == [(1, "Ana", 25000), (2, "Bruno", 12500)]


def test_a_flights_leaderboard_page_counts_its_players_through_to_day2(through, client_as):
    """After the merge Day 1A's page said "0 of 0 players counted" above its two rows."""
    _main, a = through
    url = reverse("dayend:leaderboard", kwargs={"slug": a.slug})
    html = client_as("floor").get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "2 of 2 players counted." in html
    assert html.count('data-testid="leader-row"') == 2


def test_the_main_event_ranks_its_day2_players_by_their_stacks(through):
    main, _a = through
    assert count_day(event=main) is None
    rows = leaderboard(event=main, day=None)
    assert [(r["rank"], r["name"], r["number"], r["chips"]) for r in rows] == [
        (1, "Ana", 1, 25000), (2, "Diego", 2, 15000), (3, "Bruno", 3, 12500)]


def test_an_event_without_flights_or_day_has_no_leaderboard(main):
    assert not main.has_flights
    assert leaderboard(event=main, day=None) == []


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")
def test_the_main_events_printed_leaderboard_names_the_day2_stacks(through, tmp_path):
    main, _a = through
    path = tmp_path / "board.pdf"
    build_leaderboard(main, str(path), "en")
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout.decode()
    assert "No counts yet" not in text
    lines = {line.split()[1]: line.split() for line in text.splitlines() if line.split()[1:2] in (["Ana"], ["Diego"])}
    assert lines["Ana"][0] == "1" and lines["Ana"][-1] == "25,000"
    assert lines["Diego"][0] == "2" and lines["Diego"][-1] == "15,000"
