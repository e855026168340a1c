"""Documents the apps above printing add to the print queue (the end of day's bag slips, its
chip-count leaderboard). The queue, its task and its desk treat them like their own kinds; printing
never imports those apps: each registers its documents here when it loads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from tdconsole.tournaments.models import Event

from .pdf import Progress

Builder = Callable[[Event, IO[bytes], str, Progress, str], None]
# (event, variant as asked) -> the variant to store; raises ValueError with a message when unknown.
VariantCheck = Callable[[Event, str], str]


@dataclass(frozen=True)
class ExtraKind:
    kind: str
    label: Any  # a lazy translation
    build: Builder
    variant: VariantCheck | None = None


_kinds: dict[str, ExtraKind] = {}

# Document.kind is ten characters long.
MAX_KIND = 10


def document_kind_register(*, kind: str, label: Any, build: Builder, variant: VariantCheck | None = None) -> None:
    """Add a document kind to the queue (`build(event, out, lang, progress, variant)` writes the PDF)."""
    if len(kind) > MAX_KIND:
        raise ValueError(f"document kind {kind!r} is longer than {MAX_KIND}")
    _kinds[kind] = ExtraKind(kind=kind, label=label, build=build, variant=variant)


def extra_kind(kind: str) -> ExtraKind | None:
    return _kinds.get(kind)


def extra_kinds() -> list[tuple[str, Any]]:
    """The registered kinds as (value, label) choices."""
    return [(k.kind, k.label) for k in _kinds.values()]
