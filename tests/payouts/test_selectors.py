from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tdconsole.cashier.selectors import extra_chips
from tdconsole.payouts import calc
from tdconsole.payouts.models import PayoutPlace, PayoutTable
from tdconsole.payouts.selectors import deal_preview, deal_prizes, event_awards, event_prize_summary
from tests.factories import addons_at_desk, make_money_rules, sell_at_desk

pytestmark = pytest.mark.django_db


def give_table(event, amounts):
    pool = sum(Decimal(a) for a in amounts)
    table = PayoutTable.objects.create(event=event, prize_pool=pool, entries=event.entries.count())
    PayoutPlace.objects.bulk_create(
        [PayoutPlace(table=table, place=i, amount=Decimal(a)) for i, a in enumerate(amounts, start=1)]
    )
    return table


def test_add_on_chips_sold_are_the_add_ons_times_their_chips(make_event):
    event = make_event(entries=10)
    assert extra_chips(event=event) == 0  # no money rules, nothing sold yet
    addons_at_desk(event, 3, chips=5000)
    assert extra_chips(event=event) == 15000
    assert event_prize_summary(event=event)["extra_chips"] == 15000


def test_prize_pool_is_entries_times_prize_share_plus_addons(make_event):
    event = make_event(entries=40)
    addons_at_desk(event, 12, prize=Decimal("50"))
    summary = event_prize_summary(event=event)
    assert summary["prize_pool"] == Decimal("4600.00")
    assert summary["overlay"] == Decimal("0")
    assert (summary["addons"], summary["rebuys"]) == (12, 0)


def test_prize_pool_adds_rebuys_and_counts_a_double_as_two(make_event):
    event = make_event(entries=10)
    make_money_rules(event, rebuy_until_level=4, rebuy_prize=Decimal("80"), rebuy_fee=Decimal("8"),
                     rebuy_chips=20000, double_rebuy=True)
    first, second = event.entries.order_by("number")[:2]
    sell_at_desk(event, first, "rebuy")
    sell_at_desk(event, second, "double")
    summary = event_prize_summary(event=event)
    assert summary["prize_pool"] == Decimal("1000.00") + 3 * Decimal("80")  # the fees stay out
    assert summary["rebuys"] == 3
    assert summary["extra_chips"] == 60000
    assert summary["field"]["total_chips"] == 10 * 20000 + 60000


def test_staff_percent_comes_off_the_pool_rounded_once_half_up(make_event):
    event = make_event(entries=7, buy_in_prize=Decimal("33.35"))
    make_money_rules(event, staff_percent=Decimal("3"))
    summary = event_prize_summary(event=event)
    # 7 x 33.35 = 233.45; 3% = 7.0035 -> 7.00; the pool is what is left.
    assert summary["collected"] == Decimal("233.45")
    assert summary["staff_deduction"] == Decimal("7.00")
    assert summary["prize_pool"] == Decimal("226.45")


def test_staff_percent_rounds_half_up_at_the_cent(make_event):
    event = make_event(entries=1, buy_in_prize=Decimal("50.50"))
    make_money_rules(event, staff_percent=Decimal("5"))
    # 5% of 50.50 = 2.525 -> 2.53 (half up), never 2.52.
    assert event_prize_summary(event=event)["staff_deduction"] == Decimal("2.53")


def test_guarantee_raises_what_is_left_after_the_staff_share(make_event):
    event = make_event(entries=30, guarantee=Decimal("3000"))
    make_money_rules(event, staff_percent=Decimal("10"))
    summary = event_prize_summary(event=event)
    assert summary["staff_deduction"] == Decimal("300.00")
    assert summary["overlay"] == Decimal("300.00")
    assert summary["prize_pool"] == Decimal("3000.00")


def test_voided_sales_leave_the_pool_and_the_chips(make_event):
    from tdconsole.cashier.purchases import purchase_void

    event = make_event(entries=10)
    sold = addons_at_desk(event, 2, prize=Decimal("50"), chips=5000)
    purchase_void(event=event, purchase_id=sold[0].pk, reason="sold to the wrong seat", actor=None)
    summary = event_prize_summary(event=event)
    assert summary["prize_pool"] == Decimal("1050.00")
    assert (summary["addons"], summary["extra_chips"]) == (1, 5000)


def test_guarantee_above_collected_money_shows_overlay(make_event):
    event = make_event(entries=30, guarantee=Decimal("5000"))
    summary = event_prize_summary(event=event)
    assert summary["collected"] == Decimal("3000")
    assert summary["prize_pool"] == Decimal("5000.00")
    assert summary["overlay"] == Decimal("2000")


def test_default_rule_pays_fifteen_percent_of_entries(make_event):
    summary = event_prize_summary(event=make_event(entries=100))
    assert summary["places_paid"] == 15
    assert summary["has_table"] is False


def test_places_paid_come_from_the_event_table_when_it_has_one(make_event):
    event = make_event(entries=100)
    give_table(event, ["5000", "3000", "2000"])
    assert event_prize_summary(event=event)["places_paid"] == 3


