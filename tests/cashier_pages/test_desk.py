"""The cash desk page (/events/<slug>/cash/): find a player, see their ledger, sell to them, void a sale.

Sales answer htmx with the player's panel (the updated ledger row and the receipt line) and a plain form with
the whole page; refusals are 4xx with the message, in the reader's language; a double click sells once.
"""

import re

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.models import Purchase
from tdconsole.core.once import REPLAYED_HEADER, new_token
from tdconsole.tournaments.models import Entry
from tests import factories

from .conftest import EN, HTMX, PT, clock_at, url

pytestmark = pytest.mark.django_db


def text(response) -> str:
    """The page's text, tags stripped, spaces collapsed (non-breaking ones too)."""
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("\xa0", " ").split())


def sale(entry, kind, method="cash", token=None):
    return {"entry": entry.pk, "kind": kind, "method": method, "_once": token or new_token()}


# --- who may open it ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["registration", "director", "viewer"])
def test_registration_director_and_viewer_open_the_desk(house, client_as, role):
    response = client_as(role).get(url("desk", house))
    assert response.status_code == 200
    assert 'data-testid="cash-search-input"' in response.content.decode()


def test_the_floor_is_refused_with_a_page_and_htmx_with_a_fragment(house, client_as):
    floor = client_as("floor")
    page = floor.get(url("desk", house))
    assert page.status_code == 403 and "<html" in page.content.decode()
    fragment = floor.get(url("desk", house), **HTMX)
    assert fragment.status_code == 403 and "<html" not in fragment.content.decode()


def test_a_viewer_reads_the_player_but_cannot_sell(house, ana, client_as):
    viewer = client_as("viewer")
    page = viewer.get(url("desk", house) + f"?entry={ana.pk}")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-testid="ledger-row-1"' in html and 'data-testid="sale-form"' not in html
    refused = viewer.post(url("sell", house), sale(ana, "rebuy"), **HTMX)
    assert refused.status_code == 403 and "<html" not in refused.content.decode()
    assert not Purchase.objects.filter(entry=ana, kind="rebuy").exists()


# --- finding a player --------------------------------------------------------------------------------------


def test_a_search_finds_entries_without_case_or_accents_and_by_number(house, client_as):
    factories.make_paid_entries(house, ["João Araújo", "Joana Prado", "Bruno Lima"])
    desk = client_as("registration")
    found = desk.get(url("desk", house) + "?q=ARAUJO&part=search", **HTMX)
    assert found.status_code == 200 and "João Araújo" in found.content.decode()
    assert "Joana" not in found.content.decode()
    both = desk.get(url("desk", house) + "?q=jo&part=search", **HTMX).content.decode()
    assert "João Araújo" in both and "Joana Prado" in both and "Bruno" not in both
    by_number = desk.get(url("desk", house) + "?q=3", **HTMX).content.decode()
    assert 'data-testid="chosen-player"' in by_number and "Bruno Lima" in by_number


def test_enter_on_a_single_match_opens_the_player_with_the_first_sale_focused(house, ana, client_as):
    page = client_as("registration").get(url("desk", house) + "?q=ana")
    html = page.content.decode()
    assert 'data-testid="chosen-player"' in html
    focused = re.search(r'<button[^>]*autofocus[^>]*>', html)
    assert focused and 'data-testid="sell-rebuy"' in focused.group(0)


def test_the_player_shows_every_entry_of_theirs(house, ana, client_as, director):
    from tdconsole.tournaments.eliminations import entries_eliminate  # noqa: F401 (the busts go through the floor)

    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.BUSTED)
    second = Entry.objects.create(event=house, player=ana.player, number=2, attempt=2, chips=20000)
    html = client_as("registration").get(url("desk", house) + f"?entry={second.pk}").content.decode()
    assert 'data-testid="ledger-row-1"' in html and 'data-testid="ledger-row-2"' in html


# --- the sale buttons ---------------------------------------------------------------------------------------


def test_each_sale_shows_its_price_and_chips_and_a_refused_one_its_reason(house, ana, client_as, director):
    clock_at(house, director, level=7)  # rebuys ended with level 6; no add-on break; bonus ended with level 2
    html = client_as("registration").get(url("desk", house) + f"?entry={ana.pk}", **EN).content.decode()
    rebuy = re.search(r'<button[^>]*data-testid="sell-rebuy"[^>]*>(.*?)</button>', html, re.S)
    assert "disabled" in rebuy.group(0)
    assert "R$110.00" in rebuy.group(1) and "20,000 chips" in rebuy.group(1)
    assert "Rebuys ended with level 6." in html
    assert "Add-ons are sold only at the break after level 6." in html
    assert "Bonus chips ended with level 2." in html


def test_at_the_add_on_break_the_add_on_is_offered(house, ana, client_as, director):
    clock_at(house, director, break_after=6)
    html = client_as("registration").get(url("desk", house) + f"?entry={ana.pk}", **EN).content.decode()
    addon = re.search(r'<button[^>]*data-testid="sell-addon"[^>]*>', html).group(0)
    assert "disabled" not in addon


# --- selling ----------------------------------------------------------------------------------------------


