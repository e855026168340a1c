"""What the structure generator's surviving mutants showed (docs/mutation-testing.md): pure, no database."""

import pytest

from tdconsole.tournaments import generator
from tdconsole.tournaments.generator import (
    BIG_BLIND_ANTE,
    BREAK,
    LEVEL,
    MAX_CHIPS_IN_PLAY,
    TRADITIONAL,
    GeneratorError,
    Row,
    chips_after,
    generate,
    retarget,
)

CHIPS = (100, 500, 1000, 5000)


@pytest.fixture(autouse=True)
def _fresh_ladders():
    """Work the big blind ladders out anew in each test (they are cached for the process)."""
    generator.big_blind_ladder.cache_clear()
    generator._nice_multiples.cache_clear()


def test_a_retarget_never_lowers_the_small_blind_a_director_wrote_above_half_the_big_blind():
    # The director's level 350/400: half of the next big blind (500) rounds to 300, below the 350 being played.
    rows = [Row("level", 20, 350, 400, 400)]
    plan = retarget(rows=rows, position=1, seconds_left=600, target_seconds=6 * 3600, total_chips=2_000_000,
                    denominations=CHIPS, stack=20000, entries=100)
    new = [r for r in plan.new_rows if not r.is_break]
    assert (new[0].small_blind, new[0].big_blind) == (400, 600)
    before = 350
    for row in new:
        assert isinstance(row.small_blind, int) and row.small_blind % 100 == 0
        assert before <= row.small_blind <= row.big_blind
        before = row.small_blind


def test_a_climb_past_the_top_of_the_ladder_stops_instead_of_crashing():
    """At or above the ladder's last big blind there is no next one: the answer is None ("past the ladder",
    which makes the build stop), never an error. Kills `_nearest` 7 (`first > len` for `first >= len`)."""
    ladder = generator.big_blind_ladder(100)
    top = ladder[-1]
    assert generator._nearest(ladder, top * 3, above=top) is None
    assert generator._nearest([200, 500, 1000], 5000, above=1000) is None
    assert generator._nearest([200, 500, 1000], 5000, above=999) == 1000
    assert generator._big_blind(top * 3.0, 100, top) is None


# --- the run of 2026-12-07 (branch survivors2): each test names the survivors it kills -----------------

HOUSE = (25, 100, 500, 1000, 5000)


def levels_of(rows):
    return [row for row in rows if not row.is_break]


def refusal_of(call):
    with pytest.raises(GeneratorError) as refused:
        call()
    return refused.value


def test_each_big_blind_is_at_least_ten_percent_above_the_one_before_and_no_more_is_asked():
    """`_big_blind` 12, 14, 15: the step of `MIN_STEP` is a bound to the chip, not one or two chips off."""
    # 1,200 is 10.09% above 1,090 but 9.99% above 1,091 (a level the director wrote by hand).
    assert generator._big_blind(1200, 100, 1090) == 1200
    assert generator._big_blind(1200, 100, 1091) == 1600
    # 1,600 is only 6.7% above 1,500: the next is 2,000 (the docstring's example).
    assert generator._big_blind(1600, 100, 1500) == 2000
    # With 1s in play, 2 is followed by 3 (50% up), the nearest rung to a target of 3.
    assert generator._big_blind(3, 1, 2) == 3


def test_a_traditional_ante_starts_when_an_eighth_of_the_big_blind_is_exactly_one_chip():
    """`_ante` 11: at 100/200 with 25s the eighth is 25, one chip: the ante is 25, not nothing."""
    assert generator._ante(200, 25, 0, TRADITIONAL, 3) == 25
    assert generator._ante(200, 25, 0, TRADITIONAL, 2) == 0  # not before level 3
    assert generator._ante(175, 25, 0, TRADITIONAL, 3) == 0  # an eighth below a chip


def test_only_a_break_colours_up_a_chip():
    """`chips_after` 5: a colour-up chip left on a blind level (the level model has the column for every row)
    removes nothing, as the desk's own `chips_in_play` reads it; on a break it removes its chip."""
    level = Row(LEVEL, 20, 25, 50, 50, color_up=25)
    assert chips_after([level], [100, 25, 500]) == (25, 100, 500)
    assert chips_after([level, Row(BREAK, 10, color_up=25)], [100, 25, 500]) == (100, 500)


