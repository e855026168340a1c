"""The decision sheet of a saved dispute: what it says, in both languages, and a long hand on two pages."""

import datetime
import os
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tdconsole.adjudication.models import FloorDecision
from tests.adjudication.test_history import SHORT_RAISE_HAND, save_dispute
from tests.factories import make_event

pytestmark = pytest.mark.django_db
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# Nine players limp and check to the river, then bet and call street by street: a long hand.
LONG_HAND = """variant = "NT"
antes = [0, 0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [100, 200, 0, 0, 0, 0, 0, 0, 0]
min_bet = 200
starting_stacks = [50000, 50000, 50000, 50000, 50000, 50000, 50000, 50000, 50000]
players = ["Ana Beatriz Figueirôa", "Bruno", "Carla", "Davi", "Eduarda", "Fábio", "Gisele", "Heitor", "Iara"]
seats = [1, 2, 3, 4, 5, 6, 7, 8, 9]
actions = [
  "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc", "p9 cc", "p1 cc", "p2 cc",
  "d db 2c7h9s",
  "p1 cbr 200", "p2 cbr 400", "p3 cbr 600", "p4 cbr 800", "p5 cbr 1000", "p6 cbr 1200", "p7 cbr 1400",
  "p8 cbr 1600", "p9 cbr 1800", "p1 cbr 2000", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc",
  "p9 cc",
  "d db 3d",
  "p1 cbr 200", "p2 cbr 400", "p3 cbr 600", "p4 cbr 800", "p5 cbr 1000", "p6 cbr 1200", "p7 cbr 1400",
  "p8 cbr 1600", "p9 cbr 1800", "p1 cbr 2000", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc",
  "p9 cc",
  "d db 4h",
  "p1 cbr 200", "p2 cbr 400", "p3 cbr 600", "p4 cbr 800", "p5 cbr 1000", "p6 cbr 1200", "p7 cbr 1400",
  "p8 cbr 1600", "p9 cbr 1800", "p1 cbr 2000", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc", "p8 cc",
  "p9 cc",
]
"""


def pdf_pages(content: bytes, name: str) -> list[str]:
    """The text of each page (pdftotext), the PDF kept in test-artifacts/ to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.pdf"
    path.write_bytes(content)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True).stdout
    return text.decode().split("\f")[:-1]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def dispute(cast, settings):
    settings.TIME_ZONE = "America/Sao_Paulo"
    event = make_event("spring-main")
    saved = save_dispute(event, table=12, note="Bruno says he only called the main pot.", by=cast["floor"],
                         when=datetime.datetime(2026, 11, 30, 23, 40, tzinfo=datetime.UTC), level=2)
    FloorDecision.objects.create(event=event, table_number=12, question="Who is eligible for the side pot?",
                                 decision="Ana and Carla only; Bruno plays for the main pot.",
                                 adjudication=saved, decided_by=cast["floor"])
    return saved


def sheet(client, dispute, lang):
    response = client.get(reverse("printing:dispute_sheet", args=[dispute.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response


def test_english_sheet_names_pots_rules_decision_and_signatures(client_as, dispute):
    response = sheet(client_as("floor"), dispute, "en")
    assert f'filename="spring-main-table12-20261130-2040-{dispute.pk}-en.pdf"' in response["Content-Disposition"]
    pages = pdf_pages(b"".join(response.streaming_content), "decision-sheet-en")
    assert len(pages) == 1
    text = words(pages[0])
    for expected in [
        "Decision sheet · Event spring-main", "Table 12", "Level 2 · 200/400 · ante 400",
        "Time 2026-11-30 20:40",  # local time, not 23:40 UTC
        "1 Ana (seat 1) 12,000", "4 Bruno (seat 4) 3,500 Ks Kd", "7 Carla (seat 7) 20,000 Qc Qd",
        "Carla (seat 7) bets or raises to 600", "Board: 2c 7h 9s 3d 4h",
        "Main pot: 10,100", "Eligible: Ana (seat 1), Bruno (seat 4), Carla (seat 7)", "Won by: Ana (seat 1) 10,100",
        "Side pot 1: 17,400", "Eligible: Ana (seat 1), Carla (seat 7)", "Won by: Ana (seat 1) 17,400",
        "[TDA 21]", "Rules applied: TDA BBA · TDA 21 · TDA 16 · TDA 17 · TDA 12",
        "Bruno says he only called the main pot.", "Ana and Carla only; Bruno plays for the main pot.",
        "Floor person", "Tournament director", "Signatures",
    ]:
        assert expected in text, expected
    # every player still in the hand signs
    assert all(name in pages[0].split("Signatures")[1] for name in ("Ana (seat 1)", "Bruno (seat 4)", "Carla (seat 7)"))


def test_portuguese_sheet_in_portuguese(client_as, dispute):
    pages = pdf_pages(b"".join(sheet(client_as("floor"), dispute, "pt-br").streaming_content), "decision-sheet-pt-br")
    text = words(pages[0])
    for expected in [
        "Ficha de decisão · Event spring-main", "Mesa 12", "Nível 2 · 200/400 · ante 400", "30/11/2026 20:40",
        "4 Bruno (assento 4) 3.500 Ks Kd", "Carla (assento 7) aposta ou aumenta para 600",
        "Pote principal: 10.100", "Elegíveis: Ana (assento 1), Bruno (assento 4), Carla (assento 7)",
        "Ganho por: Ana (assento 1) 17.400", "Pote paralelo 1: 17.400",
        "tem a melhor mão entre os que disputam e o leva. [TDA 12]", "Regras aplicadas: TDA big blind ante",
        "Assinaturas Floor Diretor do torneio Ana (assento 1)",
    ]:
        assert expected in text, expected
    assert "Main pot" not in text and "Signatures" not in text


def test_an_illegal_action_sheet_cites_the_rule_and_the_player_who_made_it_signs(client_as, cast):
    saved = save_dispute(make_event("autumn"), SHORT_RAISE_HAND, table=4)
    content = b"".join(sheet(client_as("floor"), saved, "en").streaming_content)
    text = words(pdf_pages(content, "decision-sheet-illegal")[0])
    assert "Illegal action stopped the hand: Ana (seat 2) bets or raises to 700" in text
    assert saved.ruling["error"]["rule"] in text
    assert text.split("Signatures")[1].count("(seat 2)") == 1


def test_a_long_hand_wraps_onto_a_second_page(client_as):
    saved = save_dispute(make_event("long"), LONG_HAND, table=1, note="Long note. " * 25)
    pages = pdf_pages(b"".join(sheet(client_as("floor"), saved, "en").streaming_content), "decision-sheet-long")
    assert len(pages) == 2
    both = words(" ".join(pages))
    assert "Iara (seat 9) checks or calls" in both
    assert "Signatures" in words(pages[1]) and "Tournament director" in words(pages[1])
    assert both.count("Long note.") == 25  # wrapped, none lost off the page
    if os.environ.get("DECISION_SHEET_PNG"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(ARTIFACTS / "decision-sheet-long.pdf"),
                        str(ARTIFACTS / "decision-sheet-long")], check=True)
