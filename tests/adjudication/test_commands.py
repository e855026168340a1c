"""The adjudicate, corpus_check and bench_rules management commands."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.rules.expect import CORPUS, EXAMPLES, ROOT, assert_matches, example_names, load_expect, require

NAMES = example_names()


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def manage(*args, stdin=None):
    env = {**os.environ, "DJANGO_DEBUG": "1"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, env=env,
        timeout=120,
    )


@pytest.mark.parametrize("name", NAMES)
def test_adjudicate_json_matches_each_example(name):
    path = require(EXAMPLES) / f"{name}.phh"
    expect = load_expect(name)
    if expect.get("exit_code") == 2:
        out = io.StringIO()
        with pytest.raises(CommandError) as info:
            call_command("adjudicate", str(path), "--json", stdout=out)
        assert info.value.returncode == 2
        assert out.getvalue() == ""
        return
    out, _ = run("adjudicate", str(path), "--json", "--lang", "en")
    assert_matches(json.loads(out), expect)


def test_unusable_file_exits_2_with_line_on_stderr_and_nothing_on_stdout():
    path = require(EXAMPLES) / "10-unusable-action.phh"
    result = manage("adjudicate", str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "line 12" in result.stderr and "actions[3]" in result.stderr


def test_adjudicate_reads_standard_input():
    text = (require(EXAMPLES) / "07-kicker.phh").read_text(encoding="utf-8")
    result = manage("adjudicate", "-", "--json", "--lang", "en", stdin=text)
    assert result.returncode == 0, result.stderr
    ruling = json.loads(result.stdout)
    assert ruling["finishing_stacks"] == [11400, 8600, 10000]


def test_illegal_action_is_a_ruling_with_exit_0(tmp_path):
    phh = tmp_path / "short.phh"
    phh.write_text(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [100, 200, 0]\nmin_bet = 200\n'
        'starting_stacks = [10000, 10000, 10000]\n'
        'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300"]\n'
    )
    out, _ = run("adjudicate", str(phh), "--json", "--lang", "en")
    ruling = json.loads(out)
    assert ruling["status"] == "invalid"
    assert ruling["error"]["action_index"] == 3
    assert ruling["error"]["code"] == "below_minimum_raise"
    assert ruling["to_act"]["player"] == "p3"
    assert ruling["to_act"]["options"]["raise"]["min_to"] == 400


def test_text_output_follows_the_language():
    path = str(require(EXAMPLES) / "09-odd-chip.phh")
    en, _ = run("adjudicate", path, "--lang", "en")
    pt, _ = run("adjudicate", path, "--lang", "pt-br")
    assert "Finishing stacks" in en
    assert "Stacks finais" in pt
    assert "10,100" in en and "10.100" in pt  # chip counts for a person: grouped by language
    assert "10100" not in en and "10100" not in pt


def test_jsonl_runs_directory_and_marks_unreadable_files(tmp_path):
    require(EXAMPLES)
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = \n")
    out = io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command("adjudicate", str(EXAMPLES), str(bad), "--jsonl", stdout=out)
    assert info.value.returncode == 2
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(NAMES) + 1
    by_file = {Path(line["file"]).name: line for line in lines}
    assert by_file["10-unusable-action.phh"]["status"] == "unreadable"
    assert by_file["bad.phh"]["status"] == "unreadable"
    assert by_file["01-side-pot-a-b-c.phh"]["finishing_stacks"] == [11000, 5000, 3000]
    assert [Path(line["file"]).name for line in lines[: len(NAMES)]] == [f"{n}.phh" for n in NAMES]


def test_jsonl_exit_code_is_0_when_every_file_is_usable():
    require(EXAMPLES)
    out, _ = run("adjudicate", str(EXAMPLES / "01-side-pot-a-b-c.phh"), str(EXAMPLES / "07-kicker.phh"), "--jsonl")
    assert len(out.splitlines()) == 2


def test_unknown_variant_is_unusable(tmp_path):
    phh = tmp_path / "omaha.phh"
    phh.write_text(
        'variant = "PO"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [200, 200]\nactions = []\n'
    )
    with pytest.raises(CommandError) as info:
        call_command("adjudicate", str(phh), "--json", stdout=io.StringIO())
    assert info.value.returncode == 2
    assert "variant" in str(info.value)


def test_corpus_check_matches_recorded_finishing_stacks(tmp_path):
    require(EXAMPLES)
    for name in ("01-side-pot-a-b-c", "09-odd-chip"):
        text = (EXAMPLES / f"{name}.phh").read_text(encoding="utf-8")
        stacks = load_expect(name)["finishing_stacks"]
        (tmp_path / f"{name}.phh").write_text(text + f"\nfinishing_stacks = {stacks}\n")
    out, _ = run("corpus_check", str(tmp_path))
    assert "matched: 2" in out
    assert "mismatched: 0" in out


def test_corpus_check_counts_hands_without_a_record_apart():
    require(EXAMPLES)
    out, _ = run("corpus_check", str(EXAMPLES / "07-kicker.phh"))
    assert "replayed, no finishing_stacks recorded: 1" in out


def test_corpus_check_fails_on_a_wrong_record(tmp_path):
    text = (require(EXAMPLES) / "07-kicker.phh").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(text + "\nfinishing_stacks = [10000, 10000, 10000]\n")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command("corpus_check", str(wrong), stdout=out, stderr=err)
    assert info.value.returncode == 1
    assert "mismatched: 1" in out.getvalue()
    assert "wrong.phh" in err.getvalue()


def test_corpus_check_skips_other_variants_and_knows_half_chip_hands():
    corpus = require(CORPUS)
    half = corpus / "pluribus" / "102" / "0.phh"
    omaha = corpus / "antonius-blom-2009.phh"
    out, _ = run("corpus_check", str(half), str(omaha), "--list")
    assert "skipped (other variants): 1" in out
    assert "known half-chip hands: 1" in out


def test_bench_rules_prints_the_figures():
    require(EXAMPLES)
    out, _ = run("bench_rules", str(EXAMPLES), "--rounds", "1", "--pokerkit-sample", "5")
    assert "NT hands: 9" in out
    assert "hands/s" in out and "evaluations" in out and "CPU" in out
    assert "pokerkit" in out and "ratio" in out
    assert "explained ruling through `adjudicate --jsonl` on the same hands" in out
    assert "headline: explained ruling" in out and "x pokerkit" in out


def test_corpus_check_reports_a_missing_folder(tmp_path):
    with pytest.raises(CommandError) as info:
        call_command("corpus_check", str(tmp_path / "nowhere"), stdout=io.StringIO())
    assert info.value.returncode == 2 and "not found" in str(info.value)


def test_jsonl_gives_the_collector_back_as_it_found_it(tmp_path):
    """The run switches the collector off; the process that called it gets it back, also after a refusal."""
    import gc

    good = sorted(require(EXAMPLES).glob("*.phh"))[0]
    (tmp_path / "a.phh").write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    assert gc.isenabled()
    call_command("adjudicate", str(tmp_path), "--jsonl", stdout=io.StringIO())
    assert gc.isenabled() and not gc.get_freeze_count()
    (tmp_path / "b.phh").write_text("not a hand", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("adjudicate", str(tmp_path), "--jsonl", stdout=io.StringIO())
    assert gc.isenabled() and not gc.get_freeze_count()
    gc.disable()
    try:
        call_command("adjudicate", str(tmp_path / "a.phh"), "--jsonl", stdout=io.StringIO())
        assert not gc.isenabled()  # left off, as the caller had it
    finally:
        gc.enable()
