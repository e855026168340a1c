"""Who is who across festivals: the one rule the players' history and the league standings share.

A person is registered once per festival, so a person who plays three festivals is three Player rows.
Two registrations are the same person when:

- they carry the same document (as the desk keeps it: a CPF is always written `123.456.789-09`,
  however it was typed, so the same CPF is the same person), or
- they have the same name and nickname as the desk compares them (`names.search_key`: no case,
  accents or punctuation) and one of them has no document. When only one document goes with that
  name, every registration of it without a document is that person. When two or more documents go
  with it (two namesakes the desk told apart), a registration without a document counts with the
  first of them registered (the lowest id): the desk cannot tell, and adding the document or merging
  the duplicate settles it.

A merged duplicate has no row any more (its entries moved to the kept one), so it counts once by itself.
The rule is a partition: every registration is exactly one person, named by the lowest id among its rows.
This module is pure (plain values in, plain values out); `selectors.people_of` reads the rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class PersonRow:
    """A registration as the rule sees it."""

    id: int
    search_name: str
    search_nickname: str
    document: str

    @property
    def name_key(self) -> tuple[str, str]:
        return self.search_name, self.search_nickname


def people(rows: Iterable[PersonRow]) -> dict[int, int]:
    """Map each registration's id to its person: the lowest id among the rows of one person."""
    rows = sorted(rows, key=lambda r: r.id)
    parent = {r.id: r.id for r in rows}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    first_with_document: dict[str, int] = {}
    by_name: dict[tuple[str, str], list[PersonRow]] = {}
    for r in rows:
        if r.document:
            if r.document in first_with_document:
                union(first_with_document[r.document], r.id)
            else:
                first_with_document[r.document] = r.id
        by_name.setdefault(r.name_key, []).append(r)
    for namesakes in by_name.values():
        undocumented = [r for r in namesakes if not r.document]
        if not undocumented:
            continue
        documented = [r for r in namesakes if r.document]
        anchor = documented[0] if documented else undocumented[0]  # rows are in id order
        for r in undocumented:
            union(anchor.id, r.id)
    return {r.id: find(r.id) for r in rows}
