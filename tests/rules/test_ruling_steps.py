"""Explanation steps that only odd set-ups reach: antes that differ by seat, a big blind with no chips, a side pot
only folded players reached at a showdown, named and unnamed tables of the same size one after the other."""

from tdconsole.rules import Hand, spec_from_mapping
from tdconsole.rules.ruling import clear_caches


def replay(stacks, blinds, antes, actions=(), **extra):
    data = {"variant": "NT", "min_bet": max(blinds) or 2, "starting_stacks": stacks, "blinds_or_straddles": blinds,
            "antes": antes, "actions": list(actions), **extra}
    return Hand.replay(spec_from_mapping(data))


def test_heads_up_antes_are_read_in_reverse_for_a_short_ante():
    # Heads-up the arrays are reversed: antes [4, 2] means p1 (big blind) owes 2 and p2 (button) owes 4.
    hand = replay([100, 2], [0, 2], [4, 2])
    steps = hand.ruling("en")["explanation"]
    assert "p2 has only 2 for the ante of 4 and is all-in for it: from each opponent he can win only as much as he " \
           "put in. [Table stakes]" in steps
    assert not any(step.startswith("p1 has only") for step in steps)


def test_three_handed_antes_are_read_seat_by_seat_for_a_short_ante():
    hand = replay([3, 100, 100], [0, 2, 0], [4, 0, 2])
    steps = hand.ruling("en")["explanation"]
    assert steps[:2] == [
        "Forced bets: p1 antes 3; p2 posts 2; p3 antes 2. [Blinds and antes]",
        "p1 has only 3 for the ante of 4 and is all-in for it: from each opponent he can win only as much as he put "
        "in. [Table stakes]",
    ]


def test_big_blind_ante_with_a_big_blind_of_no_chips():
    hand = replay([1000, 0, 1000], [100, 200, 0], [0, 200, 0])
    steps = hand.ruling("en")["explanation"]
    assert steps[:4] == [
        "Forced bets: p1 posts 100. [TDA BBA]",
        "Big blind ante with a short big blind: the blind (0) is paid before the ante (0). [TDA BBA]",
        "p2 has only 0 for the blind of 200 and is all-in for it: from each opponent he can win only as much as he "
        "put in. [Table stakes]",
        "The blind of 200 still stands although p2 could not post it in full: the others may fold, call 200 or "
        "raise, and what they put in above p2's chips makes a side pot among them or comes back as uncalled. "
        "[WSOP Live Action 154 (2026)]",
    ]
    assert hand.options().call == 200


def test_at_a_showdown_a_side_pot_only_folded_players_reached_goes_to_the_last_of_them():
    # Antes 4, blinds 2/4: p2 and p4 are all-in from their antes (2 and 3); p3 folds, then p1. The 1 + 1 of ante
    # above p4's 3 was contested by p1 and p3 only: p1 folded last and takes it.
    hand = replay([100, 2, 100, 3], [2, 4, 0, 0], [4, 4, 4, 4],
                  ["d dh p1 2c3d", "d dh p2 AsAd", "d dh p3 7c8d", "d dh p4 KsKd", "p3 f", "p1 f",
                   "d db Qh9c4d", "d db 5s", "d db Jd"])
    ruling = hand.ruling("en")
    assert [(p["amount"], p["eligible"], p["awards"]) for p in ruling["pots"]] == [
        (8, ["p2", "p4"], {"p2": 8}), (3, ["p4"], {"p4": 3}), (2, ["p1"], {"p1": 2})]
    assert ruling["uncalled"] == [{"player": "p1", "amount": 2}]
    assert ruling["finishing_stacks"] == [98, 8, 96, 3]
    assert ruling["explanation"][-4:] == [
        "Main pot (8): p2 has the best hand among the eligible players and wins it. [TDA 12]",
        "Side pot 1 (3): p4 has the best hand among the eligible players and wins it. [TDA 12]",
        "Side pot 2 (2): only players who folded reached it; p1 folded last, when nobody else was left contesting "
        "it, and takes it. [Last live hand wins]",
        "Finishing stacks: p1 98, p2 8, p3 96, p4 3. [Pots pushed]",
    ]
    assert hand.ruling("pt-br")["explanation"][-2] == (
        "Pote paralelo 2 (2): só jogadores que desistiram chegaram a ele; p1 desistiu por último, quando ninguém "
        "mais o disputava, e o leva. [Última mão viva ganha]")


def test_a_named_table_after_an_unnamed_one_of_the_same_size_is_named_and_back():
    clear_caches()
    plain = replay([100, 100, 100], [1, 2, 0], [0, 0, 0])
    named = replay([100, 100, 100], [1, 2, 0], [0, 0, 0], players=["Ana", "Bia", "Caio"])
    assert plain.ruling("en")["explanation"][0] == "Forced bets: p1 posts 1; p2 posts 2. [Blinds and antes]"
    assert named.ruling("en")["explanation"][0] == "Forced bets: p1 (Ana) posts 1; p2 (Bia) posts 2. [Blinds and antes]"
    assert plain.ruling("en")["explanation"][0] == "Forced bets: p1 posts 1; p2 posts 2. [Blinds and antes]"
    other = replay([100, 100, 100], [1, 2, 0], [0, 0, 0], players=["Zoë", "Bia", "Caio"])
    assert other.ruling("pt-br")["explanation"][0] == (
        "Apostas obrigatórias: p1 (Zoë) posta 1; p2 (Bia) posta 2. [Blinds e antes]")
    assert named.ruling("en")["players"] == ["p1", "p2", "p3"]
