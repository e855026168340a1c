from decimal import Decimal

import pytest

from tdconsole.audit.models import AuditEntry
from tdconsole.payouts import calc, services
from tdconsole.payouts.exceptions import DealError, PayoutTableInvalid, PayoutTableLocked
from tdconsole.payouts.models import Deal, PayoutTable
from tdconsole.payouts.selectors import event_awards, event_payout_amounts, event_prize_summary
from tdconsole.tournaments.models import Entry

pytestmark = pytest.mark.django_db


def audits(action):
    return AuditEntry.entries.filter(action=action)


def test_generate_builds_the_table_from_the_pool_and_audits_it(make_event, director):
    event = make_event(entries=200, alive=100)
    table = services.payout_table_generate(event=event, actor=director)
    amounts = event_payout_amounts(event=event)
    assert table.prize_pool == Decimal("20000.00")
    assert amounts == calc.payout_table(entries=200, prize_pool=Decimal("20000"), buy_in=Decimal("110"))
    assert audits("payouts.table_generate").count() == 1


def test_settings_change_the_generated_table(make_event, director):
    event = make_event(entries=200, alive=100)
    services.prize_settings_update(event=event, actor=director, percent_paid=Decimal("10"), rounding=Decimal("50"))
    services.payout_table_generate(event=event, actor=director)
    amounts = event_payout_amounts(event=event)
    assert len(amounts) == 20
    assert all(a % 50 == 0 for a in amounts)


def test_edited_table_that_does_not_add_up_is_refused(make_event, director):
    event = make_event(entries=20, alive=10)
    with pytest.raises(PayoutTableInvalid) as err:
        services.payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("900")], actor=director)
    assert err.value.problems == ["total"]
    assert not PayoutTable.objects.filter(event=event).exists()


def test_edited_table_that_increases_is_refused(make_event, director):
    event = make_event(entries=20, alive=10)
    with pytest.raises(PayoutTableInvalid) as err:
        services.payout_table_save(event=event, amounts=[Decimal("800"), Decimal("1200")], actor=director)
    assert "increasing" in err.value.problems


def test_edited_table_that_adds_up_is_stored_and_audited(make_event, director):
    event = make_event(entries=20, alive=10)
    services.payout_table_save(event=event, amounts=[Decimal("1100"), Decimal("600"), Decimal("300")], actor=director)
    assert event_payout_amounts(event=event) == [Decimal("1100"), Decimal("600"), Decimal("300")]
    assert PayoutTable.objects.get(event=event).source == PayoutTable.Source.EDITED
    assert audits("payouts.table_edit").count() == 1


def test_table_is_locked_once_the_money_is_reached(make_event, director):
    event = make_event(entries=20, alive=3)
    services.payout_table_save(event=event, amounts=[Decimal("1100"), Decimal("600"), Decimal("300")], actor=director)
    with pytest.raises(PayoutTableLocked):
        services.payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("700"), Decimal("300")],
                                   actor=director)
    with pytest.raises(PayoutTableLocked):
        services.payout_table_generate(event=event, actor=director)


def test_explicit_lock_freezes_the_table_before_the_money(make_event, director):
    event = make_event(entries=20, alive=10)
    services.payout_table_generate(event=event, actor=director)
    services.payout_table_lock(event=event, actor=director)
    with pytest.raises(PayoutTableLocked):
        services.payout_table_generate(event=event, actor=director)


def test_addons_raise_the_pool(make_event, director):
    from tdconsole.cashier.exceptions import PurchaseRefused
    from tests.factories import addons_at_desk, sell_at_desk

    event = make_event(entries=20, alive=10)
    sold = addons_at_desk(event, 7, prize=Decimal("50"), chips=10000, actor=director)
    summary = event_prize_summary(event=event)
    assert summary["prize_pool"] == Decimal("2350.00")
    assert summary["extra_chips"] == 70000
    with pytest.raises(PurchaseRefused):  # the same player twice: one add-on each
        sell_at_desk(event, sold[0].entry, "addon", level=1, on_break=True)
    assert event_prize_summary(event=event)["prize_pool"] == Decimal("2350.00")


def deal_event(make_event, director):
    event = make_event(entries=20, alive=3)
    services.payout_table_save(event=event, amounts=[Decimal("1000"), Decimal("600"), Decimal("400")],
                               actor=director)
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    stacks = dict(zip([e.pk for e in alive], [200_000, 120_000, 80_000], strict=True))
    return event, alive, stacks


def test_icm_deal_is_recorded_with_both_calculations(make_event, director):
    event, alive, stacks = deal_event(make_event, director)
    deal = services.deal_record(event=event, stacks=stacks, method="icm", actor=director)
    shares = {s.entry_id: s for s in deal.shares.all()}
    expected = calc.icm_equities([200_000, 120_000, 80_000], [Decimal(1000), Decimal(600), Decimal(400)])
    assert [shares[e.pk].amount for e in alive] == expected
    assert [shares[e.pk].chip_chop_amount for e in alive] == calc.chip_chop(
        [200_000, 120_000, 80_000], [Decimal(1000), Decimal(600), Decimal(400)]
    )
    assert audits("payouts.deal").count() == 1


def test_custom_deal_must_share_exactly_the_money_on_the_table(make_event, director):
    event, alive, stacks = deal_event(make_event, director)
    wrong = {e.pk: Decimal("600") for e in alive}
    with pytest.raises(DealError):
        services.deal_record(event=event, stacks=stacks, method="custom", amounts=wrong, actor=director)
    right = dict(zip([e.pk for e in alive], [Decimal("850"), Decimal("600"), Decimal("450")], strict=True))
    deal = services.deal_record(event=event, stacks=stacks, method="custom", amounts=right, actor=director,
                                left_to_play=Decimal("100"))
    assert deal.distributed == Decimal("1900")


def test_deal_must_include_every_player_left(make_event, director):
    event, alive, stacks = deal_event(make_event, director)
    stacks.pop(alive[0].pk)
    with pytest.raises(DealError):
        services.deal_record(event=event, stacks=stacks, method="icm", actor=director)
    assert not Deal.objects.exists()


def test_deal_amounts_replace_the_table_and_the_winner_takes_what_was_left(make_event, director):
    event, alive, stacks = deal_event(make_event, director)
    right = dict(zip([e.pk for e in alive], [Decimal("850"), Decimal("600"), Decimal("450")], strict=True))
    services.deal_record(event=event, stacks=stacks, method="custom", amounts=right, actor=director,
                         left_to_play=Decimal("100"))
    # The play-off: the third player wins it.
    for place, entry in zip((2, 3, 1), alive, strict=True):
        Entry.objects.filter(pk=entry.pk).update(place=place)
    awards = {a.entry.pk: a.amount for a in event_awards(event=event)}
    assert awards[alive[2].pk] == Decimal("550")
    assert awards[alive[0].pk] == Decimal("850")
    assert awards[alive[1].pk] == Decimal("600")
