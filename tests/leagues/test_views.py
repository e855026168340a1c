"""The league pages: the list and a new league, a league's settings, events and table, the public link, the PDF."""

import datetime
import re
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.leagues.models import League, LeagueSheet
from tdconsole.leagues.services import league_create
from tdconsole.tournaments.models import Entry
from tests.factories import make_event, make_festival, make_players

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def seeded(db):
    """Two festivals: Ana 1st, Bia 2nd, Caio 3rd of the first's event; Bia 1st, Ana 2nd of the second's, later."""
    first, second = make_festival("spring", name="Spring"), make_festival("autumn", name="Autumn")
    e1 = make_event("spring-main", festival=first, date=datetime.date(2026, 3, 1))
    e2 = make_event("autumn-main", festival=second, date=datetime.date(2026, 9, 1))
    ana, bia, caio = make_players(first, ["Ana", "Bia", "Caio"])
    ana2, bia2 = make_players(second, ["ana", "BIA"])
    for number, (player, place) in enumerate([(ana, 1), (bia, 2), (caio, 3)], start=1):
        Entry.objects.create(event=e1, player=player, number=number, place=place, status=Entry.Status.BUSTED)
    for number, (player, place) in enumerate([(bia2, 1), (ana2, 2)], start=1):
        Entry.objects.create(event=e2, player=player, number=number, place=place, status=Entry.Status.BUSTED)
    return e1, e2


@pytest.fixture
def league(seeded, director):
    e1, _e2 = seeded
    return league_create(name="Liga da Casa", slug="casa", formula="n - p + 1", actor=director, event_ids=[e1.pk],
                         participation_points=Decimal("1"))


def table_of(html: str) -> list[tuple[str, str, str]]:
    """(position, name, points) of each row of the standings on a page."""
    rows = re.findall(r'data-testid="standing-row" data-position="(\d+)">.*?data-testid="standing-name">([^<]+?)'
                      r'(?: <small>.*?</small>)?</td>.*?data-testid="standing-points"><strong>([^<]+)</strong>',
                      html, re.S)
    return [(p, n.strip(), pts) for p, n, pts in rows]


def test_the_desk_home_links_the_leagues(client_as, db):
    assert f'href="{reverse("leagues:list")}"' in client_as("viewer").get(reverse("home")).content.decode()


def test_the_director_creates_a_league_from_a_preset_and_it_is_audited(client_as, db):
    response = client_as("director").post(reverse("leagues:list"), {
        "name": "Liga de Verão", "slug": "", "preset": "sqrt", "formula": "", "participation_points": "2,5",
        "best_events": "3"})
    league = League.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("leagues:league", args=["liga-de-verao"])
    assert (league.formula, league.participation_points, league.best_events) == ("10 * sqrt(n / p)", Decimal("2.50"), 3)
    entry = AuditEntry.entries.get(action="league.create")
    assert entry.after["formula"] == "10 * sqrt(n / p)"
    listing = client_as("viewer").get(reverse("leagues:list")).content.decode()
    assert 'data-testid="league-liga-de-verao"' in listing and 'data-testid="league-create"' not in listing


def test_the_preset_select_carries_each_formula_for_the_field(client_as, league):
    page = client_as("director").get(reverse("leagues:league", args=[league.slug])).content.decode()
    assert 'data-preset-for="id_formula"' in page
    assert 'value="bounty" data-formula="10 * sqrt(n / p) + 2 * k"' in page
    assert 'name="participation_points" value="1,00"' in page


def test_a_new_league_with_a_formula_that_cannot_be_evaluated_is_not_created(client_as, db):
    response = client_as("director").post(reverse("leagues:list"), {"name": "Liga", "formula": "10 / (n - p)"})
    assert response.status_code == 400
    assert "divisão por zero na colocação 1 de 1 entrada" in response.content.decode()
    english = client_as("director").post(reverse("leagues:list"), {"name": "Liga", "formula": "10 / (n - p)"},
                                         headers={"accept-language": "en"})
    assert "division by zero for place 1 of 1 entry" in english.content.decode()
    assert not League.objects.exists() and not AuditEntry.entries.filter(action__startswith="league.").exists()


