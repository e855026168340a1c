"""A player's history across festivals (desk_pages.history and its pages): the same person found by
document or by name and nickname, every entry and re-entry, places, prizes to the cent, totals."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tdconsole.desk_pages.history import player_history
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.tournaments.models import Entry, Player
from tdconsole.tournaments.names import search_key
from tests.factories import make_event, make_festival

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def player(festival, name, nickname="", document=""):
    return Player.objects.create(festival=festival, name=name, nickname=nickname, document=document,
                                 search_name=search_key(name), search_nickname=search_key(nickname))


def paid(event, *amounts):
    table = PayoutTable.objects.create(event=event, prize_pool=sum(amounts), entries=10)
    PayoutPlace.objects.bulk_create([PayoutPlace(table=table, place=i, amount=a) for i, a in enumerate(amounts, 1)])


def entry(event, who, number, *, attempt=1, place=None):
    return Entry.objects.create(event=event, player=who, number=number, attempt=attempt, place=place,
                                status=Entry.Status.BUSTED if place and place > 1 else Entry.Status.ALIVE
                                if place is None else Entry.Status.ALIVE)


@pytest.fixture
def two_festivals():
    spring, autumn = make_festival("spring"), make_festival("autumn")
    e1 = make_event("spring-main", festival=spring, date=datetime.date(2026, 4, 10))
    e2 = make_event("spring-turbo", festival=spring, date=datetime.date(2026, 4, 11))
    e3 = make_event("autumn-main", festival=autumn, date=datetime.date(2026, 10, 3))
    for e in (e1, e2, e3):
        paid(e, Decimal("1000.00"), Decimal("600.50"), Decimal("300.25"))
    return spring, autumn, e1, e2, e3


def test_the_same_cpf_in_two_festivals_is_one_history_with_every_entry_and_prize(two_festivals):
    spring, autumn, e1, e2, e3 = two_festivals
    ana = player(spring, "Ana Souza", document="529.982.247-25")
    ana_later = player(autumn, "Ana S. Souza", document="529.982.247-25")  # a name typed otherwise: same CPF
    other = player(spring, "Bia")
    entry(e1, ana, 1, place=None)
    Entry.objects.filter(event=e1, player=ana).update(status=Entry.Status.BUSTED)
    entry(e1, ana, 2, attempt=2, place=2)   # a re-entry that cashed second
    entry(e1, other, 3, place=1)
    entry(e2, ana, 1)                       # still playing
    entry(e3, ana_later, 1, place=3)
    history = player_history(player=ana)
    assert {p.pk for p in history.registrations} == {ana.pk, ana_later.pk}
    assert [line.event.slug for line in history.lines] == ["autumn-main", "spring-turbo", "spring-main"]
    by_event = {line.event.slug: line for line in history.lines}
    assert by_event["spring-main"].place == 2 and by_event["spring-main"].reentries == 1
    assert by_event["spring-main"].prize == Decimal("600.50")
    assert by_event["spring-turbo"].place is None and by_event["spring-turbo"].alive
    assert by_event["autumn-main"].prize == Decimal("300.25")
    assert (history.events, history.entries, history.cashes, history.wins, history.festivals) == (3, 4, 2, 0, 2)
    assert history.prizes == [("BRL", Decimal("900.75"))]
    # From the later registration, the same history.
    assert [line.event.slug for line in player_history(player=ana_later).lines] == [
        "autumn-main", "spring-turbo", "spring-main"]


def test_a_namesake_with_another_document_is_another_person(two_festivals):
    spring, autumn, e1, _e2, e3 = two_festivals
    joao = player(spring, "João Silva", document="529.982.247-25")
    namesake = player(autumn, "Joao Silva", document="111.444.777-35")
    undocumented = player(autumn, "JOÃO SILVA")  # no document: the same name and nickname count as the same
    entry(e1, joao, 1, place=1)
    entry(e3, namesake, 1, place=1)
    assert {p.pk for p in player_history(player=joao).registrations} == {joao.pk, undocumented.pk}
    assert player_history(player=namesake).prizes == [("BRL", Decimal("1000.00"))]
    assert player_history(player=joao).wins == 1
    nicknamed = player(autumn, "João Silva", nickname="Jota")
    assert {p.pk for p in player_history(player=nicknamed).registrations} == {nicknamed.pk}


def test_the_queries_do_not_grow_with_the_field(two_festivals, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    spring, _autumn, e1, e2, _e3 = two_festivals
    ana = player(spring, "Ana")
    entry(e1, ana, 1, place=2)
    entry(e2, ana, 1, place=1)
    with CaptureQueriesContext(connection) as small:
        player_history(player=ana)
    for event in (e1, e2):
        Entry.objects.bulk_create([Entry(event=event, player=player(spring, f"P{event.pk}-{i}"), number=10 + i,
                                         place=3 + i, status=Entry.Status.BUSTED) for i in range(60)])
    with CaptureQueriesContext(connection) as big:
        player_history(player=ana)
    assert len(big.captured_queries) == len(small.captured_queries)


def test_staff_find_a_player_in_any_festival_by_a_bare_cpf_and_open_the_history(two_festivals, client_as):
    spring, autumn, e1, _e2, e3 = two_festivals
    ana = player(spring, "Ana Souza", document="529.982.247-25")
    entry(e1, ana, 1, place=1)
    player(autumn, "Zé Carlos", nickname="Zezinho")
    clerk = client_as("registration")
    page = clerk.get(reverse("tournaments:players_search"), {"q": "52998224725"}).content.decode()
    assert "Ana Souza" in page and "Zé Carlos" not in page
    page = clerk.get(reverse("tournaments:players_search"), {"q": "zezinho"}).content.decode()
    assert "Zé Carlos" in page and "Test festival" in page
    page = clerk.get(reverse("tournaments:players_search"), {"q": "ze carlos"}).content.decode()
    assert "Zé Carlos" in page
    history = clerk.get(reverse("tournaments:player_history", args=[ana.pk]))
    assert history.status_code == 200
    html = history.content.decode()
    assert 'data-testid="history-spring-main"' in html and "R$\xa01.000,00" in html  # pt-BR, the default
    assert clerk.get(reverse("tournaments:player_history", args=[999999])).status_code == 404
    assert client_as("viewer").get(reverse("tournaments:player_history", args=[ana.pk])).status_code == 403
