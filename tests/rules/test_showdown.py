"""Pots, showdown order, exposure, mucks and odd chips."""

from tdconsole.rules import Hand, spec_from_mapping

from .test_betting import play

RIVER_CHECKED = ["d db 2c3d4h", "p1 cc", "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc", "d db Jc",
                 "p1 cc", "p2 cc", "p3 cc"]


def deal(*holes):
    return [f"d dh p{i + 1} {cards}" for i, cards in enumerate(holes)]


def test_tda17_showdown_order_starts_with_last_aggressor_of_final_round():
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cc", "p1 cc", "p2 cc", *RIVER_CHECKED[:-3], "p1 cc",
               "p2 cbr 100", "p3 cc", "p1 cc"]
    hand = play([1000] * 3, actions, blinds=(50, 100))
    assert hand.status == "complete"
    ruling = hand.ruling("en")
    assert ruling["showdown"] == {"all_exposed": False, "order": ["p2", "p3", "p1"]}


def test_tda17_without_a_bet_first_left_of_button_shows_first():
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cc", "p1 cc", "p2 cc", *RIVER_CHECKED]
    ruling = play([1000] * 3, actions, blinds=(50, 100)).ruling("en")
    assert ruling["showdown"]["order"] == ["p1", "p2", "p3"]
    assert ruling["pots"][0]["winners"] == ["p1"]


def test_tda16_all_in_exposes_every_hand_in_tournament():
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cbr 500", "p1 f", "p2 cc", "d db 2c3d4h", "d db 9s", "d db Kh"]
    ruling = play([1000, 1000, 500], actions, blinds=(50, 100)).ruling("en")
    assert ruling["status"] == "complete"
    assert ruling["showdown"]["all_exposed"] is True
    assert ruling["finishing_stacks"] == [950, 1550, 0]  # p2 makes a set of kings


def test_wsop149_cash_game_all_in_is_not_all_exposed_and_all_in_hand_shows_first():
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cbr 500", "p1 f", "p2 cc", "d db 2c3d4h", "d db 9s", "d db 8h"]
    ruling = play([1000, 1000, 500], actions, blinds=(50, 100), _mode="cash").ruling("en")
    assert ruling["showdown"]["all_exposed"] is False
    assert ruling["showdown"]["order"][0] == "p3"


def test_tda13_mucked_hand_cannot_win_even_if_best():
    actions = [*deal("AsAd", "7h2c", "QsQd"), "p3 f", "p1 cc", "p2 cc", "d db 2d3d4h", "p1 cc", "p2 cc",
               "d db 9s", "p1 cc", "p2 cc", "d db Kd", "p1 cc", "p2 cc", "p1 sm", "p2 sm 7h2c"]
    hand = play([1000] * 3, actions, blinds=(50, 100))
    ruling = hand.ruling("en")
    assert ruling["pots"][0]["winners"] == ["p2"]
    assert ruling["finishing_stacks"] == [900, 1100, 1000]
    assert "p1" not in ruling["hands"]


def test_tda21_side_pot_excludes_short_all_in_and_dead_money_stays():
    # p3 all-in 300; p1 raises to 1000, p2 calls then folds on the flop: his chips stay in both pots.
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cbr 300", "p1 cbr 1000", "p2 cc", "d db 2c3d4h", "p1 cbr 500",
               "p2 f", "d db 9s", "d db Kh"]
    hand = play([3000, 3000, 300], actions, blinds=(50, 100))
    ruling = hand.ruling("en")
    assert [(p["amount"], set(p["eligible"])) for p in ruling["pots"]] == [(900, {"p1", "p3"}), (1400, {"p1"})]
    assert ruling["uncalled"] == [{"player": "p1", "amount": 500}]
    assert ruling["pots"][0]["winners"] == ["p1"]
    assert ruling["finishing_stacks"] == [4300, 2000, 0]


def test_tda21_nobody_wins_from_a_pot_he_is_not_eligible_for():
    # p3 (short, best hand) wins only the main pot; p2 wins the side pot.
    actions = [*deal("2s7d", "KsKd", "AsAd"), "p3 cbr 300", "p1 cc", "p2 cbr 1000", "p1 cc", "d db 2c3d4h",
               "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Qh", "p1 cc", "p2 cc"]
    ruling = play([3000, 3000, 300], actions, blinds=(50, 100)).ruling("en")
    assert ruling["pots"][0]["winners"] == ["p3"] and ruling["pots"][0]["amount"] == 900
    assert ruling["pots"][1]["winners"] == ["p2"] and ruling["pots"][1]["amount"] == 1400
    assert ruling["finishing_stacks"] == [2000, 3400, 900]


def test_tda20_odd_chip_goes_first_left_of_button_in_units_of_smallest_chip():
    # Blinds 25/50 and a 25 ante from the button: pot 125 split two ways with 25 chips is 5 units,
    # 3 to p1 (first left of the button) and 2 to p2.
    hand = Hand.replay(
        spec_from_mapping({
            "variant": "NT", "antes": [0, 0, 25], "blinds_or_straddles": [25, 50, 0], "min_bet": 50,
            "starting_stacks": [1000, 1000, 1000], "_smallest_chip": 25,
            "actions": [*deal("AcKd", "AsKh", "7c2d"), "p3 f", "p1 cc", "p2 cc", "d db 9c8d7h", "p1 cc", "p2 cc",
                        "d db Ts", "p1 cc", "p2 cc", "d db Jc", "p1 cc", "p2 cc"],
        })
    )
    assert hand.error is None
    pot = hand.ruling("en")["pots"][0]
    assert pot["amount"] == 125 and pot["awards"] == {"p1": 75, "p2": 50}


def test_tda20_heads_up_odd_chip_goes_to_the_big_blind():
    actions = ["d dh p1 AcKd", "d dh p2 AsKh", "p2 cc", "p1 cc", "d db 9c8d7h", "p1 cc", "p2 cc", "d db Ts",
               "p1 cc", "p2 cc", "d db Jc", "p1 cc", "p2 cc"]
    hand = play([1000, 1000], actions, blinds=(50, 100), antes=(5, 0))  # p2 pays the 5 ante: pot 205
    ruling = hand.ruling("en")
    assert ruling["pots"][0]["amount"] == 205
    assert ruling["pots"][0]["awards"] == {"p1": 103, "p2": 102}


def test_showdown_waits_for_unknown_cards():
    actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cc", "p1 cc", "p2 cc", *RIVER_CHECKED]
    hand = play([1000] * 3, actions, blinds=(50, 100))
    assert hand.status == "in_progress"
    assert hand.ruling("en")["finishing_stacks"] is None
    hand.apply("p1 sm AsAd")
    hand.apply("p2 sm KsKh")
    hand.apply("p3 sm QsQh")
    assert hand.status == "complete"
    assert hand.finishing_stacks() == [1200, 900, 900]


def test_shown_cards_must_match_the_dealt_cards():
    actions = [*deal("AsAd", "KsKd", "QsQd"), "p3 cc", "p1 cc", "p2 cc", *RIVER_CHECKED]
    hand = play([1000] * 3, actions, blinds=(50, 100))
    assert not hand.can_apply("p1 sm AhAc")
    assert hand.can_apply("p1 sm AdAs")
