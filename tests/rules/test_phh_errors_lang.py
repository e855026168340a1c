"""Hand-history errors in both languages: every text has both, each refusal is told in Portuguese with its place."""

import string

import pytest

from tdconsole.rules import PHHError, parse_phh, spec_from_table
from tdconsole.rules.phh import ActionLineError, parse_action
from tdconsole.rules.texts import PHH_TEXTS

GOOD = {
    "variant": '"NT"', "antes": "[0, 0, 0]", "blinds_or_straddles": "[100, 200, 0]", "min_bet": "200",
    "starting_stacks": "[10000, 10000, 10000]",
}
DEALT = ['"d dh p1 AsKs"', '"d dh p2 ????"', '"d dh p3 QdQc"']


def phh(over=None, drop=(), actions=None, extra=""):
    """A three-handed file (the actions on lines 7 to 10), with some fields changed, dropped or added."""
    fields = {**GOOD, **(over or {})}
    lines = [f"{key} = {value}" for key, value in fields.items() if key not in drop]
    if "actions" not in drop:
        lines += ["actions = [", *[f"  {a}," for a in (actions or [*DEALT, '"p3 cbr 600"'])], "]"]
    return "\n".join(lines) + "\n" + extra


def bad_action(line):
    return phh(actions=[*DEALT, f'"{line}"'])


# name: (file, key, line, field, the reason's key for an action line)
CASES = {
    "toml": (phh() + "antes = = [0]\n", "toml", 12, None, None),
    "missing variant": (phh(drop=("variant",)), "missing", None, "variant", None),
    "unsupported variant": (phh({"variant": '"PO"'}), "variant", 1, "variant", None),
    "missing stacks": (phh(drop=("starting_stacks",)), "missing", None, "starting_stacks", None),
    "one player": (phh({"starting_stacks": "[100]", "antes": "[0]", "blinds_or_straddles": "[0]"}),
                   "players.two", 5, "starting_stacks", None),
    "missing antes": (phh(drop=("antes",)), "missing", None, "antes", None),
    "antes not an array": (phh({"antes": "5"}), "array", 2, "antes", None),
    "antes too short": (phh({"antes": "[0, 0]"}), "array.length", 2, "antes", None),
    "ante a word": (phh({"antes": '[0, "x", 0]'}), "chips.whole", 2, "antes", None),
    "min bet true": (phh({"min_bet": "true"}), "chips.bool", 4, "min_bet", None),
    "min bet negative": (phh({"min_bet": "-5"}), "chips.negative", 4, "min_bet", None),
    "min bet half": (phh({"min_bet": "2.5"}), "chips.whole", 4, "min_bet", None),
    "missing min bet": (phh(drop=("min_bet",)), "missing", None, "min_bet", None),
    "min bet zero": (phh({"min_bet": "0"}), "positive", 4, "min_bet", None),
    "limit without bets": (phh({"variant": '"FT"'}), "missing", None, "small_bet", None),
    "limit bet zero": (phh({"variant": '"FT"', "small_bet": "0", "big_bet": "200"}), "bets.positive", 6,
                       "small_bet", None),
    "missing actions": (phh(drop=("actions",)), "missing", None, "actions", None),
    "actions not an array": (phh(drop=("actions",), extra='actions = "p1 f"\n'), "actions.array", 6,
                             "actions", None),
    "action not a string": (phh(actions=['"d dh p1 AsKs"', "5"]), "action.string", 8, "actions", None),
    "players": (phh(extra='players = ["Ana"]\n'), "players.names", 12, "players", None),
    "seats": (phh(extra="seats = [1, 2]\n"), "seats", 12, "seats", None),
    "seat count": (phh(extra="seat_count = 2\n"), "seat_count", 12, "seat_count", None),
    "mode": (phh(extra='_mode = "home"\n'), "mode", 12, "_mode", None),
    "smallest chip": (phh(extra="_smallest_chip = 0\n"), "positive", 12, "_smallest_chip", None),
    "bba order": (phh(extra='_bba_order = "never"\n'), "bba_order", 12, "_bba_order", None),
}
ACTIONS = {
    "  # only a comment": "act.empty", "d dh p1": "act.dh_shape", "d dh x1 AsKs": "act.not_player",
    "d dh p9 AsKs": "act.no_player", "d dh p1 AsXx": "act.card", "d dh p1 AsKsQs": "act.two_hole",
    "d db": "act.db_shape", "d db AsKsZz": "act.card", "d db ??Ks2c": "act.board_known", "d xx": "act.dealer",
    "x3 f": "act.head", "p9 f": "act.no_player", "p1  #c": "act.no_verb", "p1 f now": "act.no_argument",
    "p1 cbr": "act.cbr_shape", "p1 cbr x": "act.amount", "p1 sm As Ks": "act.sm_shape",
    "p1 sm AsQq": "act.card", "p1 sm As": "act.shown", "p1 raise 600": "act.verb",
}
for line, reason in ACTIONS.items():
    CASES[f"action {line!r}"] = (bad_action(line), "action.line", 10, "actions[3]", reason)


def placeholders(template):
    return sorted((name, conversion) for _, name, _, conversion in string.Formatter().parse(template)
                  if name is not None)


@pytest.mark.parametrize("key", sorted(PHH_TEXTS))
def test_every_text_has_both_languages_with_the_same_placeholders(key):
    entry = PHH_TEXTS[key]
    assert set(entry) == {"en", "pt-br"}
    assert entry["en"].strip() and entry["pt-br"].strip()
    assert placeholders(entry["en"]) == placeholders(entry["pt-br"])


