"""The cash desk's printouts read back with pdftotext: a purchase's receipt (80 mm and A4, both languages,
voided), the close-out report of a scripted night balancing to the cent, who may print them, and what
they cost in queries."""

import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tdconsole.cashier.bounties import bounties_award
from tdconsole.cashier.cashouts import cash_payout_record
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import purchase_void
from tdconsole.payouts.services import payout_table_save
from tdconsole.printing.money import closeout_for, closeout_report, prizes_owed_total
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"),
]
D = Decimal
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MM = 72 / 25.4

# Blind levels 1-8, breaks after levels 2, 4 and 6 (as the cash desk's own tests have them).
LEVELS = [
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("break", 0, 0, 0, 10, None),
    ("level", 300, 600, 600, 20, None), ("level", 400, 800, 800, 20, None), ("break", 0, 0, 0, 10, None),
    ("level", 500, 1000, 1000, 20, None), ("level", 600, 1200, 1200, 20, None), ("break", 0, 0, 0, 15, 100),
    ("level", 800, 1600, 1600, 20, None),
]
RULES = {
    "rebuy_until_level": 6, "rebuy_prize": D("100"), "rebuy_fee": D("10"), "rebuy_chips": 20000, "double_rebuy": True,
    "addon_break_after_level": 6, "addon_prize": D("50"), "addon_chips": 20000,
    "staff_addon_price": D("10"), "staff_addon_chips": 5000,
    "bounty_kind": "fixed", "bounty": D("20"), "rebuy_bounty": D("20"), "staff_percent": D("3"),
}


def pdf_text(content: bytes, name: str) -> str:
    """The PDF's text (pdftotext -layout), the file kept in test-artifacts/ to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(content)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True).stdout
    return text.decode().replace("\u00a0", " ")


def page_sizes(content: bytes) -> list[tuple[float, float]]:
    """Each page's width and height in points (pdfinfo)."""
    path = ARTIFACTS / "sizes.pdf"
    ARTIFACTS.mkdir(exist_ok=True)
    path.write_bytes(content)
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(path)], check=True, capture_output=True,
                          text=True).stdout
    return [(float(w), float(h)) for w, h in re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+) pts", info)]


def words(text: str) -> str:
    return " ".join(text.split())


def sell(event, entry, kind, **kwargs):
    Entry.objects.filter(pk=entry.pk).update(chips=0)  # a rebuy is allowed at any stack then
    return factories.sell_at_desk(event, entry, kind, **kwargs)


