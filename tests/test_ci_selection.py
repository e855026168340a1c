"""CI runs the whole suite on SQLite and, on PostgreSQL, only the tests whose behaviour depends on the
database (tests/conftest.py DATABASE_DEPENDENT, marked `database`). A module that shows such a
dependency and is missing from that set would silently lose its PostgreSQL run: these tests find it.
"""

import re
from pathlib import Path

from tests.conftest import DATABASE_DEPENDENT, ROOT

# What shows that a test module's outcome can differ between SQLite and PostgreSQL.
SIGNS = {
    "a transactional test (real commits, concurrent connections)": re.compile(
        r"transaction=True|transactional_db|live_server"),
    "a branch on the database engine": re.compile(r"connection\.vendor|\.vendor =="),
    "row locks or concurrent clerks": re.compile(r"select_for_update|from tests(\.races| import races)|from \.+races"),
    "SQL written by hand": re.compile(r"plainsql|\.cursor\(\)|EXPLAIN "),
    "migrations over existing rows": re.compile(
        r"MigrationExecutor|tests\.migrations import|migrate_from|call_command\(\"migrate"),
}
# Browser tests use live_server for a page, not for the database: they run on SQLite, and the drill
# (marked drill, hence `database`) plays the production set-up on PostgreSQL.
BROWSER = re.compile(r"pytest\.mark\.browser")
MARKED = re.compile(r"pytest\.mark\.(postgres|worker|drill)\b")


def all_test_modules() -> list[Path]:
    return sorted(p for p in (ROOT / "tests").rglob("test_*.py") if "data" not in p.parts)


def missing_modules(paths: list[Path], root: Path = ROOT) -> dict[str, list[str]]:
    missing: dict[str, list[str]] = {}
    for path in paths:
        source = path.read_text(encoding="utf-8")
        module = path.relative_to(root).as_posix()
        if module in DATABASE_DEPENDENT or MARKED.search(source) or path.name == Path(__file__).name:
            continue
        signs = [why for why, pattern in SIGNS.items() if pattern.search(source)]
        if BROWSER.search(source):
            signs = [why for why in signs if not why.startswith("a transactional test")]
        if signs:
            missing[module] = signs
    return missing


def test_every_database_dependent_module_runs_on_postgresql():
    missing = missing_modules(all_test_modules())
    assert not missing, ("these modules depend on the database but are not in tests/conftest.py "
                         f"DATABASE_DEPENDENT, so CI would not run them on PostgreSQL: {missing}")


def test_every_listed_module_exists():
    assert sorted(m for m in DATABASE_DEPENDENT if not (ROOT / m).is_file()) == []


def test_the_check_finds_an_unlisted_race(tmp_path):
    race = tmp_path / "test_new_race.py"
    race.write_text("pytestmark = pytest.mark.django_db(transaction=True)\n")
    sql = tmp_path / "test_new_sql.py"
    sql.write_text("with connection.cursor() as c: c.execute('select 1')\n")
    page = tmp_path / "test_new_browser.py"
    page.write_text("pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]\n")
    plain = tmp_path / "test_plain.py"
    plain.write_text("def test_it_adds():\n    assert 1 + 1 == 2\n")
    found = {Path(k).name: v for k, v in missing_modules([race, sql, page, plain], root=tmp_path).items()}
    assert set(found) == {"test_new_race.py", "test_new_sql.py"}
    assert found["test_new_sql.py"] == ["SQL written by hand"]


def test_the_database_marker_is_set_on_listed_and_postgres_tests():
    # The marker itself: a listed module's test and a postgres-marked test carry it, a pure test does not.
    from tests.conftest import _mark_database_dependent

    class Item:
        def __init__(self, path: str, keywords: set[str]):
            self.path = ROOT / path
            self.keywords = dict.fromkeys(keywords, True)
            self.markers: list[str] = []

        def add_marker(self, marker) -> None:
            self.markers.append(marker.name)

    listed = Item("tests/core/test_plainsql.py", set())
    marked = Item("tests/rulings/test_views.py", {"postgres"})
    pure = Item("tests/rules/test_cards.py", set())
    _mark_database_dependent([listed, marked, pure])
    assert (listed.markers, marked.markers, pure.markers) == (["database"], ["database"], [])
