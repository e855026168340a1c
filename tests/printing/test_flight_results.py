"""The results sheet of a tournament in flights, read back with pdftotext: a flight's sheet lists its own
busts ("out in Day 1B" until the whole field is known, then their places) and its players still in with
their bags; the main event's sheet lists every flight."""

import shutil
import subprocess
from decimal import Decimal

import pytest

from tdconsole.dayend.counting import bag_count_record
from tdconsole.dayend.days import day_end_set
from tdconsole.printing.documents import build
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.models import Entry, Event
from tdconsole.tournaments.registration import event_registration_close
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("in_english"),
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]

LEVELS = [{"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200, "minutes": 20},
          {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "minutes": 20}]


def pdf_text(path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.fixture
def flights(db, director):
    """Main Event, R$ 100 a bullet, with Day 1A (6 players, table 1) and Day 1B (5 players, table 3)."""
    festival = factories.make_festival("flight-series", name="Flight Series", venue_name="Room", tables=10)
    template = structure_create(name="Two levels", slug="two-levels", rows=LEVELS)
    main = factories.event_create_at_desk(festival=festival, template=template, actor=director, name="Main Event",
                                          slug="main-event", buy_in_prize=Decimal("100"), status=Event.Status.DRAFT,
                                          tables=())
    a, b = factories.two_flights_at_desk(main, actor=director, names=("Alpha{n}", "Bravo{n}"))
    bust(a, director, "Alpha0")
    bust(b, director, "Bravo0")
    bust(b, director, "Bravo1")
    for flight in (a, b):
        day = day_end_set(event=flight, actor=director, name=flight.name, last_level=2)
        for i, entry in enumerate(Entry.objects.filter(event=flight, status="alive").order_by("number")):
            bag_count_record(event=flight, day=day, entry_id=entry.pk, typed=str(10000 * (i + 1) + 500),
                             actor=director)
    main.refresh_from_db()
    return main, a, b


def bust(flight, director, name):
    entry = Entry.objects.select_related("table").get(event=flight, player__name=name)
    entries_eliminate(event=flight, table_number=entry.table.number, actor=director, level_position=None,
                      busts=[SeatBust(seat=entry.seat, starting_stack=20000)])


def results(event, tmp_path, lang="en") -> str:
    out = tmp_path / f"results-{event.slug}.pdf"
    build("results", event, str(out), lang)
    return pdf_text(out)


def test_a_flights_sheet_lists_its_busts_out_in_the_flight_and_its_bags_before_the_field_is_known(flights,
                                                                                                  tmp_path):
    main, a, b = flights
    text = results(b, tmp_path)
    assert "Entries, every flight 11" in text and "Prize pool, every flight R$1,100.00" in text
    assert text.count("out in Day 1B") == 2 and "Bravo0" in text and "Bravo1" in text
    assert "Alpha" not in text and "out in Day 1A" not in text
    assert "Still in: 3 players" in text
    # Biggest bag first: Bravo4's is the third count, 30 500.
    assert text.index("Bravo4") < text.index("Bravo3") < text.index("Bravo2")
    assert "30,500" in text and "20,500" in text and "10,500" in text


def test_the_main_events_sheet_lists_every_flight(flights, tmp_path):
    main, a, b = flights
    text = results(main, tmp_path)
    assert "out in Day 1A" in text and text.count("out in Day 1B") == 2
    assert "Still in: 8 players" in text
    assert "Alpha5 (Day 1A)" in text and "Bravo4 (Day 1B)" in text


def test_once_the_field_is_known_the_flights_busts_get_their_places(flights, tmp_path, director):
    main, a, b = flights
    event_registration_close(event=a, actor=director)
    event_registration_close(event=b, actor=director)
    text = results(b, tmp_path)
    assert "out in" not in text
    # 8 players still in over both flights; the latest bust (Bravo1) finishes best.
    assert "9th Bravo1" in text and "10th Bravo0" in text and "Alpha0" not in text
    assert "Still in: 3 players" in text
    assert "11th Alpha0 (Day 1A)" in results(main, tmp_path)


def test_the_sheet_reads_in_portuguese(flights, tmp_path):
    main, a, b = flights
    text = results(b, tmp_path, "pt-br")
    assert text.count("eliminado no Day 1B") == 2 and "30.500" in text
