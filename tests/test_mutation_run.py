"""`make mutate` finds the mutant of each type error from mutmut's line-span index, or with Python's parser
(tests/mutation_run.py), instead of mutmut's libcst visitor: every line must name the same mutant."""

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


@pytest.fixture(params=SOURCES)
def mutated(request, tmp_path, monkeypatch):
    """A pure module mutated as mutmut mutates it, written with its line-span index as mutmut writes them."""
    monkeypatch.chdir(ROOT)
    result = file_mutation.mutate_file_contents(request.param, (ROOT / request.param).read_text(encoding="utf-8"))
    path = tmp_path / Path(request.param).name
    path.write_text(result.code, encoding="utf-8")
    Path(f"{path}.spans").write_text(json.dumps({"version": 1, "spans": {
        name: [span.start, span.end] for name, span in result.line_span_by_function_name.items()}}))
    return path, result.code


def test_python_s_parser_finds_the_functions_libcst_finds(mutated):
    path, code = mutated
    expected = _spans(_libcst_functions(path, code))
    assert len(expected) > 20  # the module really was mutated
    assert _spans(parsed_functions(path, code)) == expected


def test_the_span_index_names_the_same_mutant_for_every_line_of_every_mutant(mutated):
    path, code = mutated
    libcst_found = _libcst_functions(path, code)
    indexed = indexed_functions(path)
    assert indexed is not None
    assert sorted(m.function_name for m in indexed) == sorted(m.function_name for m in libcst_found)
    for function in libcst_found:
        for line in range(function.line_number_start, function.line_number_end + 1):
            assert _owner(indexed, line) == function.function_name, (function.function_name, line)


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
