"""Audit summaries read in the reader's language, whatever language the staff member was using."""

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext_lazy

from tdconsole.audit.messages import Number
from tdconsole.audit.models import AuditEntry
from tdconsole.audit.services import audit_record
from tdconsole.clock import services as clock
from tdconsole.core import plurals
from tdconsole.tournaments.handforhand import hand_for_hand_set
from tests.factories import make_event

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


def record(summary, language="pt-br"):
    with translation.override(language), transaction.atomic():
        return audit_record(actor=None, action="test.summary", summary=summary)


def read(entry, language) -> str:
    entry.refresh_from_db()
    with translation.override(language):
        return entry.summary_text


def test_a_summary_written_in_pt_br_reads_in_english_and_the_other_way_round():
    written_in_pt = record((gettext_lazy("Event %(name)s created"), {"name": "Main"}), "pt-br")
    written_in_en = record((gettext_lazy("Event %(name)s created"), {"name": "Main"}), "en")
    for entry in (written_in_pt, written_in_en):
        assert read(entry, "en") == "Event Main created"
        assert read(entry, "pt-br") == "Evento Main criado"
        assert entry.summary == "Event %(name)s created"  # the message id is what is stored


def test_lazy_strings_plurals_and_nested_messages():
    closed = record(gettext_lazy("Registration closed"))
    assert read(closed, "en") == "Registration closed" and read(closed, "pt-br") != "Registration closed"
    chips = record((ngettext_lazy("Chip count of %(n)d entry (%(total)s chips)",
                                  "Chip counts of %(n)d entries (%(total)s chips)", "n"),
                    {"n": 3, "total": Number(75000)}))
    assert read(chips, "en") == "Chip counts of 3 entries (75,000 chips)"
    assert read(chips, "pt-br") == "Contagem de fichas de 3 inscrições (75.000 fichas)"
    draw = record((gettext_lazy("Seat draw: %(players)s at %(tables)s"),
                   {"players": plurals.players_message(1), "tables": plurals.tables_message(2)}), "en")
    assert read(draw, "en") == "Seat draw: 1 player at 2 tables"
    assert read(draw, "pt-br") == "Sorteio de lugares: 1 jogador em 2 mesas"
    moves = record((gettext_lazy("Balancing: %(moves)s"), {"moves": [
        (gettext_lazy("T%(a)s s%(b)s to T%(c)s s%(d)s"), {"a": 1, "b": 2, "c": 3, "d": 4}),
        (gettext_lazy("T%(a)s s%(b)s to T%(c)s s%(d)s"), {"a": 5, "b": 6, "c": 7, "d": 8}),
    ]}))
    assert read(moves, "en") == "Balancing: T1 s2 to T3 s4; T5 s6 to T7 s8"


def test_plain_text_and_old_rows_read_as_they_were_written():
    plain = record("Written by hand")
    assert plain.summary_args is None and read(plain, "en") == read(plain, "pt-br") == "Written by hand"
    AuditEntry.entries.filter(pk=plain.pk).update(summary="Evento Antigo criado")
    assert read(plain, "en") == "Evento Antigo criado"


def test_the_trail_page_shows_each_reader_their_language(client_as, cast):
    event = make_event(slug="langs", status="running")
    with translation.override("pt-br"):
        clock.clock_start(event=event, actor=cast["floor"])
    with translation.override("en"):
        hand_for_hand_set(event=event, on=True, actor=cast["director"])
    url = reverse("audit:event_audit", args=[event.slug])
    viewer = client_as("viewer")
    english = viewer.get(url, **EN).content.decode()
    assert "Clock: started (position 1," in english and "Hand-for-hand on" in english
    brazilian = viewer.get(url, **PT).content.decode()
    assert "Relógio: iniciado (posição 1," in brazilian and "Clock:" not in brazilian
    assert "Hand-for-hand on" not in brazilian
