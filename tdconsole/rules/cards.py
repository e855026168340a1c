"""Cards and seven-card hand evaluation (eval7 underneath, our own types on top)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import eval7

RANKS = "23456789TJQKA"
SUITS = "cdhs"

CATEGORIES = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)

# eval7 cards are immutable; build each one once.
_EVAL7: dict[str, Any] = {r + s: eval7.Card(r + s) for r in RANKS for s in SUITS}
_evaluate = eval7.evaluate
EVAL7_CARDS = _EVAL7  # for callers that evaluate many hands against one board
evaluate_cards = _evaluate


class CardError(ValueError):
    """A card or group of cards is not written in PHH notation."""


def split_cards(text: str) -> tuple[str, ...]:
    """Split 'AsKd' into ('As', 'Kd'); unknown cards '??' are kept as '??'."""
    size = len(text)
    if size == 4:  # hole cards, the commonest case
        out: tuple[str, ...] = (text[:2], text[2:])
    elif size % 2:
        raise CardError(text)
    else:
        out = tuple([text[i : i + 2] for i in range(0, size, 2)])
    for card in out:
        if card != "??" and card not in _EVAL7:
            raise CardError(card)
    return out


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of the best five-card hand that can be made from some cards.

    ``score`` compares hands (bigger wins, equal means a tie); ``category`` is one of
    :data:`CATEGORIES`; ``best_five`` lists the five cards that play, strongest first in the
    order the category is compared.
    """

    score: int
    category: str
    best_five: tuple[str, ...]


def evaluate_score(cards: Sequence[str]) -> int:
    """Score five to seven cards; a bigger score is a better hand."""
    return int(_evaluate([_EVAL7[c] for c in cards]))


def _ranks_in_order(score: int) -> list[int]:
    """Rank indexes (0 = deuce) of the five cards that play, in comparison order."""
    kind = score >> 24
    nib = [(score >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    if kind in (0, 5):  # high card, flush: five ranks
        return nib
    if kind == 1:  # pair
        return [nib[0], nib[0], nib[1], nib[2], nib[3]]
    if kind == 2:  # two pair
        return [nib[0], nib[0], nib[1], nib[1], nib[2]]
    if kind == 3:  # trips
        return [nib[0], nib[0], nib[0], nib[1], nib[2]]
    if kind in (4, 8):  # straight, straight flush: top card given
        top = nib[0]
        if top == 3:  # five-high: the ace plays low
            return [3, 2, 1, 0, 12]
        return [top, top - 1, top - 2, top - 3, top - 4]
    if kind == 6:  # full house
        return [nib[0], nib[0], nib[0], nib[1], nib[1]]
    return [nib[0], nib[0], nib[0], nib[0], nib[1]]  # quads


_SUIT_ORDER = {card: SUITS.index(card[1]) for card in _EVAL7}


def best_hand(cards: Sequence[str], score: int | None = None) -> HandValue:
    """Evaluate five to seven cards and name the five that play (``score``: theirs, when already known)."""
    if score is None:
        score = evaluate_score(cards)
    kind = score >> 24
    pool = list(cards)
    if kind in (5, 8):  # flush or straight flush: only the flush suit plays
        counts: dict[str, int] = {}
        for c in pool:
            counts[c[1]] = counts.get(c[1], 0) + 1
        suit = max(counts, key=lambda s: counts[s])
        pool = [c for c in pool if c[1] == suit]
    chosen: list[str] = []
    ordered = sorted(pool, key=_SUIT_ORDER.__getitem__, reverse=True)
    for rank in _ranks_in_order(score):
        letter = RANKS[rank]
        for c in ordered:
            if c[0] == letter and c not in chosen:
                chosen.append(c)
                break
    return HandValue(score=score, category=CATEGORIES[kind], best_five=tuple(chosen))
