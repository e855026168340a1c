"""An event's dispute history: the list by table, local times, the hand as PHH, one dispute, roles, queries."""

import datetime
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tdconsole.adjudication.models import FloorDecision, SavedAdjudication
from tdconsole.rules import Hand, parse_phh
from tests.factories import make_event

pytestmark = pytest.mark.django_db
LIST = "/rulings/disputes/"

# Ana (seat 1) holds aces and wins both pots; Bruno (seat 4) is all-in short; Carla (seat 7) calls.
SIDE_POT_HAND = """variant = "NT"
antes = [0, 200, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [12000, 3500, 20000]
players = ["Ana", "Bruno", "Carla"]
seats = [1, 4, 7]
_smallest_chip = 25
actions = ["d dh p1 AhAd", "d dh p2 KsKd", "d dh p3 QcQd", "p3 cbr 600", "p1 cbr 12000", "p2 cc", "p3 cc",
  "d db 2c7h9s", "d db 3d", "d db 4h", "p1 sm AhAd", "p2 sm KsKd", "p3 sm QcQd"]
"""

# Bruno raises less than the minimum: the hand stops before it (TDA 40 in the engine's table).
SHORT_RAISE_HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
players = ["Ana", "Bruno", "Carla"]
seats = [2, 5, 8]
actions = ["p3 cbr 600", "p1 cbr 700"]
"""


def save_dispute(event, phh=SIDE_POT_HAND, *, table=3, note="", when=None, by=None, lang="en", level=None):
    """A saved dispute as the adjudicator stores it, saved at `when` (UTC) if given."""
    dispute = SavedAdjudication.objects.create(
        event=event, table_number=table, note=note, phh=phh, ruling=Hand.replay(parse_phh(phh)).ruling(lang),
        created_by=by, level_position=level,
    )
    if when is not None:
        SavedAdjudication.objects.filter(pk=dispute.pk).update(created_at=when)
        dispute.refresh_from_db()
    return dispute


@pytest.fixture
def event():
    return make_event("spring-main")


@pytest.fixture
def floor(client_as):
    return client_as("floor")


def listed(response):
    return [int(row) for row in response.context and [r.dispute.pk for r in response.context["rows"]]]


def test_url_names_are_stable():
    assert reverse("adjudication:dispute_list") == LIST
    assert reverse("adjudication:dispute", args=[7]) == "/rulings/disputes/7/"
    assert reverse("adjudication:dispute_phh", args=[7]) == "/rulings/disputes/7/hand.phh"
    assert reverse("printing:dispute_sheet", args=[7]) == "/rulings/disputes/7/sheet.pdf"


def test_history_lists_the_events_disputes_newest_first_and_filters_by_table(event, floor, cast):
    other = make_event("other-event")
    base = datetime.datetime(2026, 11, 30, 15, 0, tzinfo=datetime.UTC)
    old = save_dispute(event, table=3, when=base, by=cast["floor"])
    new = save_dispute(event, table=5, when=base + datetime.timedelta(minutes=30))
    three_later = save_dispute(event, table=3, when=base + datetime.timedelta(hours=1))
    save_dispute(other, table=3, when=base)

    everything = floor.get(LIST, {"event": event.slug})
    assert everything.status_code == 200
    assert listed(everything) == [three_later.pk, new.pk, old.pk]

    table_three = floor.get(LIST, {"event": event.slug, "table": "3"})
    assert listed(table_three) == [three_later.pk, old.pk]
    assert listed(floor.get(LIST, {"event": event.slug, "table": "9"})) == []
    assert "floor" in everything.content.decode()  # who saved it


def test_history_names_the_outcome_by_floor_names_in_both_languages(event, floor):
    save_dispute(event, note="Bruno says he called", lang="en")
    english = floor.get(LIST, {"event": event.slug}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Main pot 10,100 to Ana (seat 1); Side pot 1 17,400 to Ana (seat 1)" in english
    assert "Bruno says he called" in english
    portuguese = floor.get(LIST, {"event": event.slug}, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Pote principal 10.100 para Ana (assento 1); Pote paralelo 1 17.400 para Ana (assento 1)" in portuguese


def test_an_illegal_action_is_the_outcome_of_a_stopped_hand(event, floor):
    save_dispute(event, SHORT_RAISE_HAND)
    page = floor.get(LIST, {"event": event.slug}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Illegal action stopped the hand: Ana (seat 2)" in page


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_times_are_shown_in_the_rooms_time_zone_not_utc(event, floor, settings, lang):
    settings.TIME_ZONE = "America/Sao_Paulo"  # UTC-3, no summer time since 2019
    save_dispute(event, when=datetime.datetime(2026, 11, 30, 23, 40, tzinfo=datetime.UTC))
    page = floor.get(LIST, {"event": event.slug}, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    when = page.split('data-testid="dispute-when"', 1)[1].split("</td>", 1)[0]
    assert "20:40" in when and "23:40" not in when
    # Brazilian format under pt-BR (day first), English's own otherwise.
    if lang == "pt-br":
        assert "30/11/2026" in when
    else:
        assert "30/11/2026" not in when


def test_the_hand_downloads_as_a_named_phh_attachment(event, floor, settings):
    settings.TIME_ZONE = "America/Sao_Paulo"
    dispute = save_dispute(event, table=12, when=datetime.datetime(2026, 11, 30, 23, 40, tzinfo=datetime.UTC))
    response = floor.get(reverse("adjudication:dispute_phh", args=[dispute.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="spring-main-table12-20261130-2040-{dispute.pk}.phh"')
    assert response.content.decode() == SIDE_POT_HAND
    assert parse_phh(response.content.decode()).players == ("Ana", "Bruno", "Carla")


def test_reopen_link_loads_the_same_hand_in_the_adjudicator(event, floor):
    dispute = save_dispute(event)
    response = floor.get(LIST, {"event": event.slug})
    link = response.context["rows"][0].reopen
    url = urlparse(link)
    assert url.path == reverse("adjudication:adjudicate")
    assert parse_qs(url.query)["phh"] == [dispute.phh]
    reopened = floor.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert reopened.status_code == 200 and reopened.context["phh"].strip() == dispute.phh.strip()


def test_the_dispute_page_shows_pots_by_name_steps_citations_and_linked_decisions(event, floor, cast):
    dispute = save_dispute(event, note="Bruno disputes the side pot", level=2)
    FloorDecision.objects.create(event=event, table_number=3, question="Who gets the side pot?",
                                 decision="Side pot to Ana; Bruno only plays for the main pot.",
                                 adjudication=dispute, decided_by=cast["floor"])
    response = floor.get(reverse("adjudication:dispute", args=[dispute.pk]), HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    record = response.context["record"]
    assert [(p["name"], p["eligible"], p["awards"]) for p in record.pots] == [
        ("Main pot", ["Ana (seat 1)", "Bruno (seat 4)", "Carla (seat 7)"], [("Ana (seat 1)", 10100)]),
        ("Side pot 1", ["Ana (seat 1)", "Carla (seat 7)"], [("Ana (seat 1)", 17400)]),
    ]
    assert "TDA 21" in record.citations and "TDA 12" in record.citations
    assert "<dt>Level</dt><dd>2 · 200/400 · ante 400</dd>" in page
    assert "Side pot to Ana; Bruno only plays for the main pot." in page
    assert "Ana (seat 1) bets or raises to 12,000" in page
    assert "p1" not in " ".join(text for text, _rule in record.steps)


def test_portuguese_dispute_page_replays_the_ruling_in_portuguese(event, floor):
    dispute = save_dispute(event, lang="en")  # saved from an English page
    page = floor.get(reverse("adjudication:dispute", args=[dispute.pk]), HTTP_ACCEPT_LANGUAGE="pt-br")
    text = page.content.decode()
    assert "Pote paralelo 1 (17.400): Ana (assento 1) tem a melhor mão" in text
    assert "[TDA 12]" in text


def test_unknown_dispute_is_404_everywhere(floor):
    for name in ("adjudication:dispute", "adjudication:dispute_phh", "printing:dispute_sheet"):
        assert floor.get(reverse(name, args=[987654])).status_code == 404


def test_unknown_event_is_404_and_a_bad_table_400(event, floor):
    assert floor.get(LIST, {"event": "no-such-event"}).status_code == 404
    assert floor.get(LIST).status_code == 404
    response = floor.get(LIST, {"event": event.slug, "table": "three"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "The table must be a number." in response.content.decode()


@pytest.mark.parametrize(("role", "status"), [("director", 200), ("floor", 200), ("registration", 200),
                                              ("viewer", 200), ("nobody", 403)])
def test_whoever_reads_floor_decisions_reads_the_history(event, client_as, role, status):
    dispute = save_dispute(event)
    client = client_as(role)
    assert client.get(reverse("adjudication:decision_log", args=[event.slug])).status_code == status
    for url in (f"{LIST}?event={event.slug}", reverse("adjudication:dispute", args=[dispute.pk]),
                reverse("adjudication:dispute_phh", args=[dispute.pk]),
                reverse("printing:dispute_sheet", args=[dispute.pk])):
        assert client.get(url).status_code == status, url


def test_only_the_floor_sees_the_reopen_link(event, client_as):
    save_dispute(event)
    assert 'data-testid="dispute-reopen"' in client_as("floor").get(LIST, {"event": event.slug}).content.decode()
    assert 'data-testid="dispute-reopen"' not in client_as("viewer").get(LIST, {"event": event.slug}).content.decode()


def test_anonymous_is_sent_to_log_in(event, client):
    response = client.get(LIST, {"event": event.slug})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_floor_decision_log_links_to_the_history(event, floor):
    page = floor.get(reverse("adjudication:decision_log", args=[event.slug])).content.decode()
    assert f'href="{LIST}?event={event.slug}"' in page


def _list_queries(client, event):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(LIST, {"event": event.slug}).status_code == 200
    return len(queries)


def test_list_queries_do_not_grow_with_the_number_of_disputes(event, floor, cast):
    first = save_dispute(event, by=cast["floor"])
    FloorDecision.objects.create(event=event, question="q", decision="d", adjudication=first)
    few = _list_queries(floor, event)
    for table in range(8):
        saved = save_dispute(event, SHORT_RAISE_HAND if table % 2 else SIDE_POT_HAND, table=table + 1,
                             by=cast["director"])
        FloorDecision.objects.create(event=event, question="q", decision="d", adjudication=saved)
    assert _list_queries(floor, event) == few


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_browser_from_the_decision_log_to_one_tables_disputes_and_one_dispute(live_server, page, browser_login,
                                                                              cast, screenshot):
    event = make_event("browser-disputes")
    save_dispute(event, table=3, note="Bruno disputes the side pot", by=cast["floor"], level=2)
    save_dispute(event, SHORT_RAISE_HAND, table=5, note="Short raise at table 5", by=cast["floor"])
    browser_login(page, "floor")
    page.goto(f"{live_server.url}/events/{event.slug}/rulings/")
    page.get_by_test_id("dispute-history").click()
    page.wait_for_url(f"**{LIST}?event={event.slug}")
    assert page.get_by_test_id("dispute").count() == 2
    screenshot(page, "dispute-history-pt-br")
    page.get_by_test_id("dispute-table").select_option("5")
    page.get_by_role("button", name="Mostrar").click()
    page.wait_for_url("**table=5")
    assert page.get_by_test_id("dispute").count() == 1
    assert "Uma ação irregular parou a mão" in page.get_by_test_id("dispute-outcome").inner_text()
    page.goto(f"{live_server.url}{LIST}?event={event.slug}&table=3")
    page.get_by_test_id("dispute-when").locator("a").click()
    page.wait_for_url("**/rulings/disputes/*/")
    assert "Pote paralelo 1" in page.get_by_test_id("dispute-pots").inner_text()
    screenshot(page, "dispute-detail-pt-br")


def test_the_floor_records_a_decision_linked_to_the_dispute_from_its_page(event, floor):
    dispute = save_dispute(event, table=6)
    page = floor.get(reverse("adjudication:dispute", args=[dispute.pk]))
    link = page.content.decode().split('data-testid="dispute-add-decision"')[0].rsplit('href="', 1)[1].split('"')[0]
    form = floor.get(link.replace("&amp;", "&"))
    assert form.status_code == 200
    assert form.context["form"].initial == {"adjudication": str(dispute.pk), "table_number": "6"}


@pytest.mark.parametrize("table", ["²", "٣", "-1", "1.5", "9999999", "3\x00"])
def test_a_table_that_is_not_a_plain_number_is_refused_with_400(event, floor, table):
    assert floor.get(LIST, {"event": event.slug, "table": table}).status_code == 400


@pytest.mark.parametrize("slug", ["spring\x00main", "ção", "x" * 500])
def test_an_event_that_is_not_a_slug_is_404(event, floor, slug):
    assert floor.get(LIST, {"event": slug}).status_code == 404
