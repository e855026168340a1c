"""One pt-BR term for late registration: "registro tardio", as the clock and the event form say it.
"Inscrição tardia" stays a search synonym, so a search for either finds the entry."""

import pytest
from django.utils import translation

from tdconsole.rulings.content_loader import load_entries, load_glossary
from tdconsole.rulings.search import normalise
from tdconsole.rulings.selectors import entry_search, glossary_search

TERM = "registro tardio"
SYNONYM = "inscricao tardia"  # normalised: accents dropped
SLUG = "late-registration-seating"
ENTRIES = load_entries()
GLOSSARY = load_glossary(known_slugs={e["slug"] for e in ENTRIES})


def read_texts_pt():
    """Every pt-BR text a reader sees in the reference and the glossary (not keywords or aliases)."""
    for entry in ENTRIES:
        yield entry["slug"], " ".join([entry["title_pt"], entry["ruling_pt"], entry["tda_note_pt"]])
        for example in entry["examples"]:
            yield entry["slug"], " ".join([example["title_pt"], example["text_pt"]])
    for term in GLOSSARY:
        yield term["term_en"], " ".join([term["term_pt"], term["definition_pt"]])


def test_the_ui_says_registro_tardio():
    with translation.override("pt-br"):
        texts = [
            translation.gettext("Late registration closed"),
            translation.gettext("Late registration open · closes at the end of level %(n)s"),
            translation.gettext("late registration closes after level"),
            translation.gettext(
                "Late registration and re-entry close at the end of this blind level (breaks not counted)."
            ),
        ]
    assert all(TERM in normalise(text) for text in texts), texts


def test_the_content_uses_the_ui_term_and_keeps_the_other_for_search():
    entry = next(e for e in ENTRIES if e["slug"] == SLUG)
    assert TERM in normalise(entry["title_pt"]) and TERM in normalise(entry["ruling_pt"])
    term = next(t for t in GLOSSARY if t["term_en"] == "late registration")
    assert normalise(term["term_pt"]) == TERM
    assert SYNONYM in {normalise(a) for a in term["aliases"]}
    assert SYNONYM in {normalise(k) for k in entry["keywords"]}
    readers_see = [where for where, text in read_texts_pt() if SYNONYM in normalise(text)]
    assert readers_see == []


@pytest.mark.parametrize("query", ["registro tardio", "inscrição tardia", "inscricao tardia", "late registration",
                                   "late reg"])
def test_either_term_finds_the_late_registration_entry_first(reference, query):
    results = entry_search(query=query)
    assert results and results[0][0].slug == SLUG, [(e.slug, round(s, 3)) for e, s in results[:3]]


@pytest.mark.parametrize("query", ["registro tardio", "inscrição tardia"])
def test_either_term_finds_the_glossary_term(reference, query):
    assert [t.term_pt for t in glossary_search(query=query)] == ["registro tardio"]
