"""The chip race of a colour-up, in plain numbers: what the desk plans for the field, and what one table
does (no Django).

TDA rule 24 (2024 edition) and the procedure rooms follow with it:

1. The chip leaving play (the *removed* chip, e.g. the 25) is exchanged, player by player, for the smallest
   chip that stays (the *next* chip, e.g. the 100) wherever it makes whole chips: four 25s for one 100.
   That part changes no stack's value.
2. What a player has left over (the *odd* chips, at most ``ratio - 1`` of them: three 25s) goes to the race.
   Starting at seat 1, the dealer deals each player one card face up per odd chip, all of a player's cards
   before the next player's.
3. The table's odd chips are exchanged together: their value in next chips, a remainder of half a next chip
   or more counting as one more chip, a smaller one dropped. That rounding is the only value the race
   adds or takes away: less than half a next chip per table, up to half of one.
4. The highest card (by rank, then by suit: spades, hearts, diamonds, clubs) wins the first new chip, the
   next highest the next one, and so on; nobody wins more than one.
5. Nobody is raced out: a player whose only chips were odd chips and who wins none is given one next chip.

Chips are whole numbers (values, not counts) unless a name says "chips" of a denomination.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdconsole.rules.cards import RANKS, SUITS

# Card suits from the lowest to the highest, as the race breaks ties of rank (clubs, diamonds, hearts, spades).
SUIT_ORDER = SUITS


class ChipRaceError(ValueError):
    """The colour-up cannot be worked out as asked; `code` names why (pages say it in their own words):
    "not_multiple", "negative", "seat", "deck", "card", "empty", "too_many", "not_a_number", "whole_chip".
    `params` holds the numbers of the message."""

    def __init__(self, code: str, message: str, **params: int | str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def card_key(card: str) -> tuple[int, int]:
    """How a race card ranks: by rank, then by suit (``"As"`` beats ``"Ah"``, which beats ``"Kd"``).

    >>> sorted(["Kd", "As", "Ah", "2c"], key=card_key, reverse=True)
    ['As', 'Ah', 'Kd', '2c']
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUIT_ORDER:
        raise ChipRaceError("card", f"not a card: {card!r}")
    return RANKS.index(card[0]), SUIT_ORDER.index(card[1])


def ratio_of(removed: int, next_chip: int) -> int:
    """How many removed chips make one next chip; the next chip must be a larger multiple of the removed one.

    >>> ratio_of(25, 100), ratio_of(100, 500)
    (4, 5)
    """
    if removed < 1 or next_chip <= removed or next_chip % removed:
        raise ChipRaceError("not_multiple", f"a {next_chip} chip is not a whole number of {removed} chips",
                            removed=removed, next_chip=next_chip)
    return next_chip // removed


def race_chips(*, odd_chips: int, ratio: int) -> int:
    """New chips a table's `odd_chips` are raced for: whole next chips, half a chip or more rounding up.

    >>> [race_chips(odd_chips=n, ratio=4) for n in (0, 1, 2, 3, 4, 5, 6, 9)]
    [0, 0, 1, 1, 1, 1, 2, 2]
    """
    if odd_chips < 0 or ratio < 2:
        raise ChipRaceError("negative", "odd chips count from 0; a next chip is worth two removed chips or more")
    whole, left = divmod(odd_chips, ratio)
    return whole + (1 if 2 * left >= ratio else 0)


def race_rounding(*, odd_chips: int, removed: int, next_chip: int) -> int:
    """The value a table's race adds (positive) or takes out of play (negative): the rule's rounding.

    >>> race_rounding(odd_chips=3, removed=25, next_chip=100), race_rounding(odd_chips=5, removed=25, next_chip=100)
    (25, -25)
    """
    ratio = ratio_of(removed, next_chip)
    return race_chips(odd_chips=odd_chips, ratio=ratio) * next_chip - odd_chips * removed


def rounding_bounds(removed: int, next_chip: int) -> tuple[int, int]:
    """The least and the most value one table's race can change: (-25, 50) for 25s raced for 100s."""
    ratio = ratio_of(removed, next_chip)
    changes = [race_rounding(odd_chips=n, removed=removed, next_chip=next_chip) for n in range(ratio)]
    return min(changes), max(changes)


