"""Printing fixtures: an event with its field (the money side's own fixtures), seating the players left, a Redis."""

import shutil
import socket
import subprocess
import threading
import time

import pytest

from tests.factories import seat_field
from tests.payouts.conftest import festival, make_event  # noqa: F401 - the money side's event, shared


@pytest.fixture
def seated():
    return seat_field


class RedisServer:
    """A throwaway redis-server on a free loopback port that a test starts and stops at will."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis(port=self.port, socket_connect_timeout=0.2).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def redis_server():
    """A Redis of the test's own, not started yet; stopped at the end whatever happened."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer()
    yield server
    server.stop()


def _forget_connections(app, close: bool = False) -> None:
    """Forget the app's broker pools and result backend (they name the old URL); `close` the pool too.

    Pools live in kombu's registry, one per URL: only the test Redis's pool may be closed, or the
    next test using the suite's broker would be handed a closed pool.
    """
    if close and app._pool is not None:
        app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    app._backend_cache = None
    app._local = threading.local()


@pytest.fixture
def point_celery_at(monkeypatch):
    """`point_celery_at(url)`: the Celery app's broker and result store (as in production) at `url`."""
    from tdconsole.celery import app

    def point(url: str) -> None:
        # Celery reads these environment variables before its own configuration.
        monkeypatch.setenv("CELERY_BROKER_URL", url)
        monkeypatch.setenv("CELERY_RESULT_BACKEND", url)
        _forget_connections(app)
        assert app.connection_for_write().as_uri(include_password=True) == url

    yield point
    _forget_connections(app, close=True)
    monkeypatch.undo()


@pytest.fixture
def own_broker(redis_server, point_celery_at):
    """The test's own Redis, not started yet, as the Celery app's broker."""
    point_celery_at(redis_server.url)
    return redis_server


@pytest.fixture
def silent_broker(point_celery_at):
    """A broker address that accepts connections and never answers (a hung Redis, a dropped link)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        point_celery_at(f"redis://127.0.0.1:{listener.getsockname()[1]}/0")
        yield
