"""The production set-up the whole-night drill plays against.

Two app servers, as a festival runs them: two gunicorn instances with DEBUG off serving the
application and its static files (as `make serve` does), sharing Django's cache in Redis, and a real
Celery worker on the Redis broker, all reading the PostgreSQL test database that pytest-django made.
The desk plays on the first server and the projected screen is served by the second. The test's own
process reads the same database to check the state after each step.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url(settings_dict: dict) -> str:
    user = settings_dict.get("USER") or "postgres"
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else f"{user}@"
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


def _wait_for(url: str, process: subprocess.Popen, log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited ({process.returncode}):\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 - loopback only
                if response.status < 500:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"no answer from {url}:\n{log.read_text()[-4000:]}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass(frozen=True)
class DrillSite:
    base: str  # the server the desk terminals use
    other: str  # a second app server on the same database, cache and broker (the screens use it)


def _cache_url(broker_url: str) -> str:
    """Django's shared cache in the broker's Redis, in the database next to the broker's."""
    head, _, number = broker_url.rpartition("/")
    return f"{head}/{(int(number) + 1) % 16 if number.isdigit() else 1}"


@pytest.fixture
def production_site(transactional_db, tmp_path):
    """Start two gunicorn instances (DEBUG off, static files from the app) and a Celery worker."""
    from django.conf import settings
    from django.db import connection

    env = dict(os.environ)
    env.update({
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_HTTPS": "0",
        "DATABASE_URL": _database_url(connection.settings_dict),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "DJANGO_CACHE_URL": _cache_url(settings.CELERY_BROKER_URL),
        "TDCONSOLE_MEDIA_ROOT": str(tmp_path / "media"),
        "DJANGO_LOG_LEVEL": "WARNING",
        "TDCONSOLE_STATIC_ROOT": str(tmp_path / "static"),
    })
    env.pop("DATABASE_TEST_NAME", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run([str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                   check=True)
    port, other_port = _free_port(), _free_port()
    logs = tmp_path / "logs"
    logs.mkdir()
    web_log = logs / "gunicorn.log"
    other_log = logs / "gunicorn-second.log"
    worker_log = logs / "celery.log"

    def gunicorn(bind_port: int, log: Path) -> subprocess.Popen:
        return subprocess.Popen(
            [str(BIN / "gunicorn"), "tdconsole.wsgi:application", "--bind", f"127.0.0.1:{bind_port}", "--workers",
             "2", "--worker-class", "gthread", "--threads", "4", "--timeout", "60", "--log-level", "warning",
             "--no-control-socket"],
            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
        )

    web = gunicorn(port, web_log)
    other = gunicorn(other_port, other_log)
    worker = subprocess.Popen(
        [str(BIN / "celery"), "-A", "tdconsole.celery", "worker", "--pool", "solo", "--loglevel", "warning",
         "--without-gossip", "--without-mingle", "--hostname", f"drill-{port}@%h"],
        cwd=ROOT, env=env, stdout=worker_log.open("w"), stderr=subprocess.STDOUT,
    )
    site = DrillSite(base=f"http://127.0.0.1:{port}", other=f"http://127.0.0.1:{other_port}")
    try:
        _wait_for(f"{site.base}/accounts/login/", web, web_log)
        _wait_for(f"{site.other}/accounts/login/", other, other_log)
        yield site
    finally:
        _stop(web)
        _stop(other)
        _stop(worker)
        artifacts = ROOT / "test-artifacts"
        artifacts.mkdir(exist_ok=True)
        for log in (web_log, other_log, worker_log):
            (artifacts / f"drill-{log.name}").write_text(log.read_text())
