"""The short path for action lines as PHH writers spell them gives what the full reader gives.

``_parse_plain`` answers only for the usual spelling (single spaces, no comment, players p1 to p99,
known cards) and leaves everything else, right or wrong, to ``_parse_any`` (None). Whenever it does
answer, its tuple must be the full reader's, to the type of each field.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.rules import parse_action
from tdconsole.rules.phh import _parse_any, _parse_plain

SEEN = ["d dh p1 6s8h", "d dh p2 ????", "d dh p9 AsKd", "d db JcQh3s", "d db 2d", "p3 f", "p1 cc", "p2 cbr 600",
        "p10 cbr 1", "p5 sm KhKs", "p4 sm", "p1 cbr 0", "d dh p1 As??", "d db AhKd2c5s"]
ODD = ["d dh p7 6s8h", "d db ", "d db ??", "d db Xx", "p0 f", "p01 f", "p3  f", " p3 f", "p3 f ", "p3 f #x",
       "p3 cbr ²", "p3 cbr -5", "p3 cbr 6.5", "p3 sm As", "p3 sm ????", "d dh p1 6s8", "d dh p1 6s8h9",
       "d  dh p1 6s8h", "d dh  p1 6s8h", "d dh p1 6s8h ", "p3 sd", "p3 f\n", "d dh p1 6s8h#", "p3 cc cc"]


def _full(text: str, count: int):
    try:
        return _parse_any(text, count)
    except ValueError as exc:
        return ("error", str(exc))


def _agrees(text: str, count: int) -> bool:
    short = _parse_plain(text, count)
    if short is None:
        return True
    full = _full(text, count)
    return short == full and [type(v) for v in short] == [type(v) for v in full]


@pytest.mark.parametrize("text", SEEN + ODD)
@pytest.mark.parametrize("count", [2, 6, 9, 12])
def test_the_short_path_gives_the_full_readers_answer_or_none(text, count):
    assert _agrees(text, count)
    full = _full(text, count)
    if full[0] != "error":
        assert parse_action(text, count) == full
    else:
        with pytest.raises(ValueError):
            parse_action(text, count)


def test_the_usual_spellings_take_the_short_path():
    for text in SEEN:
        assert _parse_plain(text, 12) is not None, text
    assert _parse_plain("p3 f #x", 6) is None and _parse_plain("d dh p7 6s8h", 6) is None


def test_edited_lines_never_part_ways():
    rng = random.Random(20261201)
    alphabet = list(" #\t\n?pd0123456789AKQJTshcdfcbrsmxX²\u00a0")
    for _ in range(20_000):
        chars = list(rng.choice(SEEN))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(chars) + 1)
            roll = rng.random()
            if roll < 0.4:
                chars.insert(at, rng.choice(alphabet))
            elif roll < 0.8 and at < len(chars):
                del chars[at]
            elif at < len(chars):
                chars[at] = rng.choice(alphabet)
        text = "".join(chars)
        for count in (2, 6, 9):
            assert _agrees(text, count), (text, count)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" dhbpfcrsm0123456789AKQJT?#", max_size=16), st.integers(min_value=2, max_value=12))
def test_any_short_line_never_parts_ways(text, count):
    assert _agrees(text, count)
