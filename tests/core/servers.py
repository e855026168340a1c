"""Run the site as production runs it: manage.py commands and gunicorn in child processes.

Every server binds 127.0.0.1 on a free port and is stopped by the fixture that started it.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
# Variables of the test run that must not leak into the production-like children.
_DROPPED = ("DJANGO_", "DATABASE_", "CELERY_", "TDCONSOLE_", "REDIS_")


def production_env(**extra: str) -> dict[str, str]:
    """The environment of a production process: debug off, a key, loopback hosts, no TLS."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(_DROPPED)}
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_HTTPS="0",
        # The developer's own var/tdconsole.env must not decide anything here.
        TDCONSOLE_ENV_FILE="",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 180) -> str:
    """Run `manage.py ARGS` with `env`; return its standard output, fail loudly on an error."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    if result.returncode != 0:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start_gunicorn(env: dict[str, str], log: Path, workers: int = 1) -> Server:
    """gunicorn on a free loopback port; returns once it answers HTTP."""
    port = free_port()
    handle = log.open("w")
    process = subprocess.Popen(
        [GUNICORN, "-w", str(workers), "-b", f"127.0.0.1:{port}", "--timeout", "60", "--no-control-socket",
         "tdconsole.wsgi"],
        cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT,
    )
    server = Server(process=process, url=f"http://127.0.0.1:{port}", log=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"gunicorn exited with {process.returncode}:\n{log.read_text()}")
        try:
            urllib.request.urlopen(server.url + "/accounts/login/", timeout=5).close()
            return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    server.stop()
    raise AssertionError(f"gunicorn did not answer within 60 s:\n{log.read_text()}")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode()

    @property
    def json(self):
        import json

        return json.loads(self.body)


def get(url: str, headers: dict[str, str] | None = None, timeout: float = 10) -> Answer:
    """One GET that also returns error statuses (urllib raises on them)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())


class Session:
    """A browser-like client of a running server: cookies kept, CSRF token sent with each POST."""

    def __init__(self, base_url: str):
        import http.cookiejar

        self.base_url = base_url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def _cookie(self, name: str) -> str:
        return next((c.value for c in self.cookies if c.name == name), "")

    def request(self, path: str, data: dict[str, str] | None = None, timeout: float = 15) -> Answer:
        body = None if data is None else urllib.parse.urlencode(data).encode()
        headers = {"X-CSRFToken": self._cookie("csrftoken")} if data is not None else {}
        request = urllib.request.Request(self.base_url + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())

    def login(self, username: str, password: str) -> Answer:
        self.request("/accounts/login/")  # sets the CSRF cookie
        return self.request("/accounts/login/", {
            "username": username, "password": password, "csrfmiddlewaretoken": self._cookie("csrftoken"),
        })
