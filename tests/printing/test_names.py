"""Printed names: every script prints (with a fallback font for CJK), and long names stay in their column."""

import re
import shutil
import subprocess
import unicodedata
from decimal import Decimal
from html import unescape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.payouts import services as payout_services
from tdconsole.printing import pdf
from tdconsole.printing.documents import build
from tdconsole.tournaments.models import Entry, Player
from tests.conftest import ARTIFACTS

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="pdftotext (poppler-utils) is not installed")
needs_cjk_font = pytest.mark.skipif(not pdf.FALLBACKS[0][1].exists(),
                                    reason=f"the CJK font is not installed (Debian's {pdf.FALLBACK_PACKAGE})")

NAMES = {
    1: "李小龙",  # Chinese
    2: "田中 太郎",  # Japanese
    3: "김민준",  # Korean
    4: "محمد علي",  # Arabic
    5: "Иван Петров",  # Cyrillic
    6: ("Ana Beatriz Carolina Daniela Eduarda Fernanda Gabriela Helena Isabela Juliana Larissa Mariana "
        "Natalia Olivia Patricia")[:120],
}
LONG = NAMES[6]
LONG_WORDS = set(LONG.split())
A4_WIDTH = 595.2756
MARGIN = pdf.mm * 15
PRESENTATION_FORMS = re.compile("[\ufb50-\ufdff\ufe70-\ufeff]+")
BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def pdf_text(path) -> str:
    """The text of a PDF in logical order; joined Arabic letters (presentation forms) read back as letters."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    text = PRESENTATION_FORMS.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    return BIDI_MARKS.sub("", text)


def pdf_words(path) -> list[tuple[float, float, float, str]]:
    """(xMin, xMax, yMin, word) of every word pdftotext finds, page after page."""
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>'
    return [(float(x0), float(x1), float(y0), unescape(w)) for x0, y0, x1, w in re.findall(pattern, html)]


def long_name_right_edge(path) -> float:
    """The right end of the long name's words, wherever they are printed."""
    edges = [x1 for _x0, x1, _y, word in pdf_words(path) if word.rstrip("…") in LONG_WORDS]
    assert edges, "the long name is not printed at all"
    return max(edges)


@pytest.fixture
def world_event(make_event, seated, director):
    """Six players still in (seated at one table), named in five scripts and one 120-character name."""
    event = make_event(entries=9, alive=6)
    for entry in Entry.objects.filter(event=event).select_related("player"):
        if entry.number in NAMES:
            Player.objects.filter(pk=entry.player_id).update(name=NAMES[entry.number])
    seated(event)
    return event


def pay(event, director):
    """Six places paid out of the 900 in the pool."""
    amounts = [Decimal(v) for v in ("300", "200", "150", "100", "90", "60")]
    payout_services.payout_table_save(event=event, amounts=amounts, actor=director)


def finish(event, director):
    """Everyone placed (results, receipts); the deal needs players still in, so it comes first."""
    for entry in Entry.objects.filter(event=event, status=Entry.Status.ALIVE):
        Entry.objects.filter(pk=entry.pk).update(place=entry.number, status=Entry.Status.BUSTED, table=None, seat=None)


def render(event, tmp_path, kind, variant=""):
    out = tmp_path / f"{kind}{'-' + variant if variant else ''}.pdf"
    build(kind, event, str(out), "en", variant=variant)
    return out


def review(path) -> None:
    """Keep PNGs of the pages under test-artifacts/ to look at (screenshot review)."""
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "2", str(path),
                    str(ARTIFACTS / f"names-{path.stem}")], check=True)


@needs_poppler
@needs_cjk_font
@pytest.mark.django_db
def test_every_document_prints_names_in_every_script_with_the_fallback_font_embedded(world_event, tmp_path,
                                                                                    director):
    alive = list(Entry.objects.filter(event=world_event, status=Entry.Status.ALIVE).order_by("number"))
    pay(world_event, director)
    stacks = {e.pk: 10_000 * (e.number + 1) for e in alive}
    payout_services.deal_record(event=world_event, stacks=stacks, method="chip_chop", actor=director)
    documents = [render(world_event, tmp_path, "seats", "a4"), render(world_event, tmp_path, "seats", "receipt"),
                 render(world_event, tmp_path, "draw"), render(world_event, tmp_path, "deal")]
    finish(world_event, director)
    documents += [render(world_event, tmp_path, "results"), render(world_event, tmp_path, "receipts")]
    for path in documents:
        text = pdf_text(path)
        for number, name in NAMES.items():
            if number == 6:
                continue
            assert name in text, (path.name, name)
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, check=True, text=True).stdout
        fallback = [line for line in fonts.splitlines() if "DroidSansFallback" in line]
        assert fallback and " yes " in fallback[0], (path.name, fonts)  # embedded (a subset)
        review(path)