def test_every_blind_row_generated_is_a_level_that_the_structure_editor_takes():
    """`_build` 65: the rows are stored through `as_spec`, whose kind must be "level" or "break"."""
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE)
    assert {row.kind for row in plan.rows} == {LEVEL, BREAK}
    assert all(row.as_spec()["kind"] == LEVEL for row in levels_of(plan.rows))
    again = retarget(rows=list(plan.rows), position=5, seconds_left=600, target_seconds=5 * 3600,
                     total_chips=2_000_000, denominations=HOUSE, stack=20000, entries=100)
    assert all(row.kind == LEVEL for row in levels_of(again.new_rows))


def _top_of_the_ladder():
    top = generator.big_blind_ladder(100)[-1]
    start = generator._Start(chips=(100,), small_blind=top // 2, big_blind=top, ante=top, number=30)
    shape = generator._Shape(20, 0, 0, BIG_BLIND_ANTE, MAX_CHIPS_IN_PLAY)
    return top, start, shape


def test_a_build_from_the_top_of_the_ladder_gives_no_rows_and_no_end():
    """`_build` 41: when the ladder runs out the build still answers (rows so far, None), as its docstring says."""
    top, start, shape = _top_of_the_ladder()
    assert generator._build(start, shape, top * 1.25, 1.25) == ([], None)
    climb = generator._Climb(start, shape, None)
    assert (climb.most, climb.fewest, climb.feasible(3)) == (None, None, False)


def test_a_climb_that_cannot_reach_the_end_is_refused_as_too_many_chips():
    """`_refusal` 5, 10: with no climb reaching the end the answer is the `too_many_chips` refusal, not a crash."""
    _top, start, shape = _top_of_the_ladder()
    error = generator._refusal(5, [generator._Climb(start, shape, None)], shape, 0)
    assert isinstance(error, GeneratorError) and error.code == "too_many_chips"


def test_too_soon_names_the_minute_the_fastest_structure_ends():
    """`_refusal` 1: the minutes named are when the fastest structure ends, not a minute later."""
    least = refusal_of(lambda: generate(stack=20000, entries=100, level_minutes=20, target_minutes=120,
                                        denominations=HOUSE)).params["minutes"]
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=least, denominations=HOUSE)
    assert plan.expected_end_minutes == least
    most = refusal_of(lambda: generate(stack=20000, entries=100, level_minutes=20, target_minutes=20 * 60,
                                       denominations=HOUSE)).params["minutes"]
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=most, denominations=HOUSE)
    assert plan.expected_end_minutes == most


def test_too_far_off_during_a_level_counts_the_minutes_left_in_it():
    """`_refusal` 17: the longest duration a retarget allows adds the minutes left in the level being played
    (10 here) to the slowest structure's end, to the minute."""
    rows = list(generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE).rows)
    args = dict(rows=rows, position=5, seconds_left=600, total_chips=2_000_000, denominations=HOUSE, stack=20000,
                entries=100)
    most = refusal_of(lambda: retarget(target_seconds=40 * 3600, **args))
    assert most.code == "too_long"
    plan = retarget(target_seconds=most.params["minutes"] * 60, **args)
    assert plan.expected_end_seconds // 60 == most.params["minutes"]


def test_a_retarget_before_the_start_is_generated_for_the_whole_minutes_asked():
    """`retarget` 69: 207 minutes asked before the clock starts is the generator's structure for 207 minutes."""
    rows = list(generate(stack=20000, entries=100, level_minutes=20, target_minutes=600, denominations=HOUSE).rows)
    plan = retarget(rows=rows, position=None, seconds_left=0, target_seconds=207 * 60 + 59, total_chips=2_000_000,
                    denominations=HOUSE, stack=20000, entries=100)
    assert plan == generate(stack=20000, entries=100, level_minutes=20, target_minutes=207, denominations=HOUSE)


# Level 2 of 20-minute levels at 30,000/60,000, 10 minutes left, 2,000,000 chips: the model ends the event at
# the first big blind of 100,000, which the next level can reach.
NEAR_THE_END = dict(rows=[Row(LEVEL, 20, 25000, 50000, 50000), Row(LEVEL, 20, 30000, 60000, 60000)], position=2,
                    seconds_left=600, total_chips=2_000_000, denominations=(100, 500, 1000, 5000, 25000),
                    stack=20000, entries=100)


def test_an_end_half_a_level_after_the_one_being_played_is_taken():
    """`retarget` 171, 174: an end exactly half a level after the one being played is not too soon."""
    plan = retarget(target_seconds=600 + 20 * 30, **NEAR_THE_END)
    assert (levels_of(plan.new_rows)[0].small_blind, levels_of(plan.new_rows)[0].big_blind) == (50000, 100000)
    assert plan.end_level == 3 and plan.expected_end_seconds == 600 + 20 * 60


