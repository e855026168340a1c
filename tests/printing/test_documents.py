"""The printed sheets, read back with pdftotext."""

import re
import shutil
import subprocess
import time
from decimal import Decimal

import pytest

from tdconsole.core.ordinals import ordinal
from tdconsole.payouts import services as payout_services
from tdconsole.payouts.selectors import event_payout_amounts, event_prize_summary
from tdconsole.printing.documents import build
from tdconsole.tournaments.models import Entry

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]


def pdf_text(path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return text.replace("\u00a0", " ")


def pdf_fonts(path) -> str:
    return subprocess.run(["pdffonts", str(path)], capture_output=True, check=True, text=True).stdout


def test_payout_sheet_lists_every_place_in_brazilian_money(make_event, tmp_path, director):
    event = make_event(entries=200, alive=50, buy_in_prize=Decimal("1234.56"))
    payout_services.payout_table_generate(event=event, actor=director)
    amounts = event_payout_amounts(event=event)
    out = tmp_path / "payouts.pdf"
    build("payouts", event, str(out), "pt-br")
    text = pdf_text(out)
    assert "R$ 246.912,00" in text  # the prize pool: 200 x 1.234,56
    first = f"{amounts[0]:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    assert f"R$ {first}" in text
    assert "30º" in text and "31º" not in text
    assert event.name in text


def test_payout_sheet_in_english_uses_english_formats(make_event, tmp_path, director):
    event = make_event(entries=200, alive=50, buy_in_prize=Decimal("1234.56"))
    out = tmp_path / "payouts-en.pdf"
    build("payouts", event, str(out), "en")
    text = pdf_text(out)
    assert "R$246,912.00" in text
    assert "Prize pool" in text


def test_fonts_are_embedded(make_event, tmp_path):
    event = make_event(entries=20)
    out = tmp_path / "p.pdf"
    build("payouts", event, str(out), "pt-br")
    fonts = pdf_fonts(out)
    assert "DejaVuSans" in fonts
    for line in fonts.splitlines()[2:]:
        assert " yes " in line  # the "emb" column


def test_results_show_places_names_and_tie_shares(make_event, tmp_path, director):
    event = make_event(entries=10, alive=1)
    payout_services.payout_table_save(
        event=event, amounts=[Decimal("500"), Decimal("299.99"), Decimal("150.01"), Decimal("50")], actor=director
    )
    Entry.objects.filter(event=event, number__in=[3, 4]).update(place=3)
    Entry.objects.filter(event=event, number=1).update(place=1)
    out = tmp_path / "results.pdf"
    build("results", event, str(out), "pt-br")
    text = pdf_text(out)
    assert re.search(r"1º\s+Player \S+-00000\s+#1\s+R\$ 500,00", text)
    assert text.count("R$ 100,01") == 1 and text.count("R$ 100,00") == 1


def test_receipts_have_one_signature_line_per_paid_player(make_event, tmp_path, director):
    event = make_event(entries=10, alive=1)
    payout_services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("400")], actor=director)
    Entry.objects.filter(event=event, number=1).update(place=1)
    out = tmp_path / "receipts.pdf"
    build("receipts", event, str(out), "en")
    text = pdf_text(out)
    assert text.count("Signature") == 2
    assert "R$600.00" in text and "R$400.00" in text


def test_seat_cards_and_draw_show_every_seated_player(make_event, seated, tmp_path):
    event = make_event(entries=23)
    seated(event)
    for kind, variant in (("seats", "a4"), ("seats", "receipt"), ("draw", "")):
        out = tmp_path / f"{kind}-{variant}.pdf"
        build(kind, event, str(out), "en", variant=variant)
        text = pdf_text(out)
        assert text.count("#23") == 1, kind
        assert "Table 3" in text
    receipt = subprocess.run(["pdfinfo", str(tmp_path / "seats-receipt.pdf")], capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+23\b", receipt)
    assert "226.772 x" in receipt  # 80 mm wide


def test_deal_sheet_shows_both_calculations_and_signature_lines(make_event, tmp_path, director):
    event = make_event(entries=20, alive=3)
    payout_services.payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("600"), Decimal("400")],
                                      actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    stacks = dict(zip([e.pk for e in alive], [500_000, 300_000, 200_000], strict=True))
    payout_services.deal_record(event=event, stacks=stacks, method="icm", actor=director)
    out = tmp_path / "deal.pdf"
    build("deal", event, str(out), "pt-br")
    text = pdf_text(out)
    assert "R$ 767,86" in text  # ICM of the 50% stack (0.3839 x 2.000)
    assert "R$ 2.000,00" in text
    assert "500.000" in text


