"""Blind structures generated to end near a target time: plain values in, rows out (no Django).

The model of when a tournament ends
-----------------------------------
A freezeout is over when one player holds every chip. How long that takes depends on the cards, but
the blinds decide it within a level or two: once the chips in play are worth only a few big blinds,
whoever is left is all in often and the field collapses. The generator plans with a rule of thumb
tournament directors use: **the event ends during the first level whose big blind is a twentieth of
the chips in play** (`END_BIG_BLINDS`: all the chips are worth 20 big blinds, two players with ten
each, or a few players with less). The chips in play are the entries times the starting stack, plus
rebuys and add-ons when they are known. `expected_end` reads that level off any list of rows, and
both `generate` and `retarget` report its end: one model builds the structure and says when it ends.

How a structure is built
------------------------
1. How many levels: the number whose end (with the breaks before it) is nearest the target.
2. The first big blind: a starting stack of about the depth from which blinds growing 25% a level
   (`PREFERRED_GROWTH`) reach the end in that many levels, kept between 50 and 300 big blinds
   (`START_DEPTH`, and at least two of the smallest chip), then moved deeper or shallower when the
   ladder of blinds (4) cannot reach the end in that many levels from there.
3. The big blind grows geometrically from there; the growth is found (by bisection) so that the level
   chosen in 1 is the first whose big blind reaches a twentieth of the chips. Refused, naming the
   nearest duration that works, when that needs the blinds to more than double every level
   (`MAX_GROWTH`: too soon for this field) or to rise more slowly than one rung of the ladder a level
   (too far off: longer levels, or fewer hours).
4. Every big blind is on the ladder of the smallest chip in play at its level (`big_blind_ladder`):
   1, 1.2, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten, multiples of the chip, higher than the
   level before. The small blind is half the big blind rounded to the chip (200/300, 300/500); the ante
   is the big blind (big blind ante, the default) or an eighth of it from level 3 (traditional),
   rounded to the chip. Nothing ever goes down.
5. A break follows about every two hours of play (`default_break_every`), of 10 to 20 minutes
   (`default_break_minutes`). At a break the smallest chip is coloured up once the small blind of the
   level before it is worth four of the next chip (`COLOR_UP_SMALL_BLINDS`: the 25s leave when the
   small blind reaches 400 with 100s in the set), one chip per break, never the last one.
6. Spare levels follow the expected end (until the chips are worth ten big blinds, and at least two),
   so a long final table never runs out of structure.

Because the level that crosses the line is the one chosen in 1, the expected end is within half a
level (and a break) of the target.

`retarget` does the same from the level being played: the rows up to it are kept as they are, the
rest grow from its blinds to end near a new target, with the chips actually in play.

The messages of `GeneratorError` are English templates marked with `gettext_noop` (so the translation
tools find them); the caller translates them and fills in `params`.
"""
from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

LEVEL = "level"
BREAK = "break"
BIG_BLIND_ANTE = "bba"
TRADITIONAL = "traditional"
ANTE_STYLES = (BIG_BLIND_ANTE, TRADITIONAL)

