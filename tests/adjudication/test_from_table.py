"""Opening a dispute from a table: the adjudicator starts from the table as it stands, and the saved
hand keeps who sat where and the level it was dealt at."""

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.adjudication.selectors import blind_level_for, smallest_chip_at
from tdconsole.audit.models import AuditEntry
from tdconsole.clock.models import ClockState
from tdconsole.rules import Hand, hand_to_phh, parse_phh
from tdconsole.tournaments.models import ChipCount, Entry, Event, Table
from tests.factories import make_entries, make_event, make_players

pytestmark = pytest.mark.django_db
URL = "/rulings/adjudicate/"

# 1: 25/50, 2: 50/100, 3: a break that colours up the 25 chip, 4: 100/200, 5: 200/400, 6: 300/600.
COLOUR_UP = [
    ("level", 25, 50, 50, 20, None), ("level", 50, 100, 100, 20, None), ("break", 0, 0, 0, 10, 25),
    ("level", 100, 200, 200, 20, None), ("level", 200, 400, 400, 20, None), ("level", 300, 600, 600, 20, None),
]


def lv(position, sb=0, bb=0, ante=0, *, colour_up=None):
    return SimpleNamespace(position=position, small_blind=sb, big_blind=bb, ante=ante, color_up=colour_up,
                           is_break=colour_up is not None or bb == 0)


def table_event(*, slug="main", ante_type=Event.AnteType.BIG_BLIND, clock_at=4, button=4, names=None, number=5,
                counted=True):
    """An event on the colour-up structure, its table 5 seating Ana (3), Bruno Costa (4) and Carla (7).

    Ana and Bruno were counted (31,000 and 8,000) unless `counted` is False; Carla never was.
    """
    event = make_event(slug, levels=COLOUR_UP, status=Event.Status.RUNNING, ante_type=ante_type)
    table = Table.objects.create(venue=event.festival.venue, number=number, seats=9, event=event,
                                 button_seat=button)
    players = make_players(event.festival, names or ["Ana", "Bruno Costa", "Carla"])
    seats = [3, 4, 7] if len(players) == 3 else range(1, len(players) + 1)
    for i, (player, seat) in enumerate(zip(players, seats, strict=True)):
        chips = [31000, 8000, None][i % 3] if counted else None
        entry = Entry.objects.create(event=event, player=player, number=11 + i, table=table, seat=seat, chips=chips)
        if chips is not None:
            ChipCount.objects.create(entry=entry, chips=chips)
    if clock_at is not None:
        ClockState.objects.create(event=event, level_position=clock_at,
                                  level_started_at=timezone.now() - timedelta(minutes=5))
    return event, table


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def get(client, lang="en", **params):
    return client.get(URL, params, HTTP_ACCEPT_LANGUAGE=lang)


# --- the smallest chip in play ---------------------------------------------------------------------

def test_smallest_chip_is_the_divisor_of_the_blinds_between_two_colour_ups():
    levels = [lv(1, 25, 50, 50), lv(2, 50, 100, 100), lv(3, colour_up=25), lv(4, 100, 200, 200),
              lv(5, 200, 400, 400), lv(6, 300, 600, 600)]
    # The 25s stay on the table until the break: level 2 (50/100) still plays with them.
    assert smallest_chip_at(levels, 1) == 25
    assert smallest_chip_at(levels, 2) == 25
    # After the colour-up the 100 is the smallest chip, also at 300/600 (no 300 chip is needed).
    assert smallest_chip_at(levels, 4) == 100
    assert smallest_chip_at(levels, 6) == 100


def test_smallest_chip_follows_each_colour_up():
    levels = [lv(1, 5, 10), lv(2, 10, 20), lv(3, colour_up=5), lv(4, 25, 50), lv(5, 50, 100),
              lv(6, colour_up=25), lv(7, 100, 200), lv(8, 200, 400)]
    assert [smallest_chip_at(levels, p) for p in (1, 2, 4, 5, 7, 8)] == [5, 5, 25, 25, 100, 100]


