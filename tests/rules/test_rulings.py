"""The ruling object: error fields, languages, to_act after an illegal action, the text form."""

from tdconsole.rules import Hand, parse_phh, ruling_text

HEAD = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 16, 150, 180]
_mode = "cash"
"""
FLOP = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d"]


def rule_on(actions, lang="en"):
    text = HEAD + "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"
    return Hand.replay(parse_phh(text)).ruling(lang)


def test_illegal_reraise_is_invalid_with_index_code_rule_and_remedy():
    ruling = rule_on([*FLOP, "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cc", "p1 cbr 30"])
    assert ruling["status"] == "invalid"
    error = ruling["error"]
    assert error["action_index"] == 9 and error["action"] == "p1 cbr 30"
    assert error["code"] == "raise_not_reopened" and error["rule"] == "TDA 47"
    assert error["remedy"]
    # the options p1 really had at that point
    assert ruling["to_act"]["player"] == "p1"
    assert ruling["to_act"]["options"] == {"fold": True, "check": False, "call": 4, "raise": None}
    assert ruling["finishing_stacks"] is None


def test_out_of_turn_action_names_who_should_act():
    ruling = rule_on(["p1 cc"])
    assert ruling["error"]["code"] == "not_your_turn" and ruling["error"]["action_index"] == 0
    assert ruling["to_act"]["player"] == "p3"
    assert "p3" in ruling["error"]["message"]


def test_messages_follow_the_language():
    en = rule_on(["p1 cc"], "en")
    pt = rule_on(["p1 cc"], "pt-br")
    assert en["error"]["code"] == pt["error"]["code"]
    assert en["error"]["message"] != pt["error"]["message"]
    assert en["to_act"]["reason"] != pt["to_act"]["reason"]


def test_in_progress_waiting_for_board_has_no_one_to_act():
    ruling = rule_on(FLOP[:-1])
    assert ruling["status"] == "in_progress" and ruling["to_act"] is None
    assert ruling["pots"] == [{"amount": 8, "eligible": ["p1", "p2", "p3", "p4"], "winners": [], "awards": {}}]


def test_ruling_has_exactly_the_contract_keys():
    ruling = rule_on(FLOP)
    assert set(ruling) == {"status", "players", "error", "to_act", "pots", "uncalled", "showdown", "hands",
                           "finishing_stacks", "explanation"}
    assert ruling["players"] == ["p1", "p2", "p3", "p4"]


def test_text_form_shows_error_and_remedy():
    ruling = rule_on([*FLOP, "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cc", "p1 cbr 30"])
    out = ruling_text(ruling, "en")
    assert "p1 cbr 30" in out and "TDA 47" in out and "Remedy" in out


def test_numbers_are_grouped_by_language():
    from tdconsole.rules.texts import chips

    assert chips(1234000, "en") == "1,234,000"
    assert chips(1234000, "pt-br") == "1.234.000"


def test_wrong_board_count_names_the_street_in_words():
    ruling = rule_on([*FLOP[:-1], "d db Qh9c"], "en")
    assert ruling["error"]["code"] == "wrong_board_count"
    assert "flop" in ruling["error"]["message"] and "street." not in ruling["error"]["message"]


def test_named_rules_follow_the_language_and_numbers_do_not():
    en = rule_on(["p3 cbr 900"], "en")
    pt = rule_on(["p3 cbr 900"], "pt-br")
    assert en["error"]["code"] == "bet_exceeds_stack"
    assert en["error"]["rule"] == "Table stakes" and pt["error"]["rule"] != "Table stakes"
    reopen = rule_on([*FLOP, "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cc", "p1 cbr 30"], "pt-br")
    assert reopen["error"]["rule"] == "TDA 47"


def test_explanation_cites_the_rules_it_applies():
    from .expect import EXAMPLES, require

    def steps(name, lang="en"):
        text = (require(EXAMPLES) / f"{name}.phh").read_text(encoding="utf-8")
        return " ".join(Hand.replay(parse_phh(text)).ruling(lang)["explanation"])

    odd = steps("09-odd-chip")
    assert "[TDA 20]" in odd and "625" in odd
    side = steps("01-side-pot-a-b-c")
    assert "[TDA 21]" in side and "[TDA 16]" in side and "[TDA 12]" in side
    assert "[TDA 47]" in steps("04-reopen-a-may-not-raise")
    assert "[TDA 17]" in steps("07-kicker", "pt-br")


def test_explanation_covers_short_blinds_and_heads_up():
    text = HEAD.replace("[200, 16, 150, 180]", "[200, 1, 150, 180]") + "actions = []\n"
    steps = " ".join(Hand.replay(parse_phh(text)).ruling("en")["explanation"])
    assert "[WSOP 154]" in steps
    hu = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
          'starting_stacks = [100, 100]\nactions = []\n')
    assert "Heads-up" in " ".join(Hand.replay(parse_phh(hu)).ruling("en")["explanation"])
