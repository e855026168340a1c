"""Search: normalisation, bilingual synonyms and floor slang, and the quality set on both backends."""

import pytest
from django.urls import reverse

from tdconsole.rulings.search import SearchDocument, normalise, query_terms, rank_documents
from tdconsole.rulings.selectors import entry_search, search_backend

from .search_questions import FROM_ISSUE_24, QUESTIONS, QUESTIONS_EN, QUESTIONS_PT


def test_normalise_drops_accents_case_and_punctuation():
    assert normalise("Mão-a-MÃO: reabertura é possível?") == "mao a mao reabertura e possivel"


def test_slang_and_both_languages_map_to_one_concept():
    assert query_terms("shove") == query_terms("all-in") == query_terms("ALL IN")
    assert query_terms("pote lateral") == query_terms("pote paralelo") == query_terms("side pot")
    assert query_terms("reabre") == query_terms("reopens")
    assert query_terms("bolha") == query_terms("bubble")


def test_query_terms_drop_stopwords_in_both_languages():
    assert query_terms("what is the nuts") == ["nuts"]
    assert query_terms("o que é a bolha") == query_terms("bolha")


def test_rank_documents_prefers_a_title_match_over_a_body_match():
    docs = [
        SearchDocument("body", {"A": "chip race", "C": "the button moves"}),
        SearchDocument("title", {"A": "dead button", "C": "chips"}),
    ]
    assert [key for key, _ in rank_documents("button", docs)] == ["title", "body"]


def test_rank_documents_leaves_out_documents_without_a_match():
    docs = [SearchDocument("x", {"A": "odd chip"}), SearchDocument("y", {"A": "dead button"})]
    assert [key for key, _ in rank_documents("button", docs)] == ["y"]
    assert rank_documents("   ", docs) == []


def test_quality_set_has_at_least_120_questions_in_both_languages():
    """The set only grows: every miss found joins it (68 in Portuguese and 70 in English in December 2026)."""
    assert len(QUESTIONS_PT) >= 60 and len(QUESTIONS_EN) >= 60
    assert len({q for q, _ in QUESTIONS}) == len(QUESTIONS) >= 120


def test_the_questions_issue_24_found_are_in_the_set():
    assert set(FROM_ISSUE_24) <= set(QUESTIONS)
    assert {q for q, _ in FROM_ISSUE_24} & {q for q, _ in QUESTIONS_PT}
    assert {q for q, _ in FROM_ISSUE_24} & {q for q, _ in QUESTIONS_EN}


def test_player_is_not_a_search_term():
    """'Player' is in nearly every entry: as a term it ranked the entries that say it most (issue 24)."""
    assert query_terms("player stalling on purpose") == query_terms("stalling on purpose")
    assert query_terms("jogador enrolando") == query_terms("enrolando")


def test_words_against_chips_is_one_concept_in_both_languages():
    assert query_terms("raise chips") == query_terms("fichas de aumento") == query_terms("words and chips")


def test_quality_set_reaches_the_new_parts_of_the_rulebook():
    """Misdeals, exposed and boxed cards, devices, penalties and the 2024 changes are asked in both languages."""
    for slug in ["misdeal", "boxed-card", "card-exposed-by-dealer", "electronic-devices", "penalties",
                 "big-blind-ante", "new-level-starts"]:
        assert slug in {s for _, s in QUESTIONS_PT} and slug in {s for _, s in QUESTIONS_EN}, slug


@pytest.mark.parametrize(("question", "slug"), QUESTIONS, ids=[q for q, _ in QUESTIONS])
def test_question_finds_its_entry_first(reference, question, slug):
    """Runs on SQLite (Python scoring) and, in the PostgreSQL CI run, on full-text search."""
    results = entry_search(query=question)
    assert results, question
    assert results[0][0].slug == slug, [(e.slug, round(s, 3)) for e, s in results[:3]]


@pytest.mark.parametrize(("question", "slug"), QUESTIONS, ids=[q for q, _ in QUESTIONS])
def test_search_page_shows_the_answer_before_anything_else(reference, client, question, slug):
    """What the floor sees: the answering entry is the first result, above any glossary term."""
    html = client.get(reverse("rulings:search"), {"q": question}, HTTP_HX_REQUEST="true").content.decode()
    first = html.find('data-testid="result-')
    assert first >= 0, question
    assert html[first:].startswith(f'data-testid="result-{slug}"'), html[first:first + 80]
    term = html.find('data-testid="term')
    assert term == -1 or term > first


@pytest.mark.postgres
def test_postgres_uses_full_text_search(reference):
    from tdconsole.rulings.models import RuleEntry

    assert search_backend() == "postgres"
    assert not RuleEntry.objects.filter(search_vector__isnull=True).exists()
    misses = [q for q, slug in QUESTIONS if [e.slug for e, _ in entry_search(query=q)][:1] != [slug]]
    assert misses == []


def test_search_is_accent_insensitive(reference):
    with_accents = [e.slug for e, _ in entry_search(query="mão a mão na bolha")]
    without = [e.slug for e, _ in entry_search(query="mao a mao na bolha")]
    assert with_accents == without and with_accents[0] == "hand-for-hand"


def test_synonyms_across_languages_find_the_same_entry_first(reference):
    firsts = {entry_search(query=q)[0][0].slug for q in ["pote lateral", "pote paralelo", "side pot", "sidepot"]}
    assert firsts == {"side-pots"}


def test_python_scoring_agrees_with_the_backend_on_every_question(reference):
    """On PostgreSQL this compares full-text search with the SQLite method; on SQLite it is the same code."""
    from tdconsole.rulings.selectors import _entry_search_python

    for question, _ in QUESTIONS:
        assert entry_search(query=question)[0][0].slug == _entry_search_python(question, 1)[0][0].slug, question


def test_nonsense_finds_nothing(reference):
    assert entry_search(query="xylophone zebra") == []
    assert entry_search(query="   ") == []


@pytest.mark.postgres
def test_postgres_rank_is_the_python_score(reference):
    """The stored vector holds the Python stems, so ts_rank gives the very score the SQLite path computes
    (to float4 precision) for every result of every question: the two backends cannot drift apart."""
    from tdconsole.rulings.selectors import _entry_search_postgres, _entry_search_python

    for question, _ in QUESTIONS:
        python = {e.slug: s for e, s in _entry_search_python(question, 5)}
        for entry, score in _entry_search_postgres(question, 5):
            assert entry.slug in python or score <= min(python.values()) * (1 + 1e-5), (question, entry.slug)
            if entry.slug in python:
                assert score == pytest.approx(python[entry.slug], rel=1e-5), (question, entry.slug)