def night(*, slug="night", guarantee=D("1234.50"), actor=None):
    """A small club night: Ana (cash), Bia (PIX), Caio (card), Duda (cash) bought in at 100 + 10 + 20 bounty
    and seated; Ana a rebuy (cash) and a double rebuy (PIX, voided), Bia the add-on (PIX), Caio the staff
    add-on (cash); Ana knocks Duda out (fixed bounty: 20 at once) and is paid it; a table of 800 / 434,50.

    Money in: cash 130 + 130 + 130 + 10 = 400, PIX 130 + 50 = 180, card 130: 710. Pool: 550 collected, 3% =
    16,50 to the staff, 533,50 raised to the guarantee 1.234,50 (overlay 701,00).
    """
    festival = factories.make_festival("cash-night", name="Spring Series", venue_name="Clube Paulista")
    event = factories.make_event(slug, festival=festival, levels=LEVELS, structure_name=f"{slug} s",
                                 structure_slug=f"{slug}-s", status=Event.Status.RUNNING, format=Event.Format.REENTRY,
                                 max_entries=3, late_registration_level=4, buy_in_prize=D("100"),
                                 buy_in_fee=D("10"), guarantee=guarantee, name=f"Main Event {slug}")
    factories.make_money_rules(event, **RULES)
    ana = factories.make_paid_entries(event, ["Ana"], actor=actor)[0]
    bia = factories.make_paid_entries(event, ["Bia"], method="pix", actor=actor)[0]
    caio = factories.make_paid_entries(event, ["Caio"], method="card", actor=actor)[0]
    duda = factories.make_paid_entries(event, ["Duda"], actor=actor)[0]
    factories.seat_field(event)
    sell(event, ana, "rebuy", level=3, actor=actor)
    wrong = sell(event, ana, "double", method="pix", level=3, actor=actor)
    purchase_void(event=event, purchase_id=wrong.pk, reason="typed twice", actor=actor)
    Entry.objects.filter(pk__in=[ana.pk, bia.pk, caio.pk]).update(chips=20000)
    factories.sell_at_desk(event, bia, "addon", method="pix", level=6, on_break=True, actor=actor)
    factories.sell_at_desk(event, caio, "staff", level=3, actor=actor)
    duda.refresh_from_db()
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=duda.table.number, actor=actor, level_position=None,
                                 busts=[SeatBust(seat=duda.seat, entry_id=duda.pk)])
        bounties_award(event=event, elimination=done, eliminators={duda.pk: [ana.pk]}, actor=actor)
    cash_payout_record(event=event, entry_id=ana.pk, kind="bounty", amount=D("20"), method="cash", actor=actor,
                       owed=D("20"))
    payout_table_save(event=event, amounts=[D("800"), D("434.50")], actor=actor)
    return event, {"ana": ana, "bia": bia, "caio": caio, "duda": duda}


