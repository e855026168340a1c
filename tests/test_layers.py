"""The apps depend in one direction only: no app imports an app of a higher layer.

Every `tdconsole/**/*.py` (migrations excepted) is read as a syntax tree, never imported, and every
dependency on another part of `tdconsole` is collected with its line: imports at module level and
inside functions, methods, classes and `if TYPE_CHECKING:` blocks; `import x.y`, `from x import y`,
`from tdconsole import app`, relative imports (`from ..seating import x`); and the dependencies a
string hides: a related field's model (`ForeignKey("seating.Table")`, `to=`, `through=`),
`apps.get_model(...)`, `apps.get_app_config(...)`, `import_string(...)`, `import_module(...)`,
`include(...)` and `send_task(...)` with a literal argument. Each edge whose target sits in a
higher layer than its source is a violation, listed as file:line.
"""

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tdconsole"
README = ROOT / "README.md"

# Bottom (0) to top. An app may import its own layer and the layers below it, never one above.
# Each key is a package or module directly under tdconsole/; a new one must be placed here, and
# README "Layout" draws the same table (test_the_layer_table_is_the_readme_graph).
LAYERS: dict[str, int] = {
    # ground: what every app may use (rules: pure Python, no Django)
    "rules": 0, "audit": 0, "core": 0, "accounts": 0, "formats": 0,
    "celery": 0,  # the Celery application, loaded by core
    "tournaments": 1,
    # build on tournaments; may import one another
    "seating": 2, "clock": 2, "payouts": 2, "cashier": 2,
    # the desk's top, and any new app
    "printing": 3, "adjudication": 3, "rulings": 3, "demo": 3, "desk_pages": 3, "cashier_pages": 3, "setup_pages": 3,
    "leagues": 3,
    "live": 3,  # the players' live page, over clock, payouts, seating and tournaments
    "day2": 3,  # Day 2 of an event in flights, over seating, clock and tournaments
    "dayend": 3,  # the end of a day, over clock, printing and tournaments
    # the project's wiring: settings name every app, urls include every app's urls
    "settings": 4, "urls": 4, "wsgi": 4, "asgi": 4,
}

RELATED_FIELDS = {"ForeignKey", "OneToOneField", "ManyToManyField", "ForeignObject"}
MODEL_LOOKUPS = {"get_model", "get_app_config", "get_registered_model"}
MODULE_STRINGS = {"import_string", "import_module", "include", "send_task", "__import__"}


@dataclass(frozen=True)
class Edge:
    path: str  # relative to the repository root
    line: int
    source: str  # the app the file belongs to
    target: str  # the app it depends on
    how: str  # the statement, shortened

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}: {self.source} (layer {LAYERS.get(self.source, '?')}) -> "
                f"{self.target} (layer {LAYERS.get(self.target, '?')}): {self.how}")


def app_labels() -> dict[str, str]:
    """Map each app label (as in "seating.Table") to its package under tdconsole/."""
    labels = {}
    for apps_py in PACKAGE.glob("*/apps.py"):
        package = apps_py.parent.name
        label = package
        for node in ast.walk(ast.parse(apps_py.read_text(), str(apps_py))):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                    and any(isinstance(t, ast.Name) and t.id == "label" for t in node.targets)):
                label = node.value.value
        labels[label] = package
    return labels


def _module_of(path: str) -> list[str]:
    """The dotted module of a file, as parts: tdconsole/core/views.py -> [tdconsole, core, views]."""
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return parts


def _app_of_module(dotted: str) -> str | None:
    """The part of tdconsole a dotted module belongs to; None outside tdconsole or for the root."""
    parts = dotted.split(".")
    if parts[0] != "tdconsole" or len(parts) < 2:
        return None
    return parts[1]


