"""`make serve` (.ci/serve): the production set-up on this machine, started and stopped as staff would.

Runs against its own PostgreSQL database (created by the script, dropped here) and the test
run's Redis; the Celery worker it starts answers a task sent from this process.
"""

import os
import signal
import subprocess
import time
import uuid

import pytest
from django.conf import settings
from django.db import connection

from tdconsole.core.tasks import worker_ping

from .servers import ROOT, Session, free_port, get, production_env
from .test_instances import database_url


def drop_database(name: str) -> None:
    import psycopg
    from psycopg import sql

    db = connection.settings_dict
    params = {k: v for k, v in {"host": db["HOST"], "port": db["PORT"], "user": db["USER"],
                                "password": db["PASSWORD"]}.items() if v}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture
def served(tmp_path, db):
    name = f"{connection.settings_dict['NAME']}_serve"
    drop_database(name)
    port = free_port()
    env = production_env(
        DATABASE_URL=database_url().rsplit("/", 1)[0] + f"/{name}",
        CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
        DJANGO_CACHE_URL=settings.CELERY_BROKER_URL,
        SERVE_BIND=f"127.0.0.1:{port}",
        SERVE_WORKERS="1",
        SERVE_LOG_DIR=str(tmp_path / "log"),
        TDCONSOLE_STATIC_ROOT=str(tmp_path / "static"),
    )
    out = (tmp_path / "serve.out").open("w")
    # Its own process group, as a terminal would give it: Ctrl-C reaches the whole group.
    process = subprocess.Popen(["bash", ".ci/serve"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while True:
            assert process.poll() is None, (tmp_path / "serve.out").read_text()
            assert time.monotonic() < deadline, (tmp_path / "serve.out").read_text()
            try:
                if get(url + "/accounts/login/", timeout=3).status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        yield {"url": url, "process": process, "output": tmp_path / "serve.out", "name": name}
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        drop_database(name)


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.worker
def test_make_serve_runs_the_production_set_up_and_stops_the_worker_on_exit(served):
    url = served["url"]
    login = get(url + "/accounts/login/")
    assert "X-Frame-Options".lower() in login.headers
    css = next(part for part in login.text.split('"') if part.startswith("/static/css/app."))
    assert get(url + css).status == 200  # static files from gunicorn, hashed

    # migrate + demo ran: the demo director logs in and opens the demo event's clock desk.
    desk = Session(url)
    assert desk.login("diretor", "tdconsole-demo").status == 200
    assert desk.request("/events/demo/clock/").status == 200

    # The worker runs in the background and takes tasks from the broker.
    token = uuid.uuid4().hex
    answer = worker_ping.delay(token).get(timeout=30)
    assert answer["token"] == token and answer["eager"] is False

    # A service manager stops the script alone (SIGTERM to its pid, not the group): the script
    # stops gunicorn and the worker, and nothing it started is left running.
    process = served["process"]
    os.kill(process.pid, signal.SIGTERM)
    process.wait(timeout=60)
    deadline = time.monotonic() + 30
    while group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    output = served["output"].read_text()
    assert not group_alive(process.pid), output
    assert "stopping the Celery worker" in output
