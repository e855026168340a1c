"""Move slips of a table break: one per player moving, A4 to cut out or 80 mm receipts, read back with pdftotext."""

import re
import shutil
import subprocess

import pytest

from tdconsole.printing.documents import build
from tdconsole.printing.exceptions import PrintingError
from tdconsole.printing.models import Document
from tdconsole.printing.services import document_request
from tdconsole.seating import services as seating
from tdconsole.seating.models import SeatDraw
from tdconsole.tournaments.models import Entry, Player, Table
from tests.seating.conftest import make_entries
from tests.seating.conftest import make_event as seating_event

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]
LONG_NAME = "Maria Aparecida dos Santos Nascimento Albuquerque de Oliveira Júnior"


def pdf_text(path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return text.replace("\u00a0", " ")


def pdf_info(path) -> str:
    return subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True, text=True).stdout


def break_table(event, actor, layout, breaking):
    """Seat players exactly as `layout` says (table -> seats), then break `breaking`; returns its draw."""
    seating.tables_assign(event=event, numbers=sorted(layout), actor=actor)
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    entries = make_entries(event, sum(len(s) for s in layout.values()),
                           start=Entry.objects.filter(event=event).count() + 1)
    spots = iter((tables[n], seat) for n, seat_list in layout.items() for seat in seat_list)
    for entry in entries:
        entry.table, entry.seat = next(spots)
    Entry.objects.bulk_update(entries, ["table", "seat"])
    seating.table_break(event=event, table_number=breaking, actor=actor)
    return SeatDraw.objects.filter(event=event, kind="break").order_by("-id").first()


@pytest.fixture
def broken(director):
    """Table 3 (seats 1, 4, 6) broken into tables 1 and 2; one of its players has a long accented name."""
    event = seating_event(slug="slips")
    draw = break_table(event, director, {1: range(1, 8), 2: range(1, 8), 3: [1, 4, 6]}, breaking=3)
    Player.objects.filter(entries__pk=draw.moves[0][0]).update(name=LONG_NAME)
    return event, draw


def moved(draw):
    """(name, number, from seat, to table, to seat) of each player of the break, as they are now."""
    rows = []
    for entry_id, number, _from_table, from_seat, to_table, to_seat in draw.moves:
        entry = Entry.objects.select_related("player", "table").get(pk=entry_id)
        assert (entry.table.number, entry.seat) == (to_table, to_seat)
        rows.append((entry.player.name, number, from_seat, to_table, to_seat))
    return rows


def test_a4_slips_name_each_player_the_seat_left_and_the_seat_to_take(broken, tmp_path):
    event, draw = broken
    out = tmp_path / "slips-a4.pdf"
    build("moves", event, str(out), "en", variant=f"a4-{draw.pk}")
    text = pdf_text(out)
    assert "Move slips · Event slips" in text and "Table 3 broken: 3 players move" in text
    for name, number, from_seat, to_table, to_seat in moved(draw):
        assert f"#{number}" in text
        assert f"From table 3, seat {from_seat}" in text
        assert f"Table {to_table} · seat {to_seat}" in text
        assert (name if name != LONG_NAME else "Maria Aparecida dos Santos") in text
    assert LONG_NAME not in text and "…" in text  # shortened to fit the slip, not drawn over its edge
    assert re.search(r"Pages:\s+1\b", pdf_info(out))


def test_receipt_slips_are_one_80_mm_slip_per_player(broken, tmp_path):
    event, draw = broken
    out = tmp_path / "slips-receipt.pdf"
    build("moves", event, str(out), "pt-br", variant=f"receipt-{draw.pk}")
    info = pdf_info(out)
    assert re.search(r"Pages:\s+3\b", info) and "226.772 x" in info  # 80 mm wide
    text = pdf_text(out)
    assert text.count("Vá para") == 3 and "Mesa 3 quebrada" in text
    for _name, number, from_seat, to_table, to_seat in moved(draw):
        assert f"Da mesa 3, assento {from_seat}" in text and f"Mesa {to_table} · assento {to_seat}" in text
        assert f"Inscrição nº {number}" in text


def test_slips_of_an_earlier_break_still_print_its_own_players(director, tmp_path):
    event = seating_event(slug="twice")
    first = break_table(event, director, {1: range(1, 7), 2: range(1, 7), 3: range(1, 5), 4: [2, 3]}, breaking=4)
    second_moves = seating.table_break(event=event, table_number=3, actor=director)
    out = tmp_path / "first.pdf"
    build("moves", event, str(out), "en", variant=f"a4-{first.pk}")
    text = pdf_text(out)
    assert "Table 4 broken: 2 players move" in text and "From table 3" not in text
    latest = tmp_path / "latest.pdf"
    build("moves", event, str(latest), "en", variant="a4")
    assert f"Table 3 broken: {len(second_moves)} players move" in pdf_text(latest)


