"""Replaying many PHH files at once: used by the corpus regression and the benchmark."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .engine import Hand
from .phh import PHHError, parse_phh


def iter_phh_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Each path as given if it is a file, or every ``*.phh`` under it (recursive, sorted)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(path.rglob("*.phh"))
        else:
            yield path


@dataclass(frozen=True, slots=True)
class CorpusResult:
    """The outcome of replaying one file against its recorded finishing stacks."""

    path: Path
    outcome: str  # matched | half_chip | mismatched | skipped | no_record | unreadable | invalid | unfinished
    detail: str = ""
    expected: tuple[int, ...] | None = None
    got: tuple[int, ...] | None = None


def check_text(path: Path, text: str) -> CorpusResult:
    """Replay one hand and compare with its ``finishing_stacks``."""
    try:
        spec = parse_phh(text)
    except PHHError as exc:
        if exc.code == "unsupported_variant":
            return CorpusResult(path, "skipped", str(exc))
        return CorpusResult(path, "unreadable", str(exc))
    hand = Hand.replay(spec)
    if hand.error is not None:
        return CorpusResult(path, "invalid", f"{hand.error.action_index} {hand.error.action}: {hand.error.code}")
    stacks = hand.finishing_stacks()
    if stacks is None:
        return CorpusResult(path, "unfinished", hand.status)
    if spec.finishing_stacks is None:
        recorded = spec.recorded_finishing
        if recorded is not None and is_half_chip_difference(recorded, stacks):
            return CorpusResult(path, "half_chip", "the record keeps half chips", None, tuple(stacks))
        if recorded is not None:
            return CorpusResult(path, "mismatched", "recorded stacks are fractional", None, tuple(stacks))
        return CorpusResult(path, "no_record", "", None, tuple(stacks))
    if tuple(stacks) == spec.finishing_stacks:
        return CorpusResult(path, "matched", "", spec.finishing_stacks, tuple(stacks))
    return CorpusResult(path, "mismatched", "", spec.finishing_stacks, tuple(stacks))


def check_file(path: Path) -> CorpusResult:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return CorpusResult(path, "unreadable", str(exc))
    return check_text(path, text)


def is_half_chip_difference(recorded: tuple[float, ...], stacks: list[int]) -> bool:
    """True when a record with half chips equals ours once each split chip is given whole.

    Real tables cannot split a chip: every stack must be within half a chip of the record, the
    totals must agree, and at least one recorded stack must hold a half chip.
    """
    if len(recorded) != len(stacks) or abs(sum(recorded) - sum(stacks)) > 1e-9:
        return False
    if all(float(v).is_integer() for v in recorded):
        return False
    return all(abs(r - s) <= 0.5 for r, s in zip(recorded, stacks, strict=True))
