"""Results out of the building: the results-database CSV read back column by column, the WhatsApp text."""

import csv
import datetime
import io
from decimal import Decimal

import pytest

from tdconsole.payouts import services as payout_services
from tdconsole.printing.exports import (
    FESTIVAL_COLUMNS,
    RESULT_COLUMNS,
    festival_results_csv,
    name_split,
    results_csv,
    results_whatsapp,
)
from tdconsole.tournaments.models import Entry
from tests.factories import rename_player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("name", "split"), [
    ("Ana", ("Ana", "")),
    ("Ana Souza", ("Ana", "Souza")),
    ("João Pedro Almeida", ("João Pedro", "Almeida")),
    ("Maria da Silva", ("Maria", "da Silva")),
    ("Luiz Carlos dos Santos", ("Luiz Carlos", "dos Santos")),
    ("Vincent van der Berg", ("Vincent", "van der Berg")),
    ("  Rafael   Moraes  ", ("Rafael", "Moraes")),
])
def test_a_name_splits_into_first_names_and_the_surname_with_its_particles(name, split):
    assert name_split(name) == split


def _finished(make_event, director, **fields):
    """Ten entries, four paid (500 / 299.99 / 150.01 / 50), entries 3 and 4 tied for third, entry 1 the winner."""
    event = make_event(entries=10, alive=1, **fields)
    payout_services.payout_table_save(
        event=event, amounts=[Decimal("500"), Decimal("299.99"), Decimal("150.01"), Decimal("50")], actor=director)
    Entry.objects.filter(event=event, number__in=[3, 4]).update(place=3)
    Entry.objects.filter(event=event, number=1).update(place=1)
    one = Entry.objects.get(event=event, number=1)
    rename_player(one.player_id, "Maria da Silva", nickname="Mari", city="Porto Alegre", country="BR")
    two = Entry.objects.get(event=event, number=2)
    rename_player(two.player_id, "Diego", city="Montevideo", country="UY")
    return event


def _read(text):
    return list(csv.reader(io.StringIO(text)))


def test_the_csv_has_the_results_databases_columns_and_one_row_per_placed_entry(make_event, director):
    event = _finished(make_event, director)
    rows = _read(results_csv(event=event))
    assert rows[0] == list(RESULT_COLUMNS)
    body = rows[1:]
    assert len(body) == Entry.objects.filter(event=event, place__isnull=False).count() == 10
    assert body[0] == ["1", "Maria", "da Silva", "Mari", "Porto Alegre", "BR", "500.00", "BRL", "0.00"]
    assert body[1] == ["2", "Diego", "", "", "Montevideo", "UY", "299.99", "BRL", "0.00"]
    # Tied for third: the two share third and fourth (150.01 + 50), the odd cent to the lower entry.
    assert [r[0] for r in body[2:4]] == ["3", "3"]
    assert sorted(r[6] for r in body[2:4]) == ["100.00", "100.01"]
    assert [r[0] for r in body[4:]] == ["5", "6", "7", "8", "9", "10"]
    assert all(r[6] == "0.00" for r in body[4:])


def test_csv_numbers_stay_machine_readable_under_brazilian_portuguese(make_event, director, settings):
    event = make_event(entries=10, alive=1, buy_in_prize=Decimal("1234.56"))
    payout_services.payout_table_save(event=event, amounts=[Decimal("12345.6")], actor=director)
    Entry.objects.filter(event=event, number=1).update(place=1)
    from django.utils.translation import override

    with override("pt-br"):
        rows = _read(results_csv(event=event))
    assert rows[1][6] == "12345.60"


def test_the_festival_file_puts_the_event_and_its_date_before_each_row(make_event, director, festival):
    first = _finished(make_event, director, date=datetime.date(2026, 12, 2), name="Turbo")
    second = _finished(make_event, director, date=datetime.date(2026, 12, 1), name="Main")
    make_event(entries=5, name="Not started")  # no place given yet: not in the file
    rows = _read(festival_results_csv(festival=festival))
    assert rows[0] == list(FESTIVAL_COLUMNS)
    events = [r[0] for r in rows[1:]]
    assert events == ["Main"] * 10 + ["Turbo"] * 10
    assert rows[1][:4] == ["Main", "2026-12-01", "1", "Maria"]
    assert rows[11][:2] == ["Turbo", "2026-12-02"]
    assert first.pk != second.pk


def test_whatsapp_text_in_portuguese_uses_brazilian_money_and_names_the_champion(make_event, director):
    event = _finished(make_event, director)
    text = results_whatsapp(event=event, lang="pt-br")
    lines = text.splitlines()
    assert lines[0] == f"*{event.name}*"
    assert lines[2] == "01/12/2026 · 10 entradas · premiação R$\xa01.000,00"
    assert "🏆 1º Maria da Silva “Mari” — R$\xa0500,00" in lines
    assert "2º Diego — R$\xa0299,99" in lines
    assert sum(1 for line in lines if line.startswith("3º*")) == 2
    assert not any(line.startswith("5º") for line in lines)  # only the paid places
    assert lines[-1] == "Campeão(ã): Maria da Silva"


def test_whatsapp_text_in_english(make_event, director):
    event = _finished(make_event, director)
    text = results_whatsapp(event=event, lang="en")
    assert "2026-12-01 · 10 entries · prize pool R$1,000.00" in text
    assert "🏆 1st Maria da Silva “Mari” — R$500.00" in text
    assert text.rstrip().endswith("Champion: Maria da Silva")


def test_whatsapp_text_before_any_paid_place_says_so(make_event, director):
    event = make_event(entries=6, alive=6)
    text = results_whatsapp(event=event, lang="en")
    assert "No paid places yet." in text and "Champion" not in text


def test_the_desk_downloads_the_csv_and_opens_the_text(make_event, director, client_as):
    event = _finished(make_event, director)
    floor = client_as("floor")
    response = floor.get(f"/events/{event.slug}/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="{event.slug}-results.csv"' in response["Content-Disposition"]
    assert _read(response.content.decode())[1][1:3] == ["Maria", "da Silva"]
    page = floor.get(f"/events/{event.slug}/results/text/?lang=en")
    assert page.status_code == 200
    assert "Champion: Maria da Silva" in page.content.decode()
    assert 'data-copy="#results-text"' in page.content.decode()
    whole = floor.get(f"/festivals/{event.festival.slug}/results.csv")
    assert whole.status_code == 200 and _read(whole.content.decode())[0] == list(FESTIVAL_COLUMNS)


def test_results_out_need_a_staff_login(make_event, client, director, client_as):
    event = _finished(make_event, director)
    assert client.get(f"/events/{event.slug}/results.csv").status_code in (302, 403)
    assert client_as("nobody").get(f"/events/{event.slug}/results/text/").status_code == 403
    assert client_as("floor").get("/events/nope/results.csv").status_code == 404


def test_the_csv_queries_do_not_grow_with_the_field(make_event, director, django_assert_max_num_queries):
    small = _finished(make_event, director)
    big = make_event(entries=300, alive=1)
    payout_services.payout_table_save(event=big, amounts=[Decimal("30000")], actor=director)
    Entry.objects.filter(event=big, number=1).update(place=1)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        results_csv(event=small)
    with CaptureQueriesContext(connection) as many:
        results_csv(event=big)
    assert len(many) == len(few)
