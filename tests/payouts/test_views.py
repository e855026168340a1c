import re
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.payouts import services
from tdconsole.payouts.models import Deal, PayoutTable
from tdconsole.payouts.selectors import event_payout_amounts
from tdconsole.tournaments.models import Entry

from .conftest import chips_typed

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


def test_deal_calculator_shows_icm_and_chip_chop(three_left, client_as):
    event, alive = three_left
    data = chips_typed(alive, ["50.000", "30,000", "20000"]) | {"do": "calculate"}
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
    data = chips_typed(alive, ["60000", "40000"])
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


def test_public_payouts_write_places_in_the_readers_language(make_event, client, director):
    event = make_event(entries=10, alive=1)
    services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("400")], actor=director)
    Entry.objects.filter(event=event, number=1).update(place=1)
    Entry.objects.filter(event=event, number=2).update(place=2)
    url = reverse("payouts:public", args=[event.slug])
    english = client.get(url, {"k": event.public_token}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<td>1st</td>" in english and "2nd" in english and "º" not in english
    brazilian = client.get(url, {"k": event.public_token}, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "<td>1º</td>" in brazilian and "2º" in brazilian


def big_deal_event(make_event, director, players=26):
    """`players` left and eight places still paid: the deal that took 6 s a request."""
    event = make_event(entries=60, alive=players)
    amounts = [Decimal(x) for x in ("2000", "1400", "900", "600", "400", "300", "250", "150")]
    services.payout_table_save(event=event, amounts=amounts, actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    data = {f"chips-{e.pk}": str(10_000 + 7_919 * i) for i, e in enumerate(alive)}
    return event, alive, data


def test_a_26_player_deal_is_answered_with_approximate_icm_and_says_so(make_event, client_as, director,
                                                                       monkeypatch):
    from tdconsole.payouts import calc

    walked = []
    real_sparse = calc._icm_sparse
    monkeypatch.setattr(calc, "_icm_sparse", lambda stacks, pay, paid: walked.append(
        calc.icm_exact_work(len(stacks), paid)) or real_sparse(stacks, pay, paid))
    event, alive, data = big_deal_event(make_event, director)
    response = client_as("floor").post(reverse("payouts:deal", args=[event.slug]), data | {"do": "calculate"},
                                       HTTP_HX_REQUEST="true", **EN)
    page = response.content.decode()
    assert response.status_code == 200
    assert all(work <= calc.EXACT_WORK_LIMIT for work in walked)
    assert 'data-testid="icm-approximate"' in page
    assert "within R$0.01 of exact ICM" in page
    amounts = [Decimal(x.replace(",", "")) for x in re.findall(r'data-testid="icm-\d+">R\$([\d,.]+)<', page)]
    assert len(amounts) == 26
    assert sum(amounts) == Decimal("6000")


def test_a_small_deal_is_exact_and_says_nothing_about_approximation(three_left, client_as):
    event, alive = three_left
    data = chips_typed(alive, ["50000", "30000", "20000"])
    page = client_as("floor").post(reverse("payouts:deal", args=[event.slug]), data | {"do": "calculate"},
                                   HTTP_HX_REQUEST="true").content.decode()
    assert "R$\xa0767,86" in page
    assert 'data-testid="icm-approximate"' not in page


def test_the_director_records_a_26_player_deal_by_approximate_icm(make_event, client_as, director):
    event, alive, data = big_deal_event(make_event, director)
    response = client_as("director").post(reverse("payouts:deal", args=[event.slug]),
                                          data | {"do": "record", "method": "icm"})
    assert response.status_code == 302
    deal = Deal.objects.get(event=event)
    assert sum(s.amount for s in deal.shares.all()) == Decimal("6000")
    from tdconsole.audit.models import AuditEntry

    assert AuditEntry.entries.get(action="payouts.deal").after["icm"] == "approximate"


def test_more_players_than_the_calculator_takes_get_a_message_not_a_computation(make_event, client_as, director):
    from tdconsole.payouts import calc

    event = make_event(entries=200, alive=calc.MAX_ICM_PLAYERS + 1)
    services.payout_table_generate(event=event, actor=director)
    url = reverse("payouts:deal", args=[event.slug])
    page = client_as("floor").get(url, **EN).content.decode()
    assert 'data-testid="deal-too-many"' in page
    assert f"at most {calc.MAX_ICM_PLAYERS} players" in page
    assert 'data-testid="deal-form"' not in page
    alive = Entry.objects.filter(event=event, status="alive")
    response = client_as("director").post(url, {f"chips-{e.pk}": "1000" for e in alive} | {
        "do": "record", "method": "chip_chop"})
    assert response.status_code == 400
    assert not Deal.objects.filter(event=event).exists()


def test_a_refused_calculation_answers_400_with_the_reasons_in_the_results(three_left, client_as):
    event, alive = three_left
    data = chips_typed(alive, ["50000", "NaN", "20000"])
    response = client_as("floor").post(reverse("payouts:deal", args=[event.slug]), data | {"left_to_play": "500"},
                                       HTTP_HX_REQUEST="true", **EN)
    page = response.content.decode()
    assert response.status_code == 400
    assert 'id="deal-results"' in page and "<html" not in page
    assert f"Enter the chips of {alive[1].player.name}." in page
    # What was typed stays in the field, to be corrected where it is.
    full = client_as("floor").post(reverse("payouts:deal", args=[event.slug]), data, **EN).content.decode()
    assert 'value="NaN"' in full


def test_refused_table_actions_answer_4xx_with_the_message(make_event, client_as, director):
    from tdconsole.audit.models import AuditEntry

    empty = make_event(entries=0)
    response = client_as("director").post(reverse("payouts:generate", args=[empty.slug]), **EN)
    assert response.status_code == 400
    assert "no prize pool to share yet" in response.content.decode()
    response = client_as("director").post(reverse("payouts:lock", args=[empty.slug]), **EN)
    assert response.status_code == 400
    assert "Generate or enter a payout table first" in response.content.decode()

    event = make_event(entries=20, alive=3)
    services.payout_table_save(event=event, amounts=[Decimal("1100"), Decimal("600"), Decimal("300")],
                               actor=director)
    before = AuditEntry.entries.count()
    response = client_as("director").post(reverse("payouts:generate", args=[event.slug]), **EN)
    assert response.status_code == 409
    assert "can no longer change" in response.content.decode()
    assert AuditEntry.entries.count() == before


@pytest.mark.usefixtures("in_english")
def test_refused_add_ons_record_nothing_and_the_table_page_counts_the_ones_sold(make_event, client_as, director):
    """Add-ons are sold per player at the cash desk now: a refused sale changes nothing the prize desk shows."""
    from tdconsole.cashier.exceptions import PurchaseRefused
    from tdconsole.cashier.models import Purchase
    from tests.factories import make_money_rules, sell_at_desk

    event = make_event(entries=20, alive=10)
    make_money_rules(event, addon_break_after_level=2, addon_prize=Decimal("50"), addon_chips=10000)
    first, second, third = Entry.objects.filter(event=event, status="alive").order_by("number")[:3]
    with pytest.raises(PurchaseRefused, match="only at the break after level 2"):
        sell_at_desk(event, first, "addon", level=2, on_break=False)
    busted = Entry.objects.filter(event=event, status="busted").first()
    with pytest.raises(PurchaseRefused, match="out of the event"):
        sell_at_desk(event, busted, "addon", level=2, on_break=True)
    assert not Purchase.objects.filter(event=event).exists()
    page = client_as("director").get(reverse("payouts:table", args=[event.slug]), **EN).content.decode()
    assert 'data-testid="addons"' not in page
    for entry in (first, second, third):
        sell_at_desk(event, entry, "addon", level=2, on_break=True)
    page = client_as("director").get(reverse("payouts:table", args=[event.slug]), **EN).content.decode()
    assert re.search(r'data-testid="addons">3<', page)
    assert "R$2,150.00" in page  # 20 x 100 + 3 x 50
