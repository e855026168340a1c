"""The cash desk's plain-SQL reads (`cashier/sql.py`) give what the same read through the ORM gives: the
heads, what a player bought, what an entry was paid, the last receipt, the bounty terms, the busts of a hand;
nothing of another event; amounts exact to the cent on SQLite (which sums decimals as floats) and PostgreSQL."""

import random
from decimal import Decimal

import pytest
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from tdconsole.cashier import sql
from tdconsole.cashier.bounties import bounties_award
from tdconsole.cashier.models import BountyAward, MoneyRules, Payout, Purchase
from tdconsole.tournaments.eliminations import SeatBust, entries_eliminate
from tdconsole.tournaments.models import Entry, Event
from tests import factories

pytestmark = pytest.mark.django_db

D = Decimal


def night(slug="sql", names=("Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio"), **rules):
    event = factories.make_event(slug, status=Event.Status.RUNNING, registration_closed_at=timezone.now())
    players = factories.make_players(event.festival, [f"{n} {slug}" for n in names])
    Entry.objects.bulk_create([Entry(event=event, player=p, number=i + 1) for i, p in enumerate(players)])
    factories.seat_field(event, 9)
    MoneyRules.objects.create(event=event, **({"bounty_kind": "pko", "bounty": D("25.35"), "pko_cash_percent": D("50"),
                                               "bounty_unit": D("0.05")} | rules))
    return event, list(Entry.objects.select_related("player", "table").filter(event=event).order_by("number"))


def orm_heads(event, ids):
    paid = dict(Purchase.objects.filter(event=event, entry_id__in=ids, voided_at__isnull=True).order_by()
                .values("entry_id").annotate(s=Sum("bounty")).values_list("entry_id", "s"))
    won = dict(BountyAward.objects.filter(event=event, eliminator_id__in=ids).order_by()
               .values("eliminator_id").annotate(s=Sum("head")).values_list("eliminator_id", "s"))
    return {pk: (paid.get(pk) or D(0)) + (won.get(pk) or D(0)) for pk in ids}


def test_sums_of_cents_come_back_exact():
    """SQLite adds decimal columns as floats: hundreds of odd cents summed give back the exact Decimal sum."""
    event, entries = night()
    rng = random.Random(7)
    amounts = [D(rng.randrange(1, 10**9)) / 100 for _ in range(300)]
    for amount in amounts:
        factories.make_purchase(entries[0], kind="rebuy", bounty=amount)
    factories.make_purchase(entries[1], kind="rebuy", bounty="0.10")
    factories.make_purchase(entries[1], kind="rebuy", bounty="0.20")
    found = sql.entries_with_heads(event_id=event.pk, entry_ids=[entries[0].pk, entries[1].pk])
    assert found[entries[0].pk][1] == sum(amounts, D(0))
    assert found[entries[1].pk][1] == D("0.30") and str(found[entries[1].pk][1]) == "0.30"
    assert sql.money_of(None) == D("0.00") and sql.money_of(0.1 + 0.2) == D("0.30") and sql.money_of(7) == D("7.00")
    assert sql.decimal_of(12.5) == D("12.5") and sql.decimal_of(None) is None


def test_heads_match_the_orm_after_knockouts_and_voids(in_english):
    event, entries = night()
    other, other_entries = night("other")
    for e in entries + other_entries:
        factories.make_purchase(e, bounty="25.35")
    factories.make_purchase(entries[2], kind="rebuy", bounty="25.35")
    factories.make_purchase(entries[3], kind="rebuy", bounty="9.99", voided_at=timezone.now(), void_reason="typo")
    by_seat = {e.seat: e for e in entries}
    first = entries[0]
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=first.table.number, actor=None, level_position=None,
                                 busts=[SeatBust(seat=first.seat, entry_id=first.pk)])
        bounties_award(event=event, elimination=done, eliminators={first.pk: [entries[2].pk, entries[4].pk]},
                       actor=None)
    ids = [e.pk for e in entries]
    found = sql.entries_with_heads(event_id=event.pk, entry_ids=ids + [other_entries[0].pk])
    assert set(found) == set(ids)  # the other event's entry is not read
    assert {pk: head for pk, (_entry, head) in found.items()} == orm_heads(event, ids)
    assert found[entries[2].pk][1] > D("50.70")  # two buy-ins' bounties and a share of Ana's head
    entry, _head = found[entries[3].pk]
    assert (entry.number, entry.status, entry.player.name, entry.event_id) == (4, "alive", "Davi sql", event.pk)
    assert str(entry) == str(Entry.objects.select_related("player").get(pk=entry.pk))
    assert found[first.pk][0].status == Entry.Status.BUSTED
    assert by_seat  # the field was seated
    # More ids than one statement takes: the same answer.
    many = sql.entries_with_heads(event_id=event.pk, entry_ids=ids + list(range(10**6, 10**6 + sql.CHUNK)))
    assert {pk: head for pk, (_e, head) in many.items()} == orm_heads(event, ids)


