from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from .models import GlossaryTerm, RuleEntry
from .selectors import (
    entries_by_topic,
    entry_search,
    glossary_search,
    related_entries,
    search_backend,
)

MAX_QUERY = 200


def _query(request: HttpRequest) -> str:
    return request.GET.get("q", "").strip()[:MAX_QUERY]


def index(request: HttpRequest) -> HttpResponse:
    """The public reference: a search box and every entry by topic."""
    return render(request, "rulings/index.html", {"groups": entries_by_topic(), "q": ""})


def search(request: HttpRequest) -> HttpResponse:
    """Search results, best match first; only the results fragment for htmx."""
    q = _query(request)
    context = {"q": q, "results": entry_search(query=q) if q else [], "backend": search_backend()}
    if request.htmx:
        return render(request, "rulings/search.html#results", context)
    return render(request, "rulings/search.html", context)


def entry_detail(request: HttpRequest, slug: str) -> HttpResponse:
    entry = get_object_or_404(RuleEntry, slug=slug)
    context = {"entry": entry, "related": related_entries(entry), "terms": entry.terms.all()}
    return render(request, "rulings/entry.html", context)


def glossary(request: HttpRequest) -> HttpResponse:
    q = _query(request)
    terms = glossary_search(query=q) if q else GlossaryTerm.objects.select_related("entry")
    context = {"q": q, "terms": terms}
    if request.htmx:
        return render(request, "rulings/glossary.html#terms", context)
    return render(request, "rulings/glossary.html", context)
