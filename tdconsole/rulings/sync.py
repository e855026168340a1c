"""Load the content files into the database. Idempotent: run it after every content edit."""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction

from .content_loader import load_entries, load_glossary
from .search import document_text


def entry_search_fields(entry: dict[str, Any]) -> dict[str, str]:
    """The four weighted search fields of an entry (A titles, B keywords and rule, C ruling, D examples)."""
    slug_words = entry["slug"].replace("-", " ")
    examples = " ".join(
        f"{ex['title_pt']} {ex['title_en']} {ex['text_pt']} {ex['text_en']}" for ex in entry["examples"]
    )
    return {
        "search_a": document_text(f"{entry['title_pt']} {entry['title_en']}"),
        "search_b": document_text(" ".join([slug_words, *entry["keywords"], entry["tda_rule"]])),
        "search_c": document_text(f"{entry['ruling_pt']} {entry['ruling_en']}"),
        "search_d": document_text(examples),
    }


def rulings_sync(*, entry_model: Any = None, term_model: Any = None) -> dict[str, int]:
    """Create or update every entry and glossary term from the content files; drop the ones removed.

    Models may be passed in (a data migration passes its historical models).
    """
    if entry_model is None or term_model is None:
        from .models import GlossaryTerm, RuleEntry

        entry_model, term_model = RuleEntry, GlossaryTerm
    entries = load_entries()
    terms = load_glossary(known_slugs={e["slug"] for e in entries})
    # A data migration's historical model may lack fields added later: write only the ones it has.
    entry_fields = {f.name for f in entry_model._meta.get_fields()}
    term_fields = {f.name for f in term_model._meta.get_fields()}
    with transaction.atomic():
        by_slug = {}
        for position, entry in enumerate(entries):
            values = {
                "topic": entry["topic"], "position": position, "tda_rule": entry["tda_rule"],
                "tda_note_pt": entry["tda_note_pt"], "tda_note_en": entry["tda_note_en"],
                "title_pt": entry["title_pt"], "title_en": entry["title_en"],
                "ruling_pt": entry["ruling_pt"], "ruling_en": entry["ruling_en"],
                "examples": entry["examples"], "related": entry["related"], "keywords": entry["keywords"],
                **entry_search_fields(entry),
            }
            values = {key: value for key, value in values.items() if key in entry_fields}
            obj, _ = entry_model.objects.update_or_create(slug=entry["slug"], defaults=values)
            by_slug[obj.slug] = obj
        removed, _ = entry_model.objects.exclude(slug__in=list(by_slug)).delete()
        if "search_vector" in entry_fields and connection.vendor == "postgresql":
            from .selectors import refresh_search_vectors

            refresh_search_vectors(entry_model)
        term_model.objects.all().delete()
        rows = []
        for position, t in enumerate(terms):
            values = {
                "position": position, "term_pt": t["term_pt"], "term_en": t["term_en"],
                "definition_pt": t["definition_pt"], "definition_en": t["definition_en"], "aliases": t["aliases"],
                "entry": by_slug.get(t["entry_slug"]),
                "search_text": document_text(" ".join([t["term_pt"], t["term_en"], *t["aliases"]])),
            }
            rows.append(term_model(**{key: value for key, value in values.items() if key in term_fields}))
        term_model.objects.bulk_create(rows)
    return {"entries": len(by_slug), "terms": len(terms), "removed": removed}