def test_busts_of_a_hand_by_seat_and_never_another_events(in_english):
    event, entries = night()
    other, _other_entries = night("other")
    table = entries[0].table.number
    out = sorted(entries[:3], key=lambda e: -e.seat)
    with transaction.atomic():
        done = entries_eliminate(event=event, table_number=table, actor=None, level_position=None,
                                 busts=[SeatBust(seat=e.seat, starting_stack=100 * (i + 1), entry_id=e.pk)
                                        for i, e in enumerate(out)])
        bounties_award(event=event, elimination=done, eliminators={e.pk: [] for e in out}, actor=None)
    found = sql.busts_of(event_id=event.pk, elimination_id=done.pk)
    expected = [(b.pk, b.entry_id) for b in done.busts.order_by("seat")]
    assert found == expected and len(found) == 3
    assert sql.busts_of(event_id=other.pk, elimination_id=done.pk) == []


def test_the_event_lock_reads_the_money_rules_in_the_same_statement():
    event, _entries = night(pko_cash_percent=D("37.50"), bounty_unit=D("2.50"), bounty_split="first")
    with transaction.atomic():
        locked, rules = sql.event_lock_with_rules(event_id=event.pk)
    assert (locked.pk, locked.currency) == (event.pk, event.currency)
    assert (rules.bounty_kind, rules.pko_cash_percent, rules.bounty_unit, rules.bounty_split) == (
        "pko", D("37.50"), D("2.50"), "first")
    assert rules.bounty_kind != MoneyRules.BountyKind.NONE
    MoneyRules.objects.filter(event=event).delete()
    defaults = MoneyRules()
    with transaction.atomic():
        _locked, bare = sql.event_lock_with_rules(event_id=event.pk)
        assert bare.bounty_kind == defaults.bounty_kind == MoneyRules.BountyKind.NONE and bare.pk is None
        with pytest.raises(Event.DoesNotExist):
            sql.event_lock_with_rules(event_id=event.pk + 1000)


def test_what_an_entry_was_paid_of_one_kind():
    event, entries = night()
    other, other_entries = night("other")
    ana, bruno = entries[0], entries[1]
    Payout.objects.create(event=event, entry=ana, kind="prize", amount=D("100.05"), method="cash")
    Payout.objects.create(event=event, entry=ana, kind="prize", amount=D("0.10"), method="pix")
    Payout.objects.create(event=event, entry=ana, kind="prize", amount=D("50"), method="cash", voided_at=timezone.now(),
                          void_reason="twice")
    Payout.objects.create(event=event, entry=ana, kind="bounty", amount=D("12.65"), method="cash")
    with transaction.atomic():
        entry, paid = sql.entry_lock_with_paid(event_id=event.pk, entry_id=ana.pk, kind="prize")
        assert paid == D("100.15") and (entry.pk, entry.number, entry.player.name) == (ana.pk, 1, ana.player.name)
        assert sql.entry_lock_with_paid(event_id=event.pk, entry_id=ana.pk, kind="bounty")[1] == D("12.65")
        assert sql.entry_lock_with_paid(event_id=event.pk, entry_id=bruno.pk, kind="prize")[1] == D("0.00")
        assert sql.entry_lock_with_paid(event_id=other.pk, entry_id=ana.pk, kind="prize") is None
        assert sql.entry_lock_with_paid(event_id=event.pk, entry_id=other_entries[0].pk, kind="prize") is None


def test_a_sale_reads_the_entry_and_the_players_purchases():
    event, entries = night()
    ana, bruno = entries[0], entries[1]
    Entry.objects.filter(pk=ana.pk).update(chips=12345)
    # Ana's other entry in the same event (busted, as a re-entry's first entry is) and one in another event.
    second = Entry.objects.create(event=event, player=ana.player, number=7, attempt=2, status=Entry.Status.BUSTED)
    other, _other_entries = night("other")
    elsewhere = Entry.objects.create(event=other, player=ana.player, number=9)
    factories.make_purchase(ana, kind="rebuy")
    factories.make_purchase(second, kind="addon")
    factories.make_purchase(second, kind="double")
    factories.make_purchase(ana, kind="rebuy", voided_at=timezone.now(), void_reason="typo")
    factories.make_purchase(elsewhere, kind="rebuy")
    factories.make_purchase(bruno, kind="rebuy")
    with transaction.atomic():
        entry = sql.entry_lock_for_sale(event_id=event.pk, entry_id=ana.pk)
        assert (entry.chips, entry.status, entry.number, entry.player_id, entry.player.name) == (
            12345, "alive", 1, ana.player_id, ana.player.name)
        assert sql.entry_lock_for_sale(event_id=other.pk, entry_id=ana.pk) is None
    kinds = [k.value for k in Purchase.Kind if k not in ("entry", "reentry")]
    found = sorted(sql.purchases_of_player(event_id=event.pk, player_id=ana.player_id, kinds=kinds))
    orm = sorted(Purchase.objects.filter(entry__event=event, entry__player=ana.player, voided_at__isnull=True,
                                         kind__in=kinds).values_list("kind", "entry_id"))
    assert found == orm == sorted([("rebuy", ana.pk), ("addon", second.pk), ("double", second.pk)])
    assert sql.purchases_of_player(event_id=event.pk, player_id=ana.player_id, kinds=["entry"]) == []


def test_the_last_receipt_number_of_the_event():
    event, entries = night()
    other, other_entries = night("other")
    assert sql.last_receipt_number(event_id=event.pk) == 0
    factories.make_purchase(other_entries[0], number=40)
    factories.make_purchase(entries[0], number=3)
    factories.make_purchase(entries[1], number=11)
    factories.make_purchase(entries[2], number=5)
    assert sql.last_receipt_number(event_id=event.pk) == 11
    assert sql.last_receipt_number(event_id=other.pk) == 40
