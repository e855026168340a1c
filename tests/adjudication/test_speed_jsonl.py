"""`adjudicate --jsonl` made fast without changing a byte of its output.

``data/jsonl-<lang>.jsonl`` were written by the command as it was before the speed work (main at
f72fe60), run from ``shared/`` on the adjudication examples and on 56 corpus hands picked so that
between them every kind of explanation step the corpus produces appears (side pots, splits, uncalled
bets, heads-up, short all-ins, showdown orders, hands in progress...). The command must still write
exactly those bytes.
"""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tdconsole.rules import Hand, parse_phh
from tdconsole.rules.corpus import read_phh_text
from tdconsole.rules.ruling import explanation
from tests.rules.expect import SHARED, require

DATA = Path(__file__).parent / "data"
CONTRACT_KEYS = ["status", "players", "error", "to_act", "pots", "uncalled", "showdown", "hands",
                 "finishing_stacks", "explanation", "file"]


def _golden_paths(golden: str) -> list[str]:
    """The PATH arguments that produced a golden file: the examples folder, then each corpus file."""
    files = [json.loads(line)["file"] for line in golden.splitlines()]
    corpus = [f for f in files if not f.startswith("examples/")]
    return ["examples/adjudication", *corpus]


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_jsonl_output_is_byte_for_byte_what_it_was(lang, monkeypatch):
    require(SHARED / "corpus" / "phh")
    require(SHARED / "examples" / "adjudication")
    golden = (DATA / f"jsonl-{lang}.jsonl").read_text(encoding="utf-8")
    monkeypatch.chdir(SHARED)
    out = io.StringIO()
    with pytest.raises(CommandError):  # 10-unusable-action.phh is among the examples
        call_command("adjudicate", *_golden_paths(golden), "--jsonl", "--lang", lang, stdout=out)
    assert out.getvalue() == golden


