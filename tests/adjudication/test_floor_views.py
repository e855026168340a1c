"""The adjudicator in floor language: typed phrases are ruled on, refusals re-render, players named by seat."""

import re
from html.parser import HTMLParser

import pytest

from tdconsole.rules import parse_phh

pytestmark = pytest.mark.django_db
URL = "/rulings/adjudicate/"
SEATS = "1 Ana 10000\n4 Bruno 3000\n7 Carla 20000"  # button 7: Ana small blind, Bruno big blind, Carla first


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def dealt(client, lang="en"):
    response = client.post(URL, {"op": "setup", "seats": SEATS, "button": "7", "small_blind": "100",
                                 "big_blind": "200", "ante": "200", "ante_type": "bba", "variant": "NT",
                                 "mode": "tournament", "smallest_chip": "25"}, HTTP_ACCEPT_LANGUAGE=lang)
    return response.context["phh"]


def say(client, phh, line, lang="en", **headers):
    return client.post(URL, {"op": "act", "phh": phh, "kind": "line", "line": line},
                       HTTP_ACCEPT_LANGUAGE=lang, **headers)


class VisibleText(HTMLParser):
    """The text a person reads on the page (attributes and hidden inputs left out)."""

    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "textarea")

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "textarea")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible(response) -> str:
    reader = VisibleText()
    reader.feed(response.content.decode())
    return " ".join(reader.parts)


@pytest.mark.parametrize(("lang", "line"), [("en", "seat 7 raise 1000"), ("en", "Carla raises to 1,000"),
                                            ("en", "raise 7 1k"), ("pt-br", "assento 7 aumenta 1.000"),
                                            ("pt-br", "Carla sobe pra 1 mil"), ("en", "p3 cbr 1000")])
def test_a_floor_phrase_is_ruled_on_like_phh(floor, lang, line):
    response = say(floor, dealt(floor, lang), line, lang)
    assert response.status_code == 200 and response.context["action_error"] is None
    assert parse_phh(response.context["phh"]).actions == ("p3 cbr 1000",)
    assert response.context["options"].call == 900
    assert response.context["actor_name"] == ("Ana (seat 1)" if lang == "en" else "Ana (assento 1)")
    assert response.context["typed"] == ""


def test_an_all_in_said_in_words_goes_in_for_the_whole_stack(floor):
    phh = say(floor, dealt(floor), "Carla raise 1000").context["phh"]
    response = say(floor, phh, "Ana all in")
    assert parse_phh(response.context["phh"]).actions[-1] == "p1 cbr 10000"
    assert response.context["players"][0]["all_in"] is True


