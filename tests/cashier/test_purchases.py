"""Selling at the cash desk: buy-ins, rebuys, add-ons, staff add-ons and bonus chips, each refused with its
reason when the rules or the player's state do not allow it; voids; receipt numbers."""

from decimal import Decimal

import pytest
from django.utils import timezone, translation

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.exceptions import PurchaseRefused
from tdconsole.cashier.models import Purchase
from tdconsole.cashier.purchases import (
    SOLD_KINDS,
    ClockPoint,
    Parts,
    buy_in_parts,
    entry_cancel_with_purchases,
    purchase_buy_in_record,
    purchase_options,
    purchase_sell,
    purchase_void,
    rebuy_parts,
)
from tdconsole.cashier.rules import money_rules_of
from tdconsole.tournaments.exceptions import RegistrationError
from tdconsole.tournaments.models import Entry, Event
from tests import factories

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]


def sell(event, entry, kind, level=None, on_break=False, method="cash", actor=None):
    return factories.sell_at_desk(event, entry, kind, level=level, on_break=on_break, method=method, actor=actor)


def refusal(event, entry, kind, level=None, on_break=False) -> str:
    with pytest.raises(PurchaseRefused) as refused:
        sell(event, entry, kind, level=level, on_break=on_break)
    return str(refused.value)


def set_stack(entry, chips):
    Entry.objects.filter(pk=entry.pk).update(chips=chips)
    entry.refresh_from_db()


def stack(entry) -> int | None:
    return Entry.objects.get(pk=entry.pk).chips


# --- buy-ins ---------------------------------------------------------------------------------------------------


def test_a_buy_in_is_the_event_price_and_the_starting_stack(ana):
    purchase = ana.purchases.get()
    assert purchase.kind == "entry"
    assert (purchase.prize, purchase.fee, purchase.bounty, purchase.staff, purchase.chips) == (
        Decimal("100.00"), Decimal("10.00"), Decimal("0.00"), Decimal("0.00"), 20000)
    assert (purchase.number, purchase.method, purchase.player_id) == (1, "cash", ana.player_id)
    assert purchase.total == Decimal("110.00")


def test_the_buy_in_carries_the_bounty_of_a_bounty_event(house):
    factories.make_money_rules(house, bounty_kind="pko", bounty=Decimal("50"))
    rules = money_rules_of(event=house)
    assert buy_in_parts(event=house, rules=rules) == Parts(prize=Decimal("100"), fee=Decimal("10"),
                                                         bounty=Decimal("50.00"), chips=20000)
    entry = factories.make_paid_entries(house, ["Caio"], method="pix")[0]
    assert entry.purchases.get().bounty == Decimal("50.00")
    assert entry.purchases.get().total == Decimal("160.00")


def test_a_re_entry_is_recorded_as_such(house, ana, director):
    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.BUSTED)
    again = Entry.objects.create(event=house, player=ana.player, number=2, attempt=2, chips=20000)
    purchase = purchase_buy_in_record(entry=again, method="card", actor=director)
    assert (purchase.kind, purchase.method, purchase.number) == ("reentry", "card", 2)
    assert AuditEntry.entries.filter(action="cashier.buy_in").count() == 2


def test_a_buy_in_is_recorded_once_per_entry(ana):
    with pytest.raises(PurchaseRefused, match="already recorded"):
        purchase_buy_in_record(entry=ana, method="cash", actor=None)


def test_a_buy_in_is_not_sold_at_the_cash_desk(house, ana):
    assert refusal(house, ana, "entry") == "A buy-in is recorded by registering the entry at the registration desk."


def test_an_unknown_method_is_refused(house, ana):
    with pytest.raises(PurchaseRefused, match="Unknown payment method"):
        sell(house, ana, "rebuy", method="bitcoin")
    with pytest.raises(PurchaseRefused, match="Unknown payment method"):
        purchase_buy_in_record(entry=ana, method="", actor=None)


# --- receipt numbers ---------------------------------------------------------------------------------------------


def test_receipts_are_numbered_per_event_and_a_void_keeps_its_number(house, make_money_event):
    ana, bia = factories.make_paid_entries(house, ["Ana", "Bia"])
    rebuy = sell(house, ana, "rebuy")
    purchase_void(event=house, purchase_id=rebuy.pk, reason="wrong player", actor=None)
    bonus = sell(house, bia, "bonus")
    assert list(Purchase.objects.filter(event=house).values_list("number", flat=True)) == [1, 2, 3, 4]
    assert (rebuy.number, bonus.number) == (3, 4)
    other = make_money_event()
    assert factories.make_paid_entries(other, ["Caio"])[0].purchases.get().number == 1