def _call_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def edges_of(source: str, path: str, labels: dict[str, str] | None = None) -> list[Edge]:
    """Every dependency of one file on another part of tdconsole (its own app included)."""
    labels = app_labels() if labels is None else labels
    module = _module_of(path)
    is_package = Path(path).name == "__init__.py"
    package = module if is_package else module[:-1]
    own = module[1] if len(module) > 1 else ""
    lines = source.splitlines()
    edges: list[Edge] = []

    def add(node: ast.AST, target: str | None) -> None:
        if target is None:
            return
        text = lines[node.lineno - 1].strip() if node.lineno <= len(lines) else ""
        edges.append(Edge(path, node.lineno, own, target, text[:100]))

    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(node, _app_of_module(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                base = base + (node.module.split(".") if node.module else [])
            else:
                base = node.module.split(".") if node.module else []
            if base == ["tdconsole"]:
                # `from tdconsole import seating`: the names are the apps.
                for alias in node.names:
                    add(node, alias.name if alias.name != "*" else "*")
            else:
                add(node, _app_of_module(".".join(base)))
        elif isinstance(node, ast.Call):
            name = _call_name(node.func)
            first = _literal(node.args[0]) if node.args else None
            if name in RELATED_FIELDS:
                refs = [first] + [_literal(k.value) for k in node.keywords if k.arg in ("to", "through")]
                for ref in refs:
                    if ref and "." in ref:
                        add(node, labels.get(ref.split(".")[0]))
            elif name in MODEL_LOOKUPS:
                kw = {k.arg: _literal(k.value) for k in node.keywords}
                ref = first or kw.get("app_label") or kw.get("model") or ""
                add(node, labels.get(ref.split(".")[0]) if ref else None)
            elif name in MODULE_STRINGS and first:
                add(node, _app_of_module(first))
    return edges


def violations(edges: list[Edge]) -> list[str]:
    """The edges that go up a layer, and those from or to a part missing from LAYERS."""
    found = []
    for edge in edges:
        if edge.source not in LAYERS:
            found.append(f"{edge.path}:{edge.line}: {edge.source!r} is not in LAYERS (place the new app)")
        elif edge.target not in LAYERS:
            found.append(f"{edge}  <- {edge.target!r} is not in LAYERS")
        elif LAYERS[edge.target] > LAYERS[edge.source]:
            found.append(str(edge))
    return found


def source_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.relative_to(PACKAGE).parts)


@functools.cache
def _tree_edges() -> tuple[Edge, ...]:
    labels = app_labels()
    edges: list[Edge] = []
    for file in source_files():
        path = str(file.relative_to(ROOT))
        edges += edges_of(file.read_text(), path, labels)
    return tuple(edges)


def all_edges() -> list[Edge]:
    """Every dependency in the tree; the tree is parsed once per test process (it takes seconds)."""
    return list(_tree_edges())


# The real tree.

def test_no_app_imports_a_higher_layer():
    found = violations(all_edges())
    if found:
        pytest.fail(f"{len(found)} dependencies go up a layer (README \"Layout\"; the higher app passes "
                    "the answer in, or the process moves up into the app that owns it):\n" + "\n".join(found),
                    pytrace=False)


def test_every_part_of_the_package_is_in_the_layer_table():
    parts = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir()
             if (p.is_dir() and any(p.rglob("*.py"))) or p.suffix == ".py"}
    parts -= {"__init__"}
    from django.conf import settings

    installed = {_app_of_module(name) for name in settings.INSTALLED_APPS} - {None}
    missing = sorted((parts | installed) - set(LAYERS))
    assert not missing, f"place these in LAYERS (tests/test_layers.py) and README \"Layout\": {missing}"
    assert not sorted(set(LAYERS) - parts), "LAYERS names a part that no longer exists"


def test_the_package_file_imports_nothing():
    # tdconsole/__init__.py belongs to no layer: it stays empty so that rules imports without Django.
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_the_checker_reads_the_whole_tree():
    # A walk that found nothing would pass; make sure it sees the code it guards.
    files = source_files()
    edges = all_edges()
    assert len(files) > 100
    assert len(edges) > 200
    sources = {e.source for e in edges}
    assert {"core", "tournaments", "seating", "clock", "payouts", "printing", "rulings"} <= sources
    # A string foreign key across apps exists in the tree and is seen.
    assert any(e.how.find("ForeignKey(") >= 0 and e.target != e.source for e in edges)


