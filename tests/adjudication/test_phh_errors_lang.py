"""The adjudicator tells the floor why a hand history is not usable in the page's language, with the line."""

import html

import pytest
from django.utils import translation

from tdconsole.adjudication.exceptions import AdjudicationError
from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.adjudication.services import CHIPS_MAX, adjudication_save
from tests.factories import make_event

pytestmark = pytest.mark.django_db
URL = "/rulings/adjudicate/"

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 160, 150]
actions = ["p3 cc", "p1 cc", "p2 cc"]
"""
ZERO_BET = HAND.replace("min_bet = 2", "min_bet = 0")
BAD_ACTION = HAND.replace('"p2 cc"', '"p2 raise 6"')

MESSAGES = {
    (ZERO_BET, "pt-br"): "linha 4, campo 'min_bet': precisa ser maior que zero",
    (ZERO_BET, "en"): "line 4, field 'min_bet': must be positive",
    (BAD_ACTION, "pt-br"): "linha 6, campo 'actions[2]': ação 2 'p2 raise 6': 'raise' não é uma ação PHH "
                           "(f, cc, cbr, sm)",
    (BAD_ACTION, "en"): "line 6, field 'actions[2]': action 2 'p2 raise 6': 'raise' is not a PHH action "
                        "(f, cc, cbr, sm)",
}


@pytest.fixture
def floor(client_as):
    return client_as("floor")


@pytest.mark.parametrize(("text", "lang"), list(MESSAGES),
                         ids=["zero-bet-pt", "zero-bet-en", "bad-action-pt", "bad-action-en"])
def test_a_loaded_history_that_is_not_usable_is_explained_in_the_pages_language(floor, text, lang):
    response = floor.post(URL, {"op": "load", "phh_text": text}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    assert response.context["load_form"].errors["phh_text"] == [MESSAGES[text, lang]]
    body = html.unescape(response.content.decode())
    assert f'data-testid="phh-error">{MESSAGES[text, lang]}</div>' in body


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_a_history_sent_back_by_the_page_is_explained_the_same_way(floor, lang):
    response = floor.post(URL, {"op": "act", "phh": BAD_ACTION, "kind": "fold"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.context["load_form"].errors["phh_text"] == [MESSAGES[BAD_ACTION, lang]]


@pytest.mark.parametrize(("lang", "message"), [
    ("pt-br", "campo 'stacks': uma mão precisa de pelo menos dois jogadores"),
    ("en", "field 'stacks': a hand needs at least two players"),
])
def test_the_engines_refusal_of_a_set_up_table_is_in_the_pages_language(floor, monkeypatch, lang, message):
    from tdconsole.adjudication import forms as adjudication_forms
    from tdconsole.rules import spec_from_table

    monkeypatch.setattr(adjudication_forms, "spec_from_table",
                        lambda **kwargs: spec_from_table(**{**kwargs, "stacks": kwargs["stacks"][:1]}))
    response = floor.post(URL, {
        "op": "setup", "seats": "1 Ana 10000\n4 Bruno 3000", "button": "4", "small_blind": "100",
        "big_blind": "200", "ante": "0", "ante_type": "bba", "variant": "NT", "mode": "tournament",
        "smallest_chip": "25"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    assert response.context["setup_form"].non_field_errors() == [message]


def test_the_desks_own_chip_check_still_speaks_portuguese(floor):
    too_many = HAND.replace("[200, 160, 150]", f"[200, {CHIPS_MAX + 1}, 150]")
    response = floor.post(URL, {"op": "load", "phh_text": too_many}, HTTP_ACCEPT_LANGUAGE="pt-br")
    [error] = response.context["load_form"].errors["phh_text"]
    assert error.startswith("Linha 5: ") and "fichas" in error


@pytest.mark.parametrize(("lang", "start"), [("pt-br", "O histórico da mão não pode ser usado: "),
                                             ("en", "The hand history is not usable: ")])
def test_saving_a_history_that_is_not_usable_says_why_in_the_language_asked(floor, lang, start):
    director = floor.get(URL).wsgi_request.user
    with translation.override(lang), pytest.raises(AdjudicationError) as info:
        adjudication_save(event=make_event(), phh=ZERO_BET, actor=director, lang=lang)
    assert str(info.value) == start + MESSAGES[ZERO_BET, lang]
    assert not SavedAdjudication.objects.exists()