# --- rebuys ------------------------------------------------------------------------------------------------------


def test_a_rebuy_adds_its_chips_to_the_recorded_stack_and_is_audited(house, ana, director):
    set_stack(ana, 3000)
    purchase = sell(house, ana, "rebuy", level=4, method="pix", actor=director)
    assert (purchase.kind, purchase.prize, purchase.fee, purchase.chips, purchase.method) == (
        "rebuy", Decimal("100.00"), Decimal("10.00"), 20000, "pix")
    assert purchase.sold_by == director
    assert stack(ana) == 23000
    record = AuditEntry.entries.get(action="cashier.sell")
    assert record.after["stack"] == {"before": 3000, "after": 23000}
    assert record.summary_text == "Receipt #2: Rebuy, Ana, PIX"
    with translation.override("pt-br"):
        assert record.summary_text == "Recibo nº 2: Rebuy, Ana, PIX"


def test_a_rebuy_leaves_an_unrecorded_stack_unrecorded(house, ana):
    set_stack(ana, None)
    sell(house, ana, "rebuy")
    assert stack(ana) is None


def test_a_double_rebuy_costs_and_gives_twice_a_rebuy(house, ana):
    purchase = sell(house, ana, "double")
    assert (purchase.prize, purchase.fee, purchase.chips) == (Decimal("200.00"), Decimal("20.00"), 40000)
    assert rebuy_parts(rules=money_rules_of(event=house), double=True).total == Decimal("220")


def test_a_rebuy_after_level_6_is_refused_with_the_reason(house, ana):
    assert sell(house, ana, "rebuy", level=6).kind == "rebuy"
    set_stack(ana, 20000)
    assert sell(house, ana, "rebuy", level=6, on_break=True).kind == "rebuy"  # the break counts as level 6
    set_stack(ana, 20000)
    assert refusal(house, ana, "rebuy", level=7) == "Rebuys ended with level 6."
    with translation.override("pt-br"):
        assert refusal(house, ana, "rebuy", level=7) == "Os rebuys terminaram no nível 6."


def test_a_rebuy_above_the_starting_stack_is_refused_in_both_languages(house, ana):
    set_stack(ana, 25000)
    assert refusal(house, ana, "rebuy") == "Ana has 25,000 chips, above the starting stack of 20,000: no rebuy."
    with translation.override("pt-br"):
        assert refusal(house, ana, "rebuy") == "Ana tem 25.000 fichas, acima do stack inicial de 20.000: sem rebuy."
    set_stack(ana, 20000)  # at the starting stack: allowed
    assert sell(house, ana, "rebuy").kind == "rebuy"


def test_the_rebuy_limit_counts_a_double_as_two_over_all_the_players_entries(house, ana):
    sell(house, ana, "double")
    set_stack(ana, 0)
    sell(house, ana, "rebuy")
    set_stack(ana, 0)
    assert refusal(house, ana, "rebuy") == "Ana has used all 3 rebuys."
    with translation.override("pt-br"):
        assert refusal(house, ana, "rebuy") == "Ana já usou os 3 rebuys."
    # A re-entry of the same player does not start the count again.
    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.BUSTED)
    again = Entry.objects.create(event=house, player=ana.player, number=5, attempt=2, chips=20000)
    assert refusal(house, again, "rebuy") == "Ana has used all 3 rebuys."


def test_a_double_rebuy_with_one_rebuy_left_is_refused(house, ana):
    sell(house, ana, "double")
    set_stack(ana, 0)
    assert refusal(house, ana, "double") == "Ana has 1 rebuy left: a double rebuy counts as two."
    assert sell(house, ana, "rebuy").kind == "rebuy"


def test_a_limit_of_one_rebuy_reads_in_the_singular(house, ana):
    factories.make_money_rules(house, max_rebuys=1, double_rebuy=False)
    sell(house, ana, "rebuy")
    set_stack(ana, 0)
    assert refusal(house, ana, "rebuy") == "Ana has used their only rebuy."


def test_voided_rebuys_do_not_count_against_the_limit(house, ana):
    sold = []
    for _ in range(3):
        set_stack(ana, 0)
        sold.append(sell(house, ana, "rebuy"))
    purchase_void(event=house, purchase_id=sold[0].pk, reason="typed twice", actor=None)
    set_stack(ana, 0)
    assert sell(house, ana, "rebuy").kind == "rebuy"