def test_the_layer_table_is_the_readme_graph():
    text = README.read_text()
    start = text.index("### Dependencies between the apps")
    block = text[start:].split("```")[1]
    drawn: dict[str, int] = {}
    for line in block.splitlines():
        match = re.match(r"^(\d)  +((?:[a-z_0-9]+ )*[a-z_0-9]+)(?:  |$)", line)
        if match:
            for name in match.group(2).split():
                drawn[name] = int(match.group(1))
    assert drawn == LAYERS


def readme_app_map() -> dict[str, set[str]]:
    """The map of the apps at the top of README "Layout": each app with the apps it imports."""
    text = README.read_text()
    start = text.index("The map of the apps")
    block = text[start:].split("```")[1]
    drawn: dict[str, set[str]] = {}
    current = None
    for line in block.splitlines():
        match = re.match(r"^([a-z_0-9]+) +(?:domain|shared|wiring|loader|pages) ", line)
        if match:
            current = match.group(1)
            drawn[current] = set()
        if current and "->" in line:
            targets = line.split("->", 1)[1].split()
            drawn[current] = set() if targets == ["nothing"] else set(targets)
    return drawn


def test_the_readme_map_of_the_apps_is_the_code_graph():
    graph: dict[str, set[str]] = {}
    for edge in all_edges():
        if edge.source != edge.target and LAYERS.get(edge.source, 4) < 4:
            graph.setdefault(edge.source, set()).add(edge.target)
    drawn = readme_app_map()
    apps = {name for name, layer in LAYERS.items() if layer < 4}
    assert set(drawn) == apps, f"README map: missing {sorted(apps - set(drawn))}, extra {sorted(set(drawn) - apps)}"
    wrong = {app: {"code": sorted(graph.get(app, set())), "readme": sorted(drawn[app])}
             for app in sorted(apps) if graph.get(app, set()) != drawn[app]}
    assert not wrong, f"README \"Layout\" map of the apps differs from the imports: {wrong}"