def receipt_url(event, purchase, **query):
    url = reverse("printing:purchase_receipt", args=[event.slug, purchase.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def get_pdf(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


# --- the receipt --------------------------------------------------------------------------------------------


def test_a_rebuy_receipt_in_portuguese_on_the_80_mm_roll(client_as, director):
    event, who = night(actor=director)
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    content = get_pdf(client_as("registration"), receipt_url(event, rebuy, lang="pt-br"))
    text = words(pdf_text(content, "receipt-rebuy-pt"))
    assert "Clube Paulista · Spring Series" in text and "Main Event night" in text
    assert f"Recibo nº {rebuy.number}" in text
    assert "Rebuy" in text and "Ana" in text and f"Inscrição #{who['ana'].number}" in text
    assert "Premiação R$ 100,00" in text and "Taxa R$ 10,00" in text and "Bounty R$ 20,00" in text
    assert "Staff R$" not in text  # only the parts it has
    assert "Total R$ 130,00" in text
    assert "Fichas 20.000" in text and "Pagamento Dinheiro" in text and "Vendido por director" in text
    assert "Assento" not in text  # a rebuy does not print the seat
    assert "ANULAD" not in text
    when = timezone.localtime(rebuy.created_at)
    assert when.strftime("%d/%m/%Y %H:%M") in text
    (width, height), = page_sizes(content)
    fonts = subprocess.run(["pdffonts", str(ARTIFACTS / "sizes.pdf")], check=True, capture_output=True,
                           text=True).stdout
    assert "DejaVuSans" in fonts and all(" yes " in line for line in fonts.splitlines()[2:])  # embedded
    assert width == pytest.approx(80 * MM, abs=0.1)
    assert 60 * MM < height < 160 * MM  # as tall as its lines, not an A4 page


def test_an_entry_receipt_in_english_names_the_seat_and_a_thousands_amount(client_as, director):
    event, who = night(actor=director)
    entry = Entry.objects.select_related("table").get(pk=who["bia"].pk)
    Purchase.objects.filter(entry=entry, kind="entry").update(prize=D("1100.50"), fee=D("134"))
    buy_in = Purchase.objects.get(entry=entry, kind="entry")
    content = get_pdf(client_as("director"), receipt_url(event, buy_in, lang="en"))
    text = words(pdf_text(content, "receipt-entry-en"))
    assert f"Receipt #{buy_in.number}" in text and "Entry" in text
    assert f"Seat Table {entry.table.number} · seat {entry.seat}" in text
    assert "Prize pool R$1,100.50" in text and "Fee R$134.00" in text
    assert "Total R$1,254.50" in text and "Payment PIX" in text
    pt = words(pdf_text(get_pdf(client_as("director"), receipt_url(event, buy_in, lang="pt-br")), "receipt-entry-pt"))
    assert "Total R$ 1.254,50" in pt


def test_the_receipt_follows_the_requests_language_when_no_lang_is_asked(client_as, director):
    event, _who = night(actor=director)
    staff = Purchase.objects.get(event=event, kind="staff")
    response = client_as("registration").get(receipt_url(event, staff), HTTP_ACCEPT_LANGUAGE="en")
    text = words(pdf_text(b"".join(response.streaming_content), "receipt-staff-en"))
    assert "Staff add-on" in text and "Staff R$10.00" in text and "Total R$10.00" in text
    assert "Prize pool" not in text and "Fee" not in text


def test_a_voided_purchase_prints_voided_with_the_reason_and_who(client_as, director):
    event, _who = night(actor=director)
    double = Purchase.objects.get(event=event, kind="double")
    text = words(pdf_text(get_pdf(client_as("registration"), receipt_url(event, double, lang="en")), "receipt-void"))
    assert "VOIDED" in text and "Reason: typed twice" in text
    assert "Voided by director" in text and "Double rebuy" in text
    pt = words(pdf_text(get_pdf(client_as("registration"), receipt_url(event, double, lang="pt-br")), "void-pt"))
    assert "ANULADO" in pt and "Motivo: typed twice" in pt


def test_the_a4_receipt_is_one_a4_page_with_the_receipt_at_the_top(client_as, director):
    event, _who = night(actor=director)
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    content = get_pdf(client_as("registration"), receipt_url(event, rebuy, size="a4", lang="pt-br"))
    (width, height), = page_sizes(content)
    assert (round(width), round(height)) == (595, 842)
    text = pdf_text(content, "receipt-a4")
    assert "Total" in text and "R$ 130,00" in text
    lines = text.splitlines()
    assert next(i for i, line in enumerate(lines) if "Total" in line) < 40  # the top of the page


def test_a_long_name_and_reason_stay_inside_the_80_mm_receipt(client_as, director):
    event, who = night(actor=director)
    factories.rename_player(who["ana"].player_id, "Maria Eduarda Figueirôa de Albuquerque Cavalcanti Sampaio")
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    purchase_void(event=event, purchase_id=rebuy.pk, reason="sold to the wrong player at the desk " * 5,
                  actor=director)
    text = pdf_text(get_pdf(client_as("registration"), receipt_url(event, rebuy, lang="en")), "receipt-long")
    assert "Maria Eduarda" in text and "VOIDED" in text
    assert "…" in text  # cut, not run off the roll


def test_only_registration_and_the_director_print_a_receipt(client_as, director):
    event, _who = night(actor=director)
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    for role in ("floor", "viewer", "nobody"):
        assert client_as(role).get(receipt_url(event, rebuy)).status_code == 403
        assert client_as(role).get(reverse("printing:cash_closeout", args=[event.slug])).status_code == 403


def test_a_purchase_of_another_event_is_not_found(client_as, director):
    event, _who = night(actor=director)
    other, _ = night(slug="other", actor=director)
    theirs = Purchase.objects.filter(event=other).first()
    assert client_as("director").get(receipt_url(event, theirs)).status_code == 404
    assert client_as("director").get(
        reverse("printing:purchase_receipt", args=[event.slug, 10**15])).status_code == 404
    assert client_as("director").get(receipt_url(event, theirs).replace(event.slug, "nope")).status_code == 404


def test_an_unknown_paper_size_is_refused(client_as, director):
    event, _who = night(actor=director)
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    assert client_as("director").get(receipt_url(event, rebuy, size="a3")).status_code == 400


def test_the_receipt_costs_the_same_queries_whatever_the_field(client_as, director):
    event, _who = night(actor=director)
    client = client_as("registration")
    rebuy = Purchase.objects.get(event=event, kind="rebuy")
    get_pdf(client, receipt_url(event, rebuy))  # the session and the fonts, once
    with CaptureQueriesContext(connection) as small:
        get_pdf(client, receipt_url(event, rebuy))
    factories.make_paid_entries(event, [f"P{n}" for n in range(60)])
    with CaptureQueriesContext(connection) as big:
        get_pdf(client, receipt_url(event, rebuy))
    assert len(big) == len(small) <= 6


# --- the close-out ------------------------------------------------------------------------------------------


def test_the_scripted_night_balances_to_the_cent(director):
    event, _who = night(actor=director)
    result = closeout_for(event=event)
    assert result.money_in_by_method == {"cash": D("400.00"), "pix": D("180.00"), "card": D("130.00"),
                                         "credit": D("0.00")}
    assert (result.prize_pool, result.overlay, result.staff_deduction) == (D("1234.50"), D("701.00"), D("16.50"))
    assert (result.prizes_owed, result.bounties_paid, result.bounties_on_heads) == (D("1234.50"), D("20.00"),
                                                                                    D("80.00"))
    assert result.fees == D("50.00") and result.staff_addons == D("10.00")
    assert str(result.difference) == "0.00"
    assert result.in_drawer_by_method["cash"] == D("380.00")  # Ana's bounty paid out in cash


def test_the_closeout_report_in_portuguese(client_as, director):
    event, who = night(actor=director)
    content = get_pdf(client_as("registration"), reverse("printing:cash_closeout", args=[event.slug]) + "?lang=pt-br")
    assert all((round(w), round(h)) == (595, 842) for w, h in page_sizes(content))
    raw = pdf_text(content, "closeout-pt")
    text = words(raw)
    assert "Fechamento de caixa · Main Event night" in text
    assert re.search(r"Dinheiro\s+R\$ 400,00\s+R\$ 20,00\s+R\$ 380,00", raw)
    assert re.search(r"PIX\s+R\$ 180,00", raw) and re.search(r"Cartão\s+R\$ 130,00", raw)
    assert re.search(r"Total recebido\s+R\$ 710,00", raw)
    assert "R$ 1.234,50" in text  # the prizes owed and the pool
    assert re.search(r"Staff \(3% da premiação\)\s+R\$ 16,50", raw)
    assert re.search(r"Overlay \(garantido\), pago pela casa\s+-R\$ 701,00", raw)
    assert re.search(r"Bounties ganhos ou devolvidos\s+R\$ 20,00", raw)
    assert re.search(r"Diferença \(recebido − contabilizado\)\s+R\$ 0,00", raw)
    # Ana: 130 + 130 paid in, one rebuy, 20 of bounty won and paid out; the net is her bounty less what she paid.
    assert re.search(r"#1\s+Ana\s+R\$ 260,00\s+1\s+—\s+R\$ 20,00\s+—\s+R\$ 20,00\s+-R\$ 240,00", raw)
    assert re.search(r"#2\s+Bia\s+R\$ 180,00\s+—\s+1\s+—", raw)
    assert "Caixa" in text and "Diretor do torneio" in text


def test_the_closeout_report_in_english_shows_the_prizes_paid_and_the_difference(client_as, director):
    event, who = night(actor=director)
    cash_payout_record(event=event, entry_id=who["bia"].pk, kind="prize", amount=D("434.50"), method="pix",
                       actor=director, owed=D("434.50"))
    Entry.objects.filter(pk=who["bia"].pk).update(place=2)
    raw = pdf_text(get_pdf(client_as("director"), reverse("printing:cash_closeout", args=[event.slug]) + "?lang=en"),
                   "closeout-en")
    assert "paid at the cash desk: R$434.50 · still to pay: R$800.00" in raw
    assert re.search(r"PIX\s+R\$180.00\s+R\$434.50\s+-R\$254.50", raw)
    assert re.search(r"#2\s+Bia\s+R\$180.00\s+—\s+1\s+—\s+R\$434.50\s+R\$434.50\s+R\$254.50", raw)
    assert re.search(r"Difference \(money in − accounted for\)\s+R\$0.00", raw)


def test_a_table_that_owes_more_than_the_pool_shows_as_a_difference(director):
    event, _who = night(actor=director)
    Event.objects.filter(pk=event.pk).update(guarantee=None)  # the table 800 / 434,50 no longer fits 533,50
    event.refresh_from_db()
    result = closeout_for(event=event)
    assert result.prize_pool == D("533.50") and result.overlay == D("0.00")
    assert result.undistributed == D("-701.00") and result.difference == D("-701.00")


def test_a_deal_replaces_the_places_it_covers_in_the_prizes_owed(director):
    from tdconsole.payouts.models import Deal, DealShare

    event, who = night(actor=director)
    deal = Deal.objects.create(event=event, method="custom", distributed=D("1200"), left_to_play=D("34.50"))
    DealShare.objects.create(deal=deal, entry=who["ana"], chips=50000, icm_amount=D("700"), chip_chop_amount=D("700"),
                             amount=D("640"))
    DealShare.objects.create(deal=deal, entry=who["bia"], chips=30000, icm_amount=D("500"), chip_chop_amount=D("500"),
                             amount=D("560"))
    assert prizes_owed_total(event=event) == D("1234.50")
    DealShare.objects.filter(deal=deal, entry=who["bia"]).update(amount=D("550"))
    assert prizes_owed_total(event=event) == D("1224.50")
    assert closeout_for(event=event).difference == D("10.00")


@pytest.mark.parametrize("size", [10, 200])
def test_closeout_for_costs_a_constant_number_of_queries(director, size):
    event, who = night(actor=director)
    entries = factories.make_paid_entries(event, [f"Extra {n:03d}" for n in range(size)], method="card")
    for entry in entries[: size // 2]:
        sell(event, entry, "rebuy", level=3)
    with CaptureQueriesContext(connection) as queries:
        closeout_for(event=event)
    assert len(queries) == CLOSEOUT_QUERIES
    with CaptureQueriesContext(connection) as queries:
        report = closeout_report(event=event)
    assert len(queries) == REPORT_QUERIES, [q['sql'][:80] for q in queries.captured_queries]
    assert len(report.players) == 4 + size
    if size == 200:  # the ledger runs over pages, its header on each, the signatures at the end
        from tdconsole.printing.cash import build_closeout

        path = ARTIFACTS / "closeout-200.pdf"
        build_closeout(report, event, str(path), "en")
        pages = pdf_text(path.read_bytes(), "closeout-200").split("\f")[:-1]
        assert len(pages) >= 3
        assert all(re.search(r"Entry\s+Player\s+Paid in", page) for page in pages[1:])
        assert "Tournament director" in pages[-1] and "Extra 199" in pages[-1]
        assert "Difference (money in − accounted for)" in pages[0]


CLOSEOUT_QUERIES = 14
REPORT_QUERIES = 23


# --- the payout sheet and the results -----------------------------------------------------------------------


def build_text(kind, event, lang, name):
    from tdconsole.printing.documents import build

    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    build(kind, event, str(path), lang)
    return pdf_text(path.read_bytes(), name)


def test_the_payout_sheet_shows_the_staff_deduction_the_overlay_and_the_rebuys(director):
    event, _who = night(actor=director)
    raw = build_text("payouts", event, "pt-br", "payouts-money-pt")
    assert re.search(r"Arrecadado para a premiação\s+R\$ 550,00", raw)
    assert re.search(r"Staff \(3%\)\s+R\$ 16,50", raw)
    assert re.search(r"Premiação\s+R\$ 1.234,50", raw)
    assert re.search(r"Overlay \(garantido\)\s+R\$ 701,00", raw)
    assert re.search(r"Rebuys\s+1\b", raw) and re.search(r"Add-ons\s+1\b", raw)
    factories.make_money_rules(event, staff_percent=D("2.5"))
    raw = build_text("payouts", event, "en", "payouts-money-en")
    assert re.search(r"Staff \(2.5%\)\s+R\$13.75", raw)  # 2.5% of 550


def test_the_payout_sheet_of_a_night_without_club_money_has_no_staff_line(make_event):
    event = make_event(entries=20)
    raw = build_text("payouts", event, "en", "payouts-plain")
    assert "Staff" not in raw and "Rebuys" not in raw and "Collected" not in raw


def test_the_results_show_each_finishers_rebuys_add_ons_and_bounties(director):
    event, who = night(actor=director)
    Entry.objects.filter(pk=who["duda"].pk).update(place=4)
    Entry.objects.filter(pk=who["ana"].pk).update(place=1)
    Entry.objects.filter(pk=who["bia"].pk).update(place=2)
    raw = build_text("results", event, "pt-br", "results-money-pt")
    assert re.search(r"Rebuys\s+Add-ons\s+Bounties\s+Prêmio", raw)
    assert re.search(r"1º\s+Ana\s+#1\s+1\s+—\s+R\$ 20,00\s+R\$ 800,00", raw)
    assert re.search(r"2º\s+Bia\s+#2\s+—\s+1\s+—\s+R\$ 434,50", raw)
    assert re.search(r"4º\s+Duda\s+#4\s+—\s+—\s+—\s+—", raw)


def test_the_results_read_the_purchases_in_one_query_whatever_the_field(director):
    from tdconsole.printing.documents import build

    event, who = night(actor=director)
    counts = []
    for extra in (0, 30):
        entries = factories.make_paid_entries(event, [f"Late {extra}-{n}" for n in range(extra)], method="card")
        for n, entry in enumerate(entries):
            sell(event, entry, "rebuy", level=3)
            Entry.objects.filter(pk=entry.pk).update(place=10 + n, status="busted")
        with CaptureQueriesContext(connection) as queries:
            build("results", event, str(ARTIFACTS / "results-count.pdf"), "en")
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_results_without_club_money_keep_their_columns(make_event):
    event = make_event(entries=10, alive=9)
    raw = build_text("results", event, "en", "results-plain")
    assert "Rebuys" not in raw and "Bounties" not in raw and "Add-ons" not in raw


def test_a_pko_night_with_a_player_who_left_balances(director):
    """Progressive knockout: Ana knocks Bia out (half at once, half on her head), Caio leaves (nobody knocked
    him out: his head is owed back to him); the bounty money still balances in the close-out."""
    event, who = night(slug="pko", actor=director)
    factories.make_money_rules(event, bounty_kind="pko", pko_cash_percent=D("50"), bounty_unit=D("5"))
    for name, by in (("bia", [who["ana"].pk]), ("caio", [])):
        busted = Entry.objects.select_related("table").get(pk=who[name].pk)
        with transaction.atomic():
            done = entries_eliminate(event=event, table_number=busted.table.number, actor=director,
                                     level_position=None, busts=[SeatBust(seat=busted.seat, entry_id=busted.pk)])
            bounties_award(event=event, elimination=done, eliminators={busted.pk: by}, actor=director)
    result = closeout_for(event=event)
    # 100 of bounty paid in: 20 (Duda, fixed) + 10 (Bia's half) won at once, Caio's 20 owed back; Ana's 40 + 10
    assert (result.bounty_in, result.bounties_paid, result.bounties_on_heads) == (D("100.00"), D("50.00"),
                                                                                  D("50.00"))
    assert str(result.difference) == "0.00"