def test_smallest_chip_is_never_a_chip_coloured_up_before_the_level():
    # gcd(150, 300, 200, 400) is 50, but the 100 chip left at the break: the smallest multiple above it.
    levels = [lv(1, 50, 100), lv(2, colour_up=100), lv(3, 150, 300), lv(4, 200, 400)]
    assert smallest_chip_at(levels, 3) == 150
    # A colour-up after the level does not count yet.
    assert smallest_chip_at(levels, 1) == 50


def test_smallest_chip_of_a_structure_without_blinds_is_one():
    assert smallest_chip_at([lv(1, colour_up=25)], 1) == 1


def test_on_a_break_the_hand_was_dealt_at_the_level_before():
    levels = [lv(1, 25, 50), lv(2, colour_up=25), lv(3, 100, 200)]
    assert blind_level_for(levels, 2).position == 1
    assert blind_level_for(levels, None).position == 1
    assert blind_level_for(levels, 3).position == 3


def test_an_odd_chip_after_the_colour_up_splits_by_100(floor):
    event, _table = table_event()
    page = get(floor, event="main", table="5")
    assert page.context["setup_form"].initial["smallest_chip"] == 100
    # Three players all-in for 10,100 each (a 30,300 pot): two tie and split 30,300 by 100 chips.
    response = floor.post(URL, {"op": "setup", "seats": "1 A 10100\n2 B 10100\n3 C 10100", "button": "3",
                                "small_blind": "100", "big_blind": "200", "ante": "0", "ante_type": "bba",
                                "variant": "NT", "mode": "tournament", "smallest_chip": "100"})
    spec = parse_phh(response.context["phh"])
    actions = ["d dh p1 AhKd", "d dh p2 AsKc", "d dh p3 2c3d", "p3 cbr 10100", "p1 cc", "p2 cc",
               "d db 7h8h9s", "d db Qd", "d db 4c"]
    ruling = Hand.replay(parse_phh(hand_to_phh(spec, actions))).ruling("en")
    assert ruling["status"] == "complete"
    pot = ruling["pots"][0]
    assert pot["amount"] == 30300
    awards = sorted(pot["awards"].values())
    # 151 chips of 100 each, and the odd 100 chip to the first player left of the button (the small blind).
    assert awards == [15100, 15200]
    assert pot["awards"]["p1"] == 15200
    assert any("odd" in step.lower() and "100" in step for step in ruling["explanation"])


# --- the pre-filled page ---------------------------------------------------------------------------

def test_the_table_as_it_stands(floor):
    event, table = table_event(button=4)
    page = get(floor, event="main", table="5")
    assert page.status_code == 200
    initial = page.context["setup_form"].initial
    assert initial["seats"].splitlines() == ["3 Ana 31000", "4 Bruno Costa 8000", "7 Carla 20000"]
    assert initial["button"] == 4
    assert (initial["small_blind"], initial["big_blind"], initial["ante"]) == (100, 200, 200)
    assert initial["ante_type"] == "bba"
    html = page.content.decode()
    assert "seat 3: Ana (#11)" in html and "seat 4: Bruno Costa (#12)" in html and "seat 7: Carla (#13)" in html
    assert "3 Ana 31000\n4 Bruno Costa 8000\n7 Carla 20000" in html
    assert "Stacks last counted at" in html
    assert html.count("(starting stack)") == 1  # Carla, never counted
    assert 'name="origin_entries"' in html
    # The save form names the event and the table.
    save = page.context["save_form"]
    assert save.initial == {"event": event.pk, "table_number": 5}


def test_never_counted_stacks_are_the_starting_stack(floor):
    table_event(counted=False)
    page = get(floor, event="main", table="5")
    assert page.context["setup_form"].initial["seats"].splitlines() == [
        "3 Ana 20000", "4 Bruno Costa 20000", "7 Carla 20000"]
    html = page.content.decode()
    assert "Never counted" in html and html.count("(starting stack)") == 3


