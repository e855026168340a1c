"""The satellite sheet through the print queue: each winner's place, name, seat or cash and ticket number,
read back with pdftotext."""

import shutil
import subprocess
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.cashier.models import Ticket
from tdconsole.cashier.tickets import ticket_move
from tdconsole.payouts import services
from tdconsole.printing.documents import build
from tdconsole.printing.models import Document
from tdconsole.printing.tasks import document_build
from tdconsole.tournaments.models import Entry
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]
WINNERS = ["Ana Lúcia", "Bruno Dias", "Carla Souza", "Davi Melo"]


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def pdf_text(data: bytes) -> str:
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return text.decode().replace("\u00a0", " ")


@pytest.fixture
def satellite(make_event, director):
    """37 entries of 25: three seats to the High Roller (250 each) and 175 in cash to 4th; tickets issued."""
    target = make_event(name="High Roller", buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))
    event = make_event(name="Sat Turbo", entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))
    for place, name in enumerate(WINNERS, start=1):
        factories.rename_player(Entry.objects.get(event=event, place=place).player_id, name)
    services.satellite_target_set(event=event, target=target, actor=director)
    services.payout_table_generate(event=event, actor=director)
    services.payout_table_lock(event=event, actor=director)
    services.satellite_tickets_issue(event=event, actor=director)
    return event


def ticket_of(event, place):
    return Ticket.objects.get(source_event=event, source_entry__place=place)


def line_of(text, name):
    return next(line for line in text.splitlines() if name in line)


def test_the_sheet_lists_each_winner_with_the_seat_or_cash_and_the_ticket(satellite, tmp_path):
    out = tmp_path / "satellite.pdf"
    build("satellite", satellite, str(out), "en")
    text = pdf_text(out.read_bytes())
    assert "Satellite winners · Sat Turbo" in text
    for place in (1, 2, 3):
        line = line_of(text, WINNERS[place - 1])
        assert line.split()[0] == ("1st", "2nd", "3rd")[place - 1]
        assert "Seat to High Roller" in line
        assert f"#{ticket_of(satellite, place).pk} · Unused" in line
    fourth = line_of(text, "Davi Melo")
    assert "R$175.00" in fourth and "Seat to" not in fourth and "#" in fourth.split("Melo")[1]
    assert "Seats won" in text and "R$250.00" in text


def test_a_moved_or_used_ticket_shows_as_it_stands_in_portuguese(satellite, director, tmp_path):
    first = ticket_of(satellite, 1)
    other = factories.make_players(satellite.festival, ["Elisa Prado"])[0]
    ticket_move(ticket_id=first.pk, player_id=other.pk, actor=director)
    out = tmp_path / "satellite-pt.pdf"
    build("satellite", satellite, str(out), "pt-br")
    text = pdf_text(out.read_bytes())
    assert "Vaga para High Roller" in line_of(text, "Ana Lúcia")
    assert "transferido para Elisa Prado" in text
    assert "R$ 175,00" in line_of(text, "Davi Melo")


def test_the_print_desk_builds_the_sheet_for_a_satellite_only(satellite, make_event, client_as):
    floor = client_as("floor")
    desk = floor.get(reverse("printing:desk", args=[satellite.slug]), {"kind": "satellite"}).content.decode()
    assert '<option value="satellite" selected>' in desk
    cash = make_event(name="Cash game")
    assert 'value="satellite"' not in floor.get(reverse("printing:desk", args=[cash.slug])).content.decode()
    floor.post(reverse("printing:request", args=[satellite.slug]), {"kind": "satellite", "lang": "en"})
    document = Document.objects.get(event=satellite, kind="satellite")
    document_build.apply(args=[document.pk])
    document.refresh_from_db()
    assert document.status == "ready", document.error
    download = floor.get(reverse("printing:download", args=[satellite.slug, document.pk]))
    text = pdf_text(b"".join(download.streaming_content))
    assert all(name in text for name in WINNERS)


def test_a_cash_event_prints_that_it_is_no_satellite(make_event, tmp_path):
    out = tmp_path / "cash.pdf"
    build("satellite", make_event(entries=10), str(out), "en")
    assert "This event is not a satellite." in pdf_text(out.read_bytes())
