"""The satellite on the payout page: the Director chooses the target event, the table reads in seats, and
"Issue tickets" gives each seat won its ticket once."""

from decimal import Decimal
from html import unescape

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Ticket
from tdconsole.payouts import services
from tdconsole.payouts.models import PayoutPlace, PrizeSettings
from tdconsole.tournaments.models import Entry

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def target(make_event):
    return make_event(name="High Roller", buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))  # a seat: 250


@pytest.fixture
def satellite(make_event):
    # 37 entries x 25 to the pool = 925: three seats of 250, then 175 in cash to fourth place.
    return make_event(name="Sat", entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))


@pytest.fixture
def settled(satellite, target, director):
    """The satellite with its target, its table generated and locked: the four places are known."""
    services.satellite_target_set(event=satellite, target=target, actor=director)
    services.payout_table_generate(event=satellite, actor=director)
    services.payout_table_lock(event=satellite, actor=director)
    return satellite


def table_url(event):
    return reverse("payouts:table", args=[event.slug])


def issue_url(event):
    return reverse("payouts:tickets_issue", args=[event.slug])


def test_the_director_chooses_the_target_and_the_table_reads_in_seats(satellite, target, client_as):
    director = client_as("director")
    page = director.get(table_url(satellite), **EN).content.decode()
    assert f'<option value="{target.pk}">High Roller' in page
    response = director.post(reverse("payouts:satellite", args=[satellite.slug]), {"sat-target": target.pk}, **EN)
    assert response.status_code == 302
    assert PrizeSettings.objects.get(event=satellite).satellite_target_id == target.pk
    assert AuditEntry.entries.filter(action="payouts.satellite_target", event_id=satellite.pk).count() == 1
    page = director.get(table_url(satellite), **EN).content.decode()
    assert 'data-testid="satellite-target">High Roller<' in page
    assert 'data-testid="seats">3<' in page
    # Places 1 to 3 are seats to the target; 4th is the remainder in cash.
    assert 'data-place="1" data-seat' in page
    assert "Seat to High Roller" in page
    assert 'data-place="4" data-seat' not in page
    assert "R$175.00" in page
    director.post(reverse("payouts:generate", args=[satellite.slug]))
    assert list(PayoutPlace.objects.filter(table__event=satellite).values_list("amount", "seat")) == [
        (Decimal("250.00"), True)] * 3 + [(Decimal("175.00"), False)]


def test_a_target_of_another_festival_or_the_event_itself_is_refused(satellite, client_as):
    response = client_as("director").post(reverse("payouts:satellite", args=[satellite.slug]),
                                          {"sat-target": satellite.pk}, **EN)
    assert response.status_code == 400
    assert "Choose one of the festival's events with a buy-in." in unescape(response.content.decode())
    assert not PrizeSettings.objects.filter(event=satellite, satellite_target__isnull=False).exists()


def test_only_the_director_sets_the_target(satellite, target, client_as):
    response = client_as("viewer").post(reverse("payouts:satellite", args=[satellite.slug]), {"sat-target": target.pk})
    assert response.status_code == 403
    assert not PrizeSettings.objects.filter(event=satellite, satellite_target__isnull=False).exists()


def test_the_director_issues_the_tickets_once_the_places_are_known(settled, target, client_as):
    director = client_as("director")
    page = director.get(table_url(settled), **EN).content.decode()
    assert 'data-testid="issue-tickets"' in page
    assert "0 of 3 seats won have their tickets." in page
    response = director.post(issue_url(settled), **EN, follow=True)
    assert "3 tickets issued." in response.content.decode()
    winners = list(Entry.objects.filter(event=settled, place__lte=3).order_by("place").values_list("player_id",
                                                                                                   flat=True))
    tickets = list(Ticket.objects.filter(source_event=settled).order_by("source_entry__place"))
    assert [t.player_id for t in tickets] == winners
    assert {(t.target_event_id, t.value, t.status) for t in tickets} == {(target.pk, Decimal("250.00"), "unused")}
    page = response.content.decode()
    assert "3 of 3 seats won have their tickets." in page
    assert f"#{tickets[0].pk} · Unused" in page
    # Fourth place won the remainder in cash and has no ticket.
    assert "R$175.00" in page.split('data-testid="winner-4"')[1].split("</tr>")[0]


def test_pressing_issue_twice_issues_once_and_says_so(settled, client_as):
    director = client_as("director")
    director.post(issue_url(settled))
    response = director.post(issue_url(settled), **EN, follow=True)
    assert "All 3 tickets were already issued: nothing new to issue." in response.content.decode()
    assert Ticket.objects.filter(source_event=settled).count() == 3
    assert AuditEntry.entries.filter(action="cashier.ticket_issue").count() == 3


def test_a_viewer_cannot_issue_tickets_and_sees_no_button(settled, client_as):
    viewer = client_as("viewer")
    assert 'data-testid="issue-tickets"' not in viewer.get(table_url(settled)).content.decode()
    assert viewer.post(issue_url(settled)).status_code == 403
    assert not Ticket.objects.exists()


def test_tickets_before_the_places_are_final_are_refused_with_a_message(satellite, target, director, client_as):
    services.satellite_target_set(event=satellite, target=target, actor=director)
    services.payout_table_generate(event=satellite, actor=director)
    page = client_as("director").get(table_url(satellite), **EN).content.decode()
    assert 'data-testid="issue-tickets"' not in page
    response = client_as("director").post(issue_url(satellite), **EN)
    assert response.status_code == 400
    assert "Lock the payout table before issuing the tickets." in response.content.decode()
    assert not Ticket.objects.exists()


def test_tickets_of_an_event_without_a_target_are_refused(make_event, client_as):
    event = make_event(entries=10, alive=0)
    response = client_as("director").post(issue_url(event), **EN)
    assert response.status_code == 400
    assert "This event is not a satellite." in response.content.decode()


def test_a_target_set_after_the_table_asks_for_it_again(satellite, target, director, client_as):
    services.payout_table_generate(event=satellite, actor=director)
    response = client_as("director").post(reverse("payouts:satellite", args=[satellite.slug]),
                                          {"sat-target": target.pk}, **EN, follow=True)
    page = response.content.decode()
    assert "Generate the table again" in page
    assert 'data-testid="seats-stale"' in page


def test_the_public_payouts_page_shows_the_seats(settled, client):
    page = client.get(reverse("payouts:public", args=[settled.slug]), {"k": settled.public_token}, **EN)
    text = page.content.decode()
    assert "Seat to High Roller" in text and "R$175.00" in text