def test_the_last_count_time_is_shown_in_local_time(floor, settings):
    event, _table = table_event()
    ana = Entry.objects.get(event=event, number=11)
    ChipCount.objects.all().update(recorded_at=timezone.now() - timedelta(hours=2))
    count = ChipCount.objects.create(entry=ana, chips=31000)
    # The newest count (the others are two hours old), whatever the time of day the test runs at.
    ChipCount.objects.filter(pk=count.pk).update(recorded_at=timezone.now() - timedelta(hours=1))
    page = get(floor, event="main", table="5")
    shown = timezone.localtime(ChipCount.objects.get(pk=count.pk).recorded_at).strftime("%H:%M")
    text = page.content.decode()
    assert "Stacks last counted at" in text and shown in text
    assert [row.counted for row in page.context["prefill"].seats] == [True, True, False]


def test_traditional_ante_is_everyone_antes(floor):
    table_event(ante_type=Event.AnteType.TRADITIONAL)
    page = get(floor, event="main", table="5")
    assert page.context["setup_form"].initial["ante_type"] == "everyone"


def test_no_recorded_button_leaves_it_to_the_floor(floor):
    table_event(button=None)
    page = get(floor, event="main", table="5")
    assert page.context["setup_form"].initial["button"] is None
    assert "No button recorded for this table" in page.content.decode()


def test_an_earlier_level_picked_fills_its_blinds(floor):
    table_event(clock_at=4)
    page = get(floor, event="main", table="5", level="2")
    initial = page.context["setup_form"].initial
    assert (initial["small_blind"], initial["big_blind"], initial["ante"]) == (50, 100, 100)
    assert initial["smallest_chip"] == 25  # the 25s leave at the break after level 2
    html = page.content.decode()
    assert '<option value="2" selected>' in html
    assert "on the clock" in html


def test_before_the_clock_starts_the_first_level(floor):
    table_event(clock_at=None)
    initial = get(floor, event="main", table="5").context["setup_form"].initial
    assert (initial["small_blind"], initial["big_blind"]) == (25, 50)
    assert initial["smallest_chip"] == 25


def test_in_portuguese(floor):
    table_event(button=None)
    html = get(floor, lang="pt-br", event="main", table="5").content.decode()
    assert "assento 3: Ana (#11)" in html
    assert "Mesa 5 de Event main" in html
    assert "Nenhum botão registrado para esta mesa" in html
    assert "Menor ficha em jogo neste nível" in html
    refused = get(floor, lang="pt-br", event="nope", table="5")
    assert refused.status_code == 404 and "Nenhum evento se chama" in refused.content.decode()


@pytest.mark.parametrize(("params", "status", "message"), [
    ({"event": "nope", "table": "5"}, 404, "No event is called"),
    ({"event": "main", "table": "9"}, 404, "Table 9 does not serve Event main"),
    ({"event": "main", "table": "x"}, 400, "name the event and the table number"),
    ({"event": "main", "table": "99999999999999999999"}, 400, "name the event and the table number"),
    ({"event": "main", "table": "5", "level": "3"}, 400, "no blind level at position 3"),
    ({"event": "main", "table": "5", "level": "abc"}, 400, "no blind level at position abc"),
])
def test_refusals_answer_4xx_with_a_message(floor, params, status, message):
    table_event()
    response = get(floor, **params)
    assert response.status_code == status
    assert message in response.content.decode()
    assert response.context["setup_form"] is not None


def test_a_table_with_one_player_is_refused(floor):
    event, table = table_event()
    Entry.objects.filter(event=event, seat__in=[4, 7]).update(status=Entry.Status.BUSTED, table=None, seat=None)
    response = get(floor, event="main", table="5")
    assert response.status_code == 409
    assert "fewer than two players" in response.content.decode()


