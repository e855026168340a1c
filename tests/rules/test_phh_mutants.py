"""Hand histories read and written exactly: what mutation testing showed no other test pinned down.

Each test asserts the values a user relies on: the spec the desk builds from what the floor sees,
the text written back, and for refusals the line, the field and the reason reported.
"""

import pytest

from tdconsole.rules import HandSpec, PHHError, hand_to_phh, parse_phh, spec_from_table
from tdconsole.rules.phh import ActionLineError, parse_action

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


# --------------------------------------------------------------------------- the optional fields read


def read(extra="", **replacements):
    text = GOOD
    for old, new in replacements.items():
        text = text.replace(old, new)
    return parse_phh(text + extra)


def test_a_file_with_only_the_required_fields_takes_every_default():
    assert read() == spec(
        variant="NT", starting_stacks=(10000, 10000, 10000), antes=(0, 0, 0), blinds_or_straddles=(100, 200, 0),
        min_bet=200, parsed=(("dh", 0, 0, ("As", "Ks"), "d dh p1 AsKs"), ("f", 2, 0, None, "p3 f")),
    )


def test_every_optional_field_is_read():
    got = read('players = ["Ana", "Bia", "Caio"]\nseats = [2, 5, 9]\nseat_count = 9\n'
               'finishing_stacks = [9900, 10100, 10000]\n_mode = "cash"\n_smallest_chip = 25\n'
               '_bba_order = "ante_first"\n_raise_cap = 4\n')
    assert (got.players, got.seats, got.seat_count, got.finishing_stacks, got.recorded_finishing) == (
        ("Ana", "Bia", "Caio"), (2, 5, 9), 9, (9900, 10100, 10000), None,
    )
    assert (got.mode, got.smallest_chip, got.bba_order, got.raise_cap) == ("cash", 25, "ante_first", 4)


def test_a_table_with_as_many_seats_as_players_is_accepted():
    assert read("seat_count = 3\n").seat_count == 3
    assert read("seats = [1, 2, 3]\n").seats == (1, 2, 3)


@pytest.mark.parametrize(("extra", "key", "message"), [
    ('players = ["a", "b", 3]', "players.names", "expected one name per player"),
    ('players = "abc"', "players.names", "expected one name per player"),
    ('players = ["a", "b"]', "players.names", "expected one name per player"),
    ('players = ["a", "b", "c", "d"]', "players.names", "expected one name per player"),
    ("seats = [1, 2, 0]", "seats", "expected one seat number per player"),
    ("seats = [1, 2, true]", "seats", "expected one seat number per player"),
    ("seats = [1.0, 2, 3]", "seats", "expected one seat number per player"),
    ('seats = "x"', "seats", "expected one seat number per player"),
    ("seats = [1, 2]", "seats", "expected one seat number per player"),
    ("seat_count = 2", "seat_count", "expected the number of seats at the table"),
    ("seat_count = 3.0", "seat_count", "expected the number of seats at the table"),
    ('seat_count = "9"', "seat_count", "expected the number of seats at the table"),
    ('_mode = "x"', "mode", "expected 'tournament' or 'cash'"),
    ("_smallest_chip = 0", "positive", "must be positive"),
    ("_smallest_chip = -1", "chips.negative", "chips cannot be negative"),
    ('_bba_order = "x"', "bba_order", "expected 'blind_first' or 'ante_first'"),
    ("_raise_cap = true", "chips.bool", "expected a whole number of chips"),
    ("_raise_cap = 1.5", "chips.whole", "1.5 is not a whole number of chips"),
])
def test_a_bad_optional_field_is_refused_on_its_line(extra, key, message):
    error = refusal(GOOD + "\n" + extra + "\n")
    field = extra.split(" = ")[0]
    assert (error.key, error.line, error.field, error.code) == (key, 11, field, "unusable")
    assert str(error) == f"line 11, field {field!r}: {message}"