def test_a_rebuy_sold_by_htmx_answers_the_updated_row_and_the_receipt_line(house, ana, client_as):
    response = client_as("registration").post(url("sell", house), sale(ana, "rebuy", "pix"), **HTMX, **PT)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="cash-panel"' in html
    purchase = Purchase.objects.get(entry=ana, kind="rebuy")
    assert purchase.method == "pix" and purchase.number == 2
    assert "Recibo nº 2 · R$ 110,00 · PIX" in text(response)
    row = re.search(r'data-testid="ledger-row-1".*?</tr>', html, re.S).group(0)
    assert re.search(r'data-testid="rebuys">1<', row)
    assert "R$\xa0220,00" in row  # the buy-in and the rebuy
    assert AuditEntry._default_manager.filter(action="cashier.sell").count() == 1


def test_a_sale_without_javascript_answers_the_whole_page_with_the_receipt(house, ana, client_as):
    response = client_as("registration").post(url("sell", house), sale(ana, "staff", "card"), **EN)
    assert response.status_code == 200 and "<html" in response.content.decode()
    assert "Receipt no. 2 · R$10.00 · Card" in text(response)


def test_the_payment_method_picked_stays_picked_at_this_terminal(house, ana, bia, client_as):
    desk = client_as("registration")
    desk.post(url("sell", house), sale(ana, "rebuy", "credit"), **HTMX)
    html = desk.get(url("desk", house) + f"?entry={bia.pk}").content.decode()
    assert re.search(r'<input[^>]*value="credit"[^>]*checked', html)
    # The registration desk keeps the same terminal's method.
    registration = desk.get(f"/events/{house.slug}/registration/").content.decode()
    assert re.search(r'<input[^>]*value="credit"[^>]*checked', registration)


def test_a_double_click_sells_once_and_answers_the_same(house, ana, client_as):
    desk = client_as("registration")
    token = new_token()
    first = desk.post(url("sell", house), sale(ana, "rebuy", token=token), **HTMX)
    second = desk.post(url("sell", house), sale(ana, "rebuy", token=token), **HTMX)
    assert first.status_code == second.status_code == 200
    assert second[REPLAYED_HEADER] == "1"
    assert Purchase.objects.filter(entry=ana, kind="rebuy").count() == 1
    ana.refresh_from_db()
    assert ana.chips == 40000  # the rebuy's chips added once
    # A new token is a new sale (the stack busted to 0 again first).
    Entry.objects.filter(pk=ana.pk).update(chips=0)
    desk.post(url("sell", house), sale(ana, "rebuy"), **HTMX)
    assert Purchase.objects.filter(entry=ana, kind="rebuy").count() == 2


@pytest.mark.parametrize("headers,message", [
    (EN, "Rebuys ended with level 6."), (PT, "Os rebuys terminaram no nível 6."),
])
def test_a_refused_sale_answers_409_with_the_reason_in_the_readers_language(house, ana, client_as, director,
                                                                            headers, message):
    clock_at(house, director, level=7)
    desk = client_as("registration")
    for extra in (HTMX, {}):
        response = desk.post(url("sell", house), sale(ana, "rebuy"), **extra, **headers)
        assert response.status_code == 409
        assert message in text(response)
    assert not Purchase.objects.filter(entry=ana, kind="rebuy").exists()


def test_an_unknown_kind_or_method_or_entry_is_a_400_never_a_500(house, ana, client_as):
    desk = client_as("registration")
    assert desk.post(url("sell", house), sale(ana, "entry"), **HTMX).status_code == 400
    assert desk.post(url("sell", house), sale(ana, "rebuy", "bitcoin"), **HTMX).status_code == 400
    for bad in ("99999999999999999999", "x", ""):
        data = sale(ana, "rebuy") | {"entry": bad}
        assert desk.post(url("sell", house), data, **HTMX).status_code == 400
    assert not Purchase.objects.filter(kind="rebuy").exists()


# --- voiding ---------------------------------------------------------------------------------------------


def test_a_void_needs_a_reason_then_takes_the_chips_back(house, ana, client_as):
    desk = client_as("registration")
    desk.post(url("sell", house), sale(ana, "rebuy"), **HTMX)
    purchase = Purchase.objects.get(entry=ana, kind="rebuy")
    refused = desk.post(url("purchase_void", house, purchase.pk), {"reason": "  ", "_once": new_token()}, **HTMX,
                        **EN)
    assert refused.status_code == 409 and "Say why receipt #2 is voided." in text(refused)
    purchase.refresh_from_db()
    assert purchase.voided_at is None
    done = desk.post(url("purchase_void", house, purchase.pk), {"reason": "wrong player", "_once": new_token()},
                     **HTMX, **EN)
    assert done.status_code == 200 and "Receipt #2 voided." in text(done)
    purchase.refresh_from_db()
    ana.refresh_from_db()
    assert purchase.void_reason == "wrong player" and ana.chips == 20000


def test_a_buy_in_cannot_be_voided_here(house, ana, client_as):
    buy_in = Purchase.objects.get(entry=ana, kind="entry")
    response = client_as("registration").post(url("purchase_void", house, buy_in.pk),
                                              {"reason": "mistake", "_once": new_token()}, **HTMX, **EN)
    assert response.status_code == 409 and "cancel the entry on the registration page" in text(response)


def test_every_purchase_has_its_receipt_link_when_the_printing_view_exists(house, ana, client_as):
    html = client_as("registration").get(url("desk", house) + f"?entry={ana.pk}").content.decode()
    from django.urls import NoReverseMatch, reverse

    try:
        reverse("printing:purchase_receipt", args=[house.slug, 1])
    except NoReverseMatch:
        assert "?size=80mm" not in html  # not built yet: no broken link
    else:
        assert "?size=80mm" in html
