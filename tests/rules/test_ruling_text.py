"""The printed ruling (`ruling_text`, the command without --json) and the JSON fields it is made from."""

from tdconsole.rules import Hand, ruling_text, spec_from_mapping
from tdconsole.rules.ruling import explanation, options_dict


def hand(stacks, actions, **extra):
    n = len(stacks)
    data = {"variant": "NT", "starting_stacks": stacks, "blinds_or_straddles": [50, 100] + [0] * (n - 2),
            "antes": [0] * n, "min_bet": 100, "actions": actions, **extra}
    return Hand.replay(spec_from_mapping(data))


SHOWDOWN = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2h", "p3 cbr 1000", "p1 cc", "p2 cc", "d db Qh9c4d",
            "d db 5s", "d db Jd", "p1 sm AsAd", "p2 sm KsKd", "p3 sm 7c2h"]


def test_a_hand_in_progress_prints_the_options_and_the_pot():
    h = hand([1000, 1000, 1000], [])
    assert ruling_text(h.ruling("en"), "en") == "\n".join([
        "Hand in progress",
        "Options p3: fold, call 100, raise to 200-1,000",
        "Pots:",
        "  150 [p1, p2, p3]",
        "Ruling:",
        "  1. Forced bets: p1 posts 50; p2 posts 100. [Blinds and antes]",
        "  2. p3 to act: The minimum raise-to is 200: the current bet 100 plus the largest full bet or raise of "
        "the round, 100. [TDA 43]",
        "  3. Main pot: 150, contested by p1, p2 and p3. [Pots and side pots]",
    ])
    assert ruling_text(h.ruling("pt-br"), "pt") == "\n".join([
        "Mão em andamento",
        "Opções p3: desistir, pagar 100, aumentar para 200-1.000",
        "Potes:",
        "  150 [p1, p2, p3]",
        "Decisão:",
        "  1. Apostas obrigatórias: p1 posta 50; p2 posta 100. [Blinds e antes]",
        "  2. Vez de p3: O aumento mínimo vai a 200: a aposta atual 100 mais a maior aposta ou aumento completo "
        "da rodada, 100. [TDA 43]",
        "  3. Pote principal: 150, disputado por p1, p2 e p3. [Potes e potes paralelos]",
    ])


def test_a_check_is_printed_instead_of_a_call_and_a_closed_raise_as_no_raise():
    h = hand([1000, 1000, 1000], ["p3 cc", "p1 cc"])
    assert ruling_text(h.ruling("en"), "en").splitlines()[1] == "Options p2: fold, check, raise to 200-1,000"
    assert ruling_text(h.ruling("pt-br"), "pt-br").splitlines()[1] == (
        "Opções p2: desistir, check, aumentar para 200-1.000")
    # p3 has 60, less than the big blind: calling all-in is his only way in.
    short = hand([1000, 1000, 60], [])
    assert ruling_text(short.ruling("en"), "en").splitlines()[1] == "Options p3: fold, call 60, no raise"
    assert ruling_text(short.ruling("pt-br"), "pt-br").splitlines()[1] == "Opções p3: desistir, pagar 60, sem aumento"


def test_an_illegal_action_prints_its_message_citation_and_remedy():
    h = hand([1000, 1000, 1000], ["p1 cc"])
    lines = ruling_text(h.ruling("en"), "en").splitlines()
    assert lines[:3] == [
        "Illegal action",
        "#0 p1 cc: It is p3's turn to act, not p1's. [TDA 53]",
        "Remedy: Action out of turn: it is not binding if the action before it changes; p3 acts first.",
    ]
    pt = ruling_text(h.ruling("pt-br"), "pt-br").splitlines()
    assert pt[:3] == [
        "Ação irregular",
        "#0 p1 cc: A vez de agir é de p3, não de p1. [TDA 53]",
        "Solução: Ação fora de vez: ela não vale se a ação anterior mudar; p3 age primeiro.",
    ]