def test_only_the_floor_opens_it(client_as):
    table_event()
    for role in ("viewer", "registration"):
        assert get(client_as(role), event="main", table="5").status_code == 403
    assert get(client_as("director"), event="main", table="5").status_code == 200


def test_queries_do_not_grow_with_the_field(floor):
    from django.core.cache import cache

    event, _table = table_event()
    cache.clear()  # both reads uncached: the clock's slow parts and the day's plan are cached for a second
    with CaptureQueriesContext(connection) as small:
        assert get(floor, event="main", table="5").status_code == 200
    big, _big_table = table_event(slug="big", names=[f"Player {n}" for n in range(9)], number=6)
    make_entries(big, 300, start=100)  # a field around the table
    ChipCount.objects.bulk_create([ChipCount(entry=e, chips=1000) for e in Entry.objects.filter(event=big)])
    cache.clear()
    with CaptureQueriesContext(connection) as large:
        assert get(floor, event="big", table="6").status_code == 200
    assert len(large) <= len(small)


# --- the setup, the button, the save -----------------------------------------------------------------

def origin_of(page):
    return {name: page.context["origin"][name] for name in ("origin_event", "origin_table", "origin_entries",
                                                            "origin_level")}


def deal(client, page, **overrides):
    initial = page.context["setup_form"].initial
    data = {"op": "setup", "seats": initial["seats"], "button": initial["button"] or "",
            "small_blind": initial["small_blind"], "big_blind": initial["big_blind"], "ante": initial["ante"],
            "ante_type": initial["ante_type"], "variant": "NT", "mode": "tournament",
            "smallest_chip": initial["smallest_chip"], **origin_of(page)}
    data.update(overrides)
    return client.post(URL, data, HTTP_ACCEPT_LANGUAGE="en")


def test_setting_the_button_records_it_on_the_table(floor):
    event, table = table_event(button=None)
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page, button="7")
    assert dealt.context["phh"]
    table.refresh_from_db()
    assert table.button_seat == 7
    record = AuditEntry.entries.get(action="table.button")
    assert record.after == {"table": 5, "button": 7}
    # The same button again records nothing more.
    deal(floor, page, button="7")
    assert AuditEntry.entries.filter(action="table.button").count() == 1


def test_the_hand_carries_its_table_to_the_save(floor):
    event, table = table_event(button=4)
    page = get(floor, event="main", table="5", level="2")
    dealt = deal(floor, page)
    html = dealt.content.decode()
    assert html.count('name="origin_entries"') >= 3  # every form of the hand carries the table
    ids = dict(Entry.objects.filter(event=event).values_list("seat", "id"))
    saved_page = floor.post(URL, {"op": "save", "phh": dealt.context["phh"], "event": event.pk,
                                  "table_number": "5", **origin_of(dealt)})
    assert saved_page.status_code == 200
    saved = SavedAdjudication.objects.get()
    assert saved.table_entries == {str(seat): pk for seat, pk in ids.items()}
    assert saved.level_position == 2
    assert saved.table_number == 5


def test_a_save_to_another_event_is_refused(floor):
    event, _table = table_event()
    other = make_event("other", status=Event.Status.RUNNING)
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page)
    response = floor.post(URL, {"op": "save", "phh": dealt.context["phh"], "event": other.pk,
                                "table_number": "5", **origin_of(dealt)}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "do not all play Event other" in response.content.decode()
    assert not SavedAdjudication.objects.exists()


def test_tampered_origin_fields_are_refused(floor):
    event, _table = table_event()
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page)
    origin = origin_of(dealt) | {"origin_entries": "3:abc"}
    response = floor.post(URL, {"op": "save", "phh": dealt.context["phh"], "event": event.pk,
                                "table_number": "5", **origin}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "open the table again" in response.content.decode()
    origin = origin_of(dealt) | {"origin_level": "3"}  # the break
    response = floor.post(URL, {"op": "save", "phh": dealt.context["phh"], "event": event.pk,
                                "table_number": "5", **origin}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert not SavedAdjudication.objects.exists()


def test_a_straddle_is_posted(floor):
    table_event(button=7)
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page, straddle="400")
    spec = parse_phh(dealt.context["phh"])
    assert list(spec.blinds_or_straddles) == [100, 200, 400]
    # Three-handed the straddle is the button's: the small blind acts first and calls 300 more.
    assert (dealt.context["options"].player, dealt.context["options"].call) == (0, 300)
    refused = deal(floor, page, straddle="100")
    assert "cannot be smaller than the big blind" in refused.content.decode()


def test_a_missing_small_blind_is_a_zero_small_blind(floor):
    table_event(button=7)
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page, small_blind="0")
    assert list(parse_phh(dealt.context["phh"]).blinds_or_straddles) == [0, 200, 0]