def test_saving_a_formula_that_cannot_be_evaluated_shows_the_reason_and_saves_nothing(client_as, league):
    before = AuditEntry.entries.count()
    response = client_as("director").post(reverse("leagues:save", args=[league.slug]), {
        "name": "Renamed", "formula": "p ** n ** n", "participation_points": "5", "best_events": ""},
        HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-testid="league-refusal"' in html and 'data-testid="error-formula"' in html
    assert 'value="p ** n ** n"' in html  # the form keeps what was typed, to correct it
    assert table_of(html) == [("1", "Ana", "4,00"), ("2", "Bia", "3,00"), ("3", "Caio", "2,00")]
    league.refresh_from_db()
    assert (league.name, league.formula, league.participation_points) == ("Liga da Casa", "n - p + 1", Decimal("1.00"))
    assert AuditEntry.entries.count() == before


def test_saving_the_settings_recalculates_the_table(client_as, league):
    response = client_as("director").post(reverse("leagues:save", args=[league.slug]), {
        "name": "Liga da Casa", "formula": "table(p, 10, 5)", "participation_points": "0", "best_events": ""},
        HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert table_of(response.content.decode()) == [("1", "Ana", "10,00"), ("2", "Bia", "5,00"), ("3", "Caio", "0,00")]
    assert AuditEntry.entries.filter(action="league.update").count() == 1


def test_adding_an_event_of_another_festival_counts_the_same_people_once(client_as, league, seeded):
    _e1, e2 = seeded
    director = client_as("director")
    page = director.get(reverse("leagues:league", args=[league.slug])).content.decode()
    assert f'<option value="{e2.pk}">' in page
    response = director.post(reverse("leagues:event_add", args=[league.slug]), {"event": e2.pk},
                             HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    # Ana 3 + 1 and 1 + 1, Bia 2 + 1 and 2 + 1: equal on points, wins and best place; Ana won first (March).
    # Each person goes by the name of their newest registration.
    assert table_of(response.content.decode()) == [("1", "ana", "6,00"), ("2", "BIA", "6,00"), ("3", "Caio", "2,00")]
    assert AuditEntry.entries.get(action="league.event_add").after == {"league": "casa", "event": "autumn-main"}
    response = director.post(reverse("leagues:event_remove", args=[league.slug]), {"event": e2.pk})
    assert response.status_code == 302
    assert league.league_events.count() == 1 and AuditEntry.entries.filter(action="league.event_remove").exists()


def test_staff_read_and_only_the_director_changes(client_as, league, seeded):
    _e1, e2 = seeded
    viewer = client_as("viewer")
    page = viewer.get(reverse("leagues:league", args=[league.slug])).content.decode()
    assert table_of(page) == [("1", "Ana", "4,00"), ("2", "Bia", "3,00"), ("3", "Caio", "2,00")]
    assert 'data-testid="league-form"' not in page and 'data-testid="event-add"' not in page
    assert viewer.post(reverse("leagues:event_add", args=[league.slug]), {"event": e2.pk}).status_code == 403
    assert viewer.post(reverse("leagues:list"), {"name": "X", "formula": "1"}).status_code == 403
    assert league.league_events.count() == 1 and League.objects.count() == 1


def test_the_public_link_shows_the_table_and_a_wrong_token_is_not_found(client, league):
    url = reverse("leagues:public", args=[league.slug])
    page = client.get(url, {"k": league.public_token})
    assert page.status_code == 200
    assert table_of(page.content.decode()) == [("1", "Ana", "4,00"), ("2", "Bia", "3,00"), ("3", "Caio", "2,00")]
    assert "Classificação" in page.content.decode()
    assert client.get(url, {"k": league.public_token[:-1] + "x"}).status_code == 404
    assert client.get(url).status_code == 404
    assert client.get(reverse("leagues:public", args=["nope"]), {"k": league.public_token}).status_code == 404
    assert client.get(reverse("leagues:pdf", args=[league.slug]), {"k": "wrong"}).status_code == 404


def test_the_public_page_reads_in_english(client, league):
    client.cookies["django_language"] = "en"
    html = client.get(reverse("leagues:public", args=[league.slug]), {"k": league.public_token}).content.decode()
    assert "Standings" in html and "1 event counted." in html
    assert table_of(html)[0] == ("1", "Ana", "4.00")


def pdf_text(content: bytes, tmp_path) -> str:
    path = tmp_path / "standings.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


@needs_pdftotext
def test_the_pdf_lists_the_standings_in_order_and_is_built_once_per_table(client, league, seeded, director,
                                                                          django_capture_on_commit_callbacks, tmp_path):
    url = reverse("leagues:pdf", args=[league.slug])

    def ask(lang):
        # The test's transaction holds the commit: the first ask queues the build, which runs (eagerly) on
        # commit; the next ask finds it built.
        with django_capture_on_commit_callbacks(execute=True):
            first = client.get(url, {"k": league.public_token, "lang": lang})
        return first, client.get(url, {"k": league.public_token, "lang": lang})

    queued, response = ask("en")
    assert queued.status_code == 202
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(b"".join(response.streaming_content), tmp_path)
    assert "Standings · Liga da Casa" in text
    lines = [line.split() for line in text.splitlines() if re.match(r"\s*\d+(st|nd|rd|th)\s", line)]
    assert lines == [["1st", "Ana", "4.00", "1", "1", "1st"], ["2nd", "Bia", "3.00", "1", "0", "2nd"],
                     ["3rd", "Caio", "2.00", "1", "0", "3rd"]]
    again = client.get(url, {"k": league.public_token, "lang": "en"})
    assert again.status_code == 200 and LeagueSheet.objects.count() == 1  # the same table: served, not rebuilt
    # A result changes: the next ask builds the new table, and the old sheet goes.
    Entry.objects.filter(event=seeded[0], player__name="Caio").update(place=None, status=Entry.Status.ALIVE)
    _queued, changed = ask("en")
    text = pdf_text(b"".join(changed.streaming_content), tmp_path)
    assert "Caio" not in text and "1st" in text
    assert LeagueSheet.objects.filter(lang="en").count() == 1  # the old table's sheet went
    _queued, portuguese = ask("pt-br")
    text = pdf_text(b"".join(portuguese.streaming_content), tmp_path)
    assert "Classificação · Liga da Casa" in text and "Melhor colocação" in text


def test_the_pdf_says_it_is_being_printed_while_the_build_waits(client, league):
    # Without running the commit callbacks, the build has not happened yet.
    response = client.get(reverse("leagues:pdf", args=[league.slug]), {"k": league.public_token})
    assert response.status_code == 202 and 'data-testid="pdf-wait"' in response.content.decode()
    assert LeagueSheet.objects.get().status == LeagueSheet.Status.QUEUED


def test_an_undone_bust_leaves_the_table_on_the_page(client_as, director, db):
    from tdconsole.tournaments.eliminations import elimination_undo, entry_eliminate
    from tdconsole.tournaments.events import structure_create
    from tdconsole.tournaments.registration import event_registration_close
    from tests import factories

    festival = make_festival("night", name="Night", venue_name="Room", tables=2)
    template = structure_create(name="Quick", slug="quick", rows=[
        {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0, "minutes": 20}])
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director, tables=(1,),
                                           late_registration_level=1)
    factories.seated_at_desk(event, 4, actor=director)
    event = event_registration_close(event=event, actor=director)
    league = league_create(name="Noite", slug="noite", formula="n - p + 1", actor=director, event_ids=[event.pk])
    first, second = Entry.objects.filter(event=event).order_by("seat")[:2]
    entry_eliminate(event=event, table_number=1, seat=first.seat, actor=director, level_position=None)
    last = entry_eliminate(event=event, table_number=1, seat=second.seat, actor=director, level_position=None)
    url = reverse("leagues:league", args=[league.slug])
    names = {first.player.name: "1,00", second.player.name: "2,00"}  # 4th and 3rd of 4
    assert table_of(client_as("viewer").get(url).content.decode()) == [
        ("1", second.player.name, names[second.player.name]), ("2", first.player.name, names[first.player.name])]
    elimination_undo(event=event, elimination_id=last.pk, actor=director)
    # The second player is alive again: no result of theirs counts until they bust for real.
    assert table_of(client_as("viewer").get(url).content.decode()) == [("1", first.player.name, "1,00")]


@pytest.mark.parametrize(("typed", "kept"), [("2,5", "2.50"), ("1.000,50", "1000.50"), ("1,000.50", "1000.50"),
                                             ("", "0.00"), ("3", "3.00")])
def test_participation_points_are_read_as_typed_in_either_language(client_as, league, typed, kept):
    response = client_as("director").post(reverse("leagues:save", args=[league.slug]), {
        "name": league.name, "formula": league.formula, "participation_points": typed, "best_events": ""})
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.participation_points == Decimal(kept)
    page = client_as("director").get(reverse("leagues:league", args=[league.slug])).content.decode()
    assert f'name="participation_points" value="{kept.replace(".", ",")}"' in page


def test_participation_points_that_are_not_a_number_are_refused(client_as, league):
    for typed in ("abc", "-1", "0,001", "NaN"):
        response = client_as("director").post(reverse("leagues:save", args=[league.slug]), {
            "name": league.name, "formula": league.formula, "participation_points": typed, "best_events": ""})
        assert response.status_code == 400, typed
        assert 'data-testid="error-participation_points"' in response.content.decode()
    league.refresh_from_db()
    assert league.participation_points == Decimal("1.00")