END_BIG_BLINDS = 20
SPARE_BIG_BLINDS = 10
SPARE_LEVELS = 2
COLOR_UP_SMALL_BLINDS = 4
PREFERRED_GROWTH = 1.25
MAX_GROWTH = 2.0
START_DEPTH = (50, 300)
# A starting stack of fewer big blinds than this is no tournament: the smallest chip is too large.
MIN_START_DEPTH = 10
TRADITIONAL_ANTE_DIVISOR = 8
TRADITIONAL_ANTE_FROM_LEVEL = 3
BREAK_EVERY_MINUTES = 120
# Blinds are stored in 32-bit columns: the spare levels must stay below this.
MAX_CHIPS_IN_PLAY = 10_000_000_000
MAX_BLIND = 2_147_483_647
MAX_LEVEL_MINUTES = 240
MAX_TARGET_MINUTES = 72 * 60
# The "nice" mantissas of a big blind, per decade (the R10 series of preferred numbers, with 15).
NICE_MANTISSAS = (10, 12, 15, 16, 20, 25, 30, 40, 50, 60, 80)
# Multipliers of an unusual chip (7, 400...) whose multiples are rarely nice numbers.
CHIP_MULTIPLIERS = (2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 25, 30, 40, 50, 60, 80)
# A level's big blind is at least this much above the one before.
MIN_STEP = 1.1
# Halvings of the growth interval when looking for the growth that ends at the chosen level.
BISECTIONS = 40
MAX_LEVELS = 400


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it (the caller does, in its language)."""
    return message


class GeneratorError(ValueError):
    """The structure asked for cannot be generated; `message` is an English template for `params`."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.code = code
        self.message = message
        self.params = params


@dataclass(frozen=True)
class Row:
    """One row of a generated structure: a blind level or a break (the fields of `LevelSpec`)."""

    kind: str
    minutes: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    color_up: int | None = None

    @property
    def is_break(self) -> bool:
        return self.kind == BREAK

    def as_spec(self) -> dict[str, Any]:
        """The row as `level_specs` / `structure_create` take it."""
        return asdict(self)

    def as_json(self) -> dict[str, Any]:
        """The row as the command prints it."""
        return {"small_blind": self.small_blind, "big_blind": self.big_blind, "ante": self.ante,
                "minutes": self.minutes, "is_break": self.is_break, "color_up": self.color_up}


@dataclass(frozen=True)
class Plan:
    """A structure proposed: its rows, and when the model expects the event to end.

    From `generate`, `expected_end_seconds` counts from the start of the first row. From `retarget`,
    `rows` are the whole structure (the `kept` rows first, unchanged) and it counts from now.
    """

    rows: tuple[Row, ...]
    expected_end_seconds: int
    end_level: int  # the number of the blind level (1, 2, ... breaks not counted) in which it ends
    growth: float  # the big blind's growth per level the structure was built with
    total_chips: int
    kept: int = 0
    start_depth: float = 0.0  # starting stack in big blinds (generate)

    @property
    def expected_end_minutes(self) -> int:
        return (self.expected_end_seconds + 30) // 60

    @property
    def new_rows(self) -> tuple[Row, ...]:
        return self.rows[self.kept:]

    def as_json(self) -> dict[str, Any]:
        """Exactly `{"levels": [...], "expected_end_minutes": M}` (the command's --json)."""
        return {"levels": [row.as_json() for row in self.rows], "expected_end_minutes": self.expected_end_minutes}


# --- small arithmetic ------------------------------------------------------------------------------


def _round_to(value: float, chip: int) -> int:
    """The multiple of `chip` nearest `value` (halves up)."""
    return int(math.floor(value / chip + 0.5)) * chip


