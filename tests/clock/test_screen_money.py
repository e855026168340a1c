"""The projected screen says the money rules that apply now (cashier.rules.money_screen_lines): the rebuys
while they are open, the add-on with its price at its break; a change shows at the next refresh."""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tdconsole.clock import services
from tdconsole.tournaments.public import public_url
from tests import factories

from .conftest import make_event

pytestmark = pytest.mark.django_db


def money_lines(client, event, language):
    html = client.get(public_url(event, "clock:screen_state", absolute=False), HTTP_ACCEPT_LANGUAGE=language)
    return [" ".join(t.replace("\xa0", " ").split())
            for t in re.findall(r'data-testid="money-line">([^<]*)<', html.content.decode())]


@pytest.mark.parametrize("language,rebuys,addon", [
    ("en", "Rebuys until level 2", "Add-on: R$50.00 for 20,000 chips"),
    ("pt-br", "Rebuys até o nível 2", "Add-on: R$ 50,00 por 20.000 fichas"),
])
def test_the_screen_says_the_rebuys_then_the_add_on_at_its_break(client, floor_user, language, rebuys, addon):
    event = make_event(slug=f"money-{language}")
    factories.make_money_rules(event, rebuy_until_level=2, rebuy_prize=Decimal("100"), rebuy_chips=30000,
                               addon_break_after_level=2, addon_prize=Decimal("50"), addon_chips=20000)
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=5))
    playing = money_lines(client, event, language)
    assert playing[0] == rebuys
    assert addon not in playing  # announced for its break, not sold yet
    event.clock.delete()
    services.clock_start(event=event, actor=floor_user, now=timezone.now() - timedelta(minutes=45))
    assert addon in money_lines(client, event, language)


def test_a_change_of_the_rules_shows_at_the_next_refresh(client, floor_user):
    event = make_event(slug="money-change")
    services.clock_start(event=event, actor=floor_user)
    assert money_lines(client, event, "en") == []
    factories.make_money_rules(event, rebuy_until_level=1, rebuy_prize=Decimal("100"), rebuy_chips=30000)
    assert "Rebuys until level 1" in money_lines(client, event, "en")
