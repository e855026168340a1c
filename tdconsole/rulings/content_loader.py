"""Read the reference content (TOML files under content/) into plain dictionaries and check it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .exceptions import ContentError
from .topics import TOPICS

CONTENT_DIR = Path(__file__).resolve().parent / "content"
ENTRY_FIELDS = ("slug", "topic", "tda", "title_pt", "title_en", "ruling_pt", "ruling_en")
EXAMPLE_FIELDS = ("title_pt", "title_en", "text_pt", "text_en")
TERM_FIELDS = ("term_pt", "term_en", "definition_pt", "definition_en")
PHH_EXPECT = ("complete", "in_progress", "invalid")
RESERVED_SLUGS = frozenset({"search", "glossary", "adjudicate", "decisions"})


def _clean(text: str) -> str:
    """Join the wrapped lines of a TOML block into paragraphs."""
    paragraphs = [" ".join(part.split()) for part in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def load_entries(directory: Path = CONTENT_DIR) -> list[dict[str, Any]]:
    """Every entry from entries-*.toml, validated, in topic order and then in file order."""
    entries: list[dict[str, Any]] = []
    for path in sorted(directory.glob("entries-*.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for raw in data.get("entries", []):
            missing = [f for f in ENTRY_FIELDS if f not in raw]
            if missing:
                raise ContentError(f"{path.name}: entry {raw.get('slug', '?')} lacks {', '.join(missing)}")
            if raw["topic"] not in TOPICS:
                raise ContentError(f"{path.name}: entry {raw['slug']} has unknown topic {raw['topic']!r}")
            if raw["slug"] in RESERVED_SLUGS:
                raise ContentError(f"{path.name}: slug {raw['slug']!r} is reserved for a page")
            if not raw["tda"] and not (raw.get("tda_note_pt") and raw.get("tda_note_en")):
                raise ContentError(f"{path.name}: entry {raw['slug']} needs a TDA rule or a note saying why not")
            examples = []
            for ex in raw.get("examples", []):
                missing = [f for f in EXAMPLE_FIELDS if f not in ex]
                if missing:
                    raise ContentError(f"{path.name}: an example of {raw['slug']} lacks {', '.join(missing)}")
                phh = ex.get("phh", "").strip()
                expect = ex.get("phh_expect", "")
                if phh and expect not in PHH_EXPECT:
                    raise ContentError(f"{path.name}: example PHH of {raw['slug']} needs phh_expect in {PHH_EXPECT}")
                examples.append({
                    "title_pt": ex["title_pt"], "title_en": ex["title_en"],
                    "text_pt": _clean(ex["text_pt"]), "text_en": _clean(ex["text_en"]),
                    "phh": phh + "\n" if phh else "", "phh_expect": expect if phh else "",
                })
            entries.append({
                "slug": raw["slug"], "topic": raw["topic"], "tda_rule": raw["tda"],
                "tda_note_pt": raw.get("tda_note_pt", ""), "tda_note_en": raw.get("tda_note_en", ""),
                "title_pt": raw["title_pt"], "title_en": raw["title_en"],
                "ruling_pt": _clean(raw["ruling_pt"]), "ruling_en": _clean(raw["ruling_en"]),
                "keywords": list(raw.get("keywords", [])), "related": list(raw.get("related", [])),
                "examples": examples,
            })
    # Topic order first (as TOPICS lists them), then the order within the files.
    order = list(TOPICS)
    entries.sort(key=lambda e: order.index(e["topic"]))
    slugs = [e["slug"] for e in entries]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise ContentError(f"duplicate slugs: {', '.join(duplicates)}")
    known = set(slugs)
    for entry in entries:
        unknown = [s for s in entry["related"] if s not in known]
        if unknown:
            raise ContentError(f"entry {entry['slug']} relates to unknown slugs: {', '.join(unknown)}")
    return entries


def load_glossary(directory: Path = CONTENT_DIR, known_slugs: set[str] | None = None) -> list[dict[str, Any]]:
    """Every glossary term, validated; `known_slugs` checks the optional link to an entry."""
    with (directory / "glossary.toml").open("rb") as fh:
        data = tomllib.load(fh)
    terms = []
    for raw in data.get("terms", []):
        missing = [f for f in TERM_FIELDS if f not in raw]
        if missing:
            raise ContentError(f"glossary term {raw.get('term_en', '?')} lacks {', '.join(missing)}")
        entry = raw.get("entry", "")
        if entry and known_slugs is not None and entry not in known_slugs:
            raise ContentError(f"glossary term {raw['term_en']} links to unknown entry {entry}")
        terms.append({
            "term_pt": raw["term_pt"], "term_en": raw["term_en"],
            "definition_pt": raw["definition_pt"], "definition_en": raw["definition_en"],
            "aliases": list(raw.get("aliases", [])), "entry_slug": entry,
        })
    return terms