def _ceil_to(value: int, chip: int) -> int:
    return -(-value // chip) * chip


def _is_power_of_ten_friendly(chip: int) -> bool:
    """Whether the chip is 1, 2, 5 or 25 times a power of ten (its multiples include the nice numbers)."""
    while chip % 10 == 0:
        chip //= 10
    return chip in (1, 2, 5, 25)


@lru_cache(maxsize=256)
def _nice_multiples(chip: int) -> tuple[int, ...]:
    """Nice numbers (`NICE_MANTISSAS` times a power of ten) that are multiples of `chip`, up to
    `MAX_BLIND`; an unusual chip (7, 400...) also gets its own nice multiples (`CHIP_MULTIPLIERS`)."""
    values: set[int] = set()
    scale = 1
    while scale <= MAX_BLIND * 10:
        for mantissa in NICE_MANTISSAS:
            value, rest = divmod(mantissa * scale, 10)
            if not rest and value % chip == 0 and chip <= value <= MAX_BLIND:
                values.add(value)
        scale *= 10
    if not _is_power_of_ten_friendly(chip):
        scale = 1
        while chip * scale <= MAX_BLIND:
            values.update(v for v in (chip * m * scale for m in (1, *CHIP_MULTIPLIERS)) if v <= MAX_BLIND)
            scale *= 10
    return tuple(sorted(values))


@lru_cache(maxsize=256)
def big_blind_ladder(chip: int) -> tuple[int, ...]:
    """The big blinds playable when `chip` is the smallest chip in play, smallest first.

    The chip's nice multiples that are at least two chips (so the small blind is at least one) and,
    past five chips, whose half is a whole number of chips: 200/300 and 300/500 with 100s are usual,
    1,300/2,500 is not.

    >>> big_blind_ladder(25)[:8]
    (50, 100, 150, 200, 250, 300, 400, 500)
    >>> big_blind_ladder(100)[:12]
    (200, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000, 3000, 4000)
    """
    return tuple(v for v in _nice_multiples(chip) if v >= 2 * chip and (v % (2 * chip) == 0 or v <= 5 * chip))


def _nearest(values: Sequence[int], target: float, above: int = 0) -> int | None:
    """The value nearest `target` (by ratio; ties to the smaller) among `values` higher than `above`."""
    first = bisect_right(values, above)
    if first >= len(values):
        return None
    i = bisect_left(values, target, lo=first)
    candidates = [values[j] for j in (i - 1, i) if first <= j < len(values)]
    return min(candidates, key=lambda v: (abs(math.log(v / target)), v))


def _big_blind(target: float, chip: int, above: int) -> int | None:
    """The big blind on the chip's ladder nearest `target`, at least `MIN_STEP` times `above` (1,500 is
    not followed by 1,600); None past the ladder."""
    return _nearest(big_blind_ladder(chip), target, max(above, math.ceil(above * MIN_STEP) - 1))


def _small_blind(big_blind: int, chip: int, above: int) -> int:
    return min(big_blind, max(_round_to(big_blind / 2, chip), chip, _ceil_to(above, chip)))


def _ante(big_blind: int, chip: int, above: int, style: str, number: int) -> int:
    """The big blind (big blind ante), or an eighth of it from level 3, once that is a chip, rounded to
    the nearest nice multiple of the chip (traditional); never below the ante before."""
    if style == BIG_BLIND_ANTE:
        return big_blind
    ante = _ceil_to(above, chip)
    share = big_blind / TRADITIONAL_ANTE_DIVISOR
    if number >= TRADITIONAL_ANTE_FROM_LEVEL and share >= chip:
        ante = max(ante, _nearest(_nice_multiples(chip), share) or chip)
    return min(ante, big_blind)


def default_break_every(level_minutes: int) -> int:
    """Blind levels between two breaks: about two hours of play, between 2 and 8 levels.

    >>> [default_break_every(m) for m in (10, 15, 20, 30, 40, 60)]
    [8, 8, 6, 4, 3, 2]
    """
    return max(2, min(8, round(BREAK_EVERY_MINUTES / max(1, level_minutes))))


def default_break_minutes(level_minutes: int) -> int:
    """A break's length: 10 minutes after short levels, 15 after regular ones, 20 after long ones.

    >>> [default_break_minutes(m) for m in (10, 15, 20, 40, 60)]
    [10, 10, 15, 15, 20]
    """
    if level_minutes <= 15:
        return 10
    if level_minutes <= 40:
        return 15
    return 20


def ends_here(big_blind: int, total_chips: int) -> bool:
    """Whether a level with this big blind is where the model ends an event with `total_chips` in play."""
    return big_blind * END_BIG_BLINDS >= total_chips


def expected_end(rows: Sequence[Row], total_chips: int) -> tuple[int, int] | None:
    """The model's end over `rows`: (minutes from the first row's start to the end of the first level
    whose big blind is a twentieth of the chips, that level's number); None when no level reaches it.

    >>> rows = [Row(LEVEL, 20, 100, 200), Row(BREAK, 10), Row(LEVEL, 20, 500, 1000)]
    >>> expected_end(rows, 20_000)
    (50, 2)
    """
    minutes = number = 0
    for row in rows:
        minutes += row.minutes
        if row.is_break:
            continue
        number += 1
        if ends_here(row.big_blind, total_chips):
            return minutes, number
    return None


def chips_after(rows: Iterable[Row], denominations: Iterable[int]) -> tuple[int, ...]:
    """The chips still in play after `rows` (their breaks' colour-ups taken out), smallest first."""
    chips = tuple(sorted(set(denominations)))
    for row in rows:
        if row.is_break and row.color_up is not None:
            chips = tuple(c for c in chips if c != row.color_up)
    return chips


# --- building rows ---------------------------------------------------------------------------------


@dataclass
class _Start:
    """Where the new rows begin: the last blind level's amounts, the chips in play, the break cadence."""

    chips: tuple[int, ...]
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    number: int = 0  # blind levels before the new rows
    since_break: int = 0  # blind levels since the last break (or the start)


@dataclass(frozen=True)
class _Shape:
    minutes: int
    break_every: int
    break_minutes: int
    ante_style: str
    total_chips: int

    def break_due(self, since_break: int) -> bool:
        return bool(self.break_every and self.break_minutes) and since_break >= self.break_every


def _build(start: _Start, shape: _Shape, first_target: float, growth: float) -> tuple[list[Row], int | None]:
    """Rows from `start` whose big blinds follow first_target * growth**j, each on the ladder of the chip
    in play and above the one before; and the number of new blind levels up to the one where the model
    ends (None when the ladder runs out first).

    With `growth` 1 every level takes the next rung: the slowest structure the ladder allows.
    """
    rows: list[Row] = []
    chips = start.chips
    sb, bb, ante = start.small_blind, start.big_blind, start.ante
    number, since_break = start.number, start.since_break
    end: int | None = None
    j = 0
    while len(rows) < MAX_LEVELS:
        if shape.break_due(since_break):
            color_up = None
            if len(chips) >= 2 and sb >= COLOR_UP_SMALL_BLINDS * chips[1]:
                color_up, chips = chips[0], chips[1:]
            rows.append(Row(BREAK, shape.break_minutes, color_up=color_up))
            since_break = 0
        chip = chips[0]
        new_bb = _big_blind(first_target * growth**j, chip, bb)
        if new_bb is None:
            break
        number += 1
        sb = _small_blind(new_bb, chip, sb)
        ante = _ante(new_bb, chip, ante, shape.ante_style, number)
        bb = new_bb
        rows.append(Row(LEVEL, shape.minutes, sb, bb, ante))
        since_break += 1
        j += 1
        if end is None and ends_here(bb, shape.total_chips):
            end = j
        if end is not None and j - end >= SPARE_LEVELS and bb * SPARE_BIG_BLINDS >= shape.total_chips:
            break
    return rows, end


def _level_ends(count: int, shape: _Shape, since_break: int) -> list[int]:
    """Minutes from the first new row to the end of each of the first `count` new blind levels."""
    ends, minutes = [], 0
    for _ in range(count):
        if shape.break_due(since_break):
            minutes += shape.break_minutes
            since_break = 0
        minutes += shape.minutes
        since_break += 1
        ends.append(minutes)
    return ends


def _levels_for(seconds: float, shape: _Shape, since_break: int, offset: float = 0) -> int:
    """How many new blind levels end nearest `seconds` from now (the current row ends `offset` from now)."""
    count = max(1, int(seconds / 60 / shape.minutes) + 2)
    ends = _level_ends(count, shape, since_break)
    return 1 + min(range(count), key=lambda i: (abs(offset + ends[i] * 60 - seconds), i))


class _Climb:
    """The structures that climb from one starting point (the first big blind given, or the level
    kept): the fewest and the most levels they can take to the end, and the one ending at a level."""

    def __init__(self, start: _Start, shape: _Shape, first: int | None) -> None:
        self.start, self.shape, self.first = start, shape, first
        self.most = self._end(1.0)
        self.fewest = self._end(MAX_GROWTH)

    def _rows(self, growth: float) -> tuple[list[Row], int | None]:
        # From a first big blind, it is the first level; from a kept level, the first target is a step up.
        first = self.first if self.first is not None else self.start.big_blind * growth
        return _build(self.start, self.shape, first, growth)

    def _end(self, growth: float) -> int | None:
        return self._rows(growth)[1]

    def feasible(self, levels: int) -> bool:
        return self.most is not None and self.fewest is not None and self.fewest <= levels <= self.most

    def fit(self, levels: int) -> tuple[list[Row], float]:
        """The rows whose end is at new blind level `levels` (the nearest reachable one when the ladder
        jumps over it), and their growth: a bisection, since faster growth ends sooner."""
        low, high = 1.0, MAX_GROWTH
        best: tuple[int, float] | None = None
        for _ in range(BISECTIONS):
            middle = math.sqrt(low * high)
            end = self._end(middle)
            if end is None:
                high = middle
                continue
            if best is None or abs(end - levels) < abs(best[0] - levels):
                best = (end, middle)
            if end == levels:
                break
            if end > levels:
                low = middle
            else:
                high = middle
        for growth in (low, high):
            end = self._end(growth)
            if end is not None and (best is None or abs(end - levels) < abs(best[0] - levels)):
                best = (end, growth)
        if best is None:
            raise _too_many_chips()
        return self._rows(best[1])[0], best[1]


# --- checking input ---------------------------------------------------------------------------------


def _too_many_chips() -> GeneratorError:
    return GeneratorError("too_many_chips", gettext_noop(
        "The blinds would pass the largest value a level can hold: fewer chips in play, please."))


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GeneratorError("out_of_range", gettext_noop("%(field)s must be a whole number from %(low)s to %(high)s."),
                             field=name, low=low, high=high)
    return value


def _chips(denominations: Iterable[int]) -> tuple[int, ...]:
    # Each value checked before they are sorted (a value that is not a number cannot be compared).
    given = [_whole(chip, "chip", 1, MAX_BLIND // 4) for chip in denominations]
    if not given:
        raise GeneratorError("no_chips", gettext_noop("Give the chip values in play, for example 25, 100, 500, 1000."))
    return tuple(sorted(set(given)))


def _shape(minutes: int, break_every: int | None, break_minutes: int | None, ante_style: str,
           total_chips: int) -> _Shape:
    _whole(minutes, "level_minutes", 1, MAX_LEVEL_MINUTES)
    every = default_break_every(minutes) if break_every is None else _whole(break_every, "break_every", 0, 100)
    length = (default_break_minutes(minutes) if break_minutes is None
              else _whole(break_minutes, "break_minutes", 0, MAX_LEVEL_MINUTES))
    if ante_style not in ANTE_STYLES:
        raise GeneratorError("ante_style", gettext_noop("The ante is a big blind ante or a traditional ante."))
    if total_chips > MAX_CHIPS_IN_PLAY:
        raise _too_many_chips()
    return _Shape(minutes, every if length else 0, length if every else 0, ante_style, total_chips)


def _refusal(levels: int, climbs: Sequence[_Climb], shape: _Shape, since_break: int,
             offset_seconds: float = 0) -> GeneratorError:
    """Why no climb ends at `levels`: too soon or too far off, with the nearest duration that works
    (whole minutes from now, or from the start)."""
    fewest = min((c.fewest for c in climbs if c.fewest is not None), default=None)
    most = max((c.most for c in climbs if c.most is not None), default=None)
    if fewest is None or most is None:
        return _too_many_chips()

    def minutes(count: int) -> float:
        return offset_seconds / 60 + _level_ends(count, shape, since_break)[-1]

    if levels < fewest:
        return GeneratorError("too_short", gettext_noop(
            "That is too soon for these chips: the blinds would have to more than double every level. "
            "Allow at least %(minutes)s."), minutes=math.ceil(minutes(fewest)))
    return GeneratorError("too_long", gettext_noop(
        "That is too far off for these chips: the blinds cannot rise more slowly than one step a level. "
        "Allow at most %(minutes)s, or make the levels longer."), minutes=math.floor(minutes(most)))


# --- the two entry points ------------------------------------------------------------------------


def generate(
    *,
    stack: int,
    entries: int,
    level_minutes: int,
    target_minutes: int,
    denominations: Iterable[int],
    ante_style: str = BIG_BLIND_ANTE,
    break_every: int | None = None,
    break_minutes: int | None = None,
    extra_chips: int = 0,
) -> Plan:
    """A structure of `level_minutes` levels that the model ends about `target_minutes` after the start.

    `entries` times `stack` (plus `extra_chips`, rebuys and add-ons expected) are the chips in play;
    `denominations` the chip set's values. `break_every` blind levels (0: no breaks) are followed by a
    break of `break_minutes`; by default about every two hours (see the module's docstring).

    >>> plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=600,
    ...                 denominations=[25, 100, 500, 1000, 5000])
    >>> [(r.small_blind, r.big_blind) for r in plan.rows[:4]], plan.expected_end_minutes
    ([(100, 200), (125, 250), (150, 300), (200, 400)], 600)
    """
    _whole(stack, "stack", 1, MAX_CHIPS_IN_PLAY)
    _whole(entries, "entries", 2, 1_000_000)
    _whole(target_minutes, "target_minutes", 1, MAX_TARGET_MINUTES)
    _whole(extra_chips, "extra_chips", 0, MAX_CHIPS_IN_PLAY)
    chips = _chips(denominations)
    total = entries * stack + extra_chips
    shape = _shape(level_minutes, break_every, break_minutes, ante_style, total)
    smallest = chips[0]
    deepest = stack / (2 * smallest)
    if deepest < MIN_START_DEPTH:
        raise GeneratorError("chip_too_large", gettext_noop(
            "The smallest chip (%(chip)s) is too large for a stack of %(stack)s: "
            "the first big blind would be more than a tenth of it."), chip=smallest, stack=stack)
    levels = _levels_for(target_minutes * 60, shape, 0)
    low, high = min(START_DEPTH[0], deepest), min(START_DEPTH[1], deepest)
    preferred = END_BIG_BLINDS * PREFERRED_GROWTH ** (levels - 1) * stack / total
    preferred = max(low, min(high, preferred))
    # The first big blinds on the ladder from the deepest start to the shallowest, nearest the preferred first.
    ladder = big_blind_ladder(smallest)
    firsts = [v for v in ladder if stack / high <= v <= stack / low] or [ladder[0]]
    firsts.sort(key=lambda v: (abs(math.log(v * preferred / stack)), v))
    start = _Start(chips=chips)
    climbs = []
    for first in firsts:
        climb = _Climb(start, shape, first)
        climbs.append(climb)
        if climb.feasible(levels):
            rows, growth = climb.fit(levels)
            minutes, number = expected_end(rows, total) or (0, 0)
            return Plan(rows=tuple(rows), expected_end_seconds=minutes * 60, end_level=number, growth=growth,
                        total_chips=total, start_depth=stack / first)
    raise _refusal(levels, climbs, shape, 0)


def _start_of(kept: Sequence[Row], denominations: Iterable[int]) -> _Start:
    start = _Start(chips=chips_after(kept, denominations))
    for row in kept:
        if row.is_break:
            start.since_break = 0
            continue
        start.number += 1
        start.since_break += 1
        start.small_blind, start.big_blind, start.ante = row.small_blind, row.big_blind, row.ante
    return start


def cadence_of(rows: Sequence[Row], level_minutes: int) -> tuple[int, int]:
    """The structure's own break rhythm: (blind levels before its first break, that break's minutes);
    the defaults for `level_minutes` when it has no break."""
    count = 0
    for row in rows:
        if row.is_break:
            return (count, row.minutes) if count else (default_break_every(level_minutes), row.minutes)
        count += 1
    return default_break_every(level_minutes), default_break_minutes(level_minutes)


def retarget(
    *,
    rows: Sequence[Row],
    position: int | None,
    seconds_left: int,
    target_seconds: int,
    total_chips: int,
    denominations: Iterable[int],
    stack: int,
    entries: int,
    ante_style: str = BIG_BLIND_ANTE,
    level_minutes: int | None = None,
    break_every: int | None = None,
    break_minutes: int | None = None,
) -> Plan:
    """New rows after the one being played, so that the model ends the event `target_seconds` from now.

    `rows` is the structure as it stands and `position` the 1-based row being played (None before the
    clock starts: then the whole structure is generated again, `target_seconds` counted from the
    start). The rows up to `position` are kept as they are; the new ones climb from the last blind
    level kept, with the chips still in play after its colour-ups, and go on with the structure's level
    length and break rhythm (unless given). `seconds_left` is the time left in the row being played,
    `total_chips` the chips in play now (entries times stack, rebuys and add-ons).

    The plan's `expected_end_seconds` counts from now (from the start when the clock has not started).
    """
    rows = list(rows)
    blind_rows = [r for r in rows if not r.is_break]
    minutes = level_minutes or (blind_rows[-1].minutes if blind_rows else 20)
    every, length = cadence_of(rows, minutes)
    every = every if break_every is None else break_every
    length = length if break_minutes is None else break_minutes
    _whole(total_chips, "total_chips", 1, MAX_CHIPS_IN_PLAY)
    if position is None:
        _whole(target_seconds, "target_seconds", 60, MAX_TARGET_MINUTES * 60)
        return generate(stack=stack, entries=entries, level_minutes=minutes, target_minutes=target_seconds // 60,
                        denominations=denominations, ante_style=ante_style, break_every=every,
                        break_minutes=length, extra_chips=max(0, total_chips - stack * entries))
    _whole(position, "position", 1, len(rows))
    _whole(seconds_left, "seconds_left", 0, MAX_LEVEL_MINUTES * 60)
    _whole(target_seconds, "target_seconds", 0, MAX_TARGET_MINUTES * 60)
    chips = _chips(denominations)
    shape = _shape(minutes, every, length, ante_style, total_chips)
    kept = rows[:position]
    start = _start_of(kept, chips)
    if not start.chips:
        raise GeneratorError("no_chips", gettext_noop("Give the chip values in play, for example 25, 100, 500, 1000."))
    if start.big_blind and ends_here(start.big_blind, total_chips):
        raise GeneratorError("already_there", gettext_noop(
            "The blinds already reach a twentieth of the chips in play: the model expects the end in this "
            "level, so there is nothing to stretch or squeeze. Add levels in the structure editor."))
    levels = _levels_for(target_seconds, shape, start.since_break, offset=seconds_left)
    if target_seconds < seconds_left + shape.minutes * 30:
        levels = 0  # before the end of the row being played (and half the next level): too soon
    climb = _Climb(start, shape, None if start.big_blind else _big_blind(stack / START_DEPTH[0], start.chips[0], 0))
    if not climb.feasible(levels):
        raise _refusal(levels, [climb], shape, start.since_break, seconds_left)
    new_rows, growth = climb.fit(levels)
    found = expected_end(new_rows, total_chips)
    seconds = seconds_left + (found[0] * 60 if found else 0)
    return Plan(rows=tuple(kept + new_rows), expected_end_seconds=seconds,
                end_level=start.number + (found[1] if found else 0), growth=growth, total_chips=total_chips,
                kept=len(kept))
