"""Reads for the rulings app: reference search, glossary, floor-decision log."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import F, QuerySet, Value
from django.db.models.functions import Coalesce

from .models import GlossaryTerm, RuleEntry
from .search import SearchDocument, normalise, query_stems, rank_documents, stemmed_field

SEARCH_LIMIT = 10
# Results scoring under this share of the best one are noise (a shared common word): leave them out.
RELATIVE_CUTOFF = 0.3
_FIELDS = (("search_a", "A"), ("search_b", "B"), ("search_c", "C"), ("search_d", "D"))


def search_backend() -> str:
    """'postgres' (full-text search) or 'python' (token scoring) for the current database."""
    return "postgres" if connection.vendor == "postgresql" else "python"


def weighted_vector(fields: dict[str, str] | None = None) -> Any:
    """One entry's search vector: each field's stems (`stemmed_field`), weighted A-D, `simple` config.

    Given an entry's four stored fields, the vector is built from their stems exactly as the Python
    scoring sees them. Without them it is built from the columns themselves (whole words, not stems):
    the fallback for a row saved without `rulings_sync`.
    """
    from django.contrib.postgres.search import SearchVector

    vector = None
    for field, weight in _FIELDS:
        source: Any = field if fields is None else Value(stemmed_field(fields.get(field, "")))
        part = SearchVector(source, config="simple", weight=weight)
        vector = part if vector is None else vector + part
    return vector


def refresh_search_vectors(entry_model: Any = None) -> int:
    """Store every entry's search vector from its fields (PostgreSQL only); returns the rows written."""
    if connection.vendor != "postgresql":
        return 0
    if entry_model is None:
        entry_model = RuleEntry
    rows = entry_model.objects.values_list("pk", *(field for field, _ in _FIELDS))
    count = 0
    for pk, *values in rows:
        fields = {field: value for (field, _), value in zip(_FIELDS, values, strict=True)}
        count += entry_model.objects.filter(pk=pk).update(search_vector=weighted_vector(fields))
    return count


def _entry_search_postgres(query: str, limit: int) -> list[tuple[RuleEntry, float]]:
    from django.contrib.postgres.search import SearchQuery, SearchRank

    stems = query_stems(query)
    if not stems:
        return []
    search_query = SearchQuery(" | ".join(stems), search_type="raw", config="simple")
    # The stored vector is filled by rulings_sync; compute it on the fly if a row was saved another way.
    vector = Coalesce(F("search_vector"), weighted_vector())
    rows = (
        RuleEntry.objects.defer("examples", "search_a", "search_b", "search_c", "search_d", "search_vector")
        .annotate(rank=SearchRank(vector, search_query))
        .filter(rank__gt=0)
        .order_by("-rank", "slug")[:limit]
    )
    return [(row, float(row.rank)) for row in rows]


def _entry_search_python(query: str, limit: int) -> list[tuple[RuleEntry, float]]:
    entries = {e.slug: e for e in RuleEntry.objects.defer("examples", "search_vector")}
    documents = [
        SearchDocument(slug, {"A": e.search_a, "B": e.search_b, "C": e.search_c, "D": e.search_d})
        for slug, e in entries.items()
    ]
    return [(entries[slug], score) for slug, score in rank_documents(query, documents)[:limit]]


def entry_search(*, query: str, limit: int = SEARCH_LIMIT) -> list[tuple[RuleEntry, float]]:
    """Entries matching a question in Portuguese or English, best match first, with their score."""
    if not normalise(query):
        return []
    if search_backend() == "postgres":
        results = _entry_search_postgres(query, limit)
    else:
        results = _entry_search_python(query, limit)
    if not results:
        return []
    best = results[0][1]
    return [(entry, score) for entry, score in results if score >= best * RELATIVE_CUTOFF]


def glossary_search(*, query: str) -> QuerySet[GlossaryTerm]:
    """Glossary terms whose name or alias contains every word of the query (accent-insensitive)."""
    terms = GlossaryTerm.objects.select_related("entry")
    for word in normalise(query).split():
        terms = terms.filter(search_text__contains=word)
    return terms


def entries_by_topic() -> list[tuple[str, list[RuleEntry]]]:
    """Entries grouped by topic, in the reference's order."""
    groups: dict[str, list[RuleEntry]] = {}
    for entry in RuleEntry.objects.all():
        groups.setdefault(entry.topic, []).append(entry)
    return list(groups.items())


def related_entries(entry: RuleEntry) -> list[RuleEntry]:
    """The entry's related entries, in the order the content lists them."""
    found = {e.slug: e for e in RuleEntry.objects.filter(slug__in=entry.related)}
    return [found[slug] for slug in entry.related if slug in found]
