"""Paying players at the cash desk: never more than is still owed of a kind, so nothing is paid twice."""

from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.audit.models import AuditEntry
from tdconsole.cashier.cashouts import cash_payout_record, cash_payout_void, paid_of_kind
from tdconsole.cashier.exceptions import PayoutRefused
from tdconsole.cashier.models import Payout

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]
D = Decimal


def pay(event, entry, amount, owed, kind="prize", method="cash", actor=None):
    return cash_payout_record(event=event, entry_id=entry.pk, kind=kind, amount=D(amount), method=method,
                              actor=actor, owed=D(owed))


def refused(event, entry, amount, owed, kind="prize") -> str:
    with pytest.raises(PayoutRefused) as exc:
        pay(event, entry, amount, owed, kind=kind)
    return str(exc.value)


def test_a_prize_is_paid_and_audited(house, ana, director):
    payout = pay(house, ana, "500", "500", method="pix", actor=director)
    assert (payout.kind, payout.amount, payout.method, payout.paid_by) == ("prize", D("500.00"), "pix", director)
    record = AuditEntry.entries.get(action="cashier.payout")
    assert record.summary_text == "Paid to Ana: Prize, PIX"
    assert record.after["owed"] == "500.00" and record.after["paid_before"] == "0.00"


def test_a_double_click_pays_once(house, ana):
    pay(house, ana, "500", "500")
    assert refused(house, ana, "500", "500") == "Ana has already been paid all that is owed (Prize: R$500.00)."
    with translation.override("pt-br"):
        assert refused(house, ana, "500", "500") == "Ana já recebeu tudo o que lhe é devido (Prêmio: R$\xa0500,00)."
    assert Payout.objects.filter(entry=ana).count() == 1


def test_a_prize_can_be_paid_in_parts_never_past_what_is_owed(house, ana):
    pay(house, ana, "300", "500")
    assert refused(house, ana, "250", "500") == ("Ana is owed R$200.00 more (Prize: R$500.00, R$300.00 paid "
                                                 "already): R$250.00 is too much.")
    pay(house, ana, "200", "500", method="pix")
    assert paid_of_kind(entry_id=ana.pk, kind="prize") == D("500.00")


def test_prizes_and_bounties_are_owed_apart(house, ana):
    pay(house, ana, "500", "500")
    assert pay(house, ana, "40", "40", kind="bounty").kind == "bounty"


def test_a_voided_payout_is_owed_again(house, ana, director):
    payout = pay(house, ana, "500", "500")
    with pytest.raises(PayoutRefused, match="Say why"):
        cash_payout_void(event=house, payout_id=payout.pk, reason=" ", actor=director)
    cash_payout_void(event=house, payout_id=payout.pk, reason="paid to the wrong player", actor=director)
    with pytest.raises(PayoutRefused, match="already voided"):
        cash_payout_void(event=house, payout_id=payout.pk, reason="again", actor=director)
    assert pay(house, ana, "500", "500").amount == D("500.00")
    assert AuditEntry.entries.get(action="cashier.payout_void").summary_text == (
        "Payout to Ana voided (Prize): paid to the wrong player")


@pytest.mark.parametrize(("amount", "message"), [
    ("0", "more than zero"), ("-5", "more than zero"), ("10.005", "in cents"), ("NaN", "in cents"),
    ("Infinity", "in cents"), ("1e20", "in cents"),
])
def test_amounts_that_are_not_cents_above_zero_are_refused(house, ana, amount, message):
    with pytest.raises(PayoutRefused, match=message):
        cash_payout_record(event=house, entry_id=ana.pk, kind="prize", amount=amount, method="cash", actor=None,
                           owed=D("500"))
    assert not Payout.objects.exists()


def test_unknown_kinds_methods_and_entries_are_refused(house, ana, make_money_event):
    with pytest.raises(PayoutRefused, match="Unknown kind"):
        pay(house, ana, "1", "1", kind="tip")
    with pytest.raises(PayoutRefused, match="Unknown payment method"):
        pay(house, ana, "1", "1", method="cheque")
    for event, entry_id in ((make_money_event(), ana.pk), (house, 2**63), (house, True)):
        with pytest.raises(PayoutRefused, match="not in this event"):
            cash_payout_record(event=event, entry_id=entry_id, kind="prize", amount=D("1"), method="cash",
                               actor=None, owed=D("1"))
    assert not Payout.objects.exists()


def test_nothing_owed_pays_nothing(house, ana):
    assert refused(house, ana, "1", "0") == "Ana has already been paid all that is owed (Prize: R$0.00)."


def test_a_void_reason_with_control_characters_is_stored_as_one_plain_line(house, ana, director):
    # A NUL (which PostgreSQL refuses in a text column) or a pasted tab is a space; nothing but them is refused.
    payout = pay(house, ana, "500", "500")
    with pytest.raises(PayoutRefused, match="Say why"):
        cash_payout_void(event=house, payout_id=payout.pk, reason="\x00\t", actor=director)
    cash_payout_void(event=house, payout_id=payout.pk, reason="wrong\x00player\tpaid", actor=director)
    assert Payout.objects.get(pk=payout.pk).void_reason == "wrong player paid"
