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
    assert "p2 has only 1 for the blind of 2" in steps
    assert "The blind of 2 still stands" in steps and "[WSOP Live Action 154 (2026)]" in steps
    hu = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
          'starting_stacks = [100, 100]\nactions = []\n')
    assert "Heads-up" in " ".join(Hand.replay(parse_phh(hu)).ruling("en")["explanation"])


BIG = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [10000, 10000, 10000]
"""


def big_hand(actions, lang):
    text = BIG + "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n"
    return Hand.replay(parse_phh(text)).ruling(lang)


def test_explanation_groups_chip_counts_by_language_and_keeps_small_ones():
    # p3 raises to 1,100, p1 folds, p2 calls: a pot of 100 + 1,100 + 1,100 = 2,300.
    actions = ["p3 cbr 1100", "p1 f", "p2 cc"]
    en = " ".join(big_hand(actions, "en")["explanation"])
    pt = " ".join(big_hand(actions, "pt-br")["explanation"])
    assert "Main pot: 2,300," in en and "2300" not in en
    assert "Pote principal: 2.300," in pt and "2300" not in pt
    assert "posts 100" in en and "posta 100" in pt  # below 1,000: as it was


def test_reasons_and_messages_group_chip_counts_by_language():
    en = big_hand(["p3 cbr 1100"], "en")
    pt = big_hand(["p3 cbr 1100"], "pt-br")
    assert "2,000" in en["to_act"]["reason"] and "1,100" in en["to_act"]["reason"]
    assert "2.000" in pt["to_act"]["reason"] and "1.100" in pt["to_act"]["reason"]
    assert " 900" in en["to_act"]["reason"] and " 900" in pt["to_act"]["reason"]
    bad_en = big_hand(["p3 cbr 1100", "p1 cbr 1500"], "en")
    bad_pt = big_hand(["p3 cbr 1100", "p1 cbr 1500"], "pt-br")
    assert bad_en["error"]["code"] == "below_minimum_raise"
    assert "1,500" in bad_en["error"]["message"] and "2,000" in bad_en["error"]["remedy"]
    assert "1.500" in bad_pt["error"]["message"] and "2.000" in bad_pt["error"]["remedy"]
    assert any("1,500" in step for step in bad_en["explanation"])
    assert any("1.500" in step for step in bad_pt["explanation"])


def test_machine_fields_keep_plain_numbers():
    # The contract's numeric fields stay JSON integers; only the prose is formatted.
    ruling = big_hand(["p3 cbr 1100", "p1 f", "p2 cc"], "pt-br")
    assert ruling["pots"][0]["amount"] == 2300
    done = big_hand(["p3 cbr 1100", "p1 f", "p2 f"], "pt-br")
    assert done["finishing_stacks"] == [9900, 9800, 10300]
    assert done["uncalled"] == [{"player": "p3", "amount": 900}]
    opts = big_hand(["p3 cbr 1100"], "en")["to_act"]["options"]
    assert opts["call"] == 1000 and opts["raise"] == {"min_to": 2000, "max_to": 10000}


def test_text_form_groups_chip_counts_by_language():
    # p3 raises to 1,100, p1 calls, p2 folds; on the flop p1 bets 2,000 and p3 folds.
    actions = ["p3 cbr 1100", "p1 cc", "p2 f", "d db Qh9c4d", "p1 cbr 2000", "p3 f"]
    en = ruling_text(big_hand(actions, "en"), "en")
    pt = ruling_text(big_hand(actions, "pt-br"), "pt-br")
    assert "  2,400 [p1] — won by p1 2,400" in en
    assert "  2.400 [p1] — ganho por p1 2.400" in pt
    assert "Returned: p1 2,000" in en and "Devolvido: p1 2.000" in pt
    assert "Finishing stacks: p1 11,300, p2 9,800, p3 8,900" in en
    assert "Stacks finais: p1 11.300, p2 9.800, p3 8.900" in pt


def test_fixed_limit_half_bet_all_in_cites_tda_47b_for_the_player_it_reopens():
    text = """variant = "FT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [100, 200, 0, 0]
