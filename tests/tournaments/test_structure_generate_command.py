"""`manage.py structure_generate`: the generator from a terminal (JSON for scripts, a table for people)."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tdconsole.tournaments.generator import expected_end, generate

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--stack", "20000", "--entries", "100", "--minutes", "20", "--chips", "25,100,500,1000,5000"]
KEYS = {"small_blind", "big_blind", "ante", "minutes", "is_break", "color_up"}


def run(*args: str) -> str:
    out = StringIO()
    call_command("structure_generate", *args, stdout=out)
    return out.getvalue()


def test_json_is_the_levels_and_the_expected_end_exactly():
    doc = json.loads(run(*ARGS, "--hours", "6", "--json"))
    assert set(doc) == {"levels", "expected_end_minutes"}
    assert all(set(level) == KEYS for level in doc["levels"])
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=360,
                    denominations=[25, 100, 500, 1000, 5000])
    assert doc == plan.as_json()
    assert abs(doc["expected_end_minutes"] - 360) <= 17
    breaks = [level for level in doc["levels"] if level["is_break"]]
    assert breaks and all(b["small_blind"] == b["big_blind"] == b["ante"] == 0 for b in breaks)
    assert [b["color_up"] for b in breaks if b["color_up"]][:2] == [25, 100]
    assert all(level["color_up"] is None for level in doc["levels"] if not level["is_break"])


def test_the_expected_end_is_the_model_read_off_the_levels():
    doc = json.loads(run(*ARGS, "--hours", "8", "--json"))
    plan = generate(stack=20000, entries=100, level_minutes=20, target_minutes=480,
                    denominations=[25, 100, 500, 1000, 5000])
    assert expected_end(plan.rows, 2_000_000)[0] == doc["expected_end_minutes"]


def test_an_end_time_after_midnight_counts_from_the_start_time():
    by_time = json.loads(run(*ARGS, "--start", "19:00", "--end", "03:00", "--json"))
    by_hours = json.loads(run(*ARGS, "--hours", "8", "--json"))
    assert by_time == by_hours


def test_the_table_shows_levels_breaks_and_the_end_as_times_of_day():
    text = run(*ARGS, "--start", "19:00", "--hours", "6:30", "--ante", "traditional")
    lines = text.splitlines()
    assert lines[0].split() == ["level", "small", "big", "ante", "min", "starts"]
    assert lines[1].split() == ["1", "200", "400", "0", "20", "19:00"]
    assert any("break (colour up the 25)" in line for line in lines)
    assert lines[-1].startswith("expected end: ") and "(at 01:" in lines[-1] and "chips in play 2,000,000" in lines[-1]


def test_break_options_are_used():
    doc = json.loads(run(*ARGS, "--hours", "6", "--break-every", "0", "--json"))
    assert not any(level["is_break"] for level in doc["levels"])
    doc = json.loads(run(*ARGS, "--hours", "6", "--break-every", "3", "--break-minutes", "10", "--json"))
    rows = doc["levels"]
    assert rows[3]["is_break"] and rows[3]["minutes"] == 10


@pytest.mark.parametrize(("args", "message"), [
    (["--hours", "6", "--end", "02:00"], "either --hours or --end"),
    ([], "give the target"),
    (["--hours", "six"], "--hours must be a duration"),
    (["--end", "25:00"], "--end must be a time of day"),
    (["--hours", "1"], "too soon"),
    (["--hours", "40"], "too far off"),
])
def test_bad_arguments_are_refused_with_a_message(args, message):
    with pytest.raises(CommandError, match=message):
        run(*ARGS, *args)


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--stack", "abc", "--stack must be a whole number"),
    ("--stack", "99999999999999999999999", "must be a whole number"),
    ("--entries", "1", "--entries must be a whole number from 2"),
    ("--minutes", "-5", "--minutes must be a whole number"),
    ("--chips", "25,x", "each chip in --chips"),
    ("--chips", " , ", "--chips needs the chip values"),
])
def test_bad_numbers_are_refused_with_a_message(option, value, message):
    args = dict(zip(ARGS[::2], ARGS[1::2], strict=True)) | {option: value}
    with pytest.raises(CommandError, match=message):
        run(*[x for pair in args.items() for x in pair], "--hours", "6")


def test_portuguese_messages():
    with pytest.raises(CommandError, match="cedo demais"):
        run(*ARGS, "--hours", "1", "--lang", "pt-br")


def test_from_a_shell_it_prints_json_and_fails_without_a_traceback():
    base = [sys.executable, "manage.py", "structure_generate", *ARGS]
    env = {**os.environ, "DJANGO_DEBUG": "1"}
    ok = subprocess.run([*base, "--hours", "6", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                        env=env)
    assert ok.returncode == 0, ok.stderr
    assert set(json.loads(ok.stdout)) == {"levels", "expected_end_minutes"}
    bad = subprocess.run([*base, "--hours", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert bad.returncode != 0
    assert "Traceback" not in bad.stderr and "too soon" in bad.stderr