def test_slips_without_a_break_say_so(tmp_path):
    event = seating_event(slug="none")
    out = tmp_path / "none.pdf"
    build("moves", event, str(out), "en", variant="receipt")
    assert "No table break has been recorded for this event." in pdf_text(out)


def test_asking_for_slips_names_the_break_they_print(broken, director, django_capture_on_commit_callbacks):
    event, draw = broken
    with django_capture_on_commit_callbacks(execute=True):
        latest, created = document_request(event=event, kind="moves", lang="en", actor=director)
    assert created and latest.variant == f"a4-{draw.pk}"
    with django_capture_on_commit_callbacks(execute=True):
        receipt, _ = document_request(event=event, kind="moves", lang="en", actor=director, variant="receipt")
    assert receipt.variant == f"receipt-{draw.pk}"
    receipt.refresh_from_db()
    assert receipt.status == Document.Status.READY and receipt.filename.endswith(f"-moves-receipt-{draw.pk}-en.pdf")
    assert "226.772 x" in pdf_info(receipt.file.path)


@pytest.mark.parametrize("variant", ["poster", "a4-", "a4-99999999", "a4-99999999999999999999999", "a4-1-2", "²"])
def test_slips_of_no_break_of_this_event_are_refused(broken, director, variant):
    event, _draw = broken
    with pytest.raises(PrintingError):
        document_request(event=event, kind="moves", lang="en", actor=director, variant=variant)
    assert not Document.objects.filter(kind="moves").exists()


def test_slips_of_another_events_break_are_refused(broken, director):
    _event, draw = broken
    other = seating_event(slug="other")
    with pytest.raises(PrintingError):
        document_request(event=other, kind="moves", lang="en", actor=director, variant=f"a4-{draw.pk}")


def test_the_command_line_renders_the_latest_breaks_slips(broken, tmp_path):
    from django.core.management import CommandError, call_command

    event, draw = broken
    out = tmp_path / "cli.pdf"
    call_command("render_pdf", "moves", "--event", event.slug, "--out", str(out), "--format", "receipt",
                 "--lang", "en")
    assert re.search(r"Pages:\s+3\b", pdf_info(out))
    # A named break prints that break's slips; a break of no such id is refused, not a traceback.
    named = tmp_path / "named.pdf"
    call_command("render_pdf", "moves", "--event", event.slug, "--out", str(named), "--break", str(draw.pk))
    assert re.search(r"Pages:\s+1\b", pdf_info(named))
    with pytest.raises(CommandError):
        call_command("render_pdf", "moves", "--event", event.slug, "--out", str(named), "--break", str(draw.pk + 99))
    with pytest.raises(CommandError):
        call_command("render_pdf", "payouts", "--event", event.slug, "--out", str(named), "--break", str(draw.pk))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_slips_render_as_images_for_review(broken, tmp_path):
    """Saved under test-artifacts/ (move-slips-a4-1.png, move-slips-receipt-1.png) to look at."""
    from tests.conftest import ARTIFACTS

    event, draw = broken
    ARTIFACTS.mkdir(exist_ok=True)
    for paper in ("a4", "receipt"):
        out = tmp_path / f"{paper}.pdf"
        build("moves", event, str(out), "pt-br", variant=f"{paper}-{draw.pk}")
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", str(out),
                        str(ARTIFACTS / f"move-slips-{paper}")], check=True)
        assert (ARTIFACTS / f"move-slips-{paper}-1.png").exists()


def test_a_long_table_number_and_seat_10_print_whole_on_a_receipt(director, tmp_path):
    event = seating_event(slug="wide", tables=0, seats=10)
    venue = event.festival.venue
    Table.objects.bulk_create([Table(venue=venue, number=n, seats=10) for n in (1234567, 1234568, 1234569)])
    draw = break_table(event, director, {1234567: range(1, 10), 1234568: range(1, 10), 1234569: [1]},
                       breaking=1234569)
    out = tmp_path / "wide.pdf"
    build("moves", event, str(out), "en", variant=f"receipt-{draw.pk}")
    [(_entry, _number, _ft, _fs, to_table, to_seat)] = draw.moves
    assert to_seat == 10 and f"Table {to_table} · seat 10" in pdf_text(out)
