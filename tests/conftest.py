"""Shared fixtures: a cast of staff users, logged-in clients, and a headless browser."""

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import Phase
from hypothesis import settings as hypothesis_settings

from tests.ids import ascii_id

# Playwright's sync API runs an event loop in the main thread; Django refuses ORM
# calls from such a thread unless told this is safe (it is: the loop is idle).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("TDCONSOLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PASSWORD = "correct-horse-battery"
ROLE_USERS = {
    "director": "Director",
    "floor": "Floor",
    "registration": "Registration",
    "viewer": "Viewer",
}


# `make mutate` runs every test with `--hypothesis-profile=mutation` (pyproject.toml, [tool.mutmut]): the
# same examples for every mutant (derandomized, no example database), no deadline, and no shrinking (a
# mutant is killed by the first failing example; nobody reads the smallest one). Property tests run at
# most MUTATION_MAX_EXAMPLES examples there (their @settings ask for 30 to 300): a surviving mutant runs
# every test that reaches it, and the full counts made a run last hours (docs/mutation-testing.md).
hypothesis_settings.register_profile(
    "mutation", derandomize=True, database=None, deadline=None, print_blob=False,
    phases=[Phase.explicit, Phase.generate],
)
MUTATION_MAX_EXAMPLES = 25


def _cap_hypothesis_examples(items) -> None:
    for item in items:
        test = getattr(item, "obj", None)
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is None or current.max_examples <= MUTATION_MAX_EXAMPLES:
            continue
        test._hypothesis_internal_use_settings = hypothesis_settings(
            current, max_examples=MUTATION_MAX_EXAMPLES, derandomize=True, database=None, deadline=None,
            phases=[Phase.explicit, Phase.generate],
        )


def _fastest_tests_first(items) -> None:
    """Run a mutant's tests in the order of the durations mutmut recorded, the quickest first.

    mutmut runs the tests that reach a mutant with ``-x`` in no useful order; most mutants are killed by
    some quick test, so starting with the quick ones ends a killed mutant sooner. Survivors run everything
    either way. Outside a mutant run (the stats run, a plain pytest) the order is left alone.
    """
    if os.environ.get("MUTANT_UNDER_TEST", "") in ("", "stats", "fail", "mutant_generation"):
        return
    stats = Path("mutmut-stats.json")
    if not stats.is_file():
        stats = Path("mutants") / "mutmut-stats.json"
    try:
        durations = json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: durations.get(item.nodeid, float("inf")))


# Test modules whose behaviour depends on the database engine: row locks and concurrent clerks, SQL
# written by hand, query plans, migrations over existing rows, column limits SQLite does not enforce,
# the Celery worker and the production set-up. `.ci/run` runs the whole suite on SQLite and these again on
# PostgreSQL (`-m database`); a test marked postgres, worker or drill is always among them.
# tests/test_ci_selection.py fails when a module that shows such a dependency is missing here.
DATABASE_DEPENDENT = frozenset({
    "tests/adjudication/test_apply_race.py",
    "tests/adjudication/test_migrations.py",
    "tests/audit/test_services.py",
    "tests/cashier/test_bounties.py",
    "tests/cashier/test_migrations.py",
    "tests/cashier/test_query_plans.py",
    "tests/cashier/test_races.py",
    "tests/cashier/test_sql.py",
    "tests/cashier/test_ticket_race.py",
    "tests/clock/test_concurrency.py",
    "tests/day2/test_migrations.py",
    "tests/core/test_bounds.py",
    "tests/core/test_db_connections.py",
    "tests/core/test_hostile_inputs.py",
    "tests/core/test_instances.py",
    "tests/core/test_once_desk.py",
    "tests/core/test_plainsql.py",
    "tests/core/test_serve.py",
    "tests/core/test_worker.py",
    "tests/printing/test_broker_outage.py",
    "tests/printing/test_tasks.py",
    "tests/rulings/test_search.py",
    "tests/setup_pages/test_structure_race.py",
    "tests/seating/test_concurrency.py",
    "tests/seating/test_simulation.py",
    "tests/seating/test_simulation_money.py",
    "tests/tournaments/test_concurrency.py",
    "tests/tournaments/test_eliminations_race.py",
    "tests/tournaments/test_migrations.py",
    "tests/tournaments/test_registration_concurrency.py",
})


