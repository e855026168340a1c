"""The chip pages: chip sets and their chips (Director), an event's chips in play and its chip set, and the chip
race of a colour-up (Director, Floor). Refusals answer 4xx with the message, lists keep their query counts."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services as clock
from tdconsole.tournaments.models import Chip, ChipSet, Event
from tests.factories import add_field, make_chip_set, make_event, make_venue, seat_field

pytestmark = pytest.mark.django_db

# 25/50 and 50/100, a break colouring up the 25s, 100/200, 200/400, a break colouring up the 100s, 500/1000.
LEVELS = [
    ("level", 25, 50, 50, 20, None), ("level", 50, 100, 100, 20, None), ("break", 0, 0, 0, 10, 25),
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("break", 0, 0, 0, 10, 100),
    ("level", 500, 1000, 1000, 20, None),
]


def url(name, **kwargs):
    return reverse(f"setup_pages:{name}", kwargs=kwargs)


def get(client, path, lang="en", **params):
    return client.get(path, params, HTTP_ACCEPT_LANGUAGE=lang)


def post(client, path, data, lang="en", htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(path, data, HTTP_ACCEPT_LANGUAGE=lang, headers=headers)


@pytest.fixture
def director(client_as):
    return client_as("director")


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def chips_in(html: str) -> list[str]:
    return re.findall(r'data-testid="chip" data-value="(\d+)"', html)


# --- roles -----------------------------------------------------------------------------------------


def test_the_chip_set_pages_are_the_director_s(client_as):
    chip_set = make_chip_set()
    chip = chip_set.chips.first()
    pages = [url("chip_sets"), url("chip_set_new"), url("chip_set", pk=chip_set.pk)]
    for role in ("floor", "registration", "viewer"):
        client = client_as(role)
        for page in pages:
            assert client.get(page).status_code == 403
        assert client.post(url("chip_new", pk=chip_set.pk), {"value": "1", "colour": "x",
                                                               "colour_hex": "#000000"}).status_code == 403
        assert client.post(url("chip_delete", pk=chip_set.pk, chip_id=chip.pk)).status_code == 403
    for page in pages:
        assert client_as("director").get(page).status_code == 200


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(url("chip_sets"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_chips_in_play_are_read_by_staff_and_set_by_the_director(client_as):
    event = make_event("main", levels=LEVELS)
    chip_set = make_chip_set()
    viewer = client_as("viewer")
    page = get(viewer, url("event_chips", slug="main"))
    assert page.status_code == 200 and 'data-testid="chip-set-form"' not in page.content.decode()
    refused = post(viewer, url("event_chips", slug="main"), {"chip_set": chip_set.pk})
    assert refused.status_code == 403
    event.refresh_from_db()
    assert event.chip_set is None
    assert get(client_as("registration"), url("chip_race", slug="main")).status_code == 403
    assert get(client_as("floor"), url("chip_race", slug="main")).status_code == 200


# --- chip sets -------------------------------------------------------------------------------------


def test_a_chip_set_is_created_then_given_its_chips(director):
    venue = make_venue("Clube")
    response = post(director, url("chip_set_new"), {"name": "Clube chips", "venue": venue.pk})
    chip_set = ChipSet.objects.get(name="Clube chips")
    assert response.status_code == 302 and response["Location"] == url("chip_set", pk=chip_set.pk)
    typed = (("25", "green", "#1f8a3b"), ("1.000", "yellow", "#E8C31A"), ("100", "black", "#111111"))
    for value, colour, code in typed:
        assert post(director, url("chip_new", pk=chip_set.pk),
                    {"value": value, "colour": colour, "colour_hex": code}).status_code == 302
    assert list(chip_set.chips.values_list("value", "colour_hex")) == [
        (25, "#1f8a3b"), (100, "#111111"), (1000, "#e8c31a")]
    html = get(director, url("chip_set", pk=chip_set.pk)).content.decode()
    assert 'fill="#e8c31a"' in html and "1,000" in html
    assert list(AuditEntry.entries.order_by("id").values_list("action", flat=True)) == [
        "chipset.create", "chip.add", "chip.add", "chip.add"]


def test_a_chip_set_form_sent_twice_creates_one_set(director):
    page = get(director, url("chip_set_new")).content.decode()
    token = re.search(r'name="_once" value="([^"]+)"', page).group(1)
    for _ in range(2):
        post(director, url("chip_set_new"), {"name": "Once", "venue": "", "_once": token})
    assert ChipSet.objects.filter(name="Once").count() == 1


def test_a_chip_set_without_a_name_or_with_a_taken_one_is_refused(director):
    make_chip_set("House chips")
    for name in ("", "house chips"):
        response = post(director, url("chip_set_new"), {"name": name})
        assert response.status_code == 400
    assert "already exists" in response.content.decode()
    assert ChipSet.objects.count() == 1


def test_a_chip_typed_wrong_is_refused_with_the_reason(director):
    chip_set = make_chip_set(chips=[(25, "green", "#1f8a3b")])
    cases = [({"value": "abc", "colour": "x", "colour_hex": "#000000"}, "whole chips"),
             ({"value": "0", "colour": "x", "colour_hex": "#000000"}, "at least 1"),
             ({"value": "25", "colour": "blue", "colour_hex": "#0000ff"}, "already has a 25 chip"),
             ({"value": "50", "colour": "blue", "colour_hex": "blue"}, "six hexadecimal digits"),
             ({"value": "99999999999999", "colour": "x", "colour_hex": "#000000"}, "At most")]
    for data, reason in cases:
        for htmx in (False, True):
            response = post(director, url("chip_new", pk=chip_set.pk), data, htmx=htmx)
            assert response.status_code == 400, data
            assert reason in response.content.decode()
    assert list(chip_set.chips.values_list("value", flat=True)) == [25]


def test_a_chip_changes_colour_under_htmx_and_answers_the_list(director):
    chip_set = make_chip_set()
    chip = chip_set.chips.get(value=25)
    response = post(director, url("chip_change", pk=chip_set.pk, chip_id=chip.pk),
                    {f"chip{chip.pk}-value": "25", f"chip{chip.pk}-colour": "lime",
                     f"chip{chip.pk}-colour_hex": "#00ff00"}, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="chips"') and "<html" not in html
    assert 'fill="#00ff00"' in html
    chip.refresh_from_db()
    assert (chip.colour, chip.colour_hex) == ("lime", "#00ff00")


def test_removing_a_chip_an_event_in_play_holds_is_refused_with_a_message(director):
    chip_set = make_chip_set()
    make_event("main", levels=LEVELS, chip_set=chip_set, status=Event.Status.RUNNING, name="Main Event")
    chip = chip_set.chips.get(value=5000)
    for htmx in (False, True):
        response = post(director, url("chip_delete", pk=chip_set.pk, chip_id=chip.pk), {}, htmx=htmx)
        assert response.status_code == 409
        html = response.content.decode()
        assert "The 5000 chip cannot be removed." in html and "Main Event (running)" in html
        assert 'data-testid="chip-refusal"' in html
    assert Chip.objects.filter(pk=chip.pk).exists()
    assert not AuditEntry.entries.filter(action="chip.remove").exists()


def test_a_chip_nobody_needs_is_removed(director):
    chip_set = make_chip_set()
    chip = chip_set.chips.get(value=5000)
    response = post(director, url("chip_delete", pk=chip_set.pk, chip_id=chip.pk), {}, htmx=True)
    assert response.status_code == 200 and chips_in(response.content.decode()) == []
    assert 'data-value="5000"' not in response.content.decode()
    assert not Chip.objects.filter(pk=chip.pk).exists()


def test_a_chip_of_another_set_or_unknown_is_not_found(director):
    one, other = make_chip_set("One"), make_chip_set("Other")
    chip = other.chips.first()
    assert post(director, url("chip_delete", pk=one.pk, chip_id=chip.pk), {}).status_code == 404
    assert post(director, url("chip_delete", pk=one.pk, chip_id=2**62), {}).status_code == 404
    assert get(director, url("chip_set", pk=2**62)).status_code == 404


def test_the_chip_set_list_keeps_its_queries_however_many_sets(director, django_assert_max_num_queries):
    make_chip_set("First")

    def count() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as ctx:
            assert get(director, url("chip_sets")).status_code == 200
        return len(ctx.captured_queries)

    few = count()
    for n in range(8):
        chip_set = make_chip_set(f"Set {n}", venue=make_venue(f"Venue {n}"))
        make_event(f"e{n}", levels=LEVELS, chip_set=chip_set)
    assert count() == few
    with django_assert_max_num_queries(few):
        html = get(director, url("chip_sets")).content.decode()
    assert html.count('data-testid="chip-set-row"') == 9


def test_a_chip_set_is_renamed(director):
    chip_set = make_chip_set("Old")
    response = post(director, url("chip_set", pk=chip_set.pk), {"name": "New", "venue": ""})
    assert response.status_code == 302
    chip_set.refresh_from_db()
    assert chip_set.name == "New"
    assert post(director, url("chip_set", pk=chip_set.pk), {"name": ""}).status_code == 400


# --- an event's chips in play ----------------------------------------------------------------------


def test_the_event_takes_a_chip_set_and_shows_its_chips_level_by_level(director):
    event = make_event("main", levels=LEVELS)
    chip_set = make_chip_set()
    response = post(director, url("event_chips", slug="main"), {"chip_set": chip_set.pk})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.chip_set == chip_set
    html = get(director, url("event_chips", slug="main")).content.decode()
    rows = re.findall(r'data-testid="level-row" data-position="(\d+)"(.*?)</tr>', html, re.S)
    assert [chips_in(row) for _p, row in rows] == [
        ["25", "100", "500", "1000", "5000"], ["25", "100", "500", "1000", "5000"],
        ["100", "500", "1000", "5000"], ["100", "500", "1000", "5000"], ["100", "500", "1000", "5000"],
        ["500", "1000", "5000"], ["500", "1000", "5000"]]
    assert "remove the green 25 chips" in rows[2][1] and "remove the black 100 chips" in rows[5][1]
    assert html.count('data-testid="chip-race-link"') == 2


def test_a_chip_set_that_cannot_pay_the_blinds_is_refused_with_each_level(director):
    event = make_event("main", levels=LEVELS)
    big = make_chip_set("Big", chips=[(100, "black", "#111111"), (500, "purple", "#6a2c91")])
    response = post(director, url("event_chips", slug="main"), {"chip_set": big.pk})
    assert response.status_code == 409
    html = response.content.decode()
    assert "cannot be played with the chip set Big" in html
    assert "Level 1 cannot be paid with the chips in play: the smallest chip is 100." in html
    event.refresh_from_db()
    assert event.chip_set is None
    assert post(director, url("event_chips", slug="main"), {"chip_set": "nope"}).status_code == 400


def test_the_level_on_the_clock_is_marked(director, cast):
    event = make_event("main", levels=LEVELS, chip_set=make_chip_set(), status=Event.Status.RUNNING)
    clock.clock_start(event=event, actor=cast["floor"], now=timezone.now() - timedelta(minutes=45))
    html = get(director, url("event_chips", slug="main")).content.decode()
    assert re.search(r'class="break is-current" data-testid="level-row" data-position="3"', html)


def test_the_dashboard_links_the_chips_in_play(director):
    make_event("main", levels=LEVELS)
    html = get(director, reverse("tournaments:event_dashboard", kwargs={"slug": "main"})).content.decode()
    assert url("event_chips", slug="main") in html


# --- the chip race ---------------------------------------------------------------------------------


def race_event(*, players=90, entries=100, clock_minutes=45):
    event = make_event("main", levels=LEVELS, chip_set=make_chip_set(), status=Event.Status.RUNNING)
    add_field(event, entries, alive=players)
    seat_field(event, per_table=9)
    clock.clock_start(event=event, actor=event_actor(), now=timezone.now() - timedelta(minutes=clock_minutes))
    return event


def event_actor():
    from django.contrib.auth.models import User

    return User.objects.get(username="floor")


def test_the_race_at_the_colour_up_on_the_clock(floor):
    race_event()
    response = get(floor, url("chip_race", slug="main"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-testid="race-now"' in html  # the first break is on the clock
    assert "The green 25 chips leave play; the smallest chip left is the black 100: 4 green 25 chips make one " \
           "black 100." in html
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Players left 90" in text and "Tables in play 10" in text
    assert "at most 3" in text
    assert "about 135, at most 270" in text  # odd chips
    assert "about 34, at most 90" in text  # 100s raced for
    assert "from -250 to +500 in all (-25 to +50 a table)" in text
    assert "TDA rule 24" in text and "seat 1" in text


def test_the_starting_stack_gives_the_chips_to_bring(floor):
    race_event()
    html = get(floor, url("chip_race", slug="main"), per_stack="10").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "1,000 (100 entries × 10)" in text
    assert "about 216 (183 to 250)" in text
    assert "340 at most" in text


def test_one_table_s_race_is_worked_out_from_its_odd_chips(floor):
    race_event()
    html = get(floor, url("chip_race", slug="main"), odd="3 0 2 1").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "This table: 6 odd 25 chips (150) are raced for 2 100 chips." in text
    assert "The rounding adds 50 to the chips in play." in text
    bad = get(floor, url("chip_race", slug="main"), odd="3 4")
    assert bad.status_code == 400 and "exchange 4 of them first" in bad.content.decode()


def test_another_colour_up_is_picked_by_its_row(floor):
    race_event()
    html = get(floor, url("chip_race", slug="main"), at="6").content.decode()
    assert "The black 100 chips leave play; the smallest chip left is the purple 500" in html
    assert 'data-testid="race-now"' not in html
    assert get(floor, url("chip_race", slug="main"), at="4").status_code == 404  # a level, no colour-up
    assert get(floor, url("chip_race", slug="main"), at="9" * 40).status_code == 404


def test_the_race_in_portuguese(floor):
    race_event()
    html = get(floor, url("chip_race", slug="main"), lang="pt-br", per_stack="10").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Corrida de fichas" in text
    assert "1.000 (100 entradas × 10)" in text
    assert "TDA 24" in text or "regra 24 da TDA" in text


def test_without_a_chip_set_the_race_asks_for_one(floor):
    make_event("main", levels=LEVELS)
    html = get(floor, url("chip_race", slug="main")).content.decode()
    assert 'data-testid="race-no-chip-set"' in html and url("event_chips", slug="main") in html


def test_the_race_page_keeps_its_queries_with_the_field(floor, django_assert_max_num_queries):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = race_event(players=20, entries=20)
    cache.clear()  # both reads uncached: the clock's slow parts and the day's plan are cached for a second
    with CaptureQueriesContext(connection) as small:
        get(floor, url("chip_race", slug="main"), per_stack="8")
    add_field_more(event, 400)
    cache.clear()
    with CaptureQueriesContext(connection) as large:
        get(floor, url("chip_race", slug="main"), per_stack="8")
    assert len(large) == len(small)


def add_field_more(event, count):
    from tests.factories import make_entries

    make_entries(event, count)


def test_the_chips_in_play_page_keeps_its_queries_however_long_the_structure(director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.factories import simple_levels

    chip_set = make_chip_set(chips=[(100, "black", "#111111"), (500, "purple", "#6a2c91")])
    make_event("short", levels=simple_levels(3), chip_set=chip_set)
    make_event("long", levels=simple_levels(40), chip_set=chip_set)
    counts = []
    for slug in ("short", "long"):
        with CaptureQueriesContext(connection) as ctx:
            html = get(director, url("event_chips", slug=slug)).content.decode()
        counts.append(len(ctx.captured_queries))
    assert html.count('data-testid="level-row"') == 40
    assert counts[0] == counts[1]


def test_a_screen_shows_a_new_chip_set_at_its_next_poll(director, settings, cast, django_capture_on_commit_callbacks):
    # The structure and its chips are cached for 30 s here; giving the event a chip set drops that copy.
    # (A screen opened with the public key also remembers the event row itself for CLOCK_CACHE_SECONDS, a
    # second by default: it shows the chips once that has passed.)
    settings.CLOCK_CACHE_SECONDS = 30
    event = make_event("main", levels=LEVELS, status=Event.Status.RUNNING)
    clock.clock_start(event=event, actor=cast["floor"])
    state = reverse("clock:screen_state", kwargs={"slug": "main"})
    assert chips_in(director.get(state).content.decode()) == []  # cached now, without chips
    with django_capture_on_commit_callbacks(execute=True):
        post(director, url("event_chips", slug="main"), {"chip_set": make_chip_set().pk})
    assert chips_in(director.get(state).content.decode()) == ["25", "100", "500", "1000", "5000"]
