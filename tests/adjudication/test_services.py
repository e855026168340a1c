"""Reading a hand history at the desk: chips beyond what the console counts are refused by line."""

import pytest

from tdconsole.adjudication.exceptions import AdjudicationError
from tdconsole.adjudication.models import SavedAdjudication
from tdconsole.adjudication.services import CHIPS_MAX, adjudication_save, phh_chips_check, phh_read
from tdconsole.rules import PHHError
from tests.factories import make_event

HAND = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [100, 200]
min_bet = 200
starting_stacks = [{stack}, 5000]  # a comment with 99999999999999999999999 is not chips
actions = ["p2 cbr {bet}"]
players = ["Seat 12345678901234567890123", "Bia"]
"""

# Messages are read in English here (the site's default language is pt-BR).
pytestmark = pytest.mark.usefixtures("in_english")


def test_the_largest_count_is_what_an_entry_stores():
    assert CHIPS_MAX == 2**63 - 1


def test_numbers_up_to_the_largest_count_are_read():
    spec = phh_read(HAND.format(stack=CHIPS_MAX, bet=600))
    assert spec.starting_stacks == (CHIPS_MAX, 5000)


@pytest.mark.parametrize(("stack", "bet", "line", "field"), [
    (CHIPS_MAX + 1, 600, 5, "starting_stacks"),
    ("9" * 10_000, 600, 5, "starting_stacks"),
    ("1_000_000_000_000_000_000_000", 600, 5, "starting_stacks"),
    (1000, CHIPS_MAX + 1, 6, "actions"),
    (1000, "9" * 10_000, 6, "actions"),
])
def test_a_number_beyond_the_largest_count_names_its_line_and_field(stack, bet, line, field):
    with pytest.raises(PHHError) as err:
        phh_chips_check(HAND.format(stack=stack, bet=bet))
    assert (err.value.line, err.value.field, err.value.code) == (line, field, "too_large")
    assert str(err.value).startswith(f"Line {line}: ")
    assert len(str(err.value)) < 200


def test_a_number_in_a_multi_line_array_names_its_own_line():
    text = HAND.format(stack=1000, bet=600).replace("starting_stacks = [1000, 5000]",
                                                   f"starting_stacks = [\n  1000,\n  {CHIPS_MAX + 1},\n]")
    with pytest.raises(PHHError) as err:
        phh_chips_check(text)
    assert (err.value.line, err.value.field) == (7, "starting_stacks")


@pytest.mark.django_db
def test_saving_a_history_with_too_many_chips_writes_nothing(director):
    with pytest.raises(AdjudicationError):
        adjudication_save(event=make_event(), phh=HAND.format(stack=CHIPS_MAX + 1, bet=600), actor=director)
    assert not SavedAdjudication.objects.exists()
