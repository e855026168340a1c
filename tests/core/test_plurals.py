"""Count messages read right with one and with several, in English and in pt-BR (ngettext and
`{% blocktranslate count %}`; pt-BR takes the singular for 0 and 1)."""

import pytest
from django.urls import reverse
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.core import plurals
from tdconsole.seating import services as seating
from tdconsole.tournaments.chipcounts import chip_counts_record
from tdconsole.tournaments.models import Entry, Table
from tests.seating.conftest import make_entries, make_event

pytestmark = pytest.mark.django_db


def summary(event, action, language):
    """The audit summary as a reader of `language` sees it."""
    with translation.override(language):
        return AuditEntry.entries.get(event_id=event.pk, action=action).summary_text


def seat(event, layout):
    """Seat new entries exactly: `layout` maps table number -> how many players sit there."""
    seating.tables_assign(event=event, numbers=sorted(layout), actor=None)
    tables = {t.number: t for t in Table.objects.filter(event=event)}
    entries = iter(make_entries(event, sum(layout.values())))
    placed = []
    for number, count in layout.items():
        for seat_number in range(1, count + 1):
            entry = next(entries)
            entry.table, entry.seat = tables[number], seat_number
            placed.append(entry)
    Entry.objects.bulk_update(placed, ["table", "seat"])
    return placed


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("en", 1, ["1 player", "1 table", "1 seat", "1 open seat"]),
        ("en", 4, ["4 players", "4 tables", "4 seats", "4 open seats"]),
        ("pt-br", 1, ["1 jogador", "1 mesa", "1 assento", "1 assento livre"]),
        ("pt-br", 4, ["4 jogadores", "4 mesas", "4 assentos", "4 assentos livres"]),
    ],
)
def test_count_phrases(language, count, expected):
    with translation.override(language):
        got = [plurals.players(count), plurals.tables(count), plurals.seats(count), plurals.open_seats(count)]
    assert got == expected


@pytest.mark.parametrize(
    ("language", "moved", "expected"),
    [
        ("en", 1, "Table 3 broken: 1 player moved"),
        ("en", 3, "Table 3 broken: 3 players moved"),
        ("pt-br", 1, "Mesa 3 quebrada: 1 jogador remanejado"),
        ("pt-br", 3, "Mesa 3 quebrada: 3 jogadores remanejados"),
    ],
)
def test_table_break_summary(language, moved, expected):
    event = make_event(tables=3, slug="brk")
    seat(event, {1: 4, 2: 4, 3: moved})
    with translation.override(language):
        seating.table_break(event=event, table_number=3, actor=None)
    assert summary(event, "tables.break", language) == expected


@pytest.mark.parametrize(
    ("language", "players", "expected"),
    [
        ("en", 1, "Seat draw: 1 player at 1 table"),
        ("en", 12, "Seat draw: 12 players at 2 tables"),
        ("pt-br", 1, "Sorteio de lugares: 1 jogador em 1 mesa"),
        ("pt-br", 12, "Sorteio de lugares: 12 jogadores em 2 mesas"),
    ],
)
def test_seat_draw_summary_counts_players_and_tables_apart(language, players, expected):
    event = make_event(tables=2, slug="drw")
    seating.tables_assign(event=event, numbers=[1, 2], actor=None)
    make_entries(event, players)
    with translation.override(language):
        seating.seats_draw_initial(event=event, actor=None)
    assert summary(event, "seats.draw", language) == expected


@pytest.mark.parametrize(
    ("language", "counted", "expected"),
    [
        ("en", 1, "Chip count of 1 entry (25,000 chips)"),
        ("en", 3, "Chip counts of 3 entries (75,000 chips)"),
        ("pt-br", 1, "Contagem de fichas de 1 inscrição (25.000 fichas)"),
        ("pt-br", 3, "Contagem de fichas de 3 inscrições (75.000 fichas)"),
    ],
)
def test_chip_count_summary(language, counted, expected):
    event = make_event(tables=1, slug="chp")
    entries = make_entries(event, counted)
    with translation.override(language):
        chip_counts_record(event=event, counts={e.pk: 25000 for e in entries}, actor=None, addon_chips=0)
    assert summary(event, "chips.count", language) == expected


@pytest.mark.parametrize(
    ("language", "alive", "expected"),
    [
        ("en", 1, "1 player left"),
        ("en", 3, "3 players left"),
        ("pt-br", 1, "1 jogador restante"),
        ("pt-br", 3, "3 jogadores restantes"),
    ],
)
def test_eliminations_desk_counts_the_players_left(client_as, language, alive, expected):
    event = make_event(tables=1, slug="elm")
    seat(event, {1: alive})
    url = reverse("tournaments:eliminations", kwargs={"slug": event.slug})
    html = client_as("floor").get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h2>{expected}</h2>" in html


@pytest.mark.parametrize(
    ("language", "moved", "expected"),
    [
        ("en", 1, "Table 3 broken: 1 player reseated."),
        ("en", 2, "Table 3 broken: 2 players reseated."),
        ("pt-br", 1, "Mesa 3 quebrada: 1 jogador realocado."),
        ("pt-br", 2, "Mesa 3 quebrada: 2 jogadores realocados."),
    ],
)
def test_table_break_notice_on_the_floor_panel(client_as, language, moved, expected):
    event = make_event(tables=3, slug="pnl")
    seat(event, {1: 4, 2: 4, 3: moved})
    url = reverse("seating:table_break", kwargs={"slug": event.slug})
    response = client_as("floor").post(url, {"table": "3"}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert expected in response.content.decode()