small_bet = 200
big_bet = 400
starting_stacks = [5000, 500, 5000, 5000]
actions = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db Qh9c4d", "p1 cbr 200", "p2 cbr 300", "p3 cc", "p4 cc"]
"""
    for lang in ("en", "pt-br"):
        ruling = Hand.replay(parse_phh(text)).ruling(lang)
        assert ruling["to_act"]["player"] == "p1" and ruling["to_act"]["rule"] == "TDA 47-B"
        assert ruling["to_act"]["options"]["raise"] == {"min_to": 500, "max_to": 500}
        assert "TDA 43" not in " ".join(ruling["explanation"])
        assert sum("[TDA 47-B]" in step for step in ruling["explanation"]) == 2


def test_a_short_small_blind_is_all_in_and_nobody_owes_anything():
    # WSOP Live Action 154 is about the big blind: a short small blind changes nothing for the others.
    text = HEAD.replace("[200, 16, 150, 180]", "[1, 16, 150, 180]").replace("[1, 2, 0, 0]", "[2, 4, 0, 0]")
    text += "actions = []\n"
    hand = Hand.replay(parse_phh(text))
    en = hand.ruling("en")["explanation"]
    pt = hand.ruling("pt-br")["explanation"]
    assert "p1 has only 1 for the blind of 2 and is all-in for it: from each opponent he can win only as much as " \
           "he put in. [Table stakes]" in en
    assert "p1 só tem 1 para o blind de 2 e fica all-in com isso: de cada adversário só pode ganhar o quanto ele " \
           "mesmo colocou. [Table stakes (só valem as fichas na mesa)]" in pt
    for steps in (en, pt):
        joined = " ".join(steps).lower()
        assert "owe" not in joined and "deve" not in joined and "WSOP" not in " ".join(steps)
    assert hand.options().call == 4  # the others face the big blind, as in any hand


def test_short_ante_explains_table_stakes_and_the_blind_that_still_stands():
    text = HEAD.replace("[200, 16, 150, 180]", "[200, 2, 150, 180]").replace("[0, 0, 0, 0]", "[4, 4, 4, 4]")
    text += "actions = []\n"
    steps = Hand.replay(parse_phh(text)).ruling("en")["explanation"]
    assert "p2 has only 2 for the ante of 4 and is all-in for it: from each opponent he can win only as much as he " \
           "put in. [Table stakes]" in steps
    assert any(step.startswith("The blind of 2 still stands although p2") for step in steps)


def test_wsop_live_action_citations_name_the_2026_edition_and_its_numbers():
    # The current WSOP Live Action Rules (2026 edition) number these rules as the reference texts do; the
    # edition is named because the WSOP Tournament Rules are numbered separately.
    below_min = rule_on([*FLOP, "p1 cbr 10"])  # p2 has 14 behind: all-in for less than a raise is allowed
    assert below_min["to_act"]["player"] == "p2" and below_min["to_act"]["rule"] == "WSOP Live Action 175 (2026)"
    over_short = rule_on([*FLOP, "p1 cbr 10", "p2 cbr 14"])  # p3 may raise to 14 + 10
    assert over_short["to_act"]["rule"] == "WSOP Live Action 176 (2026)"
    assert over_short["to_act"]["options"]["raise"]["min_to"] == 24
    cash_all_in = rule_on(["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2h", "d dh p4 8c3h", *FLOP, "p1 cbr 10",
                           "p2 cbr 14", "p3 f", "p4 f", "p1 cc", "d db 5s", "d db Jd"])
    assert cash_all_in["status"] == "complete"
    assert any(step.endswith("[WSOP Live Action 149 (2026)]") for step in cash_all_in["explanation"])


def test_adjudicate_text_is_the_ruling_of_the_parsed_hand_in_english_by_default():
    from tdconsole.rules import PHHError, adjudicate_text

    text = HEAD + 'actions = ["p3 cbr 10", "p4 f", "p1 f", "p2 cc"]\n'
    hand = Hand.replay(parse_phh(text))
    ruled = adjudicate_text(text)
    assert ruled == hand.ruling("en") and ruled["explanation"] == hand.ruling("en")["explanation"]
    assert ruled["explanation"] != hand.ruling("pt-br")["explanation"]
    assert adjudicate_text(text, "pt-br") == hand.ruling("pt-br")
    assert adjudicate_text(text, explain=False) == hand.ruling("en", explain=False)
    assert adjudicate_text(text, explain=False)["explanation"] == [] and len(ruled["explanation"]) == 3
    try:
        adjudicate_text("variant = 'NT'\n")
    except PHHError as exc:
        assert "starting_stacks" in str(exc)
    else:
        raise AssertionError("a file without stacks must be refused")