def test_an_error_without_citation_or_remedy_prints_the_message_alone():
    h = hand([1000, 1000, 1000], ["p3 f", "p1 f", "p2 cc"])
    ruling = h.ruling("en")
    assert ruling["error"]["code"] == "hand_over" and ruling["error"]["rule"] is None
    assert ruling["error"]["remedy"] is None
    lines = ruling_text(ruling, "en").splitlines()
    assert lines[:2] == ["Illegal action", "#2 p2 cc: The hand is already over; no further action is possible."]
    assert not lines[2].startswith("Remedy")
    assert "  1. Forced bets: p1 posts 50; p2 posts 100. [Blinds and antes]" in lines
    assert "  3. Action 2 (p2 cc) is not allowed: The hand is already over; no further action is possible." in lines
    assert not any(line.startswith("Options") for line in lines)


def test_a_finished_hand_prints_the_winners_what_came_back_and_the_stacks():
    h = hand([1000, 1000, 1000], ["p3 cbr 300", "p1 f", "p2 f"])
    assert ruling_text(h.ruling("en"), "en").splitlines()[:5] == [
        "Hand complete",
        "Pots:",
        "  250 [p3] — won by p3 250",
        "Returned: p3 200",
        "Finishing stacks: p1 950, p2 900, p3 1,150",
    ]
    assert ruling_text(h.ruling("pt-br"), "pt-br").splitlines()[:5] == [
        "Mão encerrada",
        "Potes:",
        "  250 [p3] — ganho por p3 250",
        "Devolvido: p3 200",
        "Stacks finais: p1 950, p2 900, p3 1.150",
    ]


def test_a_showdown_explained_step_by_step():
    h = hand([1000, 1000, 1000], SHOWDOWN)
    assert h.ruling("en")["explanation"] == [
        "Forced bets: p1 posts 50; p2 posts 100. [Blinds and antes]",
        "Main pot: 3,000, contested by p1, p2 and p3. [Pots and side pots]",
        "A player is all-in and the betting is over: every hand still in is turned face up at once. [TDA 16]",
        "Showdown order: p3 made the last bet or raise of the final betting round and shows first; then clockwise: "
        "p3, p1, p2. [TDA 17]",
        "p1: pair, best five As Ad Qh Jd 9c. [TDA 12]",
        "p2: pair, best five Ks Kd Qh Jd 9c. [TDA 12]",
        "p3: high card, best five Qh Jd 9c 7c 5s. [TDA 12]",
        "Main pot (3,000): p1 has the best hand among the eligible players and wins it. [TDA 12]",
        "Finishing stacks: p1 3,000, p2 0, p3 0. [Pots pushed]",
    ]
    assert explanation(h, "pt-BR") == h.ruling("pt-br")["explanation"]
    assert explanation(h, "pt-br")[4] == "p1: par, cinco melhores As Ad Qh Jd 9c. [TDA 12]"
    assert explanation(h, "pt-br")[-1] == "Stacks finais: p1 3.000, p2 0, p3 0. [Pagamento dos potes]"
    assert explanation(h, "de") == h.ruling("en")["explanation"]


def test_the_explanation_of_a_hand_not_finished_asks_for_what_it_waits_for():
    # Everybody is all-in before the flop: the board must be dealt.
    h = hand([1000, 1000, 1000], ["p3 cbr 1000", "p1 cc", "p2 cc"])
    assert h.ruling("en")["to_act"] is None
    steps = explanation(h, "en")
    assert "The betting round is over; the dealer deals the next board card(s). [Dealing order]" in steps
    assert explanation(h, "pt-br")[1] == (
        "A rodada de apostas acabou; o dealer abre a(s) próxima(s) carta(s) da mesa. [Ordem de distribuição]")
    # The board is out and nobody's cards are known: the showdown waits for all three.
    waiting = hand([1000, 1000, 1000], SHOWDOWN[3:9])
    assert explanation(waiting, "en")[1] == (
        "The showdown is waiting for p1, p2 and p3 to show their cards. [TDA 12]")
    assert explanation(waiting, "pt-br")[1] == (
        "O showdown espera p1, p2 e p3 mostrar(em) as cartas. [TDA 12]")
    assert waiting.ruling("en")["finishing_stacks"] is None and waiting.status == "in_progress"


