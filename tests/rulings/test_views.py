"""Pages: public reference, search fragment, replay links, glossary; staff-only floor-decision log."""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from tdconsole.adjudication.models import FloorDecision
from tdconsole.rulings.models import RuleEntry
from tdconsole.rulings.replay import adjudicator_href

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_adjudicator_href_carries_the_phh_url_encoded():
    phh = 'variant = "NT"\nactions = ["p1 cbr 600", "p2 f"]\n'
    href = adjudicator_href(phh)
    parts = urlsplit(href)
    assert parts.path == "/rulings/adjudicate/"
    assert parse_qs(parts.query)["phh"] == [phh]
    assert " " not in href and "\n" not in href


def test_adjudicate_path_is_left_to_the_adjudication_app():
    try:
        match = resolve("/rulings/adjudicate/")
    except Resolver404:
        return
    assert match.url_name != "entry"


@pytest.mark.parametrize("name", ["rulings:index", "rulings:glossary"])
def test_reference_pages_are_public(reference, client, name):
    assert client.get(reverse(name), **EN).status_code == 200


def test_index_lists_every_entry_by_topic(reference, client):
    html = client.get(reverse("rulings:index"), **EN).content.decode()
    for entry in RuleEntry.objects.all():
        assert f'href="/rulings/{entry.slug}/"' in html
    assert 'data-testid="topic-showdown"' in html


def test_search_page_links_results_best_first(reference, client):
    response = client.get(reverse("rulings:search"), {"q": "all-in menor que o aumento reabre a aposta?"}, **EN)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    first = html.index('data-testid="result-')
    assert html[first:].startswith('data-testid="result-reopening-short-all-in"')
    assert 'href="/rulings/reopening-short-all-in/"' in html


def test_search_returns_only_the_results_fragment_for_htmx(reference, client):
    html = client.get(reverse("rulings:search"), {"q": "shove side pot"}, **EN, **HTMX).content.decode()
    assert "<html" not in html and "<form" not in html
    assert 'data-testid="result-side-pots"' in html


def test_search_input_searches_as_you_type(reference, client):
    html = client.get(reverse("rulings:index"), **EN).content.decode()
    assert 'hx-trigger="input changed delay:200ms, search"' in html
    assert f'hx-get="{reverse("rulings:search")}"' in html and "autofocus" in html


def test_search_without_results_says_so(reference, client):
    html = client.get(reverse("rulings:search"), {"q": "xylophone"}, **EN, **HTMX).content.decode()
    assert 'data-testid="no-results"' in html


def test_entry_page_shows_rule_examples_related_and_replay_links(reference, client):
    entry = RuleEntry.objects.get(slug="reopening-short-all-in")
    html = client.get(reverse("rulings:entry", args=[entry.slug]), **EN).content.decode()
    assert entry.title_en in html and "TDA 47-A" in html
    assert 'href="/rulings/multiple-short-all-ins/"' in html
    phh = entry.examples[0]["phh"]
    assert phh
    assert adjudicator_href(phh).replace("&", "&amp;") in html
    assert 'data-testid="replay"' in html


def test_entry_page_follows_the_language(reference):
    entry = RuleEntry.objects.get(slug="side-pots")
    pt = Client(HTTP_ACCEPT_LANGUAGE="pt-br").get(reverse("rulings:entry", args=[entry.slug])).content.decode()
    en = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("rulings:entry", args=[entry.slug])).content.decode()
    assert pt.index(entry.title_pt) < pt.index(entry.title_en)
    assert en.index(entry.title_en) < en.index(entry.title_pt)


def test_unknown_entry_is_404(reference, client):
    assert client.get("/rulings/no-such-entry/").status_code == 404


def test_glossary_filter_is_accent_insensitive(reference, client):
    html = client.get(reverse("rulings:glossary"), {"q": "mao a mao"}, **EN, **HTMX).content.decode()
    assert "hand-for-hand" in html and html.count('data-testid="term"') == 1
    html = client.get(reverse("rulings:glossary"), {"q": "pote lateral"}, **EN, **HTMX).content.decode()
    assert "side pot" in html


# --- Floor-decision log -------------------------------------------------------------------------------


