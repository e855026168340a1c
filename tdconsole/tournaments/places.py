"""Finishing places of players busted together (plain values in, places out; no database).

Places use competition ranking: players who tie share the best of the places they
occupy, and the next place after a tie of two at 7th is 9th. So the places of an
event still run from 1 to the number of entries once every tie is counted.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BustRank:
    """One player busted in a group: who, at which table, and the stack they started the hand with."""

    key: Hashable
    table_number: int
    stack: int | None = None


def group_places(members: Sequence[BustRank], *, best_place: int) -> dict[Hashable, int]:
    """Places for players busted together, who occupy `best_place` .. `best_place + len - 1`.

    TDA practice: busted in the same hand at one table, the player who started the hand
    with more chips finishes higher and equal stacks tie. Busted in the same
    hand-for-hand hand at different tables, they tie whatever their stacks. When a
    stack is missing the order cannot be known, so the players tie.

    >>> group_places([BustRank("a", 3, 500), BustRank("b", 3, 900)], best_place=7)
    {'a': 8, 'b': 7}
    >>> group_places([BustRank("a", 3, 500), BustRank("b", 4, 900)], best_place=7)
    {'a': 7, 'b': 7}
    """
    if not members:
        return {}
    tables = {m.table_number for m in members}
    if len(tables) > 1 or any(m.stack is None for m in members):
        return {m.key: best_place for m in members}
    stacks = [m.stack for m in members]
    return {m.key: best_place + sum(1 for s in stacks if s > m.stack) for m in members}  # type: ignore[operator]
