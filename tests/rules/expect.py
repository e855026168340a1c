"""Shared helpers for rules tests: where shared/ is, and the expect.json comparison convention."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / ".." / "shared"
EXAMPLES = SHARED / "examples" / "adjudication"
CORPUS = SHARED / "corpus" / "phh"


def require(path: Path) -> Path:
    """`path`, or fail the test saying where the shared material is expected.

    The worked examples and the corpus are part of the contract; CI always has them, so a
    missing folder is a broken checkout, never a reason to pass quietly.
    """
    if not path.exists():
        pytest.fail(
            f"{path.resolve()} is missing: the shared material must sit beside the repository, at "
            f"{SHARED.resolve()} (../shared from {ROOT}); CI always has it.",
            pytrace=False,
        )
    return path


def example_names() -> list[str]:
    """The worked examples' names (fails the collection when the folder is missing)."""
    names = sorted(p.stem for p in require(EXAMPLES).glob("*.phh"))
    if not names:
        pytest.fail(f"{EXAMPLES.resolve()} holds no .phh example", pytrace=False)
    return names


def load_expect(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{name}.expect.json").read_text(encoding="utf-8"))


def assert_matches(ruling: dict[str, Any], expect: dict[str, Any]) -> None:
    """Compare a ruling with an expectation following shared/examples/adjudication/README.md."""
    for key, want in expect.items():
        if key == "exit_code":
            continue
        got = ruling[key]
        if key in ("status", "finishing_stacks"):
            assert got == want, key
        elif key == "pots":
            assert len(got) == len(want), "number of pots"
            for g, w in zip(got, want, strict=True):
                for field, value in w.items():
                    if field in ("eligible", "winners"):
                        assert set(g[field]) == set(value), field
                    else:
                        assert g[field] == value, field
        elif key == "uncalled":
            assert {(u["player"], u["amount"]) for u in got} == {(u["player"], u["amount"]) for u in want}
        elif key == "showdown":
            if want is None:
                assert got is None
            else:
                assert got is not None
                for field, value in want.items():
                    assert got[field] == value, field
        elif key == "to_act":
            if want is None:
                assert got is None
                continue
            assert got is not None and got["player"] == want["player"]
            for field, value in want.get("options", {}).items():
                if field == "raise" and value is not None:
                    assert got["options"]["raise"] is not None, "raise should be allowed"
                    for f2, v2 in value.items():
                        assert got["options"]["raise"][f2] == v2, f2
                else:
                    assert got["options"][field] == value, field
        elif key == "error":
            if want is None:
                assert got is None
                continue
            assert got is not None
            for field, value in want.items():
                assert got[field] == value, field
        elif key == "hands":
            for player, value in want.items():
                assert got[player]["category"] == value["category"], player
        else:
            assert got == want, key
