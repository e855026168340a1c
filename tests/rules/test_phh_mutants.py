"""Hand histories read and written exactly: what mutation testing showed no other test pinned down.

Each test asserts the values a user relies on: the spec the desk builds from what the floor sees,
the text written back, and for refusals the line, the field and the reason reported.
"""

import pytest

from tdconsole.rules import HandSpec, PHHError, hand_to_phh, parse_phh, spec_from_table

DEFAULTS = dict(
    min_bet=0, small_bet=0, big_bet=0, players=None, mode="tournament", smallest_chip=1, bba_order="blind_first",
    raise_cap=3, seats=None, seat_count=None, finishing_stacks=None, recorded_finishing=None, parsed=(),
)


def spec(**values):
    return HandSpec(**{**DEFAULTS, **values})


def refusal(text):
    with pytest.raises(PHHError) as info:
        parse_phh(text)
    return info.value


# --------------------------------------------------------------------------- spec_from_table


def test_a_table_with_only_the_blinds_given_takes_every_default():
    got = spec_from_table(stacks=[1000, 2000, 3000], small_blind=50, big_blind=100)
    assert got == spec(variant="NT", starting_stacks=(1000, 2000, 3000), antes=(0, 0, 0),
                       blinds_or_straddles=(50, 100, 0), min_bet=100)


def test_a_big_blind_ante_is_paid_by_the_big_blind_alone():
    got = spec_from_table(stacks=[1000, 2000, 3000, 4000], small_blind=50, big_blind=100, ante=100)
    assert got.antes == (0, 100, 0, 0)
    assert got.blinds_or_straddles == (50, 100, 0, 0)


def test_a_limit_table_with_everything_given():
    got = spec_from_table(
        stacks=[1000, 2000, 3000, 4000], small_blind=50, big_blind=100, ante=10, big_blind_ante=False,
        straddles=[200], variant="FT", mode="cash", smallest_chip=5, bba_order="ante_first", raise_cap=4,
        players=["Ana", "Bia", "Caio", "Duda"], actions=["p4 f", "p1 cc"],
    )
    assert got == spec(
        variant="FT", starting_stacks=(1000, 2000, 3000, 4000), antes=(10, 10, 10, 10),
        blinds_or_straddles=(50, 100, 200, 0), small_bet=100, big_bet=200, players=("Ana", "Bia", "Caio", "Duda"),
        mode="cash", smallest_chip=5, bba_order="ante_first", raise_cap=4,
        parsed=(("f", 3, 0, None, "p4 f"), ("cc", 0, 0, None, "p1 cc")),
    )


def test_heads_up_the_table_order_is_turned_into_the_phh_order():
    got = spec_from_table(stacks=[1000, 2000], small_blind=50, big_blind=100, players=["Button", "Big"])
    assert got.starting_stacks == (2000, 1000) and got.players == ("Big", "Button")
    assert got.blinds_or_straddles == (50, 100)
    assert spec_from_table(stacks=[1000, 2000], small_blind=50, big_blind=100).players is None


def test_more_straddles_than_seats_are_cut_to_the_table():
    got = spec_from_table(stacks=[1000, 1000, 1000], small_blind=50, big_blind=100, straddles=[200, 400])
    assert got.blinds_or_straddles == (50, 100, 200)


# --------------------------------------------------------------------------- hand_to_phh

LIMIT = spec(
    variant="FT", starting_stacks=(1000, 2000, 3000), antes=(10, 10, 10), blinds_or_straddles=(50, 100, 0),
    small_bet=100, big_bet=200, players=('A"na', "B\\ia", "Caio"), mode="cash", smallest_chip=5,
    bba_order="ante_first", raise_cap=4, seats=(2, 5, 9), seat_count=9,
    parsed=(("f", 2, 0, None, "p3 f"), ("cbr", 0, 200, None, "p1 cbr 200")),
)
LIMIT_TEXT = """variant = "FT"
antes = [10, 10, 10]
blinds_or_straddles = [50, 100, 0]
small_bet = 100
big_bet = 200
starting_stacks = [1000, 2000, 3000]
actions = [
  "p3 f",
  "p1 cbr 200",
]
players = ["A\\"na", "B\\\\ia", "Caio"]
seats = [2, 5, 9]
seat_count = 9
_mode = "cash"
_smallest_chip = 5
_bba_order = "ante_first"
_raise_cap = 4
"""


def test_every_field_set_is_written_in_order_with_quotes_and_backslashes_escaped():
    assert hand_to_phh(LIMIT) == LIMIT_TEXT
    again = parse_phh(LIMIT_TEXT)
    assert again == LIMIT


def test_fields_at_their_defaults_are_not_written():
    plain = spec(variant="NT", starting_stacks=(500, 600), antes=(0, 0), blinds_or_straddles=(5, 10), min_bet=10,
                 raise_cap=4)  # a raise cap means nothing without a limit: not written
    assert hand_to_phh(plain) == (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\n'
        "starting_stacks = [500, 600]\nactions = [\n]\n"
    )
    limit = spec(variant="FT", starting_stacks=(500, 600), antes=(0, 0), blinds_or_straddles=(5, 10), small_bet=10,
                 big_bet=20)
    assert hand_to_phh(limit) == (
        'variant = "FT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nsmall_bet = 10\nbig_bet = 20\n'
        "starting_stacks = [500, 600]\nactions = [\n]\n"
    )


def test_the_actions_given_replace_the_specs_own():
    text = hand_to_phh(LIMIT, ["p3 cc", 'p1 "odd"'])
    assert '\nactions = [\n  "p3 cc",\n  "p1 \\"odd\\"",\n]\n' in text
    assert "p1 cbr 200" not in text


# --------------------------------------------------------------------------- refusals


GOOD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
actions = [
  "d dh p1 AsKs",
  "p3 f",
]
"""


def test_an_action_that_is_not_a_string_is_named_by_its_index_and_line():
    error = refusal(GOOD.replace('"p3 f"', "42"))
    assert str(error) == "line 8, field 'actions': action 1 is not a string"
    assert (error.line, error.field, error.params) == (8, "actions", {"index": 1})


def test_a_refusal_is_unusable_unless_it_is_another_variant():
    assert refusal(GOOD.replace("min_bet = 200", "min_bet = 0")).code == "unusable"
    assert refusal(GOOD.replace('"NT"', '"PO"')).code == "unsupported_variant"
    from tdconsole.rules.phh import PHHError as Error

    assert Error("told by the caller").code == "unusable"


def test_a_commented_out_line_is_never_the_line_reported():
    text = GOOD.replace('  "p3 f",', '  # "p3 raise" was typed here first\n  "p3 raise",')
    error = refusal(text)
    assert (error.line, error.field) == (9, "actions[1]")
    indented = GOOD.replace('  "p3 f",', '    # "p3 raise",\n  "p3 raise",')
    assert refusal(indented).line == 9


def test_an_indented_key_is_found_before_a_mention_further_up():
    text = GOOD.replace('variant = "NT"', 'variant = "NT"  # then min_bet').replace("min_bet = 200", "  min_bet = 0")
    error = refusal(text)
    assert (error.line, error.field) == (4, "min_bet")


def test_a_value_inside_a_line_is_reported_on_that_line():
    text = GOOD.replace('actions = [\n  "d dh p1 AsKs",\n  "p3 f",\n]', 'actions = ["d dh p1 AsKs", 42]')
    error = refusal(text)
    assert str(error) == "line 6, field 'actions': action 1 is not a string"