def test_recorded_finishing_stacks_are_kept_whole_or_as_written():
    whole = read("finishing_stacks = [1, 2, 3]\n")
    assert (whole.finishing_stacks, whole.recorded_finishing) == ((1, 2, 3), None)
    floats = read("finishing_stacks = [1.0, 2, 3]\n")
    assert (floats.finishing_stacks, floats.recorded_finishing) == ((1, 2, 3), (1.0, 2.0, 3.0))
    assert [type(v) for v in floats.finishing_stacks] == [int, int, int]
    assert [type(v) for v in floats.recorded_finishing] == [float, float, float]
    half = read("finishing_stacks = [1.5, 2, 3]\n")
    assert (half.finishing_stacks, half.recorded_finishing) == (None, (1.5, 2.0, 3.0))
    for ignored in ("[1, 2]", '[1, "2", 3]', '"x"', "[true, 2, 3]", "[1.5, 2]"):
        got = read(f"finishing_stacks = {ignored}\n")
        assert (got.finishing_stacks, got.recorded_finishing) == (None, None), ignored


@pytest.mark.parametrize(("old", "new", "key", "line", "field", "message"), [
    ("min_bet = 200", "min_bet = -200.0", "chips.whole", 4, "min_bet", "-200.0 is not a whole number of chips"),
    ("min_bet = 200", "min_bet = 2.5", "chips.whole", 4, "min_bet", "2.5 is not a whole number of chips"),
    ("min_bet = 200", 'min_bet = "200"', "chips.whole", 4, "min_bet", "'200' is not a whole number of chips"),
    ("min_bet = 200", "min_bet = -1", "chips.negative", 4, "min_bet", "chips cannot be negative"),
    ("min_bet = 200", "min_bet = false", "chips.bool", 4, "min_bet", "expected a whole number of chips"),
    ("antes = [0, 0, 0]", "antes = [0, -1, 0]", "chips.negative", 2, "antes", "chips cannot be negative"),
    ("antes = [0, 0, 0]", "antes = [0, true, 0]", "chips.bool", 2, "antes", "expected a whole number of chips"),
    ("antes = [0, 0, 0]", "antes = [0, 1.5, 0]", "chips.whole", 2, "antes", "1.5 is not a whole number of chips"),
    ("antes = [0, 0, 0]", "antes = [0, 0, 0, 0]", "array.length", 2, "antes",
     "has 4 entries but starting_stacks has 3"),
    ("blinds_or_straddles = [100, 200, 0]", "blinds_or_straddles = 300", "array", 3, "blinds_or_straddles",
     "expected an array"),
    ("starting_stacks = [10000, 10000, 10000]", "starting_stacks = 5", "array", 5, "starting_stacks",
     "expected an array"),
    ("starting_stacks = [10000, 10000, 10000]", "starting_stacks = [10000, -5, 10000]", "chips.negative", 5,
     "starting_stacks", "chips cannot be negative"),
])
def test_chip_amounts_are_refused_with_their_line_and_reason(old, new, key, line, field, message):
    error = refusal(GOOD.replace(old, new))
    assert (error.key, error.line, error.field) == (key, line, field)
    assert str(error) == f"line {line}, field {field!r}: {message}"


def test_whole_numbers_written_as_floats_are_chips():
    got = read(**{"min_bet = 200": "min_bet = 200.0", "antes = [0, 0, 0]": "antes = [0.0, 5.0, 0]",
                  "[10000, 10000, 10000]": "[10000, 10000.0, 10000]"})
    assert (got.min_bet, got.antes, got.starting_stacks) == (200, (0, 5, 0), (10000, 10000, 10000))
    assert type(got.min_bet) is int and [type(v) for v in got.antes + got.starting_stacks] == [int] * 6


def test_a_limit_hand_reads_both_bet_sizes():
    got = read("small_bet = 200\nbig_bet = 400\n", **{'"NT"': '"FT"', "min_bet = 200\n": ""})
    assert (got.variant, got.min_bet, got.small_bet, got.big_bet) == ("FT", 0, 200, 400)
    error = refusal(GOOD.replace('"NT"', '"FT"') + "small_bet = 200\n")
    assert (error.key, error.field, str(error)) == ("missing", "big_bet", "field 'big_bet': required field is missing")
    error = refusal(GOOD.replace('"NT"', '"FT"') + "small_bet = 200\nbig_bet = 0\n")
    assert (error.key, error.line, error.field) == ("bets.positive", 10, "small_bet")
    assert str(error) == "line 10, field 'small_bet': bet sizes must be positive"


