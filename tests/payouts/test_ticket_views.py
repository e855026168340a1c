"""The tickets page: the seats a satellite gave and the tickets held for an event; the Director cancels one
(saying why) or moves it to another player found by name, while it is unused, each change audited."""

from decimal import Decimal
from html import unescape

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Ticket
from tdconsole.payouts import services
from tests import factories

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def target(make_event):
    return make_event(name="High Roller", buy_in_prize=Decimal("230"), buy_in_fee=Decimal("20"))


@pytest.fixture
def satellite(make_event, target, director):
    """Three seats won and their tickets issued; fourth place paid 175 in cash."""
    event = make_event(name="Sat", entries=37, alive=0, buy_in_prize=Decimal("25"), buy_in_fee=Decimal("5"))
    services.satellite_target_set(event=event, target=target, actor=director)
    services.payout_table_generate(event=event, actor=director)
    services.payout_table_lock(event=event, actor=director)
    services.satellite_tickets_issue(event=event, actor=director)
    return event


@pytest.fixture
def first(satellite):
    return Ticket.objects.select_related("player").get(source_event=satellite, source_entry__place=1)


def url(event, name="tickets"):
    return reverse(f"payouts:{name}", args=[event.slug])


def row(page, ticket):
    return page.split(f'data-testid="ticket-{ticket.pk}"')[1].split("</tr>")[0]


def test_the_satellite_and_the_target_list_the_tickets(satellite, target, first, client_as):
    for role in ("director", "viewer", "floor", "registration"):
        assert client_as(role).get(url(satellite)).status_code == 200
    page = client_as("viewer").get(url(satellite), **EN).content.decode()
    assert page.count('data-status="unused"') == 3
    assert first.player.name in row(page, first)
    assert "R$250.00" in row(page, first) and "Unused" in row(page, first)
    assert 'data-testid="cancel-' not in page  # staff read; only the Director acts
    held = client_as("viewer").get(url(target), **EN).content.decode()
    assert "Sat" in row(held, first)
    assert held.split('data-testid="tickets-held"')[1].count('data-status="unused"') == 3


def test_the_director_cancels_a_ticket_with_a_reason(satellite, first, client_as):
    director = client_as("director")
    assert f'data-testid="cancel-{first.pk}"' in director.get(url(satellite)).content.decode()
    response = director.post(url(satellite, "ticket_cancel"), {"ticket": first.pk, "reason": "Sold back to the club"},
                             **EN, follow=True)
    page = response.content.decode()
    assert f"Ticket #{first.pk} of {first.player.name} cancelled." in page
    first.refresh_from_db()
    assert (first.status, first.cancel_reason) == ("cancelled", "Sold back to the club")
    assert "Sold back to the club" in row(page, first)
    audit = AuditEntry.entries.get(action="cashier.ticket_cancel")
    assert audit.after["reason"] == "Sold back to the club"
    # Cancelled: no longer changed, and the refusal is a message.
    again = director.post(url(satellite, "ticket_move"), {"ticket": first.pk, "player": first.player_id}, **EN)
    assert again.status_code == 409
    assert "only an unused ticket can be changed" in unescape(again.content.decode())


def test_a_cancel_without_a_reason_is_refused(satellite, first, client_as):
    response = client_as("director").post(url(satellite, "ticket_cancel"), {"ticket": first.pk, "reason": "  "},
                                          **EN)
    assert response.status_code == 400
    assert "Say why the ticket is cancelled." in response.content.decode()
    first.refresh_from_db()
    assert first.status == "unused"


def test_a_viewer_cannot_cancel_or_move(satellite, first, client_as):
    viewer = client_as("viewer")
    assert viewer.post(url(satellite, "ticket_cancel"), {"ticket": first.pk, "reason": "x"}).status_code == 403
    assert viewer.post(url(satellite, "ticket_move"), {"ticket": first.pk, "player": 1}).status_code == 403
    first.refresh_from_db()
    assert first.status == "unused"
    assert not AuditEntry.entries.filter(action__in=["cashier.ticket_cancel", "cashier.ticket_move"]).exists()


def test_the_director_finds_a_player_by_name_and_moves_the_ticket(satellite, first, client_as):
    bia = factories.make_players(satellite.festival, ["Bianca Sá"])[0]
    director = client_as("director")
    found = director.get(url(satellite), {"move": first.pk, "q": "bianca sa"}, HTTP_HX_REQUEST="true", **EN)
    assert found.status_code == 200
    assert f'data-testid="move-to-{bia.pk}"' in found.content.decode()
    assert f'data-testid="move-to-{first.player_id}"' not in found.content.decode()
    # Without JavaScript the same search is the whole page, the move form under the lists.
    whole = director.get(url(satellite), {"move": first.pk, "q": "Bianca"}, **EN).content.decode()
    assert 'data-testid="move-card"' in whole and f'data-testid="move-to-{bia.pk}"' in whole
    old = first.player.name
    response = director.post(url(satellite, "ticket_move"), {"ticket": first.pk, "player": bia.pk}, **EN, follow=True)
    assert f"Ticket #{first.pk} moved from {old} to Bianca Sá." in response.content.decode()
    first.refresh_from_db()
    assert first.player_id == bia.pk
    audit = AuditEntry.entries.get(action="cashier.ticket_move")
    assert audit.before["player"] != audit.after["player"] == bia.pk
    assert "(moved)" in row(response.content.decode(), first)


def test_moving_a_ticket_to_its_holder_is_refused(satellite, first, client_as):
    response = client_as("director").post(url(satellite, "ticket_move"),
                                          {"ticket": first.pk, "player": first.player_id}, **EN)
    assert response.status_code == 400
    assert f"The ticket is already {first.player.name}" in unescape(response.content.decode())
    assert not AuditEntry.entries.filter(action="cashier.ticket_move").exists()


def test_a_ticket_of_another_event_or_garbage_is_not_known(satellite, first, make_event, client_as):
    other = make_event(name="Other")
    for data in ({"ticket": first.pk, "reason": "x"}, {"ticket": "1e9", "reason": "x"}, {"ticket": "9" * 40}):
        response = client_as("director").post(url(other, "ticket_cancel"), data, **EN)
        assert response.status_code == 404
        assert "This ticket is not known" in response.content.decode()
    first.refresh_from_db()
    assert first.status == "unused"


def test_the_pages_read_the_same_number_of_queries_for_three_seats_or_forty(make_event, target, director,
                                                                             client_as):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(entries):
        event = make_event(entries=entries, alive=0, buy_in_prize=Decimal("250"), buy_in_fee=Decimal("5"))
        services.satellite_target_set(event=event, target=target, actor=director)
        services.payout_table_generate(event=event, actor=director)
        services.payout_table_lock(event=event, actor=director)
        services.satellite_tickets_issue(event=event, actor=director)
        client = client_as("director")
        counts = []
        for name in ("table", "tickets"):
            with CaptureQueriesContext(connection) as captured:
                assert client.get(reverse(f"payouts:{name}", args=[event.slug])).status_code == 200
            counts.append(len(captured))
        return Ticket.objects.filter(source_event=event).count(), counts

    few, many = queries(3), queries(40)
    assert (few[0], many[0]) == (3, 40)
    assert few[1] == many[1], (few, many)
