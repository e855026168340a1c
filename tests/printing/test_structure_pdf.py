"""The blind structure PDF for the players' tables: what it says, in both languages, folded or flat."""

import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tdconsole.printing.structure import choose_fit, tent_rows
from tdconsole.tournaments.events import structure_create
from tdconsole.tournaments.models import Level
from tests.factories import make_event

pytestmark = pytest.mark.django_db
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

LEVELS = [
    ("level", 100, 200, 200, 20, None),
    ("level", 200, 400, 400, 20, None),
    ("break", 0, 0, 0, 15, 25),
    ("level", 300, 600, 600, 20, None),
    ("level", 500, 1000, 1000, 20, None),
    ("break", 0, 0, 0, 10, None),
    ("level", 1000, 2000, 2000, 20, None),
]


def pdf_pages(content: bytes, name: str, *, png: bool = False) -> list[str]:
    """The text of each page (pdftotext); the PDF (and a PNG of its first page) kept in test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(content)
    if png:
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(path),
                        str(ARTIFACTS / name)], check=True)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True).stdout
    return text.decode().split("\f")[:-1]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def event(db):
    return make_event("summer-main", name="Summer Main Event", levels=LEVELS, starting_stack=30000,
                      late_registration_level=3)


def get_pdf(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def test_the_tent_says_the_event_date_stack_levels_breaks_and_the_close_in_english(client_as, event):
    content = get_pdf(client_as("floor"), reverse("printing:event_structure_pdf", args=["summer-main"]), lang="en")
    pages = pdf_pages(content, "structure-tent-en", png=True)
    assert len(pages) == 1
    text = words(pages[0])
    # Both faces carry the whole structure: the lower one reads upright (pdftotext reads both).
    assert text.count("Summer Main Event") == 2
    assert "Nov 30, 2026" in text and "Starting stack 30,000" in text
    assert "Late registration until the end of level 3" in text
    assert "1 100 / 200 200 20" in text and "5 1,000 / 2,000 2,000 20" in text
    assert "Break · 15 min · colour-up of the 25 chips" in text
    assert "Break · 10 min" in text
    assert "Late registration closes at the end of level 3" in text
    # The close line comes right after level 3, before level 4.
    upright = text[text.rindex("Summer Main Event"):]
    assert upright.index("3 300 / 600") < upright.index("Late registration closes") < upright.index("4 500 / 1,000")


def test_the_sheet_in_portuguese_uses_brazilian_numbers_and_words(client_as, event):
    url = reverse("printing:event_structure_pdf", args=["summer-main"])
    pages = pdf_pages(get_pdf(client_as("viewer"), url, lang="pt-br", layout="sheet"), "structure-sheet-pt-br",
                      png=True)
    text = words(pages[0])
    assert text.count("Summer Main Event") == 1
    assert "Stack inicial 30.000" in text and "1.000 / 2.000" in text
    assert "Intervalo · 15 min · troca das fichas de 25" in text
    assert "O registro tardio encerra ao fim do nível 3" in text


def test_a_template_prints_with_its_name_and_description(client_as):
    structure_create(name="Turbo de terça", slug="turbo-terca", description="Níveis de 15 minutos",
                     rows=[{"small_blind": 100, "big_blind": 200, "ante": 0, "minutes": 15}])
    pages = pdf_pages(get_pdf(client_as("director"), reverse("printing:structure_pdf", args=["turbo-terca"]),
                              lang="en"), "structure-template")
    assert "Turbo de terça" in pages[0] and "Níveis de 15 minutos" in pages[0] and "100 / 200" in pages[0]


def test_an_events_structure_by_its_own_name_prints_the_events_details(client_as, event):
    pages = pdf_pages(get_pdf(client_as("director"), reverse("printing:structure_pdf", args=["summer-main-structure"]),
                              lang="en"), "structure-by-slug")
    assert "Starting stack 30,000" in pages[0]


def test_a_long_structure_fits_one_tent_in_smaller_type_and_the_longest_goes_on(client_as):
    rows = [{"small_blind": 100 * n, "big_blind": 200 * n, "ante": 200 * n, "minutes": 20} for n in range(1, 61)]
    structure_create(name="Sixty", slug="sixty", rows=rows)
    pages = pdf_pages(get_pdf(client_as("director"), reverse("printing:structure_pdf", args=["sixty"]), lang="en"),
                      "structure-sixty", png=True)
    assert len(pages) == 1 and "60 6,000 / 12,000" in words(pages[0])
    rows = [{"small_blind": 100 * n, "big_blind": 200 * n, "ante": 0, "minutes": 20} for n in range(1, 301)]
    structure_create(name="Endless", slug="endless", rows=rows)
    pages = pdf_pages(get_pdf(client_as("director"), reverse("printing:structure_pdf", args=["endless"]), lang="en"),
                      "structure-endless")
    assert len(pages) > 1
    assert "(1/" in pages[0] and "300 30,000 / 60,000" in words(pages[-1])


def test_the_type_shrinks_before_the_columns_multiply():
    class L:
        def __init__(self, n):
            self.is_break, self.small_blind, self.big_blind, self.ante, self.minutes, self.color_up = (
                False, 100 * n, 200 * n, 200 * n, 20, None)

    few = choose_fit(tent_rows([L(n) for n in range(1, 6)], "en"), 500, 300)
    many = choose_fit(tent_rows([L(n) for n in range(1, 80)], "en"), 500, 300)
    assert few.columns == 1 and many.columns <= 3 and many.size < few.size


def test_an_unknown_layout_is_refused_and_strangers_are_sent_to_log_in(client, client_as, event):
    url = reverse("printing:event_structure_pdf", args=["summer-main"])
    assert client_as("floor").get(url, {"layout": "poster"}).status_code == 400
    assert client.get(url).status_code == 302
    assert client_as("floor").get(reverse("printing:structure_pdf", args=["nothing"])).status_code == 404


def test_a_late_registration_past_the_last_level_is_marked_at_the_last_level(event):
    levels = list(Level.objects.filter(structure=event.structure).order_by("position"))
    rows = tent_rows(levels, "en", 12)
    assert [r.kind for r in rows][-2:] == ["level", "close"]
