"""`make mutate`'s entry point: mutmut's own command line, with its type-check step made fast.

mutmut (pinned in requirements-dev.txt) counts the mutants that `mypy --strict` rejects as killed
(`type_check_command` in pyproject.toml). To learn which mutant each type error belongs to, it parses
every mutated file that has an error with libcst and its position metadata: for the rules engine that
is about 400,000 lines, and it took five of the six minutes of that step on this machine (mypy itself
takes about one). It also left the mutmut process at 3 GB, and every mutant is run in a fork of that
process: a fork of 3 GB costs about 0.1 s more than one of 1 GB, thousands of times over.

mutmut already knows where every mutant function lies: it writes the line spans of each mutated file
beside it when it generates the mutants (`<file>.spans`, read by its `MutantLineSpans`). This script
looks the type errors up there (or, for a file without that index, with Python's own parser), and runs
mutmut's command line unchanged otherwise. tests/test_mutation_run.py checks that every line of every
mutant names the same mutant both ways.

Usage (what the Makefile runs): `python tests/mutation_run.py run [--max-children N] [MUTANT ...]`.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import mutmut.__main__ as mutmut_main
from mutmut.mutation import file_mutation
from mutmut.mutation.data import MutantLineSpans
from mutmut.utils.format_utils import is_mutated_method_name


class _MutatedFunctions(ast.NodeVisitor):
    """The mutated functions of a module with their line spans, as mutmut's libcst visitor finds them:
    every function outside a function body (module level, in classes, under `if` or `try`), from its
    `def` line (decorators left out, as libcst's position of the node leaves them) to its last line, and
    nothing nested inside a function."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found: list[file_mutation.MutatedMethodLocation] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if is_mutated_method_name(node.name):
            self.found.append(file_mutation.MutatedMethodLocation(
                file=self.path, function_name=node.name, line_number_start=node.lineno,
                line_number_end=node.end_lineno or node.lineno))

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function


def parsed_functions(path: Path, source: str) -> list[file_mutation.MutatedMethodLocation]:
    """The mutated functions of one mutated file, with the lines each spans, read from its source."""
    visitor = _MutatedFunctions(path)
    visitor.visit(ast.parse(source, str(path)))
    return visitor.found


def indexed_functions(path: Path) -> list[file_mutation.MutatedMethodLocation] | None:
    """The mutated functions of one mutated file from the line spans mutmut wrote beside it; None without one.

    A span starts where the previous function ended (blank lines and comments before the `def` included)
    and ends where the function does, so every line of a function falls in its own span and in no other.
    """
    try:
        index = json.loads(Path(f"{path}.spans").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if index.get("version") != MutantLineSpans.format_version:
        return None
    return [file_mutation.MutatedMethodLocation(file=path, function_name=name, line_number_start=start,
                                                line_number_end=end)
            for name, (start, end) in index["spans"].items() if is_mutated_method_name(name)]


def mutated_functions(path: Path) -> list[file_mutation.MutatedMethodLocation]:
    found = indexed_functions(path)
    return found if found is not None else parsed_functions(path, path.read_text(encoding="utf-8"))


def filter_mutants_with_type_checker() -> dict[str, file_mutation.FailedTypeCheckMutant]:
    """mutmut's `filter_mutants_with_type_checker`, locating the mutants without libcst."""
    with file_mutation.change_cwd(Path("mutants")):
        errors = file_mutation.run_type_checker(file_mutation.config().type_check_command)
        skipped: dict[str, file_mutation.FailedTypeCheckMutant] = {}
        for path, errors_of_file in file_mutation.group_by_path(errors).items():
            functions = mutated_functions(path)
            if not functions:
                continue
            for error in errors_of_file:
                mutant = next((m for m in functions
                               if m.line_number_start <= error.line_number <= m.line_number_end), None)
                if mutant is None:
                    raise Exception(f"Could not find the mutant of the type error {error.file_path}:"
                                    f"{error.line_number} ({error.error_description}).")
                name = file_mutation.get_mutant_name(path.relative_to(Path(".").absolute()), mutant.function_name)
                skipped[name] = file_mutation.FailedTypeCheckMutant(method_location=mutant, name=name, error=error)
        return skipped


def main() -> None:
    mutmut_main.filter_mutants_with_type_checker = filter_mutants_with_type_checker
    mutmut_main.cli()


if __name__ == "__main__":
    sys.argv[0] = "mutmut"
    main()
