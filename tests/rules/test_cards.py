"""Seven-card evaluation: categories, best five in comparison order, kickers."""

import pytest

from tdconsole.rules import best_hand, evaluate_score


@pytest.mark.parametrize(
    ("cards", "category", "five"),
    [
        ("AsKsQsJsTs2d3c", "straight_flush", "AsKsQsJsTs"),
        ("5s4s3s2sAsKc3d", "straight_flush", "5s4s3s2sAs"),
        ("9c9d9h9sKd2c3c", "four_of_a_kind", "9s9h9d9cKd"),
        ("AsAdAcKdKs2c3d", "full_house", "AsAdAcKsKd"),
        ("Ah9h7h4h2hKcKd", "flush", "Ah9h7h4h2h"),
        ("As5d4c3d2s9c9d", "straight", "5d4c3d2sAs"),
        ("7c7d7hKdQs2c3d", "three_of_a_kind", "7h7d7cKdQs"),
        ("AsAdKcKd9s9c3d", "two_pair", "AsAdKdKc9s"),
        ("AcKdAh9d7c4s2h", "pair", "AhAcKd9d7c"),
        ("AsQd8c7d9s2c3d", "high_card", "AsQd9s8c7d"),
    ],
)
def test_category_and_best_five_in_comparison_order(cards, category, five):
    value = best_hand([cards[i : i + 2] for i in range(0, 14, 2)])
    assert value.category == category
    assert "".join(value.best_five) == five


def test_kicker_decides_between_equal_pairs():
    board = ["Ah", "9d", "7c", "4s", "2h"]
    assert evaluate_score(["Ac", "Kd", *board]) > evaluate_score(["Ad", "Qc", *board])


def test_board_plays_for_both_is_a_tie():
    board = ["Ts", "Jd", "Qc", "Kh", "Ah"]
    assert evaluate_score(["7h", "2c", *board]) == evaluate_score(["4s", "4d", *board])