@pytest.mark.parametrize(("lang", "where", "reason", "forms"), [
    ("en", "at character 7:", "“rasie” is not an action. Did you mean “raise”?",
     "Accepted forms: seat 3 raise 6000 · Ana all-in · s5 call"),
    ("pt-br", "no caractere 7:", "“rasie” não é uma ação. Quis dizer “raise”?",
     "Formas aceitas: assento 3 aumenta 6000 · Ana all in · a5 paga"),
])
def test_a_typo_re_renders_with_the_position_the_reason_and_the_accepted_forms(floor, lang, where, reason, forms):
    phh = dealt(floor, lang)
    full = say(floor, phh, "Carla rasie 1000", lang)
    assert full.status_code == 200
    assert full.context["action_error"]["code"] == "floor.unknown_verb"
    assert full.context["phh"] == phh  # nothing applied
    fragment = say(floor, phh, "Carla rasie 1000", lang, HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert fragment.status_code == 200 and "<html" not in body
    text = visible(fragment)
    assert where in text and reason in text and forms in text
    assert 'value="Carla rasie 1000"' in body  # the line is kept for correcting


@pytest.mark.parametrize("line", ["seat 9 call", "An call", "Carla raise", "Carla raise 1.0x0", "", "   ",
                                  "💥" * 3, "9" * 5000, "p9 cbr 1", "d db", "Carla all-in 5", "3 AhKh"])
def test_no_typed_line_breaks_the_page(floor, line):
    phh = dealt(floor)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = say(floor, phh, line, **headers)
        assert response.status_code == 200, line
        assert response.context["action_error"], line
        assert response.context["phh"] == phh


def test_an_engine_refusal_of_a_typed_line_names_players_by_seat(floor):
    phh = dealt(floor)
    response = say(floor, phh, "Ana call")
    assert response.context["action_error"]["code"] == "not_your_turn"
    assert "It is Carla (seat 7)'s turn to act, not Ana (seat 1)'s." in visible(response)
    assert 'value="Ana call"' in response.content.decode()  # what was typed, not the engine's line


def test_the_page_never_names_a_player_p1(floor):
    phh = say(floor, dealt(floor), "Carla raise 1000").context["phh"]
    phh = say(floor, phh, "Ana fold").context["phh"]
    response = say(floor, phh, "Bruno all in")
    text = visible(response)
    assert not re.search(r"\bp[1-9][0-9]*\b", text), text
    # the pots and the ruling's steps name the players as the floor does
    assert "Carla (seat 7)" in text and "Bruno (seat 4)" in text
    assert response.context["pots"][0]["eligible_names"] == ["Bruno (seat 4)", "Carla (seat 7)"]
    assert any("Bruno (seat 4)" in step for step in response.context["ruling"]["explanation"])
    assert "Bruno (seat 4) bets or raises to 2,800" in text  # the history, in words


def test_an_illegal_action_in_a_loaded_history_is_told_in_words(floor):
    hand = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
players = ["Ana", "Bruno", "Carla"]
seats = [2, 5, 9]
actions = ["p3 cbr 300"]
"""
    response = floor.post(URL, {"op": "load", "phh_text": hand}, HTTP_ACCEPT_LANGUAGE="pt-br")
    text = visible(response)
    assert "Ação ilegal “Carla (assento 9) aposta ou aumenta para 300”" in text
    assert any("(Carla (assento 9) aposta ou aumenta para 300)" in step
               for step in response.context["ruling"]["explanation"])
    assert not re.search(r"\bp[1-9][0-9]*\b", text), text


SHOWDOWN = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [100, 200]
min_bet = 200
starting_stacks = [1000, 1000]
players = ["Bia", "Caio"]
seats = [2, 6]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 1000", "p1 cc", "d db Ah7d2c", "d db 9s", "d db 3h"]
"""


def test_showdown_cards_are_entered_by_seat(floor):
    response = floor.post(URL, {"op": "load", "phh_text": SHOWDOWN}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.context["waiting"] == "showdown"
    assert "“assento 3 mostra Ah Kh”" in visible(response)
    response = say(floor, response.context["phh"], "assento 2 mostra As Ad", "pt-br")
    response = say(floor, response.context["phh"], "6 KcKd", "pt-br")
    assert response.context["ruling"]["status"] == "complete"
    assert parse_phh(response.context["phh"]).actions[-2:] == ("p1 sm AsAd", "p2 sm KcKd")
    assert response.context["finishing"] == [("Bia (assento 2)", 2000), ("Caio (assento 6)", 0)]


def test_a_hand_typed_without_names_calls_players_by_seat(floor):
    typed = SHOWDOWN.replace('players = ["Bia", "Caio"]\nseats = [2, 6]\n', "")
    response = floor.post(URL, {"op": "load", "phh_text": typed}, HTTP_ACCEPT_LANGUAGE="en")
    assert [p["name"] for p in response.context["players"]] == ["seat 1", "seat 2"]
    response = say(floor, response.context["phh"], "seat 1 shows As Ad")
    assert parse_phh(response.context["phh"]).actions[-1] == "p1 sm AsAd"


def test_heads_up_set_up_keeps_each_seat_with_its_player(floor):
    response = floor.post(URL, {"op": "setup", "seats": "2 Bia 5000\n6 Caio 5000", "button": "6",
                                "small_blind": "100", "big_blind": "200", "ante": "0", "ante_type": "bba",
                                "variant": "NT", "mode": "tournament", "smallest_chip": "25"},
                          HTTP_ACCEPT_LANGUAGE="en")
    spec = parse_phh(response.context["phh"])
    # PHH heads-up: p1 is the big blind (Bia, seat 2), p2 the button and small blind (Caio, seat 6)
    assert (spec.players, spec.seats) == (("Bia", "Caio"), (2, 6))
    assert response.context["actor_name"] == "Caio (seat 6)"
    response = say(floor, response.context["phh"], "seat 6 call")
    assert parse_phh(response.context["phh"]).actions == ("p2 cc",)


def test_a_line_with_two_readings_offers_each_as_a_button_that_records_it(floor):
    phh = dealt(floor, "pt-br")
    asked = say(floor, phh, "Carla paga all-in", "pt-br")
    html = asked.content.decode()
    assert 'data-testid="action-error"' in html and 'data-testid="readings"' in html
    lines = re.findall(r'data-testid="reading" data-line="([^"]+)"', html)
    assert lines == ["p3 call", "p3 cbr 20000"]
    assert "Carla (assento 7)" in visible(asked) and "Registrar como:" in visible(asked)
    assert asked.context["phh"] == phh  # nothing recorded while the floor is asked
    # Pressing the all-in reading records exactly that line, as if it had been typed in full.
    chosen = say(floor, phh, "p3 cbr 20000", "pt-br")
    assert chosen.context["action_error"] is None
    assert parse_phh(chosen.context["phh"]).actions[-1] == "p3 cbr 20000"
    called = say(floor, phh, "p3 call", "pt-br")
    assert parse_phh(called.context["phh"]).actions[-1] == "p3 cc"


def test_a_refusal_with_one_reading_offers_no_buttons(floor):
    response = say(floor, dealt(floor), "Carla zzz")
    assert 'data-testid="action-error"' in response.content.decode()
    assert 'data-testid="readings"' not in response.content.decode()