def app_graph(edges: list[Edge]) -> dict[str, set[str]]:
    """Each app of the package (the wiring aside) with the other apps it depends on."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if edge.source != edge.target and LAYERS.get(edge.source, 4) < 4:
            graph.setdefault(edge.source, set()).add(edge.target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle of the graph, each as the path that closes it (a -> b -> a), found once per cycle."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                loop = path[path.index(nxt):] + [nxt]
                key = frozenset(loop)
                if key not in seen:
                    seen.add(key)
                    found.append(loop)
            elif len(path) < len(graph) + 1:
                walk(nxt, path + [nxt])

    for start in sorted(graph):
        walk(start, [start])
    return found


def test_the_app_graph_has_no_cycle():
    # Two apps of one layer may import each other without going up a layer; they must not, or
    # neither can be read, tested or moved without the other (rulings and adjudication did).
    found = cycles(app_graph(all_edges()))
    assert not found, "apps that depend on each other: " + "; ".join(" -> ".join(c) for c in found)


def test_the_rules_reference_needs_no_other_app():
    assert app_graph(all_edges()).get("rulings", set()) == set()


def test_the_cycle_finder_catches_a_two_app_and_a_three_app_cycle():
    two = edges_of("from tdconsole.printing import pdf\n", "tdconsole/seating/x.py", LABELS) + \
        edges_of("from tdconsole.seating import y\n", "tdconsole/printing/z.py", LABELS)
    assert cycles(app_graph(two)) == [["printing", "seating", "printing"]]
    three = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(three) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


# The checker itself, on synthetic files: each kind of hidden dependency must be caught.

LABELS = {"core": "core", "tournaments": "tournaments", "seating": "seating", "clock": "clock",
          "printing": "printing"}


def check(source: str, path: str) -> list[str]:
    return violations(edges_of(source, path, LABELS))


def test_checker_catches_an_upward_import_inside_a_function():
    source = (
        "class Loader:\n"
        "    def run(self):\n"
        "        if True:\n"
        "            from tdconsole.seating.services import tables_draw\n"
        "        return tables_draw\n"
    )
    found = check(source, "tdconsole/core/demo.py")
    assert len(found) == 1
    assert found[0].startswith("tdconsole/core/demo.py:4: core (layer 0) -> seating (layer 2)")


def test_checker_catches_plain_and_aliased_imports():
    assert check("import tdconsole.tournaments.models as m\n", "tdconsole/audit/views.py")
    assert check("def f():\n    import tdconsole.printing\n", "tdconsole/payouts/x.py")
    assert check("from tdconsole import printing\n", "tdconsole/clock/x.py")
    assert check("from tdconsole import core, seating\n", "tdconsole/tournaments/x.py") == [
        "tdconsole/tournaments/x.py:1: tournaments (layer 1) -> seating (layer 2): "
        "from tdconsole import core, seating"]


def test_checker_catches_a_relative_upward_import():
    assert check("from ..seating.models import Table\n", "tdconsole/core/views.py")
    assert check("from .. import seating\n", "tdconsole/core/views.py")
    assert check("from ...printing import documents\n", "tdconsole/payouts/management/bench.py")
    # Inside a package's __init__, one dot is the package itself.
    assert check("from ..printing import pdf\n", "tdconsole/payouts/__init__.py")
    assert not check("from ..printing import pdf\n", "tdconsole/printing/sub/__init__.py")


def test_checker_catches_string_model_references():
    fk = "class Seat(models.Model):\n    table = models.ForeignKey('seating.Table', on_delete=models.CASCADE)\n"
    assert check(fk, "tdconsole/tournaments/models.py")
    assert check("x = OneToOneField(to='clock.Clock', on_delete=CASCADE)\n", "tdconsole/tournaments/models.py")
    assert check("x = ManyToManyField('core.X', through='seating.Seat')\n", "tdconsole/tournaments/models.py")
    assert check("Table = apps.get_model('seating', 'Table')\n", "tdconsole/core/x.py")
    assert check("Table = apps.get_model('seating.Table')\n", "tdconsole/core/x.py")
    assert check("f = import_string('tdconsole.printing.documents.build')\n", "tdconsole/clock/x.py")
    assert check("m = importlib.import_module('tdconsole.seating.services')\n", "tdconsole/core/x.py")


def test_checker_allows_downward_lateral_and_own_imports():
    source = (
        "from django.db import models\n"
        "from tdconsole.core.money import quantize\n"
        "from tdconsole.tournaments.models import Event\n"
        "from tdconsole.clock import services\n"
        "from . import selectors\n"
        "from .models import Table\n"
        "x = models.ForeignKey('tournaments.Event', on_delete=models.CASCADE)\n"
        "y = models.ForeignKey('Table', on_delete=models.CASCADE)\n"
        "z = models.ForeignKey('auth.User', on_delete=models.CASCADE)\n"
    )
    assert check(source, "tdconsole/seating/models.py") == []
    assert {e.target for e in edges_of(source, "tdconsole/seating/models.py", LABELS)} == {
        "core", "tournaments", "clock", "seating"}


def test_checker_refuses_an_unknown_app():
    assert check("from tdconsole.core.money import quantize\n", "tdconsole/newapp/views.py") == [
        "tdconsole/newapp/views.py:1: 'newapp' is not in LAYERS (place the new app)"]
    found = check("from tdconsole.newapp import views\n", "tdconsole/printing/x.py")
    assert len(found) == 1 and "'newapp' is not in LAYERS" in found[0]


@pytest.mark.parametrize("source", [
    "def f():\n    from tdconsole.seating.models import Table\n",
    "from ..seating import services\n",
    "t = models.ForeignKey('seating.Table', on_delete=models.PROTECT)\n",
])
def test_the_three_named_cases_are_caught(source):
    found = check(source, "tdconsole/tournaments/models.py")
    assert found and "tournaments (layer 1) -> seating (layer 2)" in found[0]
