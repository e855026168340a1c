"""Property tests on random legal hands, built by asking the engine for the options and choosing."""

import re

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tdconsole.rules import Hand, parse_phh, spec_from_mapping
from tdconsole.rules.cards import RANKS, SUITS

from .test_betting import play
from .test_table_stakes import BBA, POKERKIT_HAND, RUNOUT, deal

DECK = [r + s for r in RANKS for s in SUITS]


def assert_options_agree_with_the_rules(hand, opts):
    """What options() offers is exactly what apply() accepts."""
    p = f"p{opts.player + 1}"
    assert hand.can_apply(f"{p} cc") and hand.can_apply(f"{p} f")
    if opts.raise_min_to is None:
        assert not hand.can_apply(f"{p} cbr {hand.current + 1}")
        assert not hand.can_apply(f"{p} cbr {hand.bet[opts.player] + hand.stack[opts.player]}")
        return
    assert hand.can_apply(f"{p} cbr {opts.raise_min_to}") and hand.can_apply(f"{p} cbr {opts.raise_max_to}")
    assert not hand.can_apply(f"{p} cbr {opts.raise_max_to + 1}")
    if opts.raise_min_to - 1 > hand.current:
        assert not hand.can_apply(f"{p} cbr {opts.raise_min_to - 1}")


@st.composite
def random_hand(draw):
    n = draw(st.integers(2, 9))
    variant = draw(st.sampled_from(["NT", "NT", "FT"]))
    chip = draw(st.sampled_from([1, 1, 5, 25]))
    bb = chip * draw(st.integers(1, 8)) * 2
    sb = bb // 2
    stacks = [draw(st.integers(1, 60)) * chip * draw(st.sampled_from([1, 1, 5, 40])) for _ in range(n)]
    ante_kind = draw(st.sampled_from(["none", "classic", "bba"]))
    ante = chip * draw(st.integers(1, 4))
    if ante_kind == "classic":
        antes = [ante] * n
    elif ante_kind == "bba":
        antes = [0] * n
        antes[1] = bb
    else:
        antes = [0] * n
    blinds = [sb, bb] + [0] * (n - 2)
    if n >= 4 and variant == "NT" and draw(st.booleans()):
        blinds[2] = 2 * bb  # a straddle
    data = {
        "variant": variant, "starting_stacks": stacks, "antes": antes, "blinds_or_straddles": blinds,
        "actions": [], "_smallest_chip": chip, "_mode": draw(st.sampled_from(["tournament", "cash"])),
        "_bba_order": draw(st.sampled_from(["blind_first", "ante_first"])),
    }
    if variant == "NT":
        data["min_bet"] = bb
    else:
        data["small_bet"], data["big_bet"] = bb, 2 * bb
        data["_raise_cap"] = draw(st.sampled_from([0, 3, 4]))
    hand = Hand(spec_from_mapping(data))
    deck = draw(st.permutations(DECK))
    for i in range(n):
        hand.apply(f"d dh p{i + 1} {deck[2 * i]}{deck[2 * i + 1]}")
    board = iter(deck[2 * n :])
    for _ in range(400):
        if hand.status == "complete":
            break
        opts = hand.options()
        if opts is None:
            count = 3 if len(hand.board) == 0 else 1
            hand.apply("d db " + "".join(next(board) for _ in range(count)))
            continue
        p = f"p{opts.player + 1}"
        choice = draw(st.sampled_from(["fold", "cc", "cc", "raise_min", "raise_max", "raise_mid"]))
        if choice == "fold" and not opts.check:
            hand.apply(f"{p} f")
        elif choice.startswith("raise") and opts.raise_min_to is not None:
            assert opts.raise_max_to is not None
            if choice == "raise_min":
                to = opts.raise_min_to
            elif choice == "raise_max":
                to = opts.raise_max_to
            else:
                to = draw(st.integers(opts.raise_min_to, opts.raise_max_to))
            hand.apply(f"{p} cbr {to}")
        else:
            hand.apply(f"{p} cc")
    if hand.showdown:
        # At showdown some players table their cards and some muck.
        for i in range(n):
            if not hand.folded[i]:
                cards = f" {deck[2 * i]}{deck[2 * i + 1]}" if draw(st.integers(0, 3)) else ""
                hand.apply(f"p{i + 1} sm{cards}")
    return hand


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pinned_hands():
    """The hands the table-stakes fixes were found on (see test_table_stakes.py); every property runs them."""
    return [
        # an all-in for his ante alone wins from a folder only what he matched
        play([2, 55], ["p2 f"], blinds=(2, 4), antes=(4, 4)),
        # the ante excess nobody matched comes back, it is not a pot of one
        play([2, 55], [*deal("AsAd", "7c2h"), "p2 cc", *RUNOUT], blinds=(2, 4), antes=(4, 4)),
        # antes only folded players reached go to the last of them to fold
        play([100, 2, 100], ["p3 f", "p1 f"], blinds=(2, 4), antes=(4, 4, 4)),
        # big blind ante, ante first: a big blind with only the ante plays for the ante pot alone
        play([1000, 200, 1000], [*deal("7c2h", "AsAd", "KsKd"), "p3 cc", "p1 cc", "d db 2c3d9h", "p1 cc", "p3 cc",
                                 "d db 4s", "p1 cc", "p3 cc", "d db Qd", "p1 cc", "p3 cc"], **BBA),
        play([1000, 200, 1000], ["p3 f", "p1 f"], **BBA),
        # the big blind's check when nobody left can act (written by pokerkit)
        Hand.replay(parse_phh(POKERKIT_HAND)),
    ]