def test_rebuys_only_when_busted_need_a_stack_recorded_as_zero(house, ana):
    factories.make_money_rules(house, rebuy_condition="busted")
    set_stack(ana, 5000)
    assert refusal(house, ana, "rebuy") == ("Ana has 5,000 chips: rebuys are only for a player who has just busted "
                                            "(record the stack as 0 first).")
    set_stack(ana, None)
    assert "record Ana's stack as 0" in refusal(house, ana, "rebuy")
    set_stack(ana, 0)
    sell(house, ana, "rebuy")
    assert stack(ana) == 20000


def test_an_entry_out_of_the_event_buys_nothing(house, ana):
    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.BUSTED, chips=0)
    for kind in SOLD_KINDS:
        assert refusal(house, ana, kind, level=6, on_break=True) == (
            f"Ana (entry #{ana.number}) is out of the event: undo the elimination first, or register a re-entry.")


def test_an_event_without_rebuys_or_double_rebuys_refuses_them(make_money_event, house, ana):
    factories.make_money_rules(house, double_rebuy=False)
    assert refusal(house, ana, "double") == "This event has no double rebuy."
    bare_event = make_money_event()
    bare = factories.make_paid_entries(bare_event, ["Caio"])[0]
    assert refusal(bare_event, bare, "rebuy") == "This event has no rebuys."


def test_a_finished_event_sells_nothing(house, ana):
    Event.objects.filter(pk=house.pk).update(status=Event.Status.FINISHED)
    house.refresh_from_db()
    assert refusal(house, ana, "rebuy") == "Nothing is sold for this event now (status: Finished)."


def test_an_entry_of_another_event_is_not_sold_to(house, make_money_event, ana):
    other = make_money_event()
    with pytest.raises(PurchaseRefused, match="not in this event"):
        purchase_sell(event=other, entry_id=ana.pk, kind="rebuy", method="cash", actor=None, clock=ClockPoint())
    assert ana.purchases.count() == 1


# --- add-ons -----------------------------------------------------------------------------------------------------


def test_an_add_on_is_sold_only_at_the_break_after_its_level(house, ana):
    wanted = "Add-ons are sold only at the break after level 6."
    assert refusal(house, ana, "addon") == wanted  # before the start
    assert refusal(house, ana, "addon", level=6) == wanted  # during level 6
    assert refusal(house, ana, "addon", level=4, on_break=True) == wanted  # another break
    assert refusal(house, ana, "addon", level=7) == wanted  # after it
    with translation.override("pt-br"):
        assert refusal(house, ana, "addon", level=6) == "O add-on só é vendido no intervalo depois do nível 6."
    purchase = sell(house, ana, "addon", level=6, on_break=True)
    assert (purchase.prize, purchase.fee, purchase.chips) == (Decimal("50.00"), Decimal("0.00"), 20000)
    assert stack(ana) == 40000


def test_a_player_with_the_add_on_cannot_buy_another(house, ana):
    sell(house, ana, "addon", level=6, on_break=True)
    assert refusal(house, ana, "addon", level=6, on_break=True) == "Ana already has the add-on."
    with translation.override("pt-br"):
        assert refusal(house, ana, "addon", level=6, on_break=True) == "Ana já tem o add-on."
    factories.make_money_rules(house, max_addons=2)
    sell(house, ana, "addon", level=6, on_break=True)
    assert refusal(house, ana, "addon", level=6, on_break=True) == "Ana already has 2 add-ons, the most allowed."


def test_an_event_without_an_add_on_refuses_it(event):
    entry = factories.make_paid_entries(event, ["Caio"])[0]
    assert refusal(event, entry, "addon", level=6, on_break=True) == "This event has no add-on."


# --- staff add-on and bonus chips ----------------------------------------------------------------------------------


def test_the_staff_add_on_goes_to_the_staff_once_per_entry(house, ana):
    purchase = sell(house, ana, "staff", level=3)
    assert (purchase.prize, purchase.fee, purchase.staff, purchase.chips) == (
        Decimal("0.00"), Decimal("0.00"), Decimal("10.00"), 5000)
    assert refusal(house, ana, "staff", level=3) == "Ana already has the staff add-on."


def test_the_staff_add_on_is_sold_while_rebuys_or_registration_are_open_or_at_the_add_on_break(house, ana):
    factories.make_money_rules(house, rebuy_until_level=2)
    wanted = ("The staff add-on is sold only while rebuys or late registration are open, or at the add-on "
              "break.")
    assert refusal(house, ana, "staff", level=5) == wanted  # rebuys ended at 2, registration at 4
    assert refusal(house, ana, "staff", level=4, on_break=True) == wanted  # registration closed with level 4
    assert sell(house, ana, "staff", level=6, on_break=True).kind == "staff"


