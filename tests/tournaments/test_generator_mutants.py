"""What the structure generator's surviving mutants showed (docs/mutation-testing.md): pure, no database."""

import pytest

from tdconsole.tournaments import generator
from tdconsole.tournaments.generator import Row, retarget

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