def test_decision_log_needs_a_login(event, client):
    response = client.get(reverse("adjudication:decision_log", args=[event.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_decision_log_refuses_a_user_without_role_with_a_403_fragment_on_htmx(event, client_as):
    nobody = client_as("nobody")
    assert nobody.get(reverse("adjudication:decision_log", args=[event.slug])).status_code == 403
    response = nobody.get(reverse("adjudication:decision_log", args=[event.slug]), **HTMX)
    assert response.status_code == 403 and b"<html" not in response.content
    assert b'data-testid="forbidden"' in response.content


def test_viewer_reads_the_log_but_may_not_record(event, client_as):
    viewer = client_as("viewer")
    html = viewer.get(reverse("adjudication:decision_log", args=[event.slug]), **EN).content.decode()
    assert 'data-testid="decisions"' in html and 'data-testid="add-decision"' not in html
    assert viewer.get(reverse("adjudication:decision_add", args=[event.slug])).status_code == 403
    response = viewer.post(reverse("adjudication:decision_add", args=[event.slug]), {"question": "q", "decision": "d"},
                           **HTMX)
    assert response.status_code == 403 and b'data-testid="forbidden"' in response.content
    assert not FloorDecision.objects.exists()


def test_floor_records_a_decision_linked_to_the_reference(reference, event, client_as):
    from tdconsole.audit.models import AuditEntry

    floor = client_as("floor")
    response = floor.post(reverse("adjudication:decision_add", args=[event.slug]), {
        "table_number": "7", "seats": "3, 8",
        "question": "Short all-in for 1,500 over a 1,200 bet: may seat 3 re-raise?",
        "decision": "No: call 300 or fold.", "entry": "reopening-short-all-in", "rule_cited": "",
    })
    assert response.status_code == 302
    decision = FloorDecision.objects.get()
    assert (decision.table_number, decision.seats, decision.rule_cited) == (7, "3, 8", "TDA 47-A")
    assert decision.decided_by.username == "floor"
    assert AuditEntry.entries.filter(action="floor_decision.record", event_id=event.pk).count() == 1
    html = floor.get(reverse("adjudication:decision_log", args=[event.slug]), **EN).content.decode()
    assert "may seat 3 re-raise?" in html and 'href="/rulings/reopening-short-all-in/"' in html


def test_invalid_decision_form_keeps_the_input(event, client_as):
    floor = client_as("floor")
    response = floor.post(reverse("adjudication:decision_add", args=[event.slug]), {
        "table_number": "4", "seats": "3, eleven", "question": "Who shows first?", "decision": "",
    }, **EN)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Who shows first?" in html and 'value="3, eleven"' in html and 'value="4"' in html
    assert "errorlist" in html
    assert not FloorDecision.objects.exists()


@pytest.mark.parametrize("table", ["99999999999999999999999", "2147483648", "9" * 10_000])
def test_a_table_number_beyond_the_range_is_refused_and_nothing_is_written(event, client_as, table):
    from tdconsole.audit.models import AuditEntry

    response = client_as("floor").post(reverse("adjudication:decision_add", args=[event.slug]), {
        "table_number": table, "question": "Who shows first?", "decision": "The last aggressor.",
    }, **EN)
    assert response.status_code == 400
    assert response.context["form"].errors["table_number"]
    assert not FloorDecision.objects.exists()
    assert not AuditEntry.entries.filter(action="floor_decision.record").exists()


def test_decision_log_search_filters_by_words_and_table(reference, event, other_event, director):
    from tdconsole.adjudication.decisions import floor_decision_record

    floor_decision_record(actor=director, event=event, table_number=3, question="Mão a mão: dois eliminados",
                          decision="Dividem o prêmio do 50.º lugar")
    floor_decision_record(actor=director, event=event, table_number=12, question="Overchip on the river",
                          decision="Call")
    floor_decision_record(actor=director, event=other_event, table_number=3, question="Another event",
                          decision="Elsewhere")
    client = Client()
    client.force_login(director)
    url = reverse("adjudication:decision_log", args=[event.slug])
    rows = lambda html: html.count('data-testid="decision"')  # noqa: E731
    assert rows(client.get(url).content.decode()) == 2
    assert rows(client.get(url, {"q": "mao a mao"}, **HTMX).content.decode()) == 1
    assert rows(client.get(url, {"q": "12"}, **HTMX).content.decode()) == 1
    assert rows(client.get(url, {"q": "elsewhere"}, **HTMX).content.decode()) == 0


def test_decision_log_is_printable(event, client_as):
    html = client_as("floor").get(reverse("adjudication:decision_log", args=[event.slug]), **EN).content.decode()
    assert "css/rulings.css" in html and "data-print" in html


def test_replay_link_opens_the_hand_in_the_adjudicator_for_the_floor(reference, client_as):
    entry = RuleEntry.objects.get(slug="reopening-short-all-in")
    href = adjudicator_href(entry.examples[0]["phh"])
    response = client_as("floor").get(href, **EN)
    assert response.status_code == 200
    assert "p2 cbr 1500" in response.content.decode()