def test_every_text_is_used_by_a_case_here():
    used = {case[1] for case in CASES.values()} | {case[4] for case in CASES.values()} | {"where.line",
                                                                                          "where.field"}
    assert set(PHH_TEXTS) <= used


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_refusal_is_told_in_portuguese_with_its_line_and_field(name):
    text, key, line, field, reason = CASES[name]
    with pytest.raises(PHHError) as info:
        parse_phh(text)
    error = info.value
    assert (error.key, error.line, error.field) == (key, line, field)
    en, pt = error.text("en"), error.text("pt-br")
    assert en == str(error)  # English is what the command line prints
    assert pt != en
    if line is not None:
        assert pt.startswith(f"linha {line}")
        assert not pt.startswith("line")
    if field is not None:
        assert f"campo {field!r}: " in pt
        assert "field" not in pt.replace(field, "")
    if reason is not None:
        inner = error.params["reason"]
        assert isinstance(inner, ActionLineError) and inner.key == reason
        # Both parts are Portuguese: the frame ("ação 3 ...") and the reason after it.
        assert pt.endswith(f": {inner.text('pt-br')}") and f"ação 3 {error.params['item']!r}" in pt
        assert inner.text("pt-br") != str(inner)


@pytest.mark.parametrize(("text", "message"), [
    (phh({"min_bet": "0"}), "line 4, field 'min_bet': must be positive"),
    (phh({"antes": "[0, 0]"}), "line 2, field 'antes': has 2 entries but starting_stacks has 3"),
    (phh(drop=("variant",)), "field 'variant': required field is missing"),
    (phh({"variant": '"PO"'}), "line 1, field 'variant': variant 'PO' is not supported (only NT and FT)"),
    (bad_action("p1 raise 600"),
     "line 10, field 'actions[3]': action 3 'p1 raise 600': 'raise' is not a PHH action (f, cc, cbr, sm)"),
    (bad_action("d dh p1 AsXx"), "line 10, field 'actions[3]': action 3 'd dh p1 AsXx': 'Xx' is not a card"),
    (phh() + "antes = = [0]\n", "line 12: not valid TOML (extra `=`, expected nothing at line 12 column 9)"),
])
def test_the_english_message_is_unchanged(text, message):
    with pytest.raises(PHHError) as info:
        parse_phh(text)
    assert str(info.value) == message


def test_pinned_portuguese_messages():
    with pytest.raises(PHHError) as info:
        parse_phh(phh({"min_bet": "0"}))
    assert info.value.text("pt-br") == "linha 4, campo 'min_bet': precisa ser maior que zero"
    assert info.value.text("pt-BR") == info.value.text("pt_br") == info.value.text("pt-br")
    assert info.value.text(None) == info.value.text("fr") == str(info.value)
    with pytest.raises(PHHError) as info:
        parse_phh(bad_action("p1 raise 600"))
    assert info.value.text("pt-br") == ("linha 10, campo 'actions[3]': ação 3 'p1 raise 600': "
                                        "'raise' não é uma ação PHH (f, cc, cbr, sm)")


def test_the_toml_detail_stays_as_the_parser_says_it_in_a_portuguese_frame():
    with pytest.raises(PHHError) as info:
        parse_phh(phh() + "antes = = [0]\n")
    detail = info.value.params["detail"]
    assert info.value.text("pt-br") == f"linha 12: o arquivo não é um TOML válido ({detail})"


def test_a_table_with_one_player_is_refused_in_both_languages():
    with pytest.raises(PHHError) as info:
        spec_from_table(stacks=[1000], small_blind=50, big_blind=100)
    assert str(info.value) == "field 'stacks': a hand needs at least two players"
    assert info.value.text("pt-br") == "campo 'stacks': uma mão precisa de pelo menos dois jogadores"


def test_an_action_line_error_is_still_a_value_error_with_the_english_reason():
    with pytest.raises(ValueError, match=r"^'raise' is not a PHH action \(f, cc, cbr, sm\)$") as info:
        parse_action("p1 raise 600", 3)
    assert isinstance(info.value, ActionLineError)
    assert info.value.text("pt-br") == "'raise' não é uma ação PHH (f, cc, cbr, sm)"


def test_an_error_given_as_a_message_keeps_it_in_every_language():
    """A caller that words the message itself (already translated) gets it back, with the place translated."""
    error = PHHError("Linha 3: número grande demais.", code="too_large")
    error.line, error.field = 3, "antes"  # set afterwards, as the desk's chip check does: str() names no place
    assert error.text("pt-br") == error.text("en") == str(error) == "Linha 3: número grande demais."
    located = PHHError("texto pronto", line=2, field="antes")
    assert located.text("pt-br") == "linha 2, campo 'antes': texto pronto"
    assert located.text("en") == str(located) == "line 2, field 'antes': texto pronto"
    assert located.key is None and located.params == {}


def test_an_action_typed_into_a_hand_that_is_not_phh_is_refused_in_either_language():
    """Hand.apply's refusal of a line that is not PHH notation carries the parser's reason in both languages."""
    from tdconsole.rules import Hand, IllegalAction, parse_phh

    hand = Hand.replay(parse_phh('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [100, 200]\n'
                                 'min_bet = 200\nstarting_stacks = [1000, 1000]\nactions = []\n'))
    with pytest.raises(IllegalAction) as caught:
        hand.apply("p1 cbr x")
    error = caught.value.error
    assert error.code == "malformed"
    assert error.message("en") == "'x' is not a whole number of chips"
    assert error.message("pt-br") == "'x' não é um número inteiro de fichas"
    assert str(caught.value) == "malformed: 'x' is not a whole number of chips"