def test_one_player_is_not_a_hand():
    error = refusal(GOOD.replace("[10000, 10000, 10000]", "[10000]"))
    assert (error.key, error.line, error.field) == ("players.two", 5, "starting_stacks")
    assert str(error) == "line 5, field 'starting_stacks': a hand needs at least two players"


def test_an_action_that_is_a_list_is_not_a_string():
    # Python writes the list otherwise than the file does, so no line is found: the field and index say where.
    error = refusal(GOOD.replace('"p3 f"', '["p3", "f"]'))
    assert (error.line, error.field, str(error)) == (None, "actions", "field 'actions': action 1 is not a string")
    error = refusal(GOOD.replace('"d dh p1 AsKs"', '["p3", "f"]'))
    assert str(error) == "field 'actions': action 0 is not a string"


# --------------------------------------------------------------------------- action lines

# line: (reason key, English reason, Portuguese reason), for a hand of three players
REASONS = {
    "  # only a comment": ("act.empty", "empty action", "a linha não tem ação"),
    "d dh": ("act.dh_shape", "expected 'd dh pN CARDS'", "o formato é 'd dh pN CARTAS'"),
    "d dh p1": ("act.dh_shape", "expected 'd dh pN CARDS'", "o formato é 'd dh pN CARTAS'"),
    "d dh p1 AsKs Qs": ("act.dh_shape", "expected 'd dh pN CARDS'", "o formato é 'd dh pN CARTAS'"),
    "d dh x1 AsKs": ("act.not_player", "'x1' is not a player such as p1", "'x1' não é um jogador (como p1)"),
    "d dh p0 AsKs": ("act.not_player", "'p0' is not a player such as p1", "'p0' não é um jogador (como p1)"),
    "d dh p4 AsKs": ("act.no_player", "there is no player p4", "não há jogador p4 nesta mão"),
    "d dh p1 AsXx": ("act.card", "'Xx' is not a card", "'Xx' não é uma carta"),
    "d dh p1 AsKsQs": ("act.two_hole", "hold'em deals exactly two hole cards",
                       "no hold'em cada jogador recebe exatamente duas cartas"),
    "d dh p1 As": ("act.two_hole", "hold'em deals exactly two hole cards",
                   "no hold'em cada jogador recebe exatamente duas cartas"),
    "d db": ("act.db_shape", "expected 'd db CARDS'", "o formato é 'd db CARTAS'"),
    "d db As Ks": ("act.db_shape", "expected 'd db CARDS'", "o formato é 'd db CARTAS'"),
    "d db AsKsZz": ("act.card", "'Zz' is not a card", "'Zz' não é uma carta"),
    "d db AsK": ("act.card", "'AsK' is not a card", "'AsK' não é uma carta"),
    "d db ??Ks2c": ("act.board_known", "board cards must be known", "as cartas do board precisam ser conhecidas"),
    "d xx": ("act.dealer", "a dealer action is 'd dh' or 'd db'", "a ação do dealer é 'd dh' ou 'd db'"),
    "d": ("act.dealer", "a dealer action is 'd dh' or 'd db'", "a ação do dealer é 'd dh' ou 'd db'"),
    "x3 f": ("act.head", "'x3' is neither 'd' nor a player such as p1",
             "'x3' não é 'd' (o dealer) nem um jogador (como p1)"),
    "p0 f": ("act.head", "'p0' is neither 'd' nor a player such as p1",
             "'p0' não é 'd' (o dealer) nem um jogador (como p1)"),
    "p4 f": ("act.no_player", "there is no player p4", "não há jogador p4 nesta mão"),
    "p12 f": ("act.no_player", "there is no player p12", "não há jogador p12 nesta mão"),
    "p1  #c": ("act.no_verb", "missing the action after the player", "falta a ação depois do jogador"),
    "p1 f now": ("act.no_argument", "'f' takes no argument", "'f' não leva nenhum valor depois"),
    "p1 cc now": ("act.no_argument", "'cc' takes no argument", "'cc' não leva nenhum valor depois"),
    "p1 cbr": ("act.cbr_shape", "expected 'pN cbr AMOUNT'", "o formato é 'pN cbr VALOR'"),
    "p1 cbr 5 6": ("act.cbr_shape", "expected 'pN cbr AMOUNT'", "o formato é 'pN cbr VALOR'"),
    "p1 cbr x": ("act.amount", "'x' is not a whole number of chips", "'x' não é um número inteiro de fichas"),
    "p1 cbr -5": ("act.amount", "'-5' is not a whole number of chips", "'-5' não é um número inteiro de fichas"),
    # Python calls these digits, int() reads the second; neither is a PHH amount.
    "p1 cbr ²": ("act.amount", "'²' is not a whole number of chips", "'²' não é um número inteiro de fichas"),
    "p1 cbr ３００": ("act.amount", "'３００' is not a whole number of chips",
                     "'３００' não é um número inteiro de fichas"),
    "p1 sm As Ks": ("act.sm_shape", "expected 'pN sm CARDS' or 'pN sm'", "o formato é 'pN sm CARTAS' ou 'pN sm'"),
    "p1 sm AsQq": ("act.card", "'Qq' is not a card", "'Qq' não é uma carta"),
    "p1 sm As": ("act.shown", "a shown hand is two known cards", "a mão mostrada tem de ser duas cartas conhecidas"),
    "p1 sm ????": ("act.shown", "a shown hand is two known cards", "a mão mostrada tem de ser duas cartas conhecidas"),
    "p1 sm As??": ("act.shown", "a shown hand is two known cards", "a mão mostrada tem de ser duas cartas conhecidas"),
    "p1 sm AsKsQs": ("act.shown", "a shown hand is two known cards",
                     "a mão mostrada tem de ser duas cartas conhecidas"),
    "p1 raise 600": ("act.verb", "'raise' is not a PHH action (f, cc, cbr, sm)",
                     "'raise' não é uma ação PHH (f, cc, cbr, sm)"),
}