# --- one table -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Holding:
    """A player at the colour-up: their seat, how many removed chips they hold, the value of the rest."""

    seat: int
    removed_chips: int
    other_value: int = 0


@dataclass(frozen=True)
class SeatOutcome:
    seat: int
    stack_before: int
    exchanged: int  # next chips for the removed chips that made whole ones
    odd_chips: int  # removed chips that went to the race
    cards: tuple[str, ...]
    won: bool  # won a next chip in the race
    given: bool  # raced out and given a next chip (nobody is raced out)
    stack_after: int


@dataclass(frozen=True)
class TableRace:
    removed: int
    next_chip: int
    seats: tuple[SeatOutcome, ...]
    odd_chips: int
    race_chips: int
    rounding: int  # value added (or, negative, taken) by the race's rounding
    given_chips: int  # next chips given to players raced out

    @property
    def value_before(self) -> int:
        return sum(s.stack_before for s in self.seats)

    @property
    def value_after(self) -> int:
        return sum(s.stack_after for s in self.seats)


def table_race(*, removed: int, next_chip: int, holdings: Sequence[Holding], deck: Sequence[str]) -> TableRace:
    """Colour one table up: exchange, deal the race from `deck` (seat 1 first), award, protect.

    `deck` lists the cards in the order the dealer deals them; it needs one distinct card per odd chip.
    """
    ratio = ratio_of(removed, next_chip)
    seats = sorted(holdings, key=lambda h: h.seat)
    if len({h.seat for h in seats}) != len(seats):
        raise ChipRaceError("seat", "two players in one seat")
    for h in seats:
        if h.removed_chips < 0 or h.other_value < 0 or h.removed_chips * removed + h.other_value == 0:
            raise ChipRaceError("seat", f"seat {h.seat}: a player at the colour-up holds chips", seat=h.seat)
    odd = [h.removed_chips % ratio for h in seats]
    total_odd = sum(odd)
    if len(deck) < total_odd:
        raise ChipRaceError("deck", f"{total_odd} odd chips need {total_odd} cards; the deck has {len(deck)}",
                            needed=total_odd, cards=len(deck))
    cards: list[tuple[str, ...]] = []
    dealt = 0
    for n in odd:
        cards.append(tuple(deck[dealt:dealt + n]))
        dealt += n
    order = sorted(((card_key(c), i) for i, hand in enumerate(cards) for c in hand), reverse=True)
    if len({key for key, _i in order}) != len(order):
        raise ChipRaceError("deck", "the same card was dealt twice")
    prizes = race_chips(odd_chips=total_odd, ratio=ratio)
    winners: set[int] = set()
    for _key, i in order:
        if len(winners) == prizes:
            break
        winners.add(i)
    outcomes = []
    given = 0
    for i, h in enumerate(seats):
        exchanged = h.removed_chips // ratio
        won = i in winners
        # Raced out: nothing but odd chips, and none of them won a chip.
        protect = h.other_value == 0 and exchanged == 0 and not won
        given += protect
        outcomes.append(SeatOutcome(
            seat=h.seat, stack_before=h.removed_chips * removed + h.other_value, exchanged=exchanged,
            odd_chips=odd[i], cards=cards[i], won=won, given=protect,
            stack_after=h.other_value + (exchanged + won + protect) * next_chip,
        ))
    return TableRace(removed=removed, next_chip=next_chip, seats=tuple(outcomes), odd_chips=total_odd,
                     race_chips=prizes, rounding=prizes * next_chip - total_odd * removed, given_chips=given)


# --- the field -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ColourUpPlan:
    """What the desk prepares for a colour-up of the whole field."""

    removed: int
    next_chip: int
    ratio: int
    players: int
    tables: int
    chips_in_play: int
    average_stack: int
    odd_most_per_player: int  # a player keeps at most ratio - 1 odd chips after exchanging
    odd_expected: int  # odd chips of the field to expect (half the most, on average)
    odd_most: int
    race_chips_expected: int
    race_chips_most: int  # one per player at most, the raced-out players' chips included
    rounding_least: int  # the value the races of all tables can take away (negative) ...
    rounding_most: int  # ... or add, at most
    removed_chips: int | None = None  # removed chips on the tables, when known
    exchange_expected: int | None = None  # next chips for the even part
    exchange_least: int | None = None
    exchange_most: int | None = None

    @property
    def new_chips_most(self) -> int | None:
        """Next chips to bring to the tables so that none runs short (exchange and race at their most)."""
        if self.exchange_most is None:
            return None
        return self.exchange_most + self.race_chips_most


