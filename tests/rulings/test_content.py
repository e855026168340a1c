"""The reference content: complete, bilingual, our own words, and every example hand replayable."""

import re
import tomllib

import pytest

from tdconsole.rulings.content_loader import CONTENT_DIR, load_entries, load_glossary
from tdconsole.rulings.search import normalise
from tdconsole.rulings.topics import TOPICS
from tests.rules.expect import require

from .conftest import SHARED

ENTRIES = load_entries()
EXAMPLES_WITH_PHH = [
    pytest.param(entry["slug"], ex, id=f"{entry['slug']}-{i}")
    for entry in ENTRIES
    for i, ex in enumerate(entry["examples"])
    if ex["phh"]
]


def test_every_content_file_parses_as_toml():
    for path in CONTENT_DIR.glob("*.toml"):
        with path.open("rb") as fh:
            assert tomllib.load(fh), path.name


# The TDA 2024 edition: rules 1 to 71 and recommended procedures RP-1 to RP-22. A deliberate guard: a new
# edition changes these numbers, and the reference must be checked against it, not silently kept.
TDA_2024_RULES = set(range(1, 72))
TDA_2024_RECOMMENDED_PROCEDURES = set(range(1, 23))


def _cited(entries):
    """The rule and RP numbers the entries cite ("TDA 47-A, 43-A", "TDA RP-2, RP-12") as two sets."""
    rules, procedures = set(), set()
    for entry in entries:
        for rp, number in re.findall(r"(RP-)?(\d+)", entry["tda_rule"]):
            (procedures if rp else rules).add(int(number))
    return rules, procedures


def test_reference_covers_every_topic():
    assert {e["topic"] for e in ENTRIES} == set(TOPICS)


def test_reference_cites_every_tda_2024_rule_and_recommended_procedure():
    rules, procedures = _cited(ENTRIES)
    assert sorted(TDA_2024_RULES - rules) == []
    assert sorted(TDA_2024_RECOMMENDED_PROCEDURES - procedures) == []
    assert rules <= TDA_2024_RULES and procedures <= TDA_2024_RECOMMENDED_PROCEDURES


def test_a_missing_rule_would_be_noticed():
    rules, _ = _cited([e for e in ENTRIES if "35" not in e["tda_rule"]])
    assert 35 not in rules


def test_the_2024_changes_are_in_the_reference():
    by_slug = {e["slug"]: e for e in ENTRIES}
    bba = by_slug["big-blind-ante"]
    assert bba["tda_rule"] == "TDA RP-11"
    assert "big blind first" in bba["ruling_en"] and "final table" in bba["ruling_en"]
    assert "big blind primeiro" in normalise(bba["ruling_pt"]) and "mesa final" in normalise(bba["ruling_pt"])
    assert by_slug["new-level-starts"]["tda_rule"] == "TDA 23"
    assert "signal" in by_slug["new-level-starts"]["ruling_en"]
    assert by_slug["electronic-devices"]["tda_rule"] == "TDA 5"
    assert by_slug["player-identity"]["tda_rule"] == "TDA 4"


def test_every_entry_is_bilingual_with_examples_and_a_rule_or_a_reason():
    for entry in ENTRIES:
        for field in ("title_pt", "title_en", "ruling_pt", "ruling_en"):
            assert entry[field].strip(), (entry["slug"], field)
        assert entry["title_pt"] != entry["title_en"] or entry["title_pt"] == "Showdown", entry["slug"]
        assert entry["examples"], entry["slug"]
        assert entry["tda_rule"] or (entry["tda_note_pt"] and entry["tda_note_en"]), entry["slug"]
        assert any(ch.isdigit() for ex in entry["examples"] for ch in ex["text_en"]), f"{entry['slug']}: no numbers"


def test_tda_numbers_the_reference_texts_name_are_the_ones_cited():
    # The shared reference notes cite TDA 16 (all-in exposure), 17 (showdown order) and 47 (re-opening).
    by_slug = {e["slug"]: e["tda_rule"] for e in ENTRIES}
    assert by_slug["all-in-face-up"] == "TDA 16"
    assert by_slug["showdown-order"].startswith("TDA 17")
    assert by_slug["reopening-short-all-in"].startswith("TDA 47")
    assert "47-B" in by_slug["fixed-limit"]


def test_related_entries_point_both_ways_to_existing_slugs():
    slugs = {e["slug"] for e in ENTRIES}
    for entry in ENTRIES:
        assert set(entry["related"]) <= slugs
        assert entry["slug"] not in entry["related"]


