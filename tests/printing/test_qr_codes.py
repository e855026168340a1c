"""The QR codes on the printed documents, read back from the page as a phone would (pdftoppm, zbarimg)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils.translation import override

from tdconsole.live.links import entry_path
from tdconsole.printing.documents import build
from tdconsole.printing.exceptions import PrintingError
from tdconsole.printing.models import Document
from tdconsole.printing.services import document_request
from tdconsole.printing.tasks import document_build
from tdconsole.tournaments.models import Entry, Table
from tdconsole.tournaments.public import public_url
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("zbarimg") is None,
                       reason="pdftoppm (poppler-utils) or zbarimg (zbar-tools) is not installed"),
]

BASE = "http://192.168.0.10:8000"


@pytest.fixture(autouse=True)
def site_address(settings):
    settings.PUBLIC_BASE_URL = BASE


def page_png(pdf: Path, page: int = 1) -> Path:
    stem = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(stem)], check=True)
    return stem.with_suffix(".png")


def codes_on(pdf: Path, page: int = 1) -> list[str]:
    """Every QR code the page carries, as zbarimg reads them (a failed read is an empty list)."""
    found = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(page_png(pdf, page))],
                           capture_output=True, text=True)
    return sorted(line for line in found.stdout.splitlines() if line)


def pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def live_link(event) -> str:
    return BASE + public_url(event, "live:page", absolute=False)


def test_every_seat_card_carries_the_live_page_and_its_own_entry_page(make_event, seated, tmp_path, client):
    event = make_event(entries=12)
    seated(event)
    first = Entry.objects.filter(event=event, table__isnull=False).order_by("table__number", "seat").first()
    own = BASE + entry_path(event=event, entry_id=first.pk)
    # On an A4 sheet (ten cards a page): the live link once per card, each entry's link once.
    a4 = tmp_path / "seats-a4.pdf"
    build("seats", event, str(a4), "pt-br", variant="a4")
    read = codes_on(a4)
    assert len(read) == 20
    assert read.count(live_link(event)) == 10
    cards = Entry.objects.filter(event=event, table__isnull=False).order_by("table__number", "seat")[:10]
    assert sorted(c for c in read if c != live_link(event)) == sorted(
        BASE + entry_path(event=event, entry_id=e.pk) for e in cards)
    # On the 80 mm receipt printer: one card a slip, the first one first.
    receipt = tmp_path / "seats-receipt.pdf"
    build("seats", event, str(receipt), "en", variant="receipt")
    assert pages(receipt) == 12
    assert codes_on(receipt) == sorted([live_link(event), own])
    # The entry's code opens that entry's page.
    response = client.get(own.removeprefix(BASE))
    assert response.status_code == 200 and first.player.name in response.content.decode()
    text = subprocess.run(["pdftotext", str(receipt), "-"], capture_output=True, text=True).stdout
    assert "Live: blinds and results" in text and "Your entry" in text


def test_without_the_sites_address_the_seat_cards_carry_no_code(make_event, seated, tmp_path, settings):
    settings.PUBLIC_BASE_URL = ""
    event = make_event(entries=3)
    seated(event)
    out = tmp_path / "seats.pdf"
    build("seats", event, str(out), "en", variant="receipt")
    assert codes_on(out) == []
    assert "#3" in subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout


def test_seat_cards_asked_at_a_desk_without_the_setting_lead_to_the_desks_address(make_event, seated, director,
                                                                                  settings, client, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PUBLIC_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["192.168.0.10"]
    event = make_event(entries=3)
    seated(event)
    client.force_login(director)
    client.post(reverse("printing:request", kwargs={"slug": event.slug}),
                {"kind": "seats", "variant": "receipt", "lang": "en"}, HTTP_HOST="192.168.0.10:8000")
    document = Document.objects.get(event=event, kind="seats")
    document_build.apply(args=[document.pk]).get()
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    built = tmp_path / "seats-desk.pdf"
    built.write_bytes(document.file.read())
    entry = Entry.objects.filter(event=event).order_by("table__number", "seat").first()
    assert codes_on(built) == sorted(["http://192.168.0.10:8000" + public_url(event, "live:page", absolute=False),
                                      "http://192.168.0.10:8000" + entry_path(event=event, entry_id=entry.pk)])


def test_a_table_tent_per_table_with_its_number_and_the_live_pages_code(make_event, seated, tmp_path):
    event = make_event(entries=20)
    seated(event)  # nine a table: three tables
    numbers = list(Table.objects.filter(event=event).order_by("number").values_list("number", flat=True))
    assert len(numbers) == 3
    out = tmp_path / "tents.pdf"
    build("tent", event, str(out), "pt-br")
    assert pages(out) == 3
    for page, number in enumerate(numbers, start=1):
        # Both halves of the folded sheet carry the code.
        assert codes_on(out, page) == [live_link(event)] * 2
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(out), "-"],
                              capture_output=True, text=True).stdout
        assert str(number) in text.split() and "MESA" in text and event.name in text
        assert "Blinds, lugares e resultados no seu celular" in " ".join(text.split())


def test_table_tents_go_through_the_print_queue_and_need_the_sites_address(make_event, seated, director,
                                                                           settings, client, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    event = make_event(entries=5)
    seated(event)
    client.force_login(director)
    desk_url = reverse("printing:desk", kwargs={"slug": event.slug})
    desk = client.get(desk_url).content.decode()
    assert 'data-testid="print-tents"' in desk and 'data-testid="print-no-public-url"' not in desk
    # The desk's button asks for the tents; the print service's task builds them.
    client.post(reverse("printing:request", kwargs={"slug": event.slug}), {"kind": "tent", "lang": "en"})
    document = Document.objects.get(event=event, kind="tent")
    document_build.apply(args=[document.pk]).get()
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    with override("en"):
        assert document.kind_label == "Table tents (live page QR code)"
    built = tmp_path / "built.pdf"
    built.write_bytes(document.file.read())
    assert codes_on(built) == [live_link(event)] * 2
    # Without TDCONSOLE_PUBLIC_URL and without a desk's address (a script) the tents are refused...
    settings.PUBLIC_BASE_URL = ""
    with pytest.raises(PrintingError, match="TDCONSOLE_PUBLIC_URL"):
        document_request(event=event, kind="tent", lang="pt-br", actor=director)
    # ...and asked at a desk they lead to the address that desk is on, which the desk page says beforehand.
    settings.ALLOWED_HOSTS = ["10.0.0.7"]
    warned = client.get(desk_url, HTTP_HOST="10.0.0.7:8000").content.decode()
    assert 'data-testid="print-no-public-url"' in warned and "http://10.0.0.7:8000" in warned
    client.post(reverse("printing:request", kwargs={"slug": event.slug}), {"kind": "tent", "lang": "pt-br"},
                HTTP_HOST="10.0.0.7:8000")
    asked = Document.objects.get(event=event, kind="tent", lang="pt-br")
    assert asked.base_url == "http://10.0.0.7:8000"
    document_build.apply(args=[asked.pk]).get()
    asked.refresh_from_db()
    assert asked.status == Document.Status.READY, asked.error
    built = tmp_path / "built-host.pdf"
    built.write_bytes(asked.file.read())
    assert codes_on(built) == ["http://10.0.0.7:8000" + public_url(event, "live:page", absolute=False)] * 2


def test_the_purchase_receipt_carries_the_live_pages_code(make_event, tmp_path, client, cast, settings):
    event = make_event(entries=3)
    purchase = factories.make_purchase(Entry.objects.filter(event=event).first())
    client.force_login(cast["registration"])
    for size in ("80mm", "a4"):
        response = client.get(reverse("printing:purchase_receipt", kwargs={"slug": event.slug, "pk": purchase.pk}),
                              {"size": size, "lang": "en"})
        assert response.status_code == 200
        out = tmp_path / f"receipt-{size}.pdf"
        out.write_bytes(b"".join(response.streaming_content))
        assert codes_on(out) == [live_link(event)], size
    # Without TDCONSOLE_PUBLIC_URL the receipt, built in the request, links to the address the desk is on.
    settings.PUBLIC_BASE_URL = ""
    settings.ALLOWED_HOSTS = ["10.0.0.7"]
    response = client.get(reverse("printing:purchase_receipt", kwargs={"slug": event.slug, "pk": purchase.pk}),
                          HTTP_HOST="10.0.0.7:8000")
    out = tmp_path / "receipt-host.pdf"
    out.write_bytes(b"".join(response.streaming_content))
    assert codes_on(out) == ["http://10.0.0.7:8000" + public_url(event, "live:page", absolute=False)]
