"""The screen's chips: the chips in play at the level, each in its colour, and at a colour-up break the chip
that leaves (by colour) and the chip race in one line. None of it without a chip set; the polled fragment
reads the chips with the cached slow parts."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tdconsole.clock import services
from tdconsole.clock.selectors import attach_chips, clock_structure
from tdconsole.tournaments.models import Event
from tests.factories import make_chip_set

from .conftest import make_entries, make_event
from .test_screen_story import by_testid, clock_data, get_state, state_url

pytestmark = pytest.mark.django_db


def chips_of(html: str) -> list[str]:
    return re.findall(r'data-testid="chip" data-value="(\d+)"', html)


def chips_line(html: str) -> str:
    """The chips strip as read: its label and the values (the swatches' titles left out)."""
    found = re.search(r'data-testid="chips-in-play"[^>]*>(.*?)</div>', html, re.S)
    assert found, "no chips strip"
    text = re.sub(r"<title>.*?</title>", " ", found.group(1))
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def with_chips(slug: str = "main", **fields) -> Event:
    return make_event(slug=slug, chip_set=make_chip_set(f"Chips {slug}"), **fields)


def test_the_screen_shows_the_chips_in_play_in_their_colours(client, floor_user):
    event = with_chips()
    services.clock_start(event=event, actor=floor_user)
    html = get_state(client, event, "en").content.decode()
    assert chips_of(html) == ["25", "100", "500", "1000", "5000"]
    assert chips_line(html) == "Chips in play 25 100 500 1,000 5,000"
    # Each swatch is painted by SVG attributes (no style attribute: the policy forbids them) and named.
    assert 'fill="#1f8a3b"' in html and 'aria-label="green"' in html
    assert not re.search(r'\sstyle\s*=', html)
    assert re.search(r'data-testid="chip-race"\s+hidden>\s*</span>', html)  # no colour-up at a level


def test_the_chips_are_printed_in_the_room_s_format(client, floor_user):
    event = with_chips()
    services.clock_start(event=event, actor=floor_user)
    html = get_state(client, event, "pt-br").content.decode()
    assert chips_line(html) == "Fichas em jogo 25 100 500 1.000 5.000"


@pytest.mark.parametrize(("language", "colour_up", "race"), [
    ("en", "Colour-up: remove the green 25 chips",
     "Chip race: one card per odd 25 chip, at most one 100 chip per player; nobody is raced out"),
    ("pt-br", "Troca de fichas: retirar as fichas de 25 (green)",
     "Corrida de fichas: uma carta por ficha de 25 que sobrar, no máximo uma ficha de 100 por jogador; "
     "ninguém é eliminado na corrida"),
])
def test_a_colour_up_break_names_the_chip_by_colour_and_the_race(client, floor_user, language, colour_up, race):
    event = with_chips(slug=f"break-{language}")
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=43))
    html = get_state(client, event, language).content.decode()
    assert by_testid(html, "colour-up") == colour_up
    assert by_testid(html, "chip-race") == race
    # The break already plays without the 25s.
    assert chips_of(html) == ["100", "500", "1000", "5000"]


def test_without_a_chip_set_the_screen_says_nothing_of_chips(client, floor_user):
    event = make_event()
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=43))
    html = get_state(client, event, "en").content.decode()
    assert 'data-testid="chips-in-play"' not in html and chips_of(html) == []
    assert by_testid(html, "colour-up") == "Colour-up: remove the 25 chips"
    assert re.search(r'data-testid="chip-race"\s+hidden>\s*</span>', html)


def test_the_schedule_carries_each_step_s_chips_for_a_screen_that_moves_on_offline(client, floor_user):
    event = with_chips()
    services.clock_start(event=event, actor=floor_user)
    rows = clock_data(get_state(client, event, "en").content.decode())["schedule"]
    assert [[c["value"] for c in row["chips"]] for row in rows] == [
        [25, 100, 500, 1000, 5000], [25, 100, 500, 1000, 5000], [100, 500, 1000, 5000], [100, 500, 1000, 5000],
        [100, 500, 1000, 5000]]
    assert rows[0]["chips"][0] == {"value": 25, "text": "25", "colour": "green", "hex": "#1f8a3b"}
    assert rows[2]["colour_up"] == "Colour-up: remove the green 25 chips" and rows[2]["chip_race"]
    assert rows[1]["chip_race"] == "" and rows[3]["chip_race"] == ""


def test_a_colour_up_of_a_chip_the_set_does_not_have_is_said_without_a_colour():
    levels = clock_structure(event=make_event())
    attach_chips(levels, [(100, "black", "#111111"), (500, "purple", "#6a2c91")])
    assert [lv.removed_chip for lv in levels] == [None] * 5
    assert [len(lv.chips) for lv in levels] == [2, 2, 2, 2, 2]
    attach_chips(levels, [])
    assert {lv.chips for lv in levels} == {()}


def test_the_chips_cost_one_query_when_uncached_and_none_once_cached(client, floor_user, settings):
    plain = make_event(slug="plain")
    chips = with_chips(slug="chips")
    for event in (plain, chips):
        services.clock_start(event=event, actor=floor_user)
        make_entries(event, 10, busted=2)

    def count(event) -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(state_url(event)).status_code == 200
        return len(ctx.captured_queries)

    base, with_set = count(plain), count(chips)
    assert with_set == base + 1
    make_entries(chips, 300, busted=100)
    assert count(chips) == with_set  # flat with the field
    settings.CLOCK_CACHE_SECONDS = 30
    client.get(state_url(chips))
    with CaptureQueriesContext(connection) as ctx:
        html = client.get(state_url(chips)).content.decode()
    assert len(ctx.captured_queries) == 1  # the clock row: the chips come with the cached slow parts
    assert chips_of(html) == ["25", "100", "500", "1000", "5000"]
