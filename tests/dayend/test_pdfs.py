"""The end-of-day printouts through the print queue, read back with pdftotext."""

import shutil
import subprocess

import pytest
from django.urls import reverse

from tdconsole.dayend.counting import bag_count_record
from tdconsole.dayend.days import day_end_set
from tdconsole.printing import services
from tdconsole.printing.documents import build
from tdconsole.printing.exceptions import PrintingError
from tdconsole.printing.models import Document
from tdconsole.tournaments.models import Entry
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]


def pdf_pages(path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return text.replace("\u00a0", " ").split("\f")[:-1]


@pytest.fixture
def seated(event, director):
    factories.make_entries(event, 10)
    factories.seat_field(event, per_table=5)
    day = day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    entries = list(Entry.objects.filter(event=event).select_related("table", "player")
                   .order_by("table__number", "seat"))
    return day, entries


def test_bag_slips_give_each_player_a_slip_a_page_per_table_in_seat_order(event, seated, tmp_path):
    day, entries = seated
    out = tmp_path / "slips.pdf"
    build("bagslips", event, str(out), "pt-br")
    pages = pdf_pages(out)
    assert len(pages) == 2
    for page, table in zip(pages, sorted({e.table.number for e in entries}), strict=True):
        at_table = [e for e in entries if e.table.number == table]
        assert [page.index(f"Mesa {table} · Assento {e.seat}") for e in at_table] == sorted(
            page.index(f"Mesa {table} · Assento {e.seat}") for e in at_table)
        for e in at_table:
            assert e.player.name in page
            assert f"Inscrição nº {e.number}" in page
        assert page.count("Contagem (fichas)") == 5
        assert page.count("Assinatura do jogador") == 5
        assert "Fichas no saco · Dia 1A" in page


def test_one_tables_slips_through_the_print_queue(event, seated, client_as, django_capture_on_commit_callbacks,
                                                  in_english):
    day, entries = seated
    table = entries[0].table.number
    floor = client_as("floor")
    floor.post(reverse("printing:request", args=[event.slug]),
               {"kind": "bagslips", "variant": f"table-{table}", "lang": "en"})
    document = Document.objects.get()
    from django.utils import translation

    with translation.override("en"):
        assert (document.kind, document.variant, document.kind_label) == ("bagslips", f"table-{table}",
                                                                          "Bag slips (end of day)")
    from tdconsole.printing.tasks import document_build

    document_build.apply(args=[document.pk])
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    desk = floor.get(reverse("printing:desk", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bag slips (end of day)" in desk


def test_a_table_not_in_play_is_refused(event, seated, director, in_english):
    with pytest.raises(PrintingError, match="No such table in play"):
        services.document_request(event=event, kind="bagslips", lang="en", actor=director, variant="table-99")
    assert not Document.objects.exists()


def test_the_leaderboard_pdf_ranks_the_counts(event, seated, director, tmp_path):
    day, entries = seated
    for entry, typed in zip(entries[:3], ["20k", "45.000", "30 000"], strict=True):
        bag_count_record(event=event, day=day, entry_id=entry.pk, typed=typed, actor=director)
    out = tmp_path / "board.pdf"
    build("chipboard", event, str(out), "pt-br")
    (page,) = pdf_pages(out)
    assert "Contagem de fichas · Dia 1A" in page
    lines = [line for line in page.splitlines() if "000" in line]
    assert [line.split()[-1] for line in lines] == ["45.000", "30.000", "20.000"]
    assert entries[1].player.name in lines[0]
