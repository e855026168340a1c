"""The registration desk records each buy-in as paid, by the method the clerk picked (which stays picked for the
next name), in the registration's own transaction: a refused registration leaves no purchase."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.exceptions import PurchaseRefused
from tdconsole.cashier.models import Purchase
from tdconsole.seating.registration import desk_register_seated, entry_register_seated
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.models import Entry, Event, Player
from tdconsole.tournaments.players import player_register
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def desk_event(director):
    """A re-entry event made at the desk (buy-in 900 + 100), registering, three tables of nine."""
    festival = factories.make_festival("desk-series", name="Desk Series", venue_name="Desk Room", tables=3)
    template = factories.make_structure("Desk structure", "desk-structure")
    return factories.event_create_at_desk(festival=festival, template=template, actor=director,
                                          format=Event.Format.REENTRY, max_entries=2)


def written():
    return Player.objects.count(), Entry.objects.count(), Purchase.objects.count(), AuditEntry.entries.count()


def register_url(event):
    return reverse("tournaments:registration", kwargs={"slug": event.slug})


def test_the_desk_records_the_buy_in_with_the_method_chosen(desk_event, director):
    entry = desk_register_seated(event=desk_event, actor=director, name="Ana", level_position=None, method="pix")
    purchase = Purchase.objects.get(entry=entry)
    assert (purchase.kind, purchase.method, purchase.prize, purchase.fee, purchase.chips) == (
        "entry", "pix", Decimal("900.00"), Decimal("100.00"), 20000)
    assert entry.buy_in_purchase == purchase
    # The entry's record comes first, then the purchase's, in the same transaction.
    actions = list(AuditEntry.entries.order_by("id").values_list("action", flat=True))
    assert actions[-2:] == ["entry.register", "cashier.buy_in"]


def test_a_known_player_re_entering_pays_a_re_entry_in_cash_by_default(desk_event, director):
    first = factories.register_at_desk(desk_event, "Bia", actor=director)
    Entry.objects.filter(pk=first.pk).update(status=Entry.Status.BUSTED)
    again = entry_register_seated(event=desk_event, player=first.player, actor=director, level_position=None)
    assert again.buy_in_purchase.kind == "reentry"
    assert again.buy_in_purchase.method == "cash"


def test_a_refused_registration_leaves_no_purchase(desk_event, director):
    factories.register_at_desk(desk_event, "Caio", actor=director)
    caio = Player.objects.get(name="Caio")
    before = written()
    with pytest.raises(RegistrationError, match="already has an entry in play"):
        entry_register_seated(event=desk_event, player=caio, actor=director, level_position=None, method="card")
    Event.objects.filter(pk=desk_event.pk).update(status=Event.Status.FINISHED)
    desk_event.refresh_from_db()
    with pytest.raises(RegistrationError, match="not taking entries"):
        desk_register_seated(event=desk_event, actor=director, name="Dora", level_position=None, method="pix")
    assert written() == before


def test_a_refused_purchase_leaves_no_entry_and_no_new_player(desk_event, director):
    before = written()
    with pytest.raises(PurchaseRefused, match="Unknown payment method"):
        desk_register_seated(event=desk_event, actor=director, name="Edu", level_position=None, method="cheque")
    assert written() == before


def test_a_registration_refused_for_want_of_a_seat_leaves_no_purchase(director):
    festival = factories.make_festival("tight-series", name="Tight", venue_name="Tight Room", tables=1, seats=2)
    template = factories.make_structure("Tight structure", "tight-structure")
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director, tables=(1,),
                                           seats_per_table=2)
    factories.seated_at_desk(event, 2, actor=director)
    before = written()
    with pytest.raises(RegistrationError):
        desk_register_seated(event=event, actor=director, name="Third", level_position=None, method="pix")
    assert written() == before


# --- the page ---------------------------------------------------------------------------------------------------


def checked_method(html: str) -> str:
    found = re.findall(r'<input type="radio" name="method" value="(\w+)"[^>]*\bchecked\b', html)
    assert len(found) == 1, found
    return found[0]


def test_the_page_offers_the_methods_cash_first(desk_event, client_as):
    html = client_as("registration").get(register_url(desk_event), **EN).content.decode()
    assert re.findall(r'data-testid="method-(\w+)"', html) == ["cash", "pix", "card", "credit"]
    assert checked_method(html) == "cash"
    # Before the name field: Shift+Tab from the name reaches them.
    assert html.index('data-testid="payment-method"') < html.index('data-testid="name-input"')


def test_the_desk_page_records_the_method_picked_and_stays_on_it(desk_event, client_as):
    clerk = client_as("registration")
    answer = clerk.post(register_url(desk_event), {"name": "Fabi", "method": "pix"}, **HTMX, **EN)
    assert answer.status_code == 200
    assert 'data-testid="paid-line" data-method="pix"' in answer.content.decode()
    assert "Paid R$1,000.00 (PIX) · receipt #1" in answer.content.decode()
    assert Purchase.objects.get(player__name="Fabi").method == "pix"
    # The next page (or the page after a full POST) is on PIX: the clerk does not pick it again.
    assert checked_method(clerk.get(register_url(desk_event), **EN).content.decode()) == "pix"
    page = clerk.post(register_url(desk_event), {"name": "Gil", "method": "card"}, **EN)
    assert checked_method(page.content.decode()) == "card"
    assert Purchase.objects.get(player__name="Gil").method == "card"
    # Another clerk's terminal keeps its own.
    assert checked_method(client_as("director").get(register_url(desk_event), **EN).content.decode()) == "cash"


def test_a_form_sent_without_a_method_is_paid_in_cash_and_a_bad_method_is_refused(desk_event, client_as):
    clerk = client_as("registration")
    clerk.post(register_url(desk_event), {"name": "Hugo"}, **HTMX)
    assert Purchase.objects.get(player__name="Hugo").method == "cash"
    before = written()
    answer = clerk.post(register_url(desk_event), {"name": "Iris", "method": "bitcoin"}, **EN)
    assert answer.status_code == 400
    assert "Paid by" in answer.content.decode()
    assert written() == before


def test_the_choice_of_a_known_player_carries_the_method(desk_event, client_as, director):
    player_register(festival=desk_event.festival, name="Juca", actor=director)
    clerk = client_as("registration")
    notice = clerk.post(register_url(desk_event), {"name": "Juca", "method": "credit"}, **HTMX, **EN).content.decode()
    assert 'data-testid="notice-choose"' in notice
    assert notice.count('<input type="hidden" name="method" value="credit">') == 2  # pick him, or a new Juca
    player = Player.objects.get(name="Juca")
    clerk.post(register_url(desk_event), {"player": player.pk, "name": "Juca", "method": "credit"}, **HTMX)
    assert Purchase.objects.get(player=player).method == "credit"


def test_cancelling_at_the_desk_voids_the_buy_in(desk_event, client_as, director):
    entry = desk_register_seated(event=desk_event, actor=director, name="Kai", level_position=None)
    url = reverse("tournaments:entry_cancel", kwargs={"slug": desk_event.slug, "pk": entry.pk})
    answer = client_as("registration").post(url, **HTMX, **EN)
    assert 'data-testid="notice-cancelled"' in answer.content.decode()
    purchase = Purchase.objects.get(number=1, event=desk_event)
    assert (purchase.entry_id, purchase.void_reason) == (None, f"Entry #{entry.number} cancelled")
    assert purchase.voided_at is not None
