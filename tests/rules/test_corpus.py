"""A sample of the real PHH corpus replays to its recorded finishing stacks.

The whole corpus runs through ``python manage.py corpus_check ../shared/corpus/phh``.
"""

import pytest

from tdconsole.rules import Hand, parse_phh
from tdconsole.rules.corpus import check_file, iter_phh_files

from .expect import CORPUS, require

# Found by running corpus_check over the whole corpus: these Pluribus logs keep half chips on split
# pots; we give the odd chip whole to the first winner left of the button.
HALF_CHIP_HANDS = [
    "pluribus/102/0.phh",
    "pluribus/32/23.phh",
    "pluribus/41b/204.phh",
    "pluribus/60/88.phh",
    "pluribus/75b/76.phh",
    "pluribus/88/128.phh",
    "pluribus/91/43.phh",
    "pluribus/91/53.phh",
]


def corpus_files(sub=""):
    if not CORPUS.exists():
        return []
    return list(iter_phh_files([CORPUS / sub])) if sub else list(iter_phh_files([CORPUS]))


def pluribus_sample(size=300):
    files = [p for p in corpus_files("pluribus") if str(p.relative_to(CORPUS)) not in HALF_CHIP_HANDS]
    if not files:
        return []
    step = max(1, len(files) // size)
    return files[::step][:size]


def require_corpus():
    """Fails (never skips) when the corpus is missing: CI always has ../shared."""
    require(CORPUS)


def test_pluribus_sample_matches_finishing_stacks():
    require_corpus()
    sample = pluribus_sample()
    assert len(sample) == 300
    failures = [(str(r.path), r.outcome, r.detail) for r in map(check_file, sample) if r.outcome != "matched"]
    assert failures == []


def test_wsop_hold_em_hands_match_finishing_stacks():
    require_corpus()
    results = [check_file(p) for p in corpus_files("wsop")]
    supported = [r for r in results if r.outcome != "skipped"]
    assert len(supported) == 18  # 11 no-limit and 7 fixed-limit hold'em hands
    assert [(str(r.path), r.outcome) for r in supported if r.outcome != "matched"] == []


@pytest.mark.parametrize("name", HALF_CHIP_HANDS)
def test_known_half_chip_hands_differ_only_by_the_split_chip(name):
    require_corpus()
    result = check_file(CORPUS / name)
    assert result.outcome == "half_chip", result


def test_famous_no_limit_hand_replays_to_a_complete_hand():
    require_corpus()
    spec = parse_phh((CORPUS / "dwan-ivey-2009.phh").read_text(encoding="utf-8"))
    hand = Hand.replay(spec)
    assert hand.status == "complete"
    stacks = hand.finishing_stacks()
    assert sum(stacks) == sum(spec.starting_stacks)
    assert stacks == [572100, 1997500, 1109500]  # Ivey loses; the part of his all-in Dwan could not match comes back
    assert hand.uncalled == [(0, 1067100 - 495000)]


def test_famous_hands_in_other_variants_are_skipped():
    require_corpus()
    outcomes = {p.name: check_file(p).outcome for p in CORPUS.glob("*.phh")}
    assert outcomes["antonius-blom-2009.phh"] == "skipped"
    assert outcomes["phua-xuan-2019.phh"] == "skipped"
