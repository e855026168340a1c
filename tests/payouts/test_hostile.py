"""Hostile numbers in every form of the prize desk: a clear form error, never a 500, nothing written."""


import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.payouts.models import Deal, PayoutPlace, PayoutTable, PrizeSettings

from .conftest import chips_typed

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

HOSTILE = [
    "99999999999999999999999",
    "9223372036854775808",
    "-5",
    "-0.01",
    "NaN",
    "nan",
    "sNaN",
    "Infinity",
    "-inf",
    "1e999",
    "1E+30",
    "\x00",
    "12\x0034",
    "ção",
    "١٢٣",  # Arabic-Indic digits: str.isdigit() says yes, int() may not
    "²",
    "9" * 10_000,
    "1" * 10_000 + " 5",
]


def snapshot(event) -> tuple:
    """Everything the prize desk could have written for this event."""
    return (
        AuditEntry.entries.filter(event_id=event.pk).count(),
        list(PrizeSettings.objects.filter(event=event).values()),
        list(PayoutTable.objects.filter(event=event).values("prize_pool", "entries", "source", "locked_at")),
        list(PayoutPlace.objects.filter(table__event=event).values_list("place", "amount")),
        Deal.objects.filter(event=event).count(),
    )


def assert_refused(response, before, event):
    assert response.status_code < 500, response.content[:500]
    assert snapshot(event) == before


def table_typed(client_as, event, text, **headers):
    """The Director's payout editor sent with `text` (English unless told otherwise)."""
    return client_as("director").post(reverse("payouts:edit", args=[event.slug]), {"t-table": text},
                                      **(headers or EN))


@pytest.mark.parametrize("value", HOSTILE)
def test_payout_editor_refuses_hostile_amounts_with_a_message(make_event, client_as, value):
    event = make_event(entries=100, alive=40)
    before = snapshot(event)
    for text in (f"1 {value}", f"1 5000\n2 {value}", value, f"1-{value} 100", f"{value} 100"):
        response = table_typed(client_as, event, text)
        assert_refused(response, before, event)
        assert response.status_code == 400
        assert 'class="errorlist' in response.content.decode()


def test_payout_editor_refuses_a_band_of_places_beyond_any_field_without_building_it(make_event, client_as):
    """'1-999999999 10' used to build a list of a billion amounts before anything was checked."""
    event = make_event(entries=100, alive=40)
    before = snapshot(event)
    response = table_typed(client_as, event, "1 5000\n2-999999999 10")
    assert_refused(response, before, event)
    assert response.status_code == 400
    assert "more places than" in response.content.decode()


def test_payout_editor_refuses_an_amount_the_database_cannot_store(make_event, client_as):
    event = make_event(entries=100, alive=40)
    before = snapshot(event)
    response = table_typed(client_as, event, "1 1000000000000.00")
    assert_refused(response, before, event)
    assert "too large" in response.content.decode()


def test_payout_editor_says_nan_is_not_an_amount_in_portuguese(make_event, client_as):
    event = make_event(entries=100, alive=40)
    response = table_typed(client_as, event, "1 NaN", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400
    assert "A linha 1 não tem um valor válido." in response.content.decode()


SETTINGS = {"s-percent_paid": "15", "s-rounding": "10", "s-min_cash_multiple": "1.5"}


@pytest.mark.parametrize("field", sorted(SETTINGS))
@pytest.mark.parametrize("value", HOSTILE)
def test_payout_settings_refuse_hostile_numbers(make_event, client_as, field, value):
    event = make_event(entries=100, alive=40)
    before = snapshot(event)
    response = client_as("director").post(reverse("payouts:settings", args=[event.slug]),
                                          SETTINGS | {field: value}, **EN)
    assert_refused(response, before, event)
    assert response.status_code == 400


def test_percent_paid_above_a_hundred_is_refused(make_event, client_as):
    event = make_event(entries=100, alive=40)
    before = snapshot(event)
    response = client_as("director").post(reverse("payouts:settings", args=[event.slug]),
                                          SETTINGS | {"s-percent_paid": "150"}, **EN)
    assert_refused(response, before, event)
    assert response.status_code == 400
    assert "100" in response.content.decode()




@pytest.fixture
def deal_setup(three_left):
    event, alive = three_left
    return event, alive, chips_typed(alive, ["50000", "30000", "20000"])


@pytest.mark.parametrize("do", ["calculate", "record"])
@pytest.mark.parametrize("value", HOSTILE)
def test_deal_calculator_refuses_hostile_chips(deal_setup, client_as, value, do):
    event, alive, data = deal_setup
    before = snapshot(event)
    data = data | {f"chips-{alive[1].pk}": value, "do": do, "method": "icm"}
    response = client_as("director").post(reverse("payouts:deal", args=[event.slug]), data, **EN)
    assert_refused(response, before, event)
    assert response.status_code == 400
    assert f"Enter the chips of {alive[1].player.name}" in response.content.decode()


@pytest.mark.parametrize("value", HOSTILE)
def test_deal_calculator_refuses_hostile_amount_left_to_play(deal_setup, client_as, value):
    event, alive, data = deal_setup
    before = snapshot(event)
    for do in ("calculate", "record"):
        response = client_as("director").post(reverse("payouts:deal", args=[event.slug]),
                                              data | {"left_to_play": value, "do": do, "method": "icm"}, **EN)
        assert_refused(response, before, event)
        assert response.status_code == 400


@pytest.mark.parametrize("value", HOSTILE)
def test_deal_calculator_refuses_hostile_custom_amounts(deal_setup, client_as, value):
    event, alive, data = deal_setup
    before = snapshot(event)
    amounts = {f"amount-{e.pk}": a for e, a in zip(alive, ["1000", value, "600"], strict=True)}
    response = client_as("director").post(reverse("payouts:deal", args=[event.slug]),
                                          data | amounts | {"do": "record", "method": "custom"}, **EN)
    assert_refused(response, before, event)
    assert response.status_code == 400
    assert f"Enter the amount of {alive[1].player.name}" in response.content.decode()


def test_deal_calculator_refuses_hostile_method_and_long_note(deal_setup, client_as):
    event, alive, data = deal_setup
    before = snapshot(event)
    for extra in ({"method": "NaN"}, {"method": "\x00"}, {"method": "icm", "note": "x" * 10_000}):
        response = client_as("director").post(reverse("payouts:deal", args=[event.slug]),
                                              data | extra | {"do": "record"}, **EN)
        assert_refused(response, before, event)
        assert response.status_code == 400


def test_deal_refused_for_hostile_input_is_recorded_once_the_input_is_right(deal_setup, client_as):
    """The refusals above are not a broken form: the same form with good values records the deal."""
    event, alive, data = deal_setup
    response = client_as("director").post(reverse("payouts:deal", args=[event.slug]),
                                          data | {"do": "record", "method": "icm"}, **EN)
    assert response.status_code == 302
    assert Deal.objects.filter(event=event).count() == 1
