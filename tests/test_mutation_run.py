"""`make mutate` finds the mutant of each type error with Python's parser (tests/mutation_run.py) instead of
mutmut's libcst visitor: both must name the same functions with the same line spans."""

from pathlib import Path

import libcst as cst
import pytest
from mutmut.mutation import file_mutation

from tests.mutation_run import mutated_functions

ROOT = Path(__file__).resolve().parent.parent
# Small pure modules with module-level functions, classes with methods, dataclasses and decorators.
SOURCES = ["tdconsole/rules/cards.py", "tdconsole/rules/texts.py", "tdconsole/clock/maths.py"]


def _libcst_spans(path: Path, source: str) -> list[tuple[str, int, int]]:
    wrapper = cst.MetadataWrapper(cst.parse_module(source))
    visitor = file_mutation.MutatedMethodsCollector(path)
    wrapper.visit(visitor)
    return [(m.function_name, m.line_number_start, m.line_number_end) for m in visitor.found_mutants]


@pytest.mark.parametrize("relative", SOURCES)
def test_the_fast_lookup_names_the_same_mutants_as_mutmut(relative, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = ROOT / relative
    mutated = file_mutation.mutate_file_contents(relative, path.read_text(encoding="utf-8")).code
    ours = [(m.function_name, m.line_number_start, m.line_number_end) for m in mutated_functions(path, mutated)]
    assert len(ours) > 20  # the module really was mutated
    assert ours == _libcst_spans(path, mutated)


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
    ours = [(m.function_name, m.line_number_start, m.line_number_end) for m in mutated_functions(path, source)]
    assert ours == [("xǁAǁf__mutmut_1", 4, 7), ("x_g__mutmut_2", 9, 10)]
    assert ours == _libcst_spans(path, source)
