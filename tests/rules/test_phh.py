"""PHH reading (usable-file check naming the line or field) and writing."""

import pytest

from tdconsole.rules import Hand, PHHError, hand_to_phh, parse_phh, spec_from_table

GOOD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
actions = [
  "d dh p1 AsKs",  # comment
  "d dh p2 ????",
  "d dh p3 QdQc",
  "p3 cbr 600",
]
"""


def test_good_file_parses_with_comments_stripped():
    spec = parse_phh(GOOD)
    assert spec.actions[0] == "d dh p1 AsKs" and spec.player_count == 3


def test_toml_error_names_the_line():
    with pytest.raises(PHHError) as info:
        parse_phh("variant = \"NT\"\nantes = = [0]\n")
    assert info.value.line == 2


@pytest.mark.parametrize("field", ["variant", "antes", "blinds_or_straddles", "starting_stacks", "min_bet", "actions"])
def test_missing_required_field_is_named(field):
    lines = [line for line in GOOD.splitlines() if not line.startswith(field)]
    text = "\n".join(lines)
    if field == "actions":
        text = "\n".join(GOOD.splitlines()[:5])
    with pytest.raises(PHHError) as info:
        parse_phh(text)
    assert info.value.field == field


def test_array_of_wrong_length_is_reported_with_its_line():
    with pytest.raises(PHHError) as info:
        parse_phh(GOOD.replace("antes = [0, 0, 0]", "antes = [0, 0]"))
    assert info.value.field == "antes" and info.value.line == 2


def test_malformed_action_names_line_and_index():
    with pytest.raises(PHHError) as info:
        parse_phh(GOOD.replace('"p3 cbr 600"', '"p3 raise 600"'))
    assert info.value.field == "actions[3]" and info.value.line == 10


@pytest.mark.parametrize("bad", ["p9 f", "p1 cbr x", "d dh p1 AsXx", "d db ??Ks2c", "p1 sd", "p1 sm As"])
def test_bad_actions_are_unusable(bad):
    with pytest.raises(PHHError):
        parse_phh(GOOD.replace('"p3 cbr 600"', f'"{bad}"'))


def test_unknown_variant_is_unsupported():
    with pytest.raises(PHHError) as info:
        parse_phh(GOOD.replace('"NT"', '"PO"'))
    assert info.value.code == "unsupported_variant" and info.value.field == "variant"


def test_fixed_limit_needs_bet_sizes():
    with pytest.raises(PHHError) as info:
        parse_phh(GOOD.replace('"NT"', '"FT"'))
    assert info.value.field == "small_bet"


def test_hand_to_phh_round_trips():
    spec = spec_from_table(stacks=[1000, 2000, 3000], small_blind=50, big_blind=100, ante=100,
                           players=["Ana", "Bia", "Caio"], smallest_chip=25)
    hand = Hand(spec)
    hand.apply("p3 cbr 300")
    hand.apply("p1 f")
    again = parse_phh(hand_to_phh(spec, hand.history))
    assert again.actions == ("p3 cbr 300", "p1 f")
    assert again.players == ("Ana", "Bia", "Caio") and again.smallest_chip == 25
    assert again.antes == spec.antes and again.starting_stacks == spec.starting_stacks
    assert Hand.replay(again).options().player == 1


def test_seats_and_seat_count_are_read_and_written():
    spec = parse_phh(GOOD + "seats = [2, 5, 9]\nseat_count = 9\n")
    assert spec.seats == (2, 5, 9) and spec.seat_count == 9
    again = parse_phh(hand_to_phh(spec))
    assert again.seats == (2, 5, 9) and again.seat_count == 9


def test_bad_seats_are_reported():
    with pytest.raises(PHHError) as info:
        parse_phh(GOOD + "seats = [2, 5]\n")
    assert info.value.field == "seats"


def test_hand_spec_is_frozen():
    import dataclasses

    spec = parse_phh(GOOD)
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.variant = "FT"
    assert dataclasses.replace(spec, mode="cash").mode == "cash"