def test_glossary_has_forty_terms_with_the_floor_words():
    terms = load_glossary(known_slugs={e["slug"] for e in ENTRIES})
    assert len(terms) >= 40
    words = {normalise(t["term_pt"]) for t in terms} | {normalise(t["term_en"]) for t in terms}
    words |= {normalise(a) for t in terms for a in t["aliases"]}
    for needed in ["pote paralelo", "side pot", "shove", "nuts", "muck", "bolha", "itm", "straddle", "bba",
                   "colour up", "chip race", "hand for hand", "re entry", "late registration"]:
        assert needed in words, needed


@pytest.mark.parametrize(("slug", "example"), EXAMPLES_WITH_PHH)
def test_example_phh_parses_as_toml_with_required_fields(slug, example):
    hand = tomllib.loads(example["phh"])
    for field in ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions"):
        assert field in hand, f"{slug}: {field}"
    assert hand["variant"] in ("NT", "FT")
    assert ("min_bet" in hand) if hand["variant"] == "NT" else ("small_bet" in hand and "big_bet" in hand)
    players = len(hand["starting_stacks"])
    assert len(hand["antes"]) == len(hand["blinds_or_straddles"]) == players
    if "players" in hand:
        assert len(hand["players"]) == players


@pytest.mark.parametrize(("slug", "example"), EXAMPLES_WITH_PHH)
def test_example_phh_replays_as_its_content_says(slug, example):
    """pokerkit replays every action; 'invalid' examples must fail exactly at their last action."""
    pokerkit = pytest.importorskip("pokerkit")
    hand = tomllib.loads(example["phh"])
    actions = hand["actions"]
    if example["phh_expect"] == "invalid":
        hand["actions"] = actions[:-1]
    history = pokerkit.HandHistory.loads(_dump(hand))
    states = list(history)
    assert states
    state = states[-1]
    if example["phh_expect"] == "complete":
        assert state.status is False, f"{slug}: hand did not finish"
    elif example["phh_expect"] == "in_progress":
        assert state.status is True, f"{slug}: hand should still be running"
    else:
        _player, verb, amount = actions[-1].split()
        assert verb == "cbr"
        with pytest.raises(ValueError):
            state.complete_bet_or_raise_to(int(amount))


def _dump(hand: dict) -> str:
    """Write a PHH dict back as TOML (flat values only, which is all PHH needs here)."""
    import json

    lines = []
    for key, value in hand.items():
        lines.append(f"{key} = {json.dumps(value)}")
    return "\n".join(lines) + "\n"


def _windows(text: str, size: int = 8) -> set[str]:
    words = normalise(text).split()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


def test_no_sentence_is_copied_from_the_reference_texts():
    folder = require(SHARED / "reference")
    texts = list(folder.glob("*.txt"))
    assert texts, f"no reference text (*.txt) in {folder.resolve()}"
    source = set()
    for path in texts:
        source |= _windows(path.read_text(encoding="utf-8"))
    ours = set()
    for path in CONTENT_DIR.glob("*.toml"):
        ours |= _windows(path.read_text(encoding="utf-8"))
    copied = sorted(ours & source)
    assert not copied, copied[:5]


# Numbers the example texts state, checked against tdconsole's own rules engine.
ENGINE_FACTS = {
    "side-pots": {"finishing_stacks": [5500, 3500, 4500]},
    "uncalled-bet-returned": {"finishing_stacks": [17200, 7800, 0]},
    "split-pot-odd-chip": {"finishing_stacks": [2975, 3025, 3000]},
    "big-blind-ante": {"finishing_stacks": [41000, 3500, 29000, 25000]},
    "reopening-short-all-in": {"call": 300, "raise": None},
    "multiple-short-all-ins": {"call": 1100, "min_to": 3100},
    "not-yet-acted-short-all-in": {"call": 1400, "min_to": 2400},
    "minimum-raise": {"error": "below_minimum_raise", "min_to": 1000},
    "fixed-limit": {"min_to": 500},
}


@pytest.mark.parametrize(("slug", "example"), EXAMPLES_WITH_PHH)
def test_example_phh_gets_the_ruling_its_text_states_from_our_engine(slug, example):
    phh = pytest.importorskip("tdconsole.rules.phh")
    engine = pytest.importorskip("tdconsole.rules.engine")
    ruling_mod = pytest.importorskip("tdconsole.rules.ruling")
    ruling = ruling_mod.build_ruling(engine.Hand.replay(phh.parse_phh(example["phh"])), "en", explain=False)
    assert ruling["status"] == example["phh_expect"]
    facts = ENGINE_FACTS.get(slug, {})
    options = (ruling.get("to_act") or {}).get("options") or {}
    if "finishing_stacks" in facts:
        assert ruling["finishing_stacks"] == facts["finishing_stacks"]
    if "call" in facts:
        assert options["call"] == facts["call"]
    if "raise" in facts:
        assert options["raise"] is facts["raise"]
    if "min_to" in facts:
        assert options["raise"]["min_to"] == facts["min_to"]
    if "error" in facts:
        assert ruling["error"]["code"] == facts["error"]
