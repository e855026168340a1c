"""The end-of-day pages: the day's form, one table's counts saved row by row, the leaderboard."""

import pytest

from tdconsole.dayend.days import day_end_set
from tdconsole.dayend.models import BagCount, DayEnd
from tdconsole.tournaments.models import Entry
from tdconsole.tournaments.public import public_url
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(event, director):
    event.chip_set = factories.make_chip_set(venue=event.festival.venue)
    event.save(update_fields=["chip_set"])
    factories.make_entries(event, 12)
    factories.seat_field(event, per_table=6)
    day_end_set(event=event, actor=director, name="Dia 1A", last_level=2)
    return list(Entry.objects.filter(event=event).select_related("table").order_by("table__number", "seat"))


def save(client, event, entry, typed, lang="pt-br"):
    return client.post(f"/events/{event.slug}/day-end/counts/{entry.pk}/", {"count": typed},
                       HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=lang)


def test_the_director_sets_where_the_day_ends(client_as, event):
    client = client_as("director")
    response = client.post(f"/events/{event.slug}/day-end/", {"name": "Dia 1B", "last_level": "3", "stop_at": ""})
    assert response.status_code == 302
    day = DayEnd.objects.get(event=event)
    assert (day.name, day.last_level, day.stop_at) == ("Dia 1B", 3, None)


def test_a_level_that_is_not_in_the_structure_is_refused_with_a_message(client_as, event):
    client = client_as("floor")
    response = client.post(f"/events/{event.slug}/day-end/", {"name": "Dia 1B", "last_level": "99"},
                           HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400
    assert "O último nível do dia é um nível da estrutura, de 1 a 4." in response.content.decode()
    assert not DayEnd.objects.exists()


def test_the_counts_page_lists_one_tables_seats_in_order(client_as, event, seated):
    table = seated[0].table.number
    html = client_as("floor").get(f"/events/{event.slug}/day-end/counts/?table={table}").content.decode()
    rows = [f'data-entry="{e.pk}" data-seat="{e.seat}"' for e in seated if e.table.number == table]
    assert len(rows) == 6
    positions = [html.index(r) for r in rows]
    assert positions == sorted(positions)
    assert seated[6].player.name not in html
    assert f"?table={table + 1}" in html  # the next table


def test_a_count_saved_by_htmx_returns_its_row_and_the_checks(client_as, event, seated):
    response = save(client_as("floor"), event, seated[0], "12,35k")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'value="12.350"' in html
    assert 'data-testid="count-saved"' in html
    assert 'id="count-checks" class="count-checks" data-testid="count-checks" hx-swap-oob="true"' in html
    assert "Contadas 12.350 de 360.000 fichas em jogo." in html
    assert 'data-missing="11"' in html
    assert BagCount.objects.get(entry=seated[0]).chips == 12350


@pytest.mark.parametrize(("typed", "lang", "message"), [
    ("doze mil", "pt-br", "Não é um número"),
    ("-100", "pt-br", "A contagem não pode ser negativa."),
    ("12.310", "pt-br", "12.310 não é múltiplo de 25, a menor ficha em jogo."),
    ("12.310", "en", "12,310 is not a multiple of 25, the smallest chip in play."),
    ("1,250k", "en", "Ambiguous"),
])
def test_a_refused_count_comes_back_in_its_row_with_the_message(client_as, event, seated, typed, lang, message):
    response = save(client_as("floor"), event, seated[0], typed, lang=lang)
    html = response.content.decode()
    assert response.status_code == 400
    assert message in html
    assert f'value="{typed}"' in html
    assert not BagCount.objects.exists()


def test_a_busted_players_count_is_refused_in_portuguese(client_as, event, seated):
    Entry.objects.filter(pk=seated[2].pk).update(status=Entry.Status.BUSTED, table=None, seat=None)
    response = save(client_as("floor"), event, seated[2], "30.000")
    assert response.status_code == 400
    assert "está fora do torneio" in response.content.decode()


def test_an_outlier_is_flagged_for_a_recount(client_as, event, seated):
    # 360.000 chips in play among 12 players: 30.000 on average, so more than 150.000 is flagged.
    response = save(client_as("floor"), event, seated[0], "150.025")
    assert 'data-testid="count-outlier"' in response.content.decode()
    response = save(client_as("floor"), event, seated[0], "150.000")
    assert 'data-testid="count-outlier"' not in response.content.decode()


def test_without_htmx_a_count_redirects_to_its_table(client_as, event, seated):
    response = client_as("floor").post(f"/events/{event.slug}/day-end/counts/{seated[0].pk}/", {"count": "30000"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"?table={seated[0].table.number}")


def test_the_leaderboard_is_on_the_staff_and_the_public_pages(client, client_as, event, seated):
    staff = client_as("floor")
    for entry, typed in zip(seated[:3], ["20k", "45.000", "30 000"], strict=True):
        save(staff, event, entry, typed)
    for html in (staff.get(f"/events/{event.slug}/day-end/leaderboard/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode(),
                 client.get(public_url(event, "dayend:public_leaderboard", absolute=False),
                            HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()):
        assert html.index("45.000") < html.index("30.000") < html.index("20.000")
        assert seated[1].player.name in html


def test_the_pages_need_the_floor(client_as, event, seated):
    assert client_as("registration").get(f"/events/{event.slug}/day-end/counts/").status_code == 403
    assert save(client_as("registration"), event, seated[0], "100").status_code in (401, 403)
    assert not BagCount.objects.exists()


def test_a_count_for_an_entry_of_another_event_is_a_404_with_a_message(client_as, event, seated, in_english):
    other = factories.make_entries(factories.make_event("other"), 1)[0]
    response = save(client_as("floor"), event, other, "25.000", lang="en")
    assert response.status_code == 404
    assert response.content.decode() == "This entry is not in this event; reload the page."
    assert not BagCount.objects.exists()