def test_ten_thousand_entry_payout_sheet_reads_the_database_as_a_small_one_does(make_event, tmp_path, director):
    """Prints the 10,000-entry build time; asserts the work, not the clock (the CPU is shared)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    queries = {}
    for entries in (100, 10_000):
        event = make_event(entries=entries, alive=entries)
        payout_services.payout_table_generate(event=event, actor=director)
        out = tmp_path / f"sheet-{entries}.pdf"
        start = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            build("payouts", event, str(out), "pt-br")
        elapsed = time.perf_counter() - start
        queries[entries] = len(captured)
        print(f"{entries}-entry payout sheet: {elapsed:.2f} s, {len(captured)} queries")
    assert "1.500º" in pdf_text(out)
    # A hundred times the field, the same queries: no query per entry or per place.
    assert queries[10_000] == queries[100]


def payout_sheet_pages(make_event, tmp_path, director, places: int) -> list[str]:
    """Render an English payout sheet with `places` paid places; the text of each page."""
    event = make_event(entries=max(places, 10), buy_in_prize=Decimal("100"))
    pool = event_prize_summary(event=event)["prize_pool"]
    amounts = [pool - (places - 1)] + [Decimal("1")] * (places - 1)
    payout_services.payout_table_save(event=event, amounts=amounts, actor=director)
    out = tmp_path / f"payouts-{places}.pdf"
    build("payouts", event, str(out), "en")
    pages = pdf_text(out).split("\f")
    return [page for page in pages if page.strip()]


def headers_on(page: str) -> tuple[int, int]:
    return len(re.findall(r"\bPlace\b", page)), len(re.findall(r"\bAmount\b", page))


@pytest.mark.parametrize(("places", "columns"), [(9, 1), (50, 1), (51, 2), (100, 2), (101, 3), (150, 3)])
def test_payout_sheet_heads_only_the_columns_that_hold_places(make_event, tmp_path, director, places, columns):
    # The first page holds 50 places per column under the entries, prize pool and places paid.
    pages = payout_sheet_pages(make_event, tmp_path, director, places)
    assert len(pages) == 1
    assert headers_on(pages[0]) == (columns, columns)
    assert ordinal(places, "en") in pages[0] and ordinal(places + 1, "en") not in pages[0]


def test_large_payout_sheet_heads_every_full_column_and_the_last_page_only_where_it_has_places(
    make_event, tmp_path, director
):
    # 400 places: 150 on the first page (3 x 50), 162 on the second (3 x 54), 88 on the last (54 + 34).
    pages = payout_sheet_pages(make_event, tmp_path, director, 400)
    assert [headers_on(page) for page in pages] == [(3, 3), (3, 3), (2, 2)]
    assert "150th" in pages[0] and "151st" in pages[1] and "312th" in pages[1] and "313th" in pages[2]
    assert "400th" in pages[2]


def test_results_in_english_write_places_as_english_ordinals(make_event, tmp_path, director):
    event = make_event(entries=10, alive=1)
    payout_services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("400")], actor=director)
    Entry.objects.filter(event=event, number=1).update(place=1)
    Entry.objects.filter(event=event, number=2).update(place=2)
    out = tmp_path / "results-en.pdf"
    build("results", event, str(out), "en")
    text = pdf_text(out)
    assert re.search(r"1st\s+Player", text) and re.search(r"2nd\s+Player", text) and "º" not in text