# --- the links that open a dispute ------------------------------------------------------------------

def dispute_href(number, slug="main"):
    return f'href="{URL}?event={slug}&amp;table={number}"'


def test_the_table_map_links_each_table_for_the_floor_only(client_as):
    event, _table = table_event()
    map_url = reverse("seating:table_map", kwargs={"slug": event.slug})
    assert dispute_href(5) in client_as("floor").get(map_url).content.decode()
    assert dispute_href(5) in client_as("director").get(map_url).content.decode()
    assert dispute_href(5) not in client_as("viewer").get(map_url).content.decode()
    assert URL not in client_as("registration").get(map_url).content.decode()


def test_the_eliminations_page_links_the_picked_table_and_has_the_shortcut(floor):
    event, _table = table_event()
    page = floor.get(reverse("tournaments:eliminations", kwargs={"slug": event.slug}), {"table": "5"},
                     HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert dispute_href(5) in html
    assert 'data-dispute-input' in html and f'action="{URL}"' in html
    assert "press d, type the table number, then Enter" in html
    pt = floor.get(reverse("tournaments:eliminations", kwargs={"slug": event.slug}), HTTP_ACCEPT_LANGUAGE="pt-br")
    assert "tecle d, digite o número da mesa e Enter" in pt.content.decode()


def test_the_hand_for_hand_panel_links_the_tables_in_play(floor):
    event, _table = table_event()
    Event.objects.filter(pk=event.pk).update(hand_for_hand=True, hand_for_hand_round=1)
    html = floor.get(reverse("tournaments:hand_for_hand", kwargs={"slug": event.slug}),
                     HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert dispute_href(5) in html


def test_a_table_link_opens_the_prefilled_page(floor):
    event, _table = table_event()
    map_url = reverse("seating:table_map", kwargs={"slug": event.slug})
    html = floor.get(map_url).content.decode()
    href = re.search(r'href="(/rulings/adjudicate/\?[^"]+)"', html)[1].replace("&amp;", "&")
    page = floor.get(href, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and page.context["prefill"].table.number == 5


def test_start_another_hand_starts_from_the_table_as_it_stands_now(floor):
    event, _table = table_event(button=4)
    page = get(floor, event="main", table="5")
    dealt = deal(floor, page)
    # Carla leaves the table while the hand is ruled on; the hand keeps its players.
    Entry.objects.filter(event=event, seat=7).update(status=Entry.Status.BUSTED, table=None, seat=None)
    Entry.objects.create(event=event, player=make_players(event.festival, ["Dora"])[0], number=40,
                         table=_table, seat=9, chips=20000)
    acted = floor.post(URL, {"op": "act", "kind": "fold", "phh": dealt.context["phh"], **origin_of(dealt)},
                       HTTP_ACCEPT_LANGUAGE="en")
    assert acted.context["origin"] == origin_of(dealt)
    assert acted.context["setup_form"].initial["seats"].splitlines() == [
        "3 Ana 31000", "4 Bruno Costa 8000", "9 Dora 20000"]
    html = acted.content.decode()
    assert "seat 9: Dora (#40)" in html
    assert f'name="origin_entries" value="{origin_of(dealt)["origin_entries"]}"' in html
