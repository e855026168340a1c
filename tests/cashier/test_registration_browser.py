"""The registration desk's payment method in headless Chromium: picked from the keyboard once, it stays picked
while the clerk types name after name."""


import pytest

from tdconsole.cashier.models import Purchase
from tests import factories
from tests.browser import focused, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
NAMES = ["Renata Pinto", "João Araújo", "Márcia Melo", "Luís Sá"]


def test_a_method_picked_from_the_keyboard_stays_for_every_name_typed(live_server, page, browser_login, director,
                                                                       screenshot):
    festival = factories.make_festival("browser-cash", name="Browser Cash", venue_name="Browser Room")
    template = factories.make_structure("Browser structure", "browser-structure")
    event = factories.event_create_at_desk(festival=festival, template=template, actor=director, tables=())
    browser_login(page, "registration")
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    assert page.is_checked("[data-testid=method-cash]")
    # Shift+Tab from the name reaches the method, an arrow key moves to PIX, Tab goes back to the name.
    assert focused(page, "name") == "name"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowRight")
    assert page.is_checked("[data-testid=method-pix]")
    page.keyboard.press("Tab")
    assert focused(page, "name") == "name"
    for name in NAMES[:2]:
        page.keyboard.type(name, delay=20)
        page.keyboard.press("Enter")
    assert wait_for(lambda: Purchase.objects.filter(event=event).count() == 2, page)
    # The name field kept the cursor: the same three keys move on to the card.
    assert focused(page, "name") == "name"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert page.is_checked("[data-testid=method-card]")
    for name in NAMES[2:]:
        page.keyboard.type(name, delay=20)
        page.keyboard.press("Enter")
    assert wait_for(lambda: Purchase.objects.filter(event=event).count() == 4, page)
    page.wait_for_selector("[data-testid=paid-line][data-method=card]")
    screenshot(page, "cashier-registration-paid-by-card")
    paid = dict(Purchase.objects.filter(event=event).values_list("player__name", "method"))
    assert paid == {"Renata Pinto": "pix", "João Araújo": "pix", "Márcia Melo": "card", "Luís Sá": "card"}
    # A new page opens on the last method used.
    page.goto(f"{live_server.url}/events/{event.slug}/registration/")
    assert page.is_checked("[data-testid=method-card]")
