"""Property tests of the dead button (TDA 32, 34-B, 10-A): a table plays many hands with random
eliminations, players moved in and players moved out, and every hand's blinds must keep the rules.

A script is (seat_count, occupied seats, first button, events); each event says, after a hand, which
seats bust, which seats get a new player and which players leave for another table. Seat numbers that
do not apply at that moment (busting an empty seat, filling a taken one) are skipped, and a hand that
would leave fewer than two players has no eliminations, so every script is a legal night.
"""

from dataclasses import dataclass, field

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tdconsole.rules import NextHand, first_hand

QUIET = ((), (), ())


@dataclass
class Played:
    """One hand of the simulation, with who sat where (player ids never come back once gone)."""

    hand: NextHand
    owner: dict[int, int]
    new_players: set[int] = field(default_factory=set)

    def player(self, seat: int | None) -> int | None:
        return None if seat is None else self.owner.get(seat)

    @property
    def dealt_players(self) -> set[int]:
        return {self.owner[s] for s in self.hand.dealt_in}

    @property
    def sb_player(self) -> int | None:
        return self.player(self.hand.small_blind)

    @property
    def bb_player(self) -> int | None:
        return self.player(self.hand.big_blind)


def simulate(script) -> list[Played]:
    seat_count, seats, button, events = script
    owner = {seat: i for i, seat in enumerate(seats)}
    fresh = len(seats)
    hand = first_hand(seats, button, seat_count=seat_count)
    played = [Played(hand, dict(owner))]
    for busts, fills, outs in events:
        seated = set(hand.seated)
        busted = set(busts) & set(hand.dealt_in)  # only a player dealt in can bust
        moved_out = set(outs) & (seated - busted)
        stayed = seated - busted - moved_out
        moved_in = set(fills) - stayed
        if not stayed or len(stayed | moved_in) < 2:
            busted, moved_out = set(), set()
            moved_in = set(fills) - seated
        hand = hand.following(busted, moved_in=moved_in, moved_out=moved_out)
        for seat in busted | moved_out:
            del owner[seat]
        new_players = set()
        for seat in sorted(moved_in):
            owner[seat] = fresh
            new_players.add(fresh)
            fresh += 1
        played.append(Played(hand, dict(owner), new_players))
    return played


def clockwise_after(start: int, seats, seat_count: int) -> list[int]:
    return sorted(seats, key=lambda s: (s - start - 1) % seat_count)


def strictly_between(first: int, seat: int, last: int, seat_count: int) -> bool:
    return 0 < (seat - first) % seat_count < (last - first) % seat_count


def check_hand(before: Played, now: Played) -> None:
    """What must hold between two hands in a row."""
    prev, hand, n = before.hand, now.hand, now.hand.seat_count
    assert set(hand.dealt_in) | set(hand.waiting) == set(hand.seated)
    assert not set(hand.dealt_in) & set(hand.waiting)
    assert set(now.owner) == set(hand.seated)
    # The big blind: always posted, by the first player dealt in clockwise after the last big blind.
    assert hand.big_blind in hand.dealt_in
    assert hand.big_blind == clockwise_after(prev.big_blind, hand.dealt_in, n)[0]
    assert now.bb_player != before.bb_player, "big blind twice in a row"
    # The last big blind, if still at the table, posts the small blind (heads-up: as the button).
    if before.bb_player in now.owner.values():
        assert now.sb_player == before.bb_player
    # A small blind is posted only by the last big blind or by a player new at the table, and only
    # when the last big blind has gone may somebody else post it (heads-up: the button).
    if now.sb_player is not None and now.sb_player != before.bb_player:
        assert now.sb_player in now.new_players or before.bb_player not in now.owner.values()
    if hand.heads_up:
        assert len(hand.dealt_in) == 2
        assert hand.button == hand.small_blind == hand.small_blind_seat != hand.big_blind
        assert hand.button in hand.dealt_in and not hand.dead_button
        assert hand.dealt_in[-1] == hand.button  # the button gets the last card
    else:
        assert len(hand.dealt_in) >= 3
        assert strictly_between(hand.button, hand.small_blind_seat, hand.big_blind, n)
        assert hand.dead_button == (hand.button not in hand.seated)
        assert (hand.small_blind is None) == (hand.small_blind_seat not in hand.seated)
        assert hand.small_blind in (None, hand.small_blind_seat)
        # Nobody dealt in sits between the button and the small blind, nobody at all between the blinds.
        assert not [s for s in hand.dealt_in if strictly_between(hand.button, s, hand.small_blind_seat, n)]
        assert not [s for s in hand.seated if strictly_between(hand.small_blind_seat, s, hand.big_blind, n)]
        # The button never moves backwards, and never past the last big blind.
        assert hand.button == prev.button or strictly_between(prev.button, hand.button, prev.big_blind, n)
    # Only a player not yet dealt in waits, only where he would get the button before posting a blind:
    # between the last small blind and the last big blind, which is between this hand's button and small
    # blind unless it is heads-up. He waits one hand, or two when the first was heads-up.
    for seat in hand.waiting:
        waited = seat in prev.waiting and now.owner[seat] == before.owner[seat]
        assert now.owner[seat] in now.new_players or (waited and prev.heads_up)
        assert strictly_between(prev.small_blind_seat, seat, prev.big_blind, n)
        assert hand.heads_up or strictly_between(hand.button, seat, hand.small_blind_seat, n)


