"""Payout-table problems and calculator errors read in the user's language."""

from decimal import Decimal

import pytest
from django.utils import translation

from tdconsole.payouts import calc, services
from tdconsole.payouts.exceptions import DealError, PayoutTableInvalid
from tdconsole.tournaments.models import Entry

pytestmark = pytest.mark.django_db


def test_a_table_that_does_not_add_up_is_refused_in_pt_br(make_event, director):
    event = make_event(entries=10, alive=5)
    with translation.override("pt-br"), pytest.raises(PayoutTableInvalid) as refused:
        services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("300")], actor=director)
    assert str(refused.value) == "Os valores não somam a premiação."
    with translation.override("en"), pytest.raises(PayoutTableInvalid) as refused:
        services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("300")], actor=director)
    assert str(refused.value) == "The amounts do not add up to the prize pool."


def test_calculator_errors_are_translated():
    with pytest.raises(calc.CalcError) as error:
        calc.parse_amount("12x")
    with translation.override("pt-br"):
        assert services.calc_error_text(error.value) == "Não é um valor: '12x'"
    with translation.override("en"):
        assert services.calc_error_text(error.value) == "Not an amount: '12x'"


def test_a_deal_refused_by_the_calculator_says_why_in_pt_br(make_event, director):
    event = make_event(entries=10, alive=1)
    services.payout_table_save(event=event, amounts=[Decimal("600"), Decimal("400")], actor=director)
    Entry.objects.filter(event=event, number=2).update(status=Entry.Status.ALIVE, chips=1000)
    alive = Entry.objects.filter(event=event, status=Entry.Status.ALIVE)
    stacks = {e.pk: 1000 for e in alive}
    with translation.override("pt-br"), pytest.raises(DealError) as refused:
        services.deal_record(event=event, stacks=stacks, method="icm", left_to_play=Decimal("500"), actor=director)
    assert "diferença entre o 1º e o 2º prêmio" in str(refused.value)
