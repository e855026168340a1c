"""The league page in a real browser: a preset fills the formula, a refused formula shows its reason."""

import datetime

import pytest

from tdconsole.leagues.models import League
from tdconsole.leagues.services import league_create
from tdconsole.tournaments.models import Entry
from tests.factories import make_event, make_festival, make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_preset_fills_the_formula_and_a_refused_one_keeps_the_table(live_server, page, browser_login, director,
                                                                      screenshot):
    festival = make_festival("spring", name="Spring")
    event = make_event("spring-main", festival=festival, date=datetime.date(2026, 3, 1))
    for number, (player, place) in enumerate(zip(make_players(festival, ["Ana", "Bia"]), (1, 2), strict=True), start=1):
        Entry.objects.create(event=event, player=player, number=number, place=place, status=Entry.Status.BUSTED)
    league = league_create(name="Liga", slug="liga", formula="n - p + 1", actor=director, event_ids=[event.pk])
    browser_login(page, "director")
    page.goto(f"{live_server.url}/leagues/{league.slug}/")
    page.select_option("[data-testid=league-preset]", "table")
    assert page.input_value("[data-testid=league-formula]") == "table(p, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1)"
    page.click("[data-testid=league-save]")
    page.wait_for_selector("[data-testid=standing-points]:has-text('25,00')")
    assert League.objects.get().formula == "table(p, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1)"

    page.fill("[data-testid=league-formula]", "10 / (n - p)")
    page.click("[data-testid=league-save]")
    page.wait_for_selector("[data-testid=error-formula]")
    assert "divisão por zero" in page.inner_text("[data-testid=error-formula]")
    assert page.inner_text("[data-testid=league-refusal]") == "Nada foi salvo."
    assert [p.inner_text() for p in page.query_selector_all("[data-testid=standing-points]")] == ["25,00", "18,00"]
    screenshot(page, "league-refused-formula")
    assert League.objects.get().formula == "table(p, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1)"
