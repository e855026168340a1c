"""Action lines remembered from one hand to the next read exactly as if read afresh.

``spec_from_mapping`` keeps the lines the short path has read, per number of players, so that a line
seen before costs one look-up. A line must still be refused where it does not fit (a player the table
does not have), and what was remembered must not outlive ``clear_caches``.
"""

import pytest

from tdconsole.rules import PHHError, parse_phh
from tdconsole.rules.phh import _PLAIN, _parse_plain
from tdconsole.rules.ruling import clear_caches


def _hand(players: int, actions: list[str]) -> str:
    stacks = ", ".join(["1000"] * players)
    zeros = ", ".join(["0"] * (players - 2))
    blinds = f"[5, 10, {zeros}]" if zeros else "[5, 10]"
    antes = f"[{', '.join(['0'] * players)}]"
    lines = ", ".join(f"'{a}'" for a in actions)
    return (f"variant = 'NT'\nantes = {antes}\nblinds_or_straddles = {blinds}\nmin_bet = 10\n"
            f"starting_stacks = [{stacks}]\nactions = [{lines}]\n")


NINE = ["d dh p9 AsKd", "p3 f", "p4 f", "p5 f", "p6 f", "p7 f", "p8 f", "p9 f", "p1 f"]


def test_a_line_remembered_at_nine_players_is_refused_at_three():
    clear_caches()
    nine = parse_phh(_hand(9, NINE))
    assert nine.parsed[0] == ("dh", 8, 0, ("As", "Kd"), "d dh p9 AsKd")
    with pytest.raises(PHHError) as info:
        parse_phh(_hand(3, ["d dh p9 AsKd"]))
    assert info.value.field == "actions[0]" and "there is no player p9" in str(info.value)
    with pytest.raises(PHHError) as info:
        parse_phh(_hand(3, ["p1 f", "p9 f"]))
    assert info.value.field == "actions[1]"


def test_remembered_lines_give_the_same_spec_twice_and_after_clearing():
    clear_caches()
    text = _hand(6, ["d dh p1 6s8h", "d dh p2 Ah8s", "p3 f", "p4 cbr 40", "p5 f", "p6 f", "p1 cc", "p2 f",
                     "d db JcQh3s", "p1 cc", "p4 cbr 60", "p1 f"])
    first = parse_phh(text)
    assert _PLAIN[6]  # remembered
    again = parse_phh(text)
    clear_caches()
    assert not _PLAIN
    fresh = parse_phh(text)
    assert first == again == fresh
    assert fresh.parsed == tuple(_parse_plain(line, 6) for line in fresh.actions)


def test_lines_outside_the_short_path_are_not_remembered_and_still_read():
    clear_caches()
    spec = parse_phh(_hand(2, ["d dh p1 6s8h  # hole cards", "p2 cbr 30", "p1 f"]))
    assert spec.parsed[0] == ("dh", 0, 0, ("6s", "8h"), "d dh p1 6s8h")
    assert "d dh p1 6s8h  # hole cards" not in _PLAIN[2]
    with pytest.raises(PHHError):
        parse_phh(_hand(2, ["p2 cbr 30", 7]).replace("7'", "7").replace("'7", "7"))