def test_an_end_sooner_than_half_a_level_after_the_one_being_played_is_too_soon():
    """`retarget` 172, 173, 176: a second earlier is too soon, even though the next level could end the event."""
    for target in (600 + 20 * 30 - 1, 600, 0):
        exc = refusal_of(lambda target=target: retarget(target_seconds=target, **NEAR_THE_END))
        assert (exc.code, exc.params) == ("too_short", {"minutes": 30})


def test_a_retarget_from_a_break_before_any_level_starts_on_the_smallest_chips_ladder():
    """`retarget` 194: a fiftieth of a 12,500 stack is 250 with 25s in play (the 100s' ladder would give 300),
    and with one chip value in play there is no second chip to read."""
    rows = [Row(BREAK, 15), Row(LEVEL, 20, 100, 200, 200)]
    for chips, first in ((HOUSE, 250), ((25,), 250)):
        plan = retarget(rows=rows, position=1, seconds_left=600, target_seconds=8 * 3600, total_chips=1_250_000,
                        denominations=chips, stack=12500, entries=100)
        assert levels_of(plan.new_rows)[0].big_blind == first


def test_spare_levels_stop_at_the_first_that_is_two_past_the_end_and_a_tenth_of_the_chips():
    """`_build` 91, 92: at least two spare levels after the end, and no more once a big blind is a tenth of the
    chips in play."""
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=190, denominations=HOUSE)
    levels = levels_of(plan.rows)
    assert [r.big_blind for r in levels[plan.end_level - 1:]] == [100000, 200000, 400000]
    # Late, with only 5,000s left: the end level's 10,000 is a thirteenth of the chips, so both spares follow.
    rows = [Row(LEVEL, 20, 1000, 2000, 2000), Row(BREAK, 15, color_up=1000), Row(LEVEL, 20, 3000, 6000, 6000)]
    plan = retarget(rows=rows, position=3, seconds_left=600, target_seconds=1800, total_chips=130_000,
                    denominations=(1000, 5000), stack=10000, entries=13, break_every=0)
    assert [r.big_blind for r in plan.new_rows] == [10000, 15000, 20000] and plan.end_level == 3


def test_a_stack_of_exactly_ten_first_big_blinds_of_the_smallest_chip_is_taken():
    """`generate` 68, 69: 500 chips with 25s is 10 big blinds of 50, the least allowed; 499 is refused."""
    plan = generate(stack=500, entries=20, level_minutes=20, target_minutes=180, denominations=HOUSE)
    assert (plan.rows[0].small_blind, plan.rows[0].big_blind, plan.start_depth) == (25, 50, 10.0)
    exc = refusal_of(lambda: generate(stack=499, entries=20, level_minutes=20, target_minutes=180,
                                      denominations=HOUSE))
    assert (exc.code, exc.params) == ("chip_too_large", {"chip": 25, "stack": 499})


def test_exactly_the_most_chips_in_play_allowed_are_taken():
    """`_shape` 56: 100 entries of 100,000,000 is `MAX_CHIPS_IN_PLAY` itself, which is allowed."""
    plan = generate(stack=10**8, entries=100, level_minutes=20, target_minutes=600,
                    denominations=(25000, 100000, 500000))
    assert plan.total_chips == MAX_CHIPS_IN_PLAY and plan.expected_end_minutes == 600


def _level_ends(rows):
    ends, minutes = [], 0
    for row in rows:
        minutes += row.minutes
        if not row.is_break:
            ends.append(minutes)
    return ends


@pytest.mark.parametrize(("stack", "entries", "level"), [(20000, 100, 20), (500, 100, 30), (10000, 50, 15)])
def test_the_structure_ends_in_the_level_whose_end_is_nearest_the_target_breaks_included(stack, entries, level):
    """`generate` 95: the number of levels is counted with the breaks the structure will have (the first after
    `break_every` levels from the start), so the end falls in the level whose end is nearest the target."""
    for target in range(level * 8, level * 30, 7):
        try:
            plan = generate(stack=stack, entries=entries, level_minutes=level, target_minutes=target,
                            denominations=HOUSE)
        except GeneratorError:
            continue
        ends = _level_ends(plan.rows)
        nearest = min(range(len(ends)), key=lambda i: (abs(ends[i] - target), i)) + 1
        assert plan.end_level == nearest, target


