"""Two app instances against one PostgreSQL and one Redis (a festival that outgrew one machine).

Both gunicorn instances run in production mode against the test database (committed data:
`transactional_db`) and share Django's cache in Redis. A pause made through one instance shows
on the screen another instance serves within 2 s.
"""

from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import Group, User
from django.db import connection

from tdconsole.clock import services
from tdconsole.clock.models import ClockState

from ..factories import make_entries, make_event
from .servers import Session, get, manage, production_env, start_gunicorn

PASSWORD = "floor-password-for-two-instances"


def redis_url() -> str:
    import redis

    url = settings.CELERY_BROKER_URL
    if not url.startswith("redis://"):
        pytest.skip("needs Redis (CELERY_BROKER_URL=redis://...)")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"Redis at {url} does not answer")
    return url


def database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "postgres") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def add_entries(event, count: int) -> None:
    make_entries(event, count, names="Shared {n}")


@pytest.fixture
def two_instances(transactional_db, tmp_path):
    import redis

    cache_url = redis_url()
    event = make_event("shared", status="running")
    floor = User.objects.create(username="floor-two", password=PBKDF2PasswordHasher().encode(PASSWORD, "saltsalt1234"))
    floor.groups.add(Group.objects.get_or_create(name="Floor")[0])
    services.clock_start(event=event, actor=floor)
    # The screens' cache outlives the test: only the shared cache can explain a stale figure.
    env = production_env(
        DATABASE_URL=database_url(), DJANGO_CACHE_URL=cache_url, CLOCK_CACHE_SECONDS="30",
        TDCONSOLE_STATIC_ROOT=str(tmp_path / "static"),
    )
    manage(env, "collectstatic", "--noinput", "-v", "0")
    key = f"tdconsole:1:clock:slow:{event.pk}"
    store = redis.Redis.from_url(cache_url)
    store.delete(key)
    servers = []
    try:
        servers.append(start_gunicorn(env, tmp_path / "a.log"))
        servers.append(start_gunicorn(env, tmp_path / "b.log"))
        yield {"event": event, "a": servers[0].url, "b": servers[1].url, "store": store, "key": key}
    finally:
        for server in servers:
            server.stop()
        store.delete(key)


@pytest.mark.postgres
def test_a_pause_through_one_instance_reaches_a_screen_served_by_the_other(two_instances):
    event, a, b = two_instances["event"], two_instances["a"], two_instances["b"]
    feed = f"/api/events/{event.slug}/clock.json?k={event.public_token}"
    state = f"/events/{event.slug}/screen/state/?k={event.public_token}"

    # Instance A reads the slow parts and keeps them in Redis...
    assert get(a + feed).status == 200
    assert two_instances["store"].exists(two_instances["key"])
    add_entries(event, 7)
    # ...so instance B serves the figures A cached, not what its own database read would say.
    first = get(b + feed)
    assert first.status == 200
    assert (first.json["status"], first.json["entries"]) == ("running", 0)

    desk = Session(a)
    assert desk.login("floor-two", PASSWORD).status == 200
    paused = desk.request(f"/events/{event.slug}/clock/pause/", {})
    assert paused.status == 200, paused.text[:500]
    assert ClockState.objects.get(event=event).paused_at is not None
    # The very next read on B shows the pause (the clock row is read fresh, never cached).
    data = get(b + feed).json
    html = get(b + state).text
    assert data["status"] == "paused" and 'data-status="paused"' in html, (data, html[:500])
    assert data["entries"] == 0  # the cache still stands: the pause came from the fresh clock row
