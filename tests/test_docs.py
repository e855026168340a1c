"""README.md and docs/*.md: the links between them, and the commands they name (tests/test_layers.py checks
README's map of the apps and its layer table).

Every command written in the README or in docs/ must run as written: a `manage.py` line names a real command
through the venv's Python and only options that command takes; `make X` names a Makefile target; a path under
tdconsole/, tests/, .ci/, docs/ or fixtures/ exists.
"""

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def documents() -> dict[str, str]:
    """README.md and every docs/*.md, by path relative to the repository."""
    files = [README, *sorted(DOCS.glob("*.md"))]
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in files}


def code_of(text: str) -> list[str]:
    """What a reader would type: the code blocks, then the inline code spans outside them."""
    parts = text.split("```")
    blocks = parts[1::2]
    prose = "".join(parts[0::2])
    return blocks + re.findall(r"`([^`\n]+)`", prose)


def manage_py_lines(text: str) -> list[tuple[str, str, str]]:
    """(python, command, the rest of the line up to a comment or the span's end) of each `manage.py` use;
    python is "" where the text names the command without saying how to run it (`manage.py bench_rules`)."""
    found = []
    for code in code_of(text):
        for match in re.finditer(r"(?:([^\s`]*python) )?manage\.py ([a-z_]+)([^\n]*)", code):
            found.append((match.group(1) or "", match.group(2), match.group(3).split(" #")[0]))
    return found


@cache
def options_of(command: str) -> frozenset[str]:
    from django.core.management import get_commands, load_command_class

    parser = load_command_class(get_commands()[command], command).create_parser("manage.py", command)
    return frozenset(parser._option_string_actions)


def problems_in(text: str) -> list[str]:
    """Each `manage.py` use in text that would not run as written."""
    from django.core.management import get_commands

    problems = []
    for python, command, rest in manage_py_lines(text):
        if python and python != ".venv/bin/python":  # plain `python` may have no Django
            problems.append(f"{python} manage.py {command}: run it with .venv/bin/python")
        elif command not in get_commands():
            problems.append(f"manage.py {command}: no such command")
        else:
            unknown = sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", rest)) - options_of(command))
            if unknown:
                problems.append(f"manage.py {command}: no option {', '.join(unknown)}")
    return problems


def make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))


def test_every_docs_link_in_the_readme_names_a_file_and_every_doc_is_linked():
    text = README.read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((docs/[^)#\s]+)", text))
    assert len(linked) >= 5
    missing = sorted(link for link in linked if not (ROOT / link).is_file())
    assert not missing, f"README.md links to files that do not exist: {missing}"
    unlinked = sorted(str(p.relative_to(ROOT)) for p in DOCS.glob("*.md") if str(p.relative_to(ROOT)) not in linked)
    assert not unlinked, f"docs files the README does not link to (add one line for each): {unlinked}"


def test_every_link_between_the_docs_names_a_file():
    broken = []
    for name, text in documents().items():
        base = (ROOT / name).parent
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" not in target and not (base / target).exists():
                broken.append(f"{name}: {target}")
    assert not broken, f"links to files that do not exist: {broken}"


def test_the_manage_py_lines_name_real_commands_and_options_run_with_the_venv_python():
    docs = documents()
    named = [line for text in docs.values() for line in manage_py_lines(text)]
    assert len(named) >= 25  # the checker must see the command reference, not pass on nothing
    assert manage_py_lines(docs["README.md"]), "README.md names no manage.py command"
    problems = [f"{name}: {problem}" for name, text in docs.items() for problem in problems_in(text)]
    assert not problems, problems


def test_the_manage_py_check_catches_a_wrong_command_option_or_python():
    assert problems_in("`.venv/bin/python manage.py load_demo`") == []
    assert problems_in("```\n.venv/bin/python manage.py icm --stacks 1,2 --json   # --not-an-option\n```") == []
    assert problems_in("`.venv/bin/python manage.py no_such_command`") == ["manage.py no_such_command: no such command"]
    assert problems_in("```\n.venv/bin/python manage.py icm --stack 1,2\n```") == ["manage.py icm: no option --stack"]
    assert problems_in("`manage.py bench_rules`") == []
    assert problems_in("`manage.py bench_rule`") == ["manage.py bench_rule: no such command"]
    assert problems_in("`python manage.py migrate`") == ["python manage.py migrate: run it with .venv/bin/python"]


def test_every_make_target_named_exists():
    targets = make_targets()
    assert {"run", "test", "serve"} <= targets
    named = {
        (name, target)
        for name, text in documents().items()
        for code in code_of(text)
        for target in re.findall(r"(?:^|[\s;(])make ([a-z][a-z-]*)", code, re.MULTILINE)
    }
    assert {target for _, target in named} >= {"run", "test", "serve", "bench", "mutate", "seeds"}
    missing = sorted(f"{name}: make {target}" for name, target in named if target not in targets)
    assert not missing, f"no such Makefile target: {missing}"


@pytest.mark.parametrize("name", sorted(documents()))
def test_every_repository_path_named_exists(name):
    paths = set()
    for code in code_of(documents()[name]):
        paths |= set(re.findall(r"(?<![\w./-])((?:tdconsole|tests|\.ci|docs|fixtures)/[\w./*-]*[\w*/])", code))
    missing = sorted(p for p in paths if not (list(ROOT.glob(p.rstrip("/"))) if "*" in p else (ROOT / p).exists()))
    assert not missing, f"{name} names paths that do not exist: {missing}"
