"""Blind structure validation: plain values in, a list of problems out (no database)."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from .exceptions import StructureError

LEVEL = "level"
BREAK = "break"


@dataclass(frozen=True)
class LevelSpec:
    """One row of a structure: a blind level or a break (with an optional colour-up)."""

    kind: str
    minutes: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    color_up: int | None = None

    @property
    def is_break(self) -> bool:
        return self.kind == BREAK


def _int(value: Any, default: int | None = 0) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise StructureError(_("Blinds, antes and minutes must be whole numbers."))
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise StructureError(_("Blinds, antes and minutes must be whole numbers."))
    if number != value and not isinstance(value, str):
        raise StructureError(_("Blinds, antes and minutes must be whole numbers."))
    return number


def level_specs(rows: Iterable[Mapping[str, Any]]) -> list[LevelSpec]:
    """Turn dict rows (from JSON or a form) into LevelSpec values; raise on malformed rows."""
    specs = []
    for row in rows:
        kind = row.get("kind") or (BREAK if row.get("break") else LEVEL)
        if kind not in (LEVEL, BREAK):
            raise StructureError(_("A row must be a level or a break."))
        specs.append(
            LevelSpec(
                kind=kind,
                minutes=_int(row.get("minutes"), 0) or 0,
                small_blind=_int(row.get("small_blind")) or 0,
                big_blind=_int(row.get("big_blind")) or 0,
                ante=_int(row.get("ante")) or 0,
                color_up=_int(row.get("color_up"), None),
            )
        )
    return specs


def chips_in_play(levels: Sequence[LevelSpec], denominations: Iterable[int]) -> list[tuple[int, ...]]:
    """For each row, the chip values on the tables while it is played, smallest first.

    A break's colour-up removes its chip at that break: the break itself and every row after it
    play without it. A colour-up of a chip that is not in play removes nothing.

    >>> rows = [LevelSpec(LEVEL, 20, 25, 50), LevelSpec(BREAK, 10, color_up=25), LevelSpec(LEVEL, 20, 100, 200)]
    >>> chips_in_play(rows, [100, 25, 500])
    [(25, 100, 500), (100, 500), (100, 500)]
    """
    chips = tuple(sorted(set(denominations)))
    rows = []
    for spec in levels:
        if spec.is_break and spec.color_up is not None:
            chips = tuple(c for c in chips if c != spec.color_up)
        rows.append(chips)
    return rows


def smallest_chips(levels: Sequence[LevelSpec], denominations: Iterable[int]) -> list[int | None]:
    """For each row, the smallest chip in play (None when the set is empty or all coloured up)."""
    return [chips[0] if chips else None for chips in chips_in_play(levels, denominations)]


def structure_problems(levels: list[LevelSpec], denominations: Iterable[int] | None = None) -> list[str]:
    """Every reason the structure cannot be used; empty when it is valid.

    A structure needs at least one blind level; blinds and antes never go down from one
    level to the next; the small blind is positive and no larger than the big blind; the ante
    is no larger than the big blind; every row lasts at least a minute; breaks carry no blinds.
    Given the chip set's `denominations`, every blind and ante must be payable with the chips
    in play at its level (a multiple of the smallest one), and a colour-up must remove a chip
    that is still in play.
    """
    problems: list[str] = []
    chip_rows: list[tuple[int, ...]] | None = None
    if denominations is not None:
        denominations = [d for d in denominations]
        if denominations:
            chip_rows = chips_in_play(levels, denominations)
    played = [spec for spec in levels if not spec.is_break]
    if not played:
        problems.append(_("A structure needs at least one blind level."))
    previous: LevelSpec | None = None
    number = 0
    for index, spec in enumerate(levels, start=1):
        if spec.minutes < 1:
            problems.append(_("Row %(row)d: a level or break lasts at least one minute.") % {"row": index})
        if spec.is_break:
            if spec.small_blind or spec.big_blind or spec.ante:
                problems.append(_("Row %(row)d: a break has no blinds or ante.") % {"row": index})
            if spec.color_up is not None and spec.color_up < 1:
                problems.append(_("Row %(row)d: the colour-up chip must be a positive value.") % {"row": index})
            elif spec.color_up is not None and chip_rows is not None:
                before = chip_rows[index - 2] if index > 1 else tuple(sorted(set(denominations or ())))
                if spec.color_up not in before:
                    problems.append(_("Row %(row)d: the %(chip)s chip is not in play, so it cannot be coloured up.")
                                    % {"row": index, "chip": spec.color_up})
                elif len(before) == 1:
                    problems.append(_("Row %(row)d: colouring up the %(chip)s chip leaves no chip in play.")
                                    % {"row": index, "chip": spec.color_up})
            continue
        number += 1
        if spec.big_blind < 1 or spec.small_blind < 1:
            problems.append(_("Level %(level)d: the blinds must be positive.") % {"level": number})
        elif spec.small_blind > spec.big_blind:
            problems.append(_("Level %(level)d: the small blind is larger than the big blind.") % {"level": number})
        if spec.ante < 0:
            problems.append(_("Level %(level)d: the ante cannot be negative.") % {"level": number})
        elif spec.big_blind > 0 and spec.ante > spec.big_blind:
            problems.append(_("Level %(level)d: the ante is larger than the big blind.") % {"level": number})
        if chip_rows is not None and chip_rows[index - 1]:
            smallest = chip_rows[index - 1][0]
            unpayable = [v for v in (spec.small_blind, spec.big_blind, spec.ante) if v % smallest]
            if unpayable:
                problems.append(
                    _("Level %(level)d cannot be paid with the chips in play: the smallest chip is %(chip)s.")
                    % {"level": number, "chip": smallest})
        if spec.color_up is not None:
            problems.append(_("Level %(level)d: colour-ups happen at breaks.") % {"level": number})
        if previous is not None and (
            spec.big_blind < previous.big_blind
            or spec.small_blind < previous.small_blind
            or spec.ante < previous.ante
        ):
            problems.append(
                _("Level %(level)d goes backwards: blinds and antes must not decrease.") % {"level": number}
            )
        previous = spec
    return problems


def structure_validate(levels: list[LevelSpec], denominations: Iterable[int] | None = None) -> None:
    """Raise StructureError with every problem, or return when the structure is valid."""
    problems = structure_problems(levels, denominations)
    if problems:
        raise StructureError(" ".join(problems))


def registration_open_at(*, close_position: int | None, level_position: int | None, closed: bool) -> bool:
    """Whether late registration and re-entry are open at the clock's level position.

    `level_position` is None before the clock starts (always open then, unless closed by
    hand). Registration stays open through the level at `close_position` and closes when
    the clock moves past it; with no late registration level it closes at the start.
    """
    if closed:
        return False
    if level_position is None:
        return True
    if close_position is None:
        return False
    return level_position <= close_position