def test_an_event_without_a_staff_add_on_refuses_it(event):
    entry = factories.make_paid_entries(event, ["Caio"])[0]
    assert refusal(event, entry, "staff") == "This event has no staff add-on."


def test_bonus_chips_are_free_once_per_entry_until_their_level(house, ana):
    assert refusal(house, ana, "bonus", level=3) == "Bonus chips ended with level 2."
    purchase = sell(house, ana, "bonus", level=2, on_break=True)
    assert (purchase.total, purchase.chips) == (Decimal("0.00"), 2000)
    assert refusal(house, ana, "bonus", level=1) == "Ana already has the bonus chips."


def test_bonus_chips_without_a_last_level_are_given_while_registration_is_open(house, ana):
    factories.make_money_rules(house, bonus_until_level=None)
    assert refusal(house, ana, "bonus", level=5) == "Bonus chips are given only while registration is open."
    assert sell(house, ana, "bonus", level=4).kind == "bonus"


def test_an_event_without_bonus_chips_refuses_them(event):
    entry = factories.make_paid_entries(event, ["Caio"])[0]
    assert refusal(event, entry, "bonus") == "This event gives no bonus chips."


# --- options: the same checks, every kind at once ------------------------------------------------------------------


def test_options_give_none_for_what_can_be_sold_and_the_reason_otherwise(house, ana):
    options = purchase_options(event=house, entry=ana, clock=ClockPoint(level_number=6, on_break=True))
    assert options == {"rebuy": None, "double": None, "addon": None, "staff": None,
                       "bonus": "Bonus chips ended with level 2."}
    set_stack(ana, 25000)
    options = purchase_options(event=house, entry=ana, clock=ClockPoint(level_number=7))
    assert options["rebuy"] == "Rebuys ended with level 6."
    assert options["addon"] == "Add-ons are sold only at the break after level 6."
    for kind, reason in options.items():
        if reason is None:
            continue
        assert refusal(house, ana, kind, level=7) == reason


def test_options_take_two_queries(house, ana, django_assert_num_queries):
    with django_assert_num_queries(2):
        purchase_options(event=house, entry=ana, clock=ClockPoint(level_number=3))


# --- voids ---------------------------------------------------------------------------------------------------------


def test_a_void_needs_a_reason_and_happens_once(house, ana, director):
    rebuy = sell(house, ana, "rebuy")
    with pytest.raises(PurchaseRefused, match="Say why receipt #2 is voided."):
        purchase_void(event=house, purchase_id=rebuy.pk, reason="   ", actor=director)
    voided = purchase_void(event=house, purchase_id=rebuy.pk, reason="  sold to  the wrong player ", actor=director)
    assert (voided.void_reason, voided.voided_by) == ("sold to the wrong player", director)
    with pytest.raises(PurchaseRefused, match="Receipt #2 is already voided."):
        purchase_void(event=house, purchase_id=rebuy.pk, reason="again", actor=director)
    record = AuditEntry.entries.get(action="cashier.void")
    assert record.summary_text == "Receipt #2 voided (Rebuy, Ana): sold to the wrong player"


def test_a_void_reason_with_a_nul_or_a_tab_is_stored_as_one_plain_line(house, ana, director):
    rebuy = sell(house, ana, "rebuy")
    with pytest.raises(PurchaseRefused, match="Say why receipt #2 is voided."):
        purchase_void(event=house, purchase_id=rebuy.pk, reason="\x00", actor=director)
    voided = purchase_void(event=house, purchase_id=rebuy.pk, reason="wrong\x00player\tsold", actor=director)
    assert voided.void_reason == "wrong player sold"


def test_a_buy_in_is_voided_by_cancelling_the_entry_instead(house, ana):
    buy_in = ana.purchases.get()
    with pytest.raises(PurchaseRefused) as refused:
        purchase_void(event=house, purchase_id=buy_in.pk, reason="mistake", actor=None)
    assert str(refused.value) == "Receipt #1 is a buy-in: cancel the entry on the registration page instead."
    with translation.override("pt-br"), pytest.raises(PurchaseRefused) as refused:
        purchase_void(event=house, purchase_id=buy_in.pk, reason="mistake", actor=None)
    assert str(refused.value) == ("O recibo nº 1 é um buy-in: em vez disso, cancele a inscrição na página de "
                                  "inscrições.")