def test_the_first_big_blind_is_the_workable_one_nearest_the_preferred_depth():
    """`generate` 112, 128, 129: a short event starts at 50 big blinds, a long one at 300, one between at the rung
    nearest the depth from which 25% a level reaches the end (here 75 big blinds: 500 and 600 cannot)."""
    short = generate(stack=20000, entries=20, level_minutes=20, target_minutes=180, denominations=HOUSE)
    assert (short.rows[0].big_blind, short.start_depth) == (400, 50.0)
    between = generate(stack=30000, entries=20, level_minutes=20, target_minutes=420, denominations=HOUSE)
    assert (between.rows[0].big_blind, between.start_depth) == (400, 75.0)
    exc = refusal_of(lambda: generate(stack=30000, entries=20, level_minutes=20, target_minutes=600,
                                      denominations=HOUSE))
    assert (exc.code, exc.params) == ("too_long", {"minutes": 525})
    deep = generate(stack=30000, entries=20, level_minutes=20, target_minutes=525, denominations=HOUSE)
    assert (deep.rows[0].big_blind, deep.start_depth, deep.expected_end_minutes) == (100, 300.0, 525)


def test_too_far_off_names_the_minute_the_slowest_structure_ends_breaks_counted_from_the_start():
    """`_level_ends` 2, `generate` 184: 30-minute levels from a 500 stack end at most 255 minutes on (with the
    break after the fourth level), and a structure asked for 255 minutes ends there."""
    exc = refusal_of(lambda: generate(stack=500, entries=20, level_minutes=30, target_minutes=300,
                                      denominations=HOUSE))
    assert (exc.code, exc.params) == ("too_long", {"minutes": 255})
    plan = generate(stack=500, entries=20, level_minutes=30, target_minutes=255, denominations=HOUSE)
    assert plan.expected_end_minutes == 255


def _is_nice(value):
    while value % 10 == 0 and value >= 100:
        value //= 10
    return value in generator.NICE_MANTISSAS or value * 10 in generator.NICE_MANTISSAS


def test_a_chip_of_five_times_a_power_of_ten_gets_only_nice_big_blinds_and_a_chip_of_six_its_own():
    """`_is_power_of_ten_friendly` 11: 5s, 50s and 500s have nice multiples enough (no 750 or 75,000); a 6 is
    unusual and gets its own multiples (18, 24, 36)."""
    for chip in (5, 50, 500):
        assert all(_is_nice(v) for v in generator.big_blind_ladder(chip)), chip
    assert {18, 24, 36} <= set(generator.big_blind_ladder(6))


def test_a_home_game_starts_at_the_rung_nearest_the_preferred_depth():
    """`generate` 109 to 111, 113, 137: five 5,000 stacks with 1s, hour levels for fifteen hours: from 62.5 big
    blinds (40/80) blinds growing about 25% a level end in the 13th level; two 200 stacks over two hours start
    at 50 big blinds (2/4)."""
    home = generate(stack=5000, entries=5, level_minutes=60, target_minutes=900, denominations=(1, 5, 25, 100))
    assert (home.rows[0].small_blind, home.rows[0].big_blind, home.start_depth) == (40, 80, 62.5)
    assert (home.end_level, home.expected_end_minutes) == (13, 900)
    heads_up = generate(stack=200, entries=2, level_minutes=20, target_minutes=120, denominations=(1, 5, 25, 100))
    assert (heads_up.rows[0].big_blind, heads_up.start_depth, heads_up.expected_end_minutes) == (4, 50.0, 120)


def test_a_shallow_stack_starts_at_two_of_the_smallest_chip_whatever_the_rounding():
    """`generate` 131: 502 chips with 25s is 10.04 first big blinds of 50; the range of first big blinds is that
    one value, which division rounds a hair above 50: the fall-back is the ladder's first rung, 50."""
    plan = generate(stack=502, entries=20, level_minutes=20, target_minutes=180, denominations=HOUSE)
    assert (plan.rows[0].small_blind, plan.rows[0].big_blind) == (25, 50)


def test_when_the_ladder_jumps_over_the_level_asked_the_fit_keeps_the_first_nearest_end():
    """`_Climb.fit` 17, 19, 20, 35: from 400/800 with 400s and 2,000s, 800,000 chips and a break every three
    levels (whose colour-up changes the ladder), no growth ends in the 12th new level: the fit keeps the first
    end one level off that the bisection meets (the 13th, growth 2**0.25), not a later or a farther one."""
    shape = generator._Shape(20, 3, 15, BIG_BLIND_ANTE, 800_000)
    start = generator._Start(chips=(400, 2000), small_blind=400, big_blind=800, ante=800, number=3)
    climb = generator._Climb(start, shape, None)
    assert (climb.fewest, climb.most) == (6, 13)
    rows, growth = climb.fit(12)
    assert growth == 2 ** 0.25
    assert generator.expected_end(rows, 800_000) == (320, 13)