def colour_up_plan(*, removed: int, next_chip: int, players: int, tables: int, chips_in_play: int,
                   average_stack: int, removed_chips: int | None = None) -> ColourUpPlan:
    """The colour-up of `removed` chips into `next_chip` chips for `players` at `tables` tables.

    Each player's odd chips are between 0 and ratio - 1, half that on average; each table rounds its own
    race. With `removed_chips` (how many removed chips are on the tables) the even exchange is counted too.

    >>> plan = colour_up_plan(removed=25, next_chip=100, players=90, tables=10, chips_in_play=1_800_000,
    ...                       average_stack=20_000, removed_chips=1000)
    >>> plan.odd_expected, plan.odd_most, plan.race_chips_expected, plan.race_chips_most
    (135, 270, 34, 90)
    >>> plan.exchange_least, plan.exchange_expected, plan.exchange_most, plan.new_chips_most
    (183, 216, 250, 340)
    >>> plan.rounding_least, plan.rounding_most
    (-250, 500)
    """
    ratio = ratio_of(removed, next_chip)
    if players < 0 or tables < 0 or chips_in_play < 0 or average_stack < 0:
        raise ChipRaceError("negative", "players, tables and chips are counted from 0")
    if removed_chips is not None and removed_chips < 0:
        raise ChipRaceError("negative", "removed chips are counted from 0")
    odd_most = players * (ratio - 1)
    odd_expected = (odd_most + 1) // 2
    least, most = rounding_bounds(removed, next_chip)
    # Races are held table by table; a table without a player has none.
    racing_tables = min(tables, players)
    plan = ColourUpPlan(
        removed=removed, next_chip=next_chip, ratio=ratio, players=players, tables=tables,
        chips_in_play=chips_in_play, average_stack=average_stack, odd_most_per_player=ratio - 1,
        odd_expected=odd_expected, odd_most=odd_most,
        race_chips_expected=min(players, race_chips(odd_chips=odd_expected, ratio=ratio)),
        race_chips_most=players, rounding_least=least * racing_tables, rounding_most=most * racing_tables,
    )
    if removed_chips is None:
        return plan
    # Every player's odd chips are their removed chips modulo the ratio, so the field's odd chips are the
    # removed chips modulo the ratio, plus a multiple of it: the exchange takes whole groups of `ratio`.
    least_odd = removed_chips % ratio
    cap = min(odd_most, removed_chips)
    most_odd = max(least_odd, cap - (cap - least_odd) % ratio)
    below = odd_expected - (odd_expected - least_odd) % ratio
    nearest = below + ratio if odd_expected - below > below + ratio - odd_expected else below
    expected_odd = min(max(nearest, least_odd), most_odd)
    return ColourUpPlan(**{
        **plan.__dict__, "removed_chips": removed_chips,
        "exchange_expected": (removed_chips - expected_odd) // ratio,
        "exchange_least": (removed_chips - most_odd) // ratio,
        "exchange_most": (removed_chips - least_odd) // ratio,
    })


def parse_odd_chips(text: str, *, ratio: int, limit: int = 10) -> list[int]:
    """The odd chips of one table's players as the dealer reads them, seat by seat ("3 0 2 1", "3, 0, 2").

    Each is a whole number below `ratio` (more would make a whole next chip to exchange first); at most
    `limit` players.
    """
    parts = [p for p in text.replace(",", " ").replace(";", " ").split() if p]
    if not parts:
        raise ChipRaceError("empty", "no odd chips given")
    if len(parts) > limit:
        raise ChipRaceError("too_many", f"more than {limit} players at one table", limit=limit)
    counts = []
    for part in parts:
        if not (part.isascii() and part.isdigit()) or len(part) > 3:
            raise ChipRaceError("not_a_number", f"not a number of chips: {part[:12]!r}", text=part[:12])
        value = int(part)
        if value >= ratio:
            raise ChipRaceError("whole_chip", f"{value} odd chips make a whole next chip: exchange {ratio} first",
                                value=value, ratio=ratio)
        counts.append(value)
    return counts