def test_options_dict_is_the_contract_to_act_object():
    h = hand([1000, 1000, 1000], [])
    assert options_dict(h.options(), "pt-br") == {
        "player": "p3",
        "options": {"fold": True, "check": False, "call": 100, "raise": {"min_to": 200, "max_to": 1000}},
        "reason": "O aumento mínimo vai a 200: a aposta atual 100 mais a maior aposta ou aumento completo da "
                  "rodada, 100.",
        "rule": "TDA 43",
    }
    short = hand([1000, 1000, 60], [])
    assert options_dict(short.options(), "pt-br")["options"] == {"fold": True, "check": False, "call": 60,
                                                                  "raise": None}
    assert options_dict(short.options(), "pt-br")["rule"] == "Table stakes (só valem as fichas na mesa)"
    assert options_dict(short.options(), "en")["rule"] == "Table stakes"


def test_step_templates_and_chip_counts_made_afresh_read_as_the_shared_ones():
    # The explanation's template and chip-count tables are built once at import; one built now (as after
    # clear_caches) must write the same words, citation and digits.
    from tdconsole.rules.ruling import _Grouped, _StepTemplates
    from tdconsole.rules.texts import with_rule

    for lang in ("en", "pt-br"):
        fill = _StepTemplates(lang)[("ex.fold_win", "last_player")]
        assert fill(player="p2 (Bia)") == with_rule("ex.fold_win", lang, "last_player", player="p2 (Bia)")
        assert _StepTemplates(lang)[("ex.side_pots", None)]() == with_rule("ex.side_pots", lang, None)
    assert _Grouped("pt-br")[1234567] == "1.234.567"
    assert _Grouped("en")[1234567] == "1,234,567"
    assert _Grouped("pt-br")[999] == "999"


def test_a_fresh_template_table_follows_a_house_renumbering_of_the_citations(monkeypatch):
    # RULES is where a house renumbers its citations: a template table made after the change cites the new text
    # as it is, braces included, in Portuguese too; a citation blanked or dropped leaves the bare step.
    from tdconsole.rules.ruling import _StepTemplates
    from tdconsole.rules.texts import RULES, T

    monkeypatch.setitem(RULES, "side_pots", "House {7} ")
    for lang in ("en", "pt-br"):
        assert _StepTemplates(lang)[("ex.side_pots", "side_pots")]() == T["ex.side_pots"][lang] + " [House {7} ]"
    monkeypatch.setitem(RULES, "side_pots", "")
    assert _StepTemplates("pt-br")[("ex.side_pots", "side_pots")]() == T["ex.side_pots"]["pt-br"]
    assert _StepTemplates("en")[("ex.side_pots", "side_pots")]() == T["ex.side_pots"]["en"]
    monkeypatch.setitem(RULES, "side_pots", None)
    assert _StepTemplates("pt-br")[("ex.side_pots", "side_pots")]() == T["ex.side_pots"]["pt-br"]
    # Numbered citations read the same in Portuguese; named ones are translated.
    assert _StepTemplates("pt-br")[("ex.face_up", "face_up_all_in")]().endswith(" [TDA 16]")
    assert _StepTemplates("pt-br")[("ex.waiting_board", "dealing")]().endswith(" [Ordem de distribuição]")
    assert _StepTemplates("en")[("ex.waiting_board", "dealing")]().endswith(" [Dealing order]")
    assert _StepTemplates("en")[("ex.waiting_board", "")]() == T["ex.waiting_board"]["en"]


def test_an_empty_template_fills_as_an_empty_text():
    from tdconsole.rules.ruling import _filler

    assert _filler("")() == ""
    assert _filler("{a}")(a="x") == "x"