def check_orbits(played: list[Played]) -> None:
    """Each player posts the big blind once per orbit, then the small blind, and never misses a turn."""
    seat_count = played[0].hand.seat_count
    players = set().union(*(p.owner.values() for p in played))
    for p in players:
        big = [i for i, hand in enumerate(played) if hand.bb_player == p]
        for h1, h2 in zip(big, big[1:], strict=False):
            window = played[h1 : h2 + 1]
            steady = set.intersection(*(hand.dealt_players for hand in window)) - {p}
            for q in steady:
                posts = [i for i in range(h1 + 1, h2) if played[i].bb_player == q]
                assert len(posts) == 1, (p, q, h1, h2, posts)
            # The small blind follows the big blind; a second one only when heads-up starts after the
            # big blind left (the button then posts the small blind again, TDA 34-B).
            small = [i for i in range(h1 + 1, h2 + 1) if played[i].sb_player == p]
            assert small[:1] == [h1 + 1], (p, h1, h2, small)
            for i in small[1:]:
                assert played[i].hand.heads_up and played[i - 1].bb_player not in played[i].owner.values()
        # Seated but not dealt in: two hands in a row at most.
        waits = [any(hand.owner.get(s) == p for s in hand.hand.waiting) for hand in played]
        assert "111" not in "".join("1" if w else "0" for w in waits), p
        # Dealt in for seat_count hands in a row: the big blind has come round at least once.
        dealt = [p in hand.dealt_players for hand in played]
        for start in range(len(played) - seat_count + 1):
            if all(dealt[start : start + seat_count]):
                assert p in {played[i].bb_player for i in range(start, start + seat_count)}, (p, start)


def seat_lists(n):
    return st.lists(st.integers(1, n), max_size=3).map(lambda xs: tuple(sorted(set(xs))))


@st.composite
def scripts(draw):
    n = draw(st.integers(2, 10))
    seats = tuple(sorted(draw(st.sets(st.integers(1, n), min_size=2))))
    button = draw(st.sampled_from(seats))
    quiet = st.just(())
    event = st.tuples(
        st.one_of(quiet, quiet, seat_lists(n)),          # busts
        st.one_of(quiet, quiet, quiet, seat_lists(n)),   # players moved in
        st.one_of(quiet, quiet, quiet, seat_lists(n)),   # players moved out
    )
    return n, seats, button, tuple(draw(st.lists(event, min_size=1, max_size=50)))


NINE = tuple(range(1, 10))


@settings(max_examples=300, deadline=None)
@given(scripts())
# Both blinds bust in the same hand: a dead small blind, then a dead button.
@example((9, NINE, 1, (((2, 3), (), ()),) + (QUIET,) * 12))
# The button busts.
@example((9, NINE, 1, (((1,), (), ()),) + (QUIET,) * 12))
# Three players become two: the button, the small blind or the big blind busts.
@example((9, (1, 4, 7), 1, (((1,), (), ()),) + (QUIET,) * 5))
@example((9, (1, 4, 7), 1, (((4,), (), ()),) + (QUIET,) * 5))
@example((9, (1, 4, 7), 1, (((7,), (), ()),) + (QUIET,) * 5))
# A player moved in right after the button, before the small blind: he waits one hand.
@example((6, (1, 2, 3, 5, 6), 1, (QUIET, ((), (4,), ())) + (QUIET,) * 8))
# The small blind busts and a new player takes his seat, where the button goes next: he is dealt in.
@example((6, (1, 2, 3, 4, 5, 6), 1, (((2,), (2,), ()),) + (QUIET,) * 8))
# Heads-up, a third player arrives between the button and the big blind (waits) or after the big blind.
@example((9, (2, 6), 2, (((), (4,), ()),) + (QUIET,) * 6))
@example((9, (2, 6), 2, (((), (8,), ()),) + (QUIET,) * 6))
# Heads-up starts while a new player sits where the button would pass over him: he waits two hands.
@example((7, (2, 4, 5), 4, (((2,), (1,), ()),) + (QUIET,) * 6))
# Balancing takes the player due for the big blind to another table.
@example((9, NINE, 1, (((), (), (4,)),) + (QUIET,) * 10))
# Only the last big blind stays and the new players all sit between the button and him.
@example((8, (1, 2, 5, 6), 1, (((1, 2, 6), (3, 4), ()),) + (QUIET,) * 6))
def test_every_hand_keeps_the_dead_button_rules(script):
    played = simulate(script)
    for before, now in zip(played, played[1:], strict=False):
        check_hand(before, now)
    check_orbits(played)