def with_pinned_hands(test):
    for hand in reversed(pinned_hands()):
        test = example(hand=hand)(test)
    return test


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_random_hands_finish_and_conserve_chips(hand):
    assert hand.error is None
    assert hand.status == "complete"
    stacks = hand.finishing_stacks()
    assert sum(stacks) == sum(hand.spec.starting_stacks)
    assert all(s >= 0 for s in stacks)


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_nobody_wins_from_a_pot_he_is_not_eligible_for(hand):
    for pot in hand.pots():
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(got for _, got in pot.awards) == pot.amount
        for w in pot.winners:
            if hand.folded[w]:
                # Only chips no live player reached go to a folded player: the last to fold of those who did.
                live_top = max(hand.total[i] for i in range(hand.n) if not hand.folded[i])
                assert pot.eligible == (w,) and hand.total[w] > live_top
                rivals = [j for j in range(hand.n) if j != w and hand.total[j] >= hand.total[w]]
                assert all(hand.fold_order.index(j) < hand.fold_order.index(w) for j in rivals)
        if any(not hand.mucked[i] for i in pot.eligible):
            assert all(not hand.mucked[w] for w in pot.winners)


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_nobody_wins_more_from_an_opponent_than_he_put_in(hand):
    won = [0] * hand.n
    for pot in hand.pots():
        for w, got in pot.awards:
            won[w] += got
    for p in range(hand.n):
        # live chips he can win: from each player at most his own contribution; plus the dead ante
        limit = sum(min(hand.total[q], hand.total[p]) for q in range(hand.n)) + hand.dead
        assert won[p] <= limit


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_every_chip_left_in_a_finished_hand_was_matched(hand):
    # Table stakes, antes included: what nobody matched went back as uncalled, folded players too, so the
    # largest contribution is matched by another player and no pot holds one player's own chips.
    ordered = sorted(hand.total)
    assert ordered[-1] == ordered[-2]
    assert all(amount > 0 for _, amount in hand.uncalled)
    assert len({k for k, _ in hand.uncalled}) == len(hand.uncalled)
    put_in = [start - left for start, left in zip(hand.spec.starting_stacks, hand.stack, strict=True)]
    assert sum(put_in) == sum(hand.total) + hand.dead == sum(p.amount for p in hand.pots())


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_odd_units_go_one_per_winner_from_the_button_left(hand):
    chip = hand.spec.smallest_chip
    for pot in hand.pots():
        if len(pot.winners) < 2:
            continue
        shares = [got for _, got in sorted(pot.awards)]
        remainder = pot.amount % chip
        shares[0] -= remainder  # a part smaller than the smallest chip goes with the first odd unit
        assert all(s % chip == 0 for s in shares)
        assert max(shares) - min(shares) <= chip
        assert shares == sorted(shares, reverse=True)  # the extra units go to the lowest positions


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_options_offered_are_exactly_the_legal_actions(hand):
    # Replayed action by action: wherever someone is to act, what options() offers is what apply() accepts.
    again = Hand(hand.spec)
    for action in hand.history:
        opts = again.options()
        if opts is not None:
            assert_options_agree_with_the_rules(again, opts)
        again.apply(action)
    assert again.status == hand.status == "complete"


UNGROUPED = re.compile(r"(?<![\d.,])\d{4,}")
CITATION = re.compile(r" \[[^\]]*\]$")  # the rule a step applies, e.g. "[WSOP Live Action 154 (2026)]"


@SETTINGS
@given(random_hand())
@with_pinned_hands
def test_explanations_never_print_an_ungrouped_chip_count(hand):
    for lang, sep in (("en", ","), ("pt-br", ".")):
        steps = [CITATION.sub("", step) for step in hand.ruling(lang)["explanation"]]
        assert not [step for step in steps if UNGROUPED.search(step)], steps
        other = "." if sep == "," else ","
        assert not [step for step in steps if re.search(rf"\d{re.escape(other)}\d{{3}}\b", step)], steps
