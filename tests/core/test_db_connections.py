"""A dropped PostgreSQL connection costs no 500: persistent connections are health-checked."""

import pytest
from django.db import connection

from tdconsole.clock import services

from ..factories import make_event
from .servers import get, manage, production_env, start_gunicorn
from .test_instances import database_url


def app_backends() -> list[int]:
    """The server processes of every other session on the test database (gunicorn's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.postgres
def test_a_request_after_the_database_dropped_the_connection_still_answers(transactional_db, cast, tmp_path):
    event = make_event("conn", status="running")
    services.clock_start(event=event, actor=cast["floor"])
    env = production_env(
        DATABASE_URL=database_url(), DATABASE_CONN_MAX_AGE="600", TDCONSOLE_STATIC_ROOT=str(tmp_path / "static")
    )
    manage(env, "collectstatic", "--noinput", "-v", "0")
    server = start_gunicorn(env, tmp_path / "gunicorn.log", workers=1)
    feed = f"{server.url}/api/events/{event.slug}/clock.json?k={event.public_token}"
    try:
        assert get(feed).status == 200
        backends = app_backends()
        assert backends, "gunicorn keeps no persistent connection"
        with connection.cursor() as cursor:
            # What a database restart, a failover or an idle timeout on the network does.
            cursor.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [backends])
        answer = get(feed)
        assert answer.status == 200, answer.text[:300]
        assert answer.json["status"] == "running"
        assert set(app_backends()).isdisjoint(backends)  # a fresh connection answered
    finally:
        server.stop()