def test_a_void_takes_its_chips_off_the_stack_never_below_zero(house, ana):
    rebuy = sell(house, ana, "rebuy")
    assert stack(ana) == 40000
    purchase_void(event=house, purchase_id=rebuy.pk, reason="wrong player", actor=None)
    assert stack(ana) == 20000
    addon = sell(house, ana, "addon", level=6, on_break=True)
    set_stack(ana, 12000)  # counted since: the stack no longer holds all the add-on's chips
    purchase_void(event=house, purchase_id=addon.pk, reason="wrong player", actor=None)
    assert stack(ana) == 0


def test_a_receipt_of_another_event_or_beyond_any_id_is_refused(house, ana, make_money_event):
    rebuy = sell(house, ana, "rebuy")
    for event, pk in ((make_money_event(), rebuy.pk), (house, 2**63), (house, -1), (house, "2")):
        with pytest.raises(PurchaseRefused, match="not one of this event's"):
            purchase_void(event=event, purchase_id=pk, reason="x", actor=None)
    assert Purchase.objects.get(pk=rebuy.pk).voided_at is None


def test_a_reason_too_long_is_refused(house, ana):
    rebuy = sell(house, ana, "rebuy")
    with pytest.raises(PurchaseRefused, match="under 200 characters"):
        purchase_void(event=house, purchase_id=rebuy.pk, reason="x" * 201, actor=None)


# --- cancelling an entry, merging players ----------------------------------------------------------------------------


def test_cancelling_an_entry_voids_its_purchases_and_keeps_them(house, ana, director):
    rebuy = sell(house, ana, "rebuy")
    entry_cancel_with_purchases(event=house, entry_id=ana.pk, actor=director)
    assert not Entry.objects.filter(pk=ana.pk).exists()
    kept = list(Purchase.objects.filter(event=house).order_by("number"))
    assert [(p.number, p.entry_id, p.player_id, p.void_reason) for p in kept] == [
        (1, None, ana.player_id, f"Entry #{ana.number} cancelled"), (rebuy.number, None, ana.player_id,
                                                                      f"Entry #{ana.number} cancelled")]
    assert all(p.voided_at is not None for p in kept)
    assert AuditEntry.entries.filter(action="cashier.void").count() == 2
    assert AuditEntry.entries.filter(action="entry.cancel").count() == 1


def test_a_refused_cancel_voids_nothing(house, ana, director):
    Event.objects.filter(pk=house.pk).update(registration_closed_at=timezone.now())
    with pytest.raises(RegistrationError):
        entry_cancel_with_purchases(event=house, entry_id=ana.pk, actor=director)
    assert ana.purchases.get().voided_at is None
    assert not AuditEntry.entries.filter(action="cashier.void").exists()


def test_merged_players_keep_their_purchases_and_their_rebuy_count(house, director):
    from tdconsole.tournaments.players import players_merge

    ana, twin = factories.make_paid_entries(house, ["Ana", "Ana Twin"])
    sell(house, twin, "double")
    Entry.objects.filter(pk=twin.pk).update(status=Entry.Status.BUSTED)
    players_merge(keep=ana.player, other=twin.player, actor=director)
    assert Purchase.objects.filter(event=house).count() == 3
    assert Purchase.objects.get(kind="double").entry_id == twin.pk
    set_stack(ana, 0)
    sell(house, ana, "rebuy")  # the third rebuy of the merged player
    set_stack(ana, 0)
    assert refusal(house, ana, "rebuy") == "Ana has used all 3 rebuys."


def test_chips_past_what_the_stack_column_stores_are_refused(house, ana):
    from tdconsole.cashier.purchases import MAX_STACK

    factories.make_money_rules(house, rebuy_condition="busted")
    set_stack(ana, 0)
    Entry.objects.filter(pk=ana.pk).update(chips=MAX_STACK - 10)
    with pytest.raises(PurchaseRefused, match="larger than can be recorded"):
        sell(house, ana, "addon", level=6, on_break=True)
    assert ana.purchases.count() == 1 and stack(ana) == MAX_STACK - 10


@pytest.mark.parametrize("entry_id", [2**63, -1, True, "7", None, 1.0])
def test_entry_ids_that_name_no_entry_are_refused_before_any_query(house, entry_id, django_assert_num_queries):
    with django_assert_num_queries(0), pytest.raises(PurchaseRefused, match="not in this event"):
        purchase_sell(event=house, entry_id=entry_id, kind="rebuy", method="cash", actor=None, clock=ClockPoint())
