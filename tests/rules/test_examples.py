"""Every worked example of shared/examples/adjudication through the engine itself."""

import pytest

from tdconsole.rules import Hand, PHHError, parse_phh

from .expect import EXAMPLES, assert_matches, example_names, load_expect, require

NAMES = example_names()


def test_examples_folder_is_there():
    require(EXAMPLES)
    assert len(NAMES) >= 10


@pytest.mark.parametrize("name", NAMES)
def test_example_ruling_matches_expectation(name):
    text = (require(EXAMPLES) / f"{name}.phh").read_text(encoding="utf-8")
    expect = load_expect(name)
    if expect.get("exit_code") == 2:
        with pytest.raises(PHHError):
            parse_phh(text)
        return
    ruling = Hand.replay(parse_phh(text)).ruling("en")
    assert_matches(ruling, expect)


USABLE = [name for name in NAMES if load_expect(name).get("exit_code") != 2]


@pytest.mark.parametrize("name", USABLE)
def test_example_ruling_has_bilingual_explanation(name):
    text = (require(EXAMPLES) / f"{name}.phh").read_text(encoding="utf-8")
    hand = Hand.replay(parse_phh(text))
    en, pt = hand.ruling("en")["explanation"], hand.ruling("pt-br")["explanation"]
    assert en and len(en) == len(pt)
    assert en != pt
    assert all("[" in step and step.endswith("]") for step in en), "every step names its rule"
