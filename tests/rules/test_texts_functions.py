"""The text helpers every ruling goes through: languages, chip counts, citations, lists of names."""

import pytest

from tdconsole.rules.texts import RULES, T, chips, fill, join_names, norm_lang, rule_label, text, with_rule


@pytest.mark.parametrize(("given", "want"), [
    ("en", "en"), ("pt-br", "pt-br"), ("pt", "pt-br"), ("PT_BR", "pt-br"), ("pt_br", "pt-br"), ("Pt-Br", "pt-br"),
    ("pt-PT", "pt-br"), ("PT", "pt-br"), (None, "en"), ("", "en"), ("fr", "en"), ("EN", "en"), ("en-US", "en"),
    ("xpt", "en"), ("es_pt", "en"),
])
def test_norm_lang_reads_any_spelling_of_portuguese_and_falls_back_to_english(given, want):
    assert norm_lang(given) == want


@pytest.mark.parametrize(("amount", "lang", "want"), [
    (1234567, "en", "1,234,567"), (1234567, "pt-br", "1.234.567"), (1234567, "pt", "1.234.567"),
    (1234567, "PT_BR", "1.234.567"), (1234567, "fr", "1,234,567"), (1000, "pt-br", "1.000"), (999, "pt-br", "999"),
    (999, "en", "999"), (0, "pt-br", "0"), (40000, "en", "40,000"), (40000, "pt_BR", "40.000"),
])
def test_chips_groups_thousands_as_each_language_writes_them(amount, lang, want):
    assert chips(amount, lang) == want


def test_rule_label_translates_named_rules_only_and_only_into_portuguese():
    assert rule_label("Table stakes", "en") == "Table stakes"
    assert rule_label("Table stakes", "pt-br") == "Table stakes (só valem as fichas na mesa)"
    assert rule_label("Uncalled bet", "pt_BR") == "Aposta não paga"
    assert rule_label("Uncalled bet", "PT") == "Aposta não paga"
    assert rule_label("Uncalled bet", "fr") == "Uncalled bet"
    assert rule_label("TDA 43", "pt-br") == "TDA 43"  # numbered citations read the same
    assert rule_label("House rule 7", "pt-br") == "House rule 7"  # a house's own citation stays as written
    assert rule_label(None, "pt-br") is None
    assert rule_label(None, "en") is None


def test_fill_groups_whole_numbers_translates_street_words_and_keeps_other_values():
    params = {"a": 1234, "b": "street.0", "c": "street.9", "d": 2.5, "e": True, "f": "plain"}
    template = "{a}|{b}|{c}|{d}|{e}|{f}"
    assert fill(template, "pt-br", dict(params)) == "1.234|pré-flop|street.9|2.5|True|plain"
    assert fill(template, "en", dict(params)) == "1,234|pre-flop|street.9|2.5|True|plain"
    assert fill("{s}", "en", {"s": "street.3"}) == "river"
    assert fill("{s}", "pt-br", {"s": "street.1"}) == "flop"
    assert fill("{s}", "en", {"s": "streets"}) == "streets"


def test_fill_asks_a_value_that_tells_itself_for_the_language():
    class Reason:
        def text(self, lang):
            return f"<{lang}>"

    assert fill("why: {r}", "pt-br", {"r": Reason()}) == "why: <pt-br>"
    assert fill("why: {r}", "en", {"r": Reason()}) == "why: <en>"


def test_text_without_values_is_the_template_and_with_values_is_filled():
    assert text("ex.side_pots", "en") == T["ex.side_pots"]["en"]
    assert text("ex.fold_win", "pt") == T["ex.fold_win"]["pt-br"]  # braces untouched: nothing to fill
    assert text("ex.fold_win", "fr", player="p2") == "Everyone else folded: p2 wins without a showdown."
    assert text("ex.fold_win", "pt_BR", player="p2") == "Todos os outros desistiram: p2 ganha sem showdown."
    assert text("label.call", "en", amount=12500) == "call 12,500"
    assert text("label.call", "pt-br", amount=12500) == "pagar 12.500"
    assert text("err.wrong_board_count", "pt-br", street="street.2", expected=1, count=3) == (
        "O turn tem 1 carta(s), mas foram abertas 3.")


def test_with_rule_ends_the_step_with_its_citation_in_the_language():
    assert with_rule("ex.side_pots", "en", "side_pots") == T["ex.side_pots"]["en"] + " [TDA 21]"
    assert with_rule("ex.fold_win", "en", "last_player", player="p1") == (
        "Everyone else folded: p1 wins without a showdown. [Last live hand wins]")
    assert with_rule("ex.fold_win", "pt-br", "last_player", player="p1") == (
        "Todos os outros desistiram: p1 ganha sem showdown. [Última mão viva ganha]")
    assert with_rule("ex.fold_win", "PT", "last_player", player="p1") == (
        "Todos os outros desistiram: p1 ganha sem showdown. [Última mão viva ganha]")
    assert with_rule("ex.uncalled", "pt-br", "uncalled", player="p3", amount=1500).endswith(
        "1.500 do que p3 colocou não foi igualado por nenhum outro jogador e volta para p3; não entra em nenhum "
        "pote. [Aposta não paga]")
    assert with_rule("ex.odd_chip", "pt-br", "odd_chips", units=1, chip=5, players="p1").endswith("p1. [TDA 20]")


def test_with_rule_without_a_known_citation_is_the_bare_step():
    assert with_rule("ex.fold_win", "en", None, player="p1") == "Everyone else folded: p1 wins without a showdown."
    assert with_rule("ex.fold_win", "en", "", player="p1") == "Everyone else folded: p1 wins without a showdown."
    assert with_rule("ex.fold_win", "en", "no_such_rule", player="p1") == (
        "Everyone else folded: p1 wins without a showdown.")
    assert with_rule("ex.side_pots", "fr", None) == T["ex.side_pots"]["en"]
    assert with_rule("ex.fold_win", "pt-br", None) == T["ex.fold_win"]["pt-br"]  # nothing filled


def test_a_house_may_blank_or_drop_a_citation(monkeypatch):
    monkeypatch.setitem(RULES, "side_pots", "")
    assert with_rule("ex.side_pots", "pt-br", "side_pots") == T["ex.side_pots"]["pt-br"]
    monkeypatch.setitem(RULES, "side_pots", None)
    assert with_rule("ex.side_pots", "en", "side_pots") == T["ex.side_pots"]["en"]
    monkeypatch.setitem(RULES, "side_pots", "House 9")
    assert with_rule("ex.side_pots", "pt-br", "side_pots") == T["ex.side_pots"]["pt-br"] + " [House 9]"


@pytest.mark.parametrize(("names", "lang", "want"), [
    ([], "en", ""), (["p1"], "en", "p1"), (["p1", "p2"], "en", "p1 and p2"),
    (["p1", "p2", "p3"], "en", "p1, p2 and p3"),
    (["p1", "p2", "p3", "p4"], "pt-br", "p1, p2, p3 e p4"), (["a", "b"], "pt", "a e b"),
])
def test_join_names_writes_a_list_as_people_do(names, lang, want):
    assert join_names(names, lang) == want