@needs_poppler
@pytest.mark.django_db
def test_a_120_character_name_stays_inside_its_column(world_event, tmp_path, director):
    pay(world_event, director)
    col_width = (A4_WIDTH - 2 * MARGIN) / 2
    # Seat cards: two cards a row, the name wraps on two lines inside its card.
    a4 = render(world_event, tmp_path, "seats", "a4")
    name_words = [(x0, y) for x0, _x1, y, word in pdf_words(a4) if word.rstrip("…") in LONG_WORDS]
    column = int((min(x0 for x0, _y in name_words) - MARGIN) // col_width)
    assert long_name_right_edge(a4) <= MARGIN + (column + 1) * col_width - 12
    assert len({round(y) for _x0, y in name_words}) == 2
    # 80 mm slips: inside the paper, on two lines.
    slips = render(world_event, tmp_path, "seats", "receipt")
    assert long_name_right_edge(slips) <= 80 * pdf.mm - 4 * pdf.mm
    # Table draw: stops before the entry number of its row.
    draw = render(world_event, tmp_path, "draw")
    number_x = min(x0 for x0, _x1, _y, word in pdf_words(draw) if word == "#6")
    assert long_name_right_edge(draw) < number_x - 4
    assert "…" in pdf_text(draw)
    # Deal sheet: stops before the chips column, and in the signature column inside the page.
    alive = Entry.objects.filter(event=world_event, status=Entry.Status.ALIVE)
    payout_services.deal_record(event=world_event, stacks={e.pk: 123_456 for e in alive}, method="chip_chop",
                                actor=director)
    deal = render(world_event, tmp_path, "deal")
    chips_x = min(x0 for x0, _x1, _y, word in pdf_words(deal) if word == "123,456")
    name_edges = sorted(x1 for _x0, x1, _y, word in pdf_words(deal) if word.rstrip("…") in LONG_WORDS)
    assert name_edges[0] < chips_x - 4  # in the table
    assert name_edges[-1] <= A4_WIDTH - MARGIN  # beside its signature line
    finish(world_event, director)
    # Results: stops before the entry column.
    results = render(world_event, tmp_path, "results")
    entry_x = min(x0 for x0, _x1, _y, word in pdf_words(results) if word == "#6")
    assert long_name_right_edge(results) < entry_x - 4
    # Receipts: wraps inside the page, the whole name printed.
    receipts = render(world_event, tmp_path, "receipts")
    assert long_name_right_edge(receipts) <= A4_WIDTH - MARGIN
    assert " ".join(pdf_text(receipts).split()).count(LONG) == 1
    for path in (a4, slips, draw, deal, results, receipts):
        review(path)


@needs_poppler
@pytest.mark.django_db
def test_a_long_event_name_is_shortened_in_the_title(make_event, tmp_path):
    event = make_event(entries=5, name=("Campeonato " + "Muito Longo " * 9).strip())  # 119 of the 120 allowed
    out = render(event, tmp_path, "payouts")
    assert max(x1 for _x0, x1, _y, _w in pdf_words(out)) <= A4_WIDTH - MARGIN
    assert "Campeonato Muito Longo" in pdf_text(out) and "…" in pdf_text(out)


@needs_cjk_font
def test_font_runs_switch_to_the_fallback_only_for_what_dejavu_lacks():
    assert pdf.font_runs("João Иван محمد") == [(pdf.REGULAR, "João Иван محمد")]
    assert pdf.font_runs("李小龙 (Bruce)", pdf.BOLD) == [("DroidSansFallback", "李小龙 "), (pdf.BOLD, "(Bruce)")]
    assert pdf.font_runs("") == []


def test_arabic_letters_are_joined():
    # meem initial, hah medial, meem medial, dal final; ain initial, lam medial, yeh final
    assert pdf.arabic_join("محمد علي") == "\ufee3\ufea4\ufee4\ufeaa \ufecb\ufee0\ufef2"
    # seen initial, lam-alef final (one glyph), meem isolated after the alef, which never joins forward
    assert pdf.arabic_join("سلام") == "\ufeb3\ufefc\ufee1"
    assert pdf.arabic_join("Иван") == "Иван"
    assert unicodedata.normalize("NFKC", pdf.arabic_join("عبد الله")) == "عبد الله"


def test_right_to_left_names_are_drawn_in_visual_order():
    assert pdf.visual_order("محمد علي") == "يلع دمحم"
    assert pdf.visual_order("Ahmed محمد علي (Cairo)") == "Ahmed يلع دمحم (Cairo)"
    assert pdf.visual_order("محمد (Mo) علي") == "يلع (Mo) دمحم"
    assert pdf.visual_order("João") == "João"


def test_a_missing_cjk_font_is_reported_with_the_package_to_install(monkeypatch, caplog, tmp_path):
    monkeypatch.setattr(pdf, "FALLBACKS", (("DroidSansFallback", tmp_path / "absent.ttf"),))
    pdf.fallback_fonts.cache_clear()
    try:
        assert pdf.font_runs("王") == [(pdf.REGULAR, "王")]
    finally:
        monkeypatch.undo()
        pdf.fallback_fonts.cache_clear()
    assert pdf.FALLBACK_PACKAGE in caplog.text
    assert "U+738B" in caplog.text


SCRIPTS = st.sampled_from(["a", "Z", "ç", "Ж", "م", "李", "김", "タ", " ", "-", "W", "i"])


@settings(max_examples=150, deadline=None)
@given(text=st.lists(SCRIPTS, max_size=140).map("".join), width=st.floats(min_value=30, max_value=300),
       size=st.sampled_from([8, 9, 11, 12]), lines=st.integers(min_value=1, max_value=3))
def test_fitted_and_wrapped_text_is_never_wider_than_its_column(text, width, size, lines):
    fitted = pdf.fit(text, pdf.REGULAR, size, width)
    assert pdf.text_width(fitted, pdf.REGULAR, size) <= width + 1e-6
    assert fitted == text or fitted.endswith(pdf.ELLIPSIS)
    wrapped = pdf.wrap(text, pdf.REGULAR, size, width, lines)
    assert len(wrapped) <= lines
    for line in wrapped:
        assert pdf.text_width(line, pdf.REGULAR, size) <= width + 1e-6
    if pdf.text_width(text, pdf.REGULAR, size) <= width and text.strip():
        assert wrapped == [" ".join(text.split())] or "".join(wrapped).replace(" ", "") == text.replace(" ", "")