@pytest.mark.parametrize("lang", ["en", "pt-br"])
def test_every_jsonl_line_carries_the_contract_fields_and_the_explanation(lang, monkeypatch):
    require(SHARED / "corpus" / "phh")
    golden = (DATA / f"jsonl-{lang}.jsonl").read_text(encoding="utf-8")
    monkeypatch.chdir(SHARED)
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("adjudicate", *_golden_paths(golden), "--jsonl", "--lang", lang, stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 66
    for line in lines:
        ruling = json.loads(line)
        if ruling["status"] == "unreadable":
            assert set(ruling) == {"file", "status", "message"}
            continue
        assert list(ruling) == CONTRACT_KEYS
        steps = ruling["explanation"]
        assert steps and all(isinstance(step, str) and step for step in steps)
        # The fast path inside the ruling says what the stand-alone explanation says.
        hand = Hand.replay(parse_phh(Path(ruling["file"]).read_text(encoding="utf-8")))
        assert explanation(hand, lang) == steps
        # And the line is the single-file --json output plus the file name.
        alone = hand.ruling(lang)
        alone["file"] = ruling["file"]
        assert line == json.dumps(alone, ensure_ascii=False)


def test_reading_in_one_go_gives_what_text_mode_gives(tmp_path):
    path = tmp_path / "crlf.phh"
    path.write_bytes('variant = "NT"\r\nplayers = ["Zoë", "João"]\ractions = []\n'.encode())
    assert read_phh_text(path) == path.read_text(encoding="utf-8")
    assert read_phh_text(str(path)) == 'variant = "NT"\nplayers = ["Zoë", "João"]\nactions = []\n'


def test_reading_fails_with_the_usual_errors(tmp_path):
    bad = tmp_path / "latin1.phh"
    bad.write_bytes(b'variant = "NT"\nplayers = ["Jo\xe3o"]\n')
    with pytest.raises(UnicodeDecodeError) as ours:
        read_phh_text(bad)
    with pytest.raises(UnicodeDecodeError) as usual:
        bad.read_text(encoding="utf-8")
    assert str(ours.value) == str(usual.value)
    missing = tmp_path / "missing.phh"
    with pytest.raises(FileNotFoundError) as ours_missing:
        read_phh_text(str(missing))
    with pytest.raises(FileNotFoundError) as usual_missing:
        missing.read_text(encoding="utf-8")
    assert str(ours_missing.value) == str(usual_missing.value)


def test_jsonl_writes_every_line_even_past_a_batch(tmp_path):
    require(SHARED / "examples" / "adjudication")
    source = (SHARED / "examples" / "adjudication" / "07-kicker.phh").read_text(encoding="utf-8")
    for k in range(300):  # more than one batch of lines
        (tmp_path / f"{k:03}.phh").write_text(source, encoding="utf-8")
    out = io.StringIO()
    call_command("adjudicate", str(tmp_path), "--jsonl", stdout=out)
    lines = out.getvalue().splitlines()
    assert out.getvalue().endswith("}\n")
    assert [Path(json.loads(line)["file"]).name for line in lines] == [f"{k:03}.phh" for k in range(300)]


def test_folders_are_listed_as_rglob_lists_them(tmp_path, monkeypatch):
    from tdconsole.rules.corpus import iter_phh_files, iter_phh_names

    for rel in ["a/1.phh", "a-b/2.phh", "a/b/3.phh", "a.b/4.phh", "ab/.hidden.phh", "ab/notes.txt", "Z/5.phh",
                "z/6.PHH", "target/7.phh", "dir.phh/8.phh", "a/10.phh", "a/9.phh"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "target", target_is_directory=True)  # listed, not entered
    (tmp_path / "link.phh").symlink_to(tmp_path / "target", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for args in ([str(tmp_path)], [f"{tmp_path}/"], [f"{tmp_path}//a/../a"], ["."], ["a", "a-b/2.phh", "missing.phh"],
                 ["./a"]):
        expected = [str(p) for p in iter_phh_files(args)]
        assert list(iter_phh_names(args)) == expected, args
    assert "link.phh" in [str(p) for p in iter_phh_files(["."])]
    assert list(iter_phh_names([str(tmp_path)]))  # the tree is not empty


def test_files_are_read_in_listing_order_with_the_usual_texts_and_errors(tmp_path, monkeypatch):
    """iter_phh_texts opens each path given once: the same names, texts and errors as listing then reading."""
    from tdconsole.rules.corpus import iter_phh_names, iter_phh_texts

    for rel in ["a/1.phh", "a/b/3.phh", "dir.phh/8.phh", "a/9.phh"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\nvariant = 'NT'\n")
    (tmp_path / "a" / "crlf.phh").write_bytes(b"variant = 'NT'\r\nplayers = ['Zo\xc3\xab']\r")
    (tmp_path / "a" / "latin1.phh").write_bytes(b"players = ['Jo\xe3o']\n")
    (tmp_path / "a" / "long.phh").write_text("#" * 200_000 + "\n")
    (tmp_path / "link").symlink_to(tmp_path / "a", target_is_directory=True)
    monkeypatch.chdir(tmp_path)

    def outcome(text):
        return text if isinstance(text, str) else (type(text), str(text))

    def usual(name):
        try:
            return read_phh_text(name)
        except (OSError, UnicodeDecodeError) as exc:
            return (type(exc), str(exc))

    for args in ([str(tmp_path)], ["a", "a/1.phh", "missing.phh", "dir.phh", "a/b/"], ["link", "./a/9.phh"],
                 ["dir.phh/8.phh", "a/latin1.phh", "-"]):
        expected = [(name, None if name == "-" else usual(name)) for name in iter_phh_names(args)]
        got = [(name, None if text is None else outcome(text)) for name, text in iter_phh_texts(args)]
        assert got == expected, args
    names = [name for name, _ in iter_phh_texts(["a"])]
    assert "a/long.phh" in names and "a/crlf.phh" in names
    texts = dict(iter_phh_texts(["a"]))
    assert texts["a/crlf.phh"] == "variant = 'NT'\nplayers = ['Zoë']\n"
    assert isinstance(texts["a/latin1.phh"], UnicodeDecodeError)
    assert texts["a/long.phh"] == "#" * 200_000 + "\n"


def test_a_pipe_is_read_to_its_end(tmp_path):
    import os
    import threading
    import time

    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)

    def writer():
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write("variant = 'NT'\n")
            handle.flush()
            time.sleep(0.2)
            handle.write("min_bet = 100\n")

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert read_phh_text(fifo) == "variant = 'NT'\nmin_bet = 100\n"
    finally:
        thread.join()