def test_bubble_when_next_elimination_finishes_out_of_the_money(make_event):
    event = make_event(entries=20, alive=4)
    give_table(event, ["1000", "600", "400"])
    summary = event_prize_summary(event=event)
    assert summary["bubble"] is True
    assert summary["in_the_money"] is False
    assert summary["next_pay_jump"] == Decimal("400")
    assert summary["next_pay_jump_place"] == 3
    assert summary["table_locked"] is False


def test_far_from_the_money_is_neither_bubble_nor_in_the_money(make_event):
    event = make_event(entries=20, alive=9)
    give_table(event, ["1000", "600", "400"])
    summary = event_prize_summary(event=event)
    assert (summary["bubble"], summary["in_the_money"]) == (False, False)


def test_in_the_money_reports_next_payout_and_the_jump_above_it(make_event):
    event = make_event(entries=20, alive=3)
    give_table(event, ["1000", "600", "400"])
    summary = event_prize_summary(event=event)
    assert summary["in_the_money"] is True
    assert summary["bubble"] is False
    assert summary["next_payout"] == Decimal("400")
    assert summary["next_pay_jump"] == Decimal("200")
    assert summary["next_pay_jump_place"] == 2
    assert summary["table_locked"] is True


def test_pay_jump_skips_places_inside_a_band(make_event):
    event = make_event(entries=40, alive=5)
    give_table(event, ["900", "500", "300", "100", "100", "100"])
    summary = event_prize_summary(event=event)
    assert summary["next_payout"] == Decimal("100")
    assert summary["next_pay_jump"] == Decimal("200")
    assert summary["next_pay_jump_place"] == 3


def test_without_table_the_jump_follows_the_generated_table(make_event):
    event = make_event(entries=100, alive=3)
    amounts = calc.payout_table(entries=100, prize_pool=Decimal("10000"), buy_in=Decimal("110"))
    summary = event_prize_summary(event=event)
    assert summary["next_payout"] == amounts[2]
    assert summary["next_pay_jump"] == amounts[1] - amounts[2]


def test_finished_event_has_no_next_jump(make_event):
    event = make_event(entries=20, alive=1)
    give_table(event, ["1000", "600", "400"])
    summary = event_prize_summary(event=event)
    assert summary["next_pay_jump"] is None
    assert summary["next_payout"] is None


@pytest.mark.parametrize("with_table", [False, True])
def test_summary_query_count_does_not_grow_with_the_field(make_event, with_table):
    counts = []
    for entries in (10, 600):
        places = calc.places_paid_for(entries)
        event = make_event(entries=entries, alive=places)
        if with_table:
            give_table(event, [str(100 * (places - i)) for i in range(places)])
        with CaptureQueriesContext(connection) as ctx:
            event_prize_summary(event=event)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
    assert counts[0] <= 6


def test_tied_players_share_the_places_they_cover(make_event):
    event = make_event(entries=10, alive=2)
    give_table(event, ["500", "300", "150.01", "50"])
    from tdconsole.tournaments.models import Bust, Elimination, Entry

    # Entries 3 and 4 bust in the same hand and tie for third; entry 4 started it with more chips.
    hand = Elimination.objects.create(event=event, sequence=1, group=1, table_number=1)
    for number, stack in ((3, 1000), (4, 5000)):
        entry = Entry.objects.get(event=event, number=number)
        Bust.objects.create(elimination=hand, entry=entry, seat=number, starting_stack=stack)
        Entry.objects.filter(pk=entry.pk).update(place=3)
    awards = {a.entry.number: a for a in event_awards(event=event)}
    assert awards[4].amount == Decimal("100.01")
    assert awards[3].amount == Decimal("100.00")
    assert awards[3].tied_with == 2
    assert awards[5].amount == Decimal("0.00")


def test_deal_preview_lists_the_players_left_by_chips_with_the_places_they_play_for(make_event):
    from tdconsole.tournaments.models import Entry

    event = make_event(entries=10, alive=3)
    give_table(event, ["500", "300", "150", "50"])
    alive = list(Entry.objects.filter(event=event, status="alive").order_by("number"))
    Entry.objects.filter(pk=alive[2].pk).update(chips=90000)
    preview = deal_preview(event=event)
    assert [e.pk for e in preview.alive] == [alive[2].pk, alive[0].pk, alive[1].pk]
    assert preview.prizes == [Decimal("500"), Decimal("300"), Decimal("150")]
    assert preview.deal is None and preview.can_calculate and not preview.too_many
    offer = preview.offer({alive[2].pk: 90000, alive[0].pk: 20000, alive[1].pk: 20000}, Decimal("0"))
    assert sum(offer.icm) == sum(offer.chip_chop) == Decimal("950")
    assert offer.icm[0] == max(offer.icm)


def test_deal_prizes_past_the_places_paid_are_nothing(make_event):
    event = make_event(entries=10, alive=4)
    give_table(event, ["700", "300"])
    assert deal_prizes(event=event, players=4) == [Decimal("700"), Decimal("300"), Decimal("0"), Decimal("0")]


def test_the_deal_calculator_cannot_calculate_for_one_player_or_too_many(make_event):
    assert not deal_preview(event=make_event(entries=5, alive=1)).can_calculate
    many = deal_preview(event=make_event(entries=calc.MAX_ICM_PLAYERS + 1))
    assert many.too_many and not many.can_calculate
