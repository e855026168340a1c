"""`make mutate` finds the mutant of each type error from mutmut's line-span index, or with Python's parser
(tests/mutation_run.py), instead of mutmut's libcst visitor: every line must name the same mutant."""

import functools
import json
from pathlib import Path

import libcst as cst
import pytest
from mutmut.mutation import file_mutation

from tests.mutation_run import indexed_functions, parsed_functions

ROOT = Path(__file__).resolve().parent.parent
# Small pure modules with module-level functions, classes with methods, dataclasses and decorators.
SOURCES = ["tdconsole/rules/cards.py", "tdconsole/rules/texts.py", "tdconsole/clock/maths.py"]


def _libcst_functions(path: Path, source: str) -> list[file_mutation.MutatedMethodLocation]:
    wrapper = cst.MetadataWrapper(cst.parse_module(source))
    visitor = file_mutation.MutatedMethodsCollector(path)
    wrapper.visit(visitor)
    return visitor.found_mutants


def _spans(functions) -> list[tuple[str, int, int]]:
    return [(m.function_name, m.line_number_start, m.line_number_end) for m in functions]


def _owner(functions, line: int) -> str | None:
    return next((m.function_name for m in functions if m.line_number_start <= line <= m.line_number_end), None)


@functools.cache
def _mutation_of(source: str) -> tuple[str, str, tuple[tuple[str, int, int], ...]]:
    """A pure module mutated as mutmut mutates it, its span index, and the functions libcst finds in it.

    Parsed once per test process: the mutated text of a module is large, and libcst takes seconds on it.
    """
    result = file_mutation.mutate_file_contents(source, (ROOT / source).read_text(encoding="utf-8"))
    spans = json.dumps({"version": 1, "spans": {
        name: [span.start, span.end] for name, span in result.line_span_by_function_name.items()}})
    return result.code, spans, tuple(_spans(_libcst_functions(Path(source), result.code)))


@pytest.fixture(params=SOURCES)
def mutated(request, tmp_path, monkeypatch):
    """The mutated module written with its line-span index as mutmut writes them, and libcst's functions."""
    monkeypatch.chdir(ROOT)
    code, spans, libcst_found = _mutation_of(request.param)
    path = tmp_path / Path(request.param).name
    path.write_text(code, encoding="utf-8")
    Path(f"{path}.spans").write_text(spans)
    return path, code, list(libcst_found)


def test_python_s_parser_finds_the_functions_libcst_finds(mutated):
    path, code, expected = mutated
    assert len(expected) > 20  # the module really was mutated
    assert _spans(parsed_functions(path, code)) == expected


def test_the_span_index_names_the_same_mutant_for_every_line_of_every_mutant(mutated):
    path, code, libcst_found = mutated
    indexed = indexed_functions(path)
    assert indexed is not None
    assert sorted(m.function_name for m in indexed) == sorted(name for name, _, _ in libcst_found)
    for name, start, end in libcst_found:
        for line in range(start, end + 1):
            assert _owner(indexed, line) == name, (name, line)


def test_a_file_without_an_index_or_with_another_version_is_parsed_instead(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def x_f__mutmut_1():\n    return 1\n", encoding="utf-8")
    assert indexed_functions(path) is None
    Path(f"{path}.spans").write_text(json.dumps({"version": 2, "spans": {"x_f__mutmut_1": [1, 2]}}))
    assert indexed_functions(path) is None
    assert _spans(parsed_functions(path, path.read_text())) == [("x_f__mutmut_1", 1, 2)]


def test_decorators_and_nested_functions_are_treated_as_mutmut_treats_them():
    source = (
        "import functools\n"
        "class A:\n"
        "    @functools.cache\n"
        "    def xǁAǁf__mutmut_1(self):\n"
        "        def x_inner__mutmut_9():\n"
        "            return 1\n"
        "        return 2\n"
        "if True:\n"
        "    async def x_g__mutmut_2():\n"
        "        return 3\n"
        "def plain():\n"
        "    return 4\n"
    )
    path = Path("example.py")
    ours = _spans(parsed_functions(path, source))
    assert ours == [("xǁAǁf__mutmut_1", 4, 7), ("x_g__mutmut_2", 9, 10)]
    assert ours == _spans(_libcst_functions(path, source))
