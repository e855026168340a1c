from tdconsole.tournaments.places import BustRank, group_places


def test_lone_bust_takes_the_best_place_of_its_group():
    assert group_places([BustRank("a", 1, None)], best_place=40) == {"a": 40}


def test_bigger_starting_stack_finishes_higher_at_one_table():
    places = group_places([BustRank("a", 5, 1000), BustRank("b", 5, 3000), BustRank("c", 5, 2000)], best_place=10)
    assert places == {"b": 10, "c": 11, "a": 12}


def test_equal_stacks_tie_and_the_next_place_is_skipped():
    places = group_places([BustRank("a", 5, 2000), BustRank("b", 5, 2000), BustRank("c", 5, 1000)], best_place=10)
    assert places == {"a": 10, "b": 10, "c": 12}


def test_busts_at_different_tables_tie_whatever_the_stacks():
    places = group_places([BustRank("a", 1, 100), BustRank("b", 2, 90000)], best_place=18)
    assert places == {"a": 18, "b": 18}


def test_unknown_stack_makes_the_hand_a_tie():
    places = group_places([BustRank("a", 1, 100), BustRank("b", 1, None)], best_place=3)
    assert places == {"a": 3, "b": 3}


def test_empty_group_has_no_places():
    assert group_places([], best_place=1) == {}
