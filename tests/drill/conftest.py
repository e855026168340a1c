"""The production set-up the whole-night drill plays against.

gunicorn with DEBUG off serving the application and its static files (as `make serve` does), a real
Celery worker on the Redis broker, both reading the PostgreSQL test database that pytest-django made.
The test's own process reads the same database to check the state after each step.
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


@pytest.fixture
def production_site(transactional_db, tmp_path):
    """Start gunicorn (DEBUG off, static files from the app) and a Celery worker; yield the base URL."""
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
        "TDCONSOLE_MEDIA_ROOT": str(tmp_path / "media"),
        "DJANGO_LOG_LEVEL": "WARNING",
        "TDCONSOLE_STATIC_ROOT": str(tmp_path / "static"),
    })
    env.pop("DATABASE_TEST_NAME", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run([str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                   check=True)
    port = _free_port()
    logs = tmp_path / "logs"
    logs.mkdir()
    web_log = logs / "gunicorn.log"
    worker_log = logs / "celery.log"
    web = subprocess.Popen(
        [str(BIN / "gunicorn"), "tdconsole.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--worker-class", "gthread", "--threads", "4", "--timeout", "60", "--log-level", "warning",
         "--no-control-socket"],
        cwd=ROOT, env=env, stdout=web_log.open("w"), stderr=subprocess.STDOUT,
    )
    worker = subprocess.Popen(
        [str(BIN / "celery"), "-A", "tdconsole.celery", "worker", "--pool", "solo", "--loglevel", "warning",
         "--without-gossip", "--without-mingle", "--hostname", f"drill-{port}@%h"],
        cwd=ROOT, env=env, stdout=worker_log.open("w"), stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/accounts/login/", web, web_log)
        yield base
    finally:
        _stop(web)
        _stop(worker)
        artifacts = ROOT / "test-artifacts"
        artifacts.mkdir(exist_ok=True)
        for log in (web_log, worker_log):
            (artifacts / f"drill-{log.name}").write_text(log.read_text())