@pytest.mark.parametrize("line", list(REASONS))
def test_an_action_line_that_is_not_phh_says_why_in_both_languages(line):
    key, english, portuguese = REASONS[line]
    with pytest.raises(ActionLineError) as info:
        parse_action(line, 3)
    assert (info.value.key, str(info.value), info.value.text("pt-br")) == (key, english, portuguese)
    error = refusal(GOOD.replace('"p3 f"', f'"{line}"'))
    assert (error.line, error.field) == (8, "actions[1]")
    assert str(error) == f"line 8, field 'actions[1]': action 1 {line!r}: {english}"
    assert error.text("pt-br") == f"linha 8, campo 'actions[1]': ação 1 {line!r}: {portuguese}"


@pytest.mark.parametrize(("line", "action"), [
    ("  p3  cbr  600 # x", ("cbr", 2, 600, None, "p3  cbr  600")),
    ("d dh p1 ????", ("dh", 0, 0, ("??", "??"), "d dh p1 ????")),
    ("d dh p1 As?? # one seen", ("dh", 0, 0, ("As", "??"), "d dh p1 As??")),
    ("p1 sm AsKs # shown", ("sm", 0, 0, ("As", "Ks"), "p1 sm AsKs")),
    ("d db AsKs2c # flop", ("db", -1, 0, ("As", "Ks", "2c"), "d db AsKs2c")),
    ("p2 sm", ("sm", 1, 0, None, "p2 sm")),
    ("p2 sm #", ("sm", 1, 0, None, "p2 sm")),
    ("p3 f # folds # at once", ("f", 2, 0, None, "p3 f")),  # the comment starts at the first '#'
    ("p3 f\t", ("f", 2, 0, None, "p3 f")),
    ("p3 cc ", ("cc", 2, 0, None, "p3 cc")),
    ("p3 cbr 0600", ("cbr", 2, 600, None, "p3 cbr 0600")),
    ("d dh p3 AhKh", ("dh", 2, 0, ("Ah", "Kh"), "d dh p3 AhKh")),
    ("d  db  2c", ("db", -1, 0, ("2c",), "d  db  2c")),
])
def test_action_lines_spelled_otherwise_are_read_comments_and_spaces_aside(line, action):
    assert parse_action(line, 3) == action
    spec = parse_phh(GOOD.replace('"p3 f"', f'"{line}"'))
    assert spec.parsed[1] == action and spec.actions[1] == action[4]


