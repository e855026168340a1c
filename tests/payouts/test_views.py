from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.payouts import services
from tdconsole.payouts.models import Deal, PayoutTable
from tdconsole.payouts.selectors import event_payout_amounts
from tdconsole.tournaments.models import Entry

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_every_staff_role_reads_the_payout_table(make_event, client_as):
    event = make_event(entries=100, alive=40)
    for role in ("director", "floor", "registration", "viewer"):
        response = client_as(role).get(reverse("payouts:table", args=[event.slug]))
        assert response.status_code == 200
        assert b'data-testid="payout-table"' in response.content
    page = client_as("viewer").get(reverse("payouts:table", args=[event.slug])).content.decode()
    assert 'data-testid="generate"' not in page
    assert "R$\xa010.000,00" in page  # the prize pool in Brazilian format


def test_only_the_director_generates(make_event, client_as):
    event = make_event(entries=100, alive=40)
    url = reverse("payouts:generate", args=[event.slug])
    assert client_as("floor").post(url).status_code == 403
    assert client_as("director").post(url).status_code == 302
    assert PayoutTable.objects.filter(event=event).count() == 1


def test_director_edits_the_table_with_bands(make_event, client_as):
    event = make_event(entries=100, alive=40)
    text = "1 4000\n2 2000,00\n3-5 1.000,00\n6-10 200"
    response = client_as("director").post(reverse("payouts:edit", args=[event.slug]), {"t-table": text})
    assert response.status_code == 302
    assert event_payout_amounts(event=event) == [Decimal(x) for x in
                                                 ["4000", "2000", "1000", "1000", "1000"] + ["200"] * 5]


def test_table_that_does_not_add_up_is_refused_and_the_text_kept(make_event, client_as):
    event = make_event(entries=100, alive=40)
    response = client_as("director").post(reverse("payouts:edit", args=[event.slug]), {"t-table": "1 9000\n2 500"},
                                          **EN)
    assert response.status_code == 400
    page = response.content.decode()
    assert "do not add up" in page
    assert "1 9000" in page
    assert not PayoutTable.objects.filter(event=event).exists()


def test_locked_table_hides_the_edit_forms(make_event, client_as, director):
    event = make_event(entries=20, alive=3)
    services.payout_table_save(event=event, amounts=[Decimal("1100"), Decimal("600"), Decimal("300")],
                               actor=director)
    page = client_as("director").get(reverse("payouts:table", args=[event.slug])).content.decode()
    assert 'data-testid="locked"' in page
    assert 'data-testid="edit-form"' not in page


def test_public_payouts_page_needs_the_key(make_event, client):
    event = make_event(entries=100, alive=40)
    url = reverse("payouts:public", args=[event.slug])
    assert client.get(url).status_code == 404
    response = client.get(url, {"k": event.public_token})
    assert response.status_code == 200
    assert "R$\xa010.000,00" in response.content.decode()


def test_deal_calculator_shows_icm_and_chip_chop(make_event, client_as, director):
    event = make_event(entries=20, alive=3)
    services.payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("600"), Decimal("400")],
                               actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    data = {f"chips-{e.pk}": c for e, c in zip(alive, ["50.000", "30000", "20000"], strict=True)}
    data["do"] = "calculate"
    response = client_as("floor").post(reverse("payouts:deal", args=[event.slug]), data, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page  # just the results fragment
    assert "R$\xa0767,86" in page  # ICM
    assert "R$\xa0800,00" in page  # chip chop: 400 + 800 x 50%


def test_director_records_the_deal_and_floor_cannot(make_event, client_as, director):
    event = make_event(entries=20, alive=2)
    services.payout_table_save(event=event, amounts=[Decimal("1200"), Decimal("800")], actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    data = {f"chips-{e.pk}": c for e, c in zip(alive, ["60000", "40000"], strict=True)}
    data |= {"do": "record", "method": "chip_chop"}
    url = reverse("payouts:deal", args=[event.slug])
    client_as("floor").post(url, data)
    assert not Deal.objects.exists()
    assert client_as("director").post(url, data).status_code == 302
    deal = Deal.objects.get()
    assert sorted(s.amount for s in deal.shares.all()) == [Decimal("960.00"), Decimal("1040.00")]


def test_edit_box_writes_amounts_the_way_the_language_does(make_event, client_as):
    """Under pt-BR the box showed "1 28410.00" beside a hint asking for "850,00"; English showed the comma."""
    event = make_event(entries=100, alive=40)
    client_as("director").post(reverse("payouts:edit", args=[event.slug]),
                               {"t-table": "1 4000,50\n2 2000\n3-5 1.000\n6-10 199,90"})
    pt = client_as("director").get(reverse("payouts:table", args=[event.slug]),
                                   HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "1 4.000,50\n2 2.000,00\n3-5 1.000,00\n6-10 199,90" in pt
    assert "“19-27 850,00”" in pt
    en = client_as("director").get(reverse("payouts:table", args=[event.slug]), **EN).content.decode()
    assert "1 4000.50\n2 2000.00\n3-5 1000.00\n6-10 199.90" in en
    assert "“19-27 850.00”" in en
    # What the box shows saves back unchanged, in either language.
    for text in ("1 4.000,50\n2 2.000,00\n3-5 1.000,00\n6-10 199,90", "1 4000.50\n2 2000.00\n3-5 1000.00\n6-10 199.90"):
        response = client_as("director").post(reverse("payouts:edit", args=[event.slug]), {"t-table": text})
        assert response.status_code == 302
        assert event_payout_amounts(event=event) == [Decimal(x) for x in
                                                     ["4000.50", "2000"] + ["1000"] * 3 + ["199.90"] * 5]
