"""Replaying many PHH files at once: used by the corpus regression and the benchmark."""

from __future__ import annotations

import os
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


def iter_phh_names(paths: Iterable[str | Path]) -> Iterator[str]:
    """``str(path)`` for each path :func:`iter_phh_files` gives, in the same order, found faster.

    A folder is walked with :func:`os.walk` (symbolic links to folders are listed, not entered, as
    ``Path.rglob`` does) and the names sorted by their parts, which is how paths compare.
    """
    for raw in paths:
        base = _normal(raw)
        if os.path.isdir(base):
            yield from _walk(base)
        else:
            yield base


def iter_phh_texts(paths: Iterable[str | Path]) -> Iterator[tuple[str, str | OSError | UnicodeDecodeError | None]]:
    """``(name, text)`` for each name :func:`iter_phh_names` gives, read as :func:`read_phh_text` reads it.

    Instead of the text: the error reading raised (``OSError``, ``UnicodeDecodeError``), or None for ``-``
    (standard input, for the caller to read). A path given that is a file is opened once: that it is not a
    folder to walk is seen on the open file rather than asked of the file system first.
    """
    for raw in paths:
        base = _normal(raw)
        if base == "-" and not os.path.isdir(base):
            yield base, None
            continue
        try:
            text = _read(base, folders=True)
        except (OSError, UnicodeDecodeError) as exc:
            yield base, exc
            continue
        if text is not None:
            yield base, text
            continue
        for name in _walk(base):
            try:
                yield name, read_phh_text(name)
            except (OSError, UnicodeDecodeError) as exc:
                yield name, exc


def _normal(raw: str | Path) -> str:
    """``str(Path(raw))``, without building the path when ``raw`` is already written that way."""
    return raw if type(raw) is str and _is_normal(raw) else str(Path(raw))


def _is_normal(name: str) -> bool:
    """True when ``str(Path(name)) == name``: no empty or ``.`` part, no trailing slash (``.`` itself is)."""
    return bool(name) and "//" not in name and not name.endswith(("/", "/.")) and not name.startswith("./") \
        and "/./" not in name


def _walk(base: str) -> list[str]:
    """Every ``*.phh`` under the folder ``base``, in the order ``sorted(Path(base).rglob("*.phh"))`` gives."""
    prefix = "" if base == "." else base if base.endswith("/") else base + "/"
    found: list[tuple[list[str], str]] = []
    for root, dirs, files in os.walk(base):
        rel = root[len(base):].lstrip("/") if root != base else ""
        head = prefix + rel + "/" if rel else prefix
        parts = rel.split("/") if rel else []
        for name in dirs + files:
            if name.endswith(".phh"):
                found.append(([*parts, name], head + name))
    found.sort(key=lambda item: item[0])
    return [name for _, name in found]


_CHUNK = 1 << 16


def read_phh_text(name: str | Path) -> str:
    """The text of a file, exactly as ``Path(name).read_text(encoding="utf-8")`` gives it, read in one go.

    The bytes come from ``os.read`` without a file object, in reads of 64 KiB until one gives nothing (for a
    hand history: one read, and one that sees the end). They are decoded at once and line ends
    translated as text mode does (``\\r\\n`` and ``\\r`` become ``\\n``). A file that cannot be read or decoded
    (a folder, a missing file, bad UTF-8) is read again the usual way, so the error is the usual one.
    """
    text = _read(name, folders=False)
    assert text is not None  # only with folders=True
    return text


def _read(name: str | Path, *, folders: bool) -> str | None:
    """:func:`read_phh_text`; with ``folders``, None for a folder instead of its error."""
    try:
        fd = os.open(name, os.O_RDONLY)
        try:
            data = _read_all(fd)
        finally:
            os.close(fd)
    except OSError:
        if folders and os.path.isdir(name):  # a folder that cannot be opened (os.walk lists what it can)
            return None
        return Path(name).read_text(encoding="utf-8")  # raises the error text mode would (or reads it after all)
    if data is None:
        if folders:
            return None
        return Path(name).read_text(encoding="utf-8")  # raises IsADirectoryError, as text mode does
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Path(name).read_text(encoding="utf-8")  # raises the same error text mode would
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _read_all(fd: int) -> bytes | None:
    """Every byte of an open file, or None when it is a folder.

    Read in pieces of 64 KiB until a read gives nothing: one read for a hand history and one more that
    finds the end, for files, pipes and devices alike. No ``fstat`` first: asking for the size and kind of
    the file costs more than the read that sees the end, and a folder shows itself by refusing the read.
    """
    try:
        data = os.read(fd, _CHUNK)
    except IsADirectoryError:
        return None
    if not data:
        return data
    more = os.read(fd, _CHUNK)
    if not more:
        return data
    chunks = [data, more]
    while more:  # a file longer than one piece, or a pipe giving its bytes in parts
        more = os.read(fd, _CHUNK)
        chunks.append(more)
    return b"".join(chunks)


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