# --------------------------------------------------------------------------- more fields, exactly


def test_every_amount_of_an_array_written_as_a_float_becomes_chips():
    got = read(**{"antes = [0, 0, 0]": "antes = [0.0, 5.0, 0.0]"})
    assert got.antes == (0, 5, 0) and [type(v) for v in got.antes] == [int, int, int]
    error = refusal(GOOD.replace("antes = [0, 0, 0]", 'antes = ["0", "0", "0"]'))
    assert str(error) == "line 2, field 'antes': '0' is not a whole number of chips"


def test_blinds_must_have_one_entry_per_player():
    error = refusal(GOOD.replace("[100, 200, 0]", "[100, 200]"))
    assert (error.key, error.line, error.field) == ("array.length", 3, "blinds_or_straddles")
    assert str(error) == "line 3, field 'blinds_or_straddles': has 2 entries but starting_stacks has 3"


def test_a_minimum_bet_of_one_chip_is_allowed():
    assert read(**{"min_bet = 200": "min_bet = 1"}).min_bet == 1


@pytest.mark.parametrize(("sizes", "line", "field", "message"), [
    ("small_bet = -5\nbig_bet = 400", 10, "small_bet", "chips cannot be negative"),
    ("small_bet = 200\nbig_bet = 2.5", 11, "big_bet", "2.5 is not a whole number of chips"),
    ("small_bet = true\nbig_bet = 400", 10, "small_bet", "expected a whole number of chips"),
])
def test_limit_bet_sizes_are_refused_with_their_own_line_and_field(sizes, line, field, message):
    error = refusal(GOOD.replace('"NT"', '"FT"') + sizes + "\n")
    assert (error.line, error.field) == (line, field)
    assert str(error) == f"line {line}, field {field!r}: {message}"


def test_a_table_built_by_the_desk_has_no_lines_to_name():
    with pytest.raises(PHHError) as info:
        spec_from_table(stacks=[1000, 1000, 1000], small_blind=5, big_blind=10, actions=["X"])
    error = info.value
    assert (error.line, error.field) == (None, "actions[0]")
    assert str(error) == "field 'actions[0]': action 0 'X': 'X' is neither 'd' nor a player such as p1"


def test_limit_bet_sizes_of_one_chip_are_allowed():
    got = parse_phh(GOOD.replace('"NT"', '"FT"') + "small_bet = 1\nbig_bet = 1\n")
    assert (got.small_bet, got.big_bet) == (1, 1)


TEN = ('variant = "NT"\nantes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\nblinds_or_straddles = [5, 10, 0, 0, 0, 0, 0, 0, 0, 0]\n'
       "min_bet = 10\nstarting_stacks = [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]\n")


@pytest.mark.parametrize(("line", "action"), [
    ("d dh p10 AsKs", ("dh", 9, 0, ("As", "Ks"), "d dh p10 AsKs")),
    ("d dh p10 ????", ("dh", 9, 0, ("??", "??"), "d dh p10 ????")),
    ("d dh p10 As??", ("dh", 9, 0, ("As", "??"), "d dh p10 As??")),
    ("d dh p10 ??Ks", ("dh", 9, 0, ("??", "Ks"), "d dh p10 ??Ks")),
])
def test_hole_cards_are_dealt_to_a_tenth_player(line, action):
    assert parse_phh(TEN + f'actions = ["{line}"]\n').parsed == (action,)


@pytest.mark.parametrize(("line", "card"), [("d dh p10 AsXx", "Xx"), ("d dh p10 XxKs", "Xx"), ("d dh p10 Xx??", "Xx")])
def test_a_bad_hole_card_for_a_tenth_player_is_refused(line, card):
    error = refusal(TEN + f'actions = ["{line}"]\n')
    assert str(error) == f"line 6, field 'actions[0]': action 0 {line!r}: {card!r} is not a card"