def _mark_database_dependent(items) -> None:
    for item in items:
        module = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
        if module in DATABASE_DEPENDENT or {"postgres", "worker", "drill"} & set(item.keywords):
            item.add_marker(pytest.mark.database)


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    if hypothesis_settings.get_current_profile_name() == "mutation":
        _cap_hypothesis_examples(items)
        _fastest_tests_first(items)

    _mark_database_dependent(items)
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    on_broker = not settings.CELERY_BROKER_URL.startswith("memory://")
    has_chromium = shutil.which(CHROMIUM) is not None or Path(CHROMIUM).exists()
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL=postgres://...)"))
        if "worker" in item.keywords and not (on_broker and on_postgres):
            item.add_marker(pytest.mark.skip(reason="needs a Celery broker (CELERY_BROKER_URL) and PostgreSQL"))
        if "browser" in item.keywords and not has_chromium:
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: Chromium not found at {CHROMIUM}"))


def make_user(username: str, group: str | None):
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user(username=username, password=PASSWORD)
    if group:
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


@pytest.fixture
def cast(db):
    """One user per role, plus `nobody` (logged in, no role)."""
    users = {key: make_user(key, group) for key, group in ROLE_USERS.items()}
    users["nobody"] = make_user("nobody", None)
    return users


@pytest.fixture
def client_as(cast, client):
    """`client_as("floor")` returns a Django test client logged in with that role."""
    from django.test import Client

    def login(role: str) -> Client:
        c = Client()
        c.force_login(cast[role])
        return c

    return login


@pytest.fixture
def director(cast):
    return cast["director"]


@pytest.fixture
def in_english():
    """Messages read in English, whatever an earlier test left active (`pytest.mark.usefixtures`)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(scope="session")
def browser():
    """A headless Debian Chromium driven by Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="pt-BR")
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    yield pg
    context.close()


@pytest.fixture
def screenshot(request):
    """`screenshot(page, "name")` saves a PNG under test-artifacts/ for review."""

    def take(pg, name: str, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        pg.screenshot(path=str(path), full_page=full_page)
        return path

    return take


@pytest.fixture
def browser_login(live_server, cast):
    """`browser_login(page, "floor")` logs the page in through the real login form."""

    def login(pg, role: str = "director") -> None:
        pg.goto(f"{live_server.url}/accounts/login/")
        pg.fill("input[name=username]", cast[role].username)
        pg.fill("input[name=password]", PASSWORD)
        pg.click("[data-testid=login-submit]")
        pg.wait_for_url(f"{live_server.url}/")

    return login


@pytest.fixture(autouse=True)
def _tasks_run_in_process_unless_a_worker_test(request):
    """Outside `worker` tests, Celery tasks run eagerly even when a real broker is configured.

    The PostgreSQL + Redis suite sets CELERY_BROKER_URL for the whole run; only tests marked
    `worker` (which start a worker themselves) should send messages across the broker.
    """
    from tdconsole.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = previous or "worker" not in request.keywords
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _live_answers_forgotten():
    """The live JSON's per-process copy (tdconsole/live/microcache.py) never carries over between tests."""
    from tdconsole.live import microcache

    microcache.forget()


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    """Hash test passwords cheaply: the production hasher costs seconds per user on a busy machine."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]



def pytest_make_parametrize_id(config, val, argname):
    """Parameters that are text get plain ASCII ids (see tests/ids.py); others as pytest has them."""
    if isinstance(val, str) and not (val.isascii() and val.isprintable()):
        return ascii_id(val)
    return None
