"""The balancing panel and the buttons recorded on the tables (tournaments.tables)."""

import re

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.seating import services
from tdconsole.tournaments.models import Entry, Table

from .conftest import make_entries

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def unbalanced(event, floor_user):
    services.tables_assign(event=event, numbers=[1, 2, 3], actor=floor_user)
    make_entries(event, 20)
    services.seats_draw_initial(event=event, actor=floor_user)
    counts = {t.number: t.entries.filter(status="alive").count() for t in event.tables.all()}
    excess = counts[1] - min(counts.values()) + 2
    victims = Entry.objects.filter(event=event, table__number=1).order_by("seat")[:excess]
    Entry.objects.filter(pk__in=[v.pk for v in victims]).update(status="busted", table=None, seat=None)
    return event


def panel_url(event):
    return reverse("seating:balance_panel", kwargs={"slug": event.slug})


def test_the_inputs_start_from_the_recorded_buttons(unbalanced, client_as):
    Table.objects.filter(event=unbalanced).update(button_seat=5)
    html = client_as("floor").get(panel_url(unbalanced), **EN).content.decode()
    asked = re.findall(r'name="button_(\d+)"[^>]*value="(\d*)"', html)
    assert asked and all(value == "5" for _n, value in asked)
    assert "recorded: seat 5" in html
    # The plan still waits for the floor to confirm them at the tables.
    assert 'data-testid="moves"' not in html


def test_the_buttons_typed_are_recorded_when_the_moves_are_confirmed(unbalanced, client_as):
    floor = client_as("floor")
    html = floor.get(panel_url(unbalanced) + "?button_1=2&button_2=3&button_3=4", **EN).content.decode()
    moves = re.findall(r'name="move" value="([\d:]+)"', html)
    buttons = dict(re.findall(r'<input type="hidden" name="(button_\d+)" value="(\d+)">', html))
    assert moves and buttons
    # Nothing is recorded by looking at the panel.
    assert not Table.objects.filter(event=unbalanced, button_seat__isnull=False).exists()
    response = floor.post(reverse("seating:balance_apply", kwargs={"slug": unbalanced.slug}),
                          {"move": moves, **buttons})
    assert response.status_code in (200, 302)
    recorded = dict(Table.objects.filter(event=unbalanced, button_seat__isnull=False)
                    .values_list("number", "button_seat"))
    assert recorded == {int(name.split("_")[1]): int(seat) for name, seat in buttons.items()}
    assert AuditEntry.entries.filter(action="table.button", actor__username="floor").count() == len(buttons)
