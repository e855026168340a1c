"""Django's cache: local memory by default, Redis with DJANGO_CACHE_URL; the clock reads through it."""

import pytest
from django.core.cache import cache

from tdconsole.clock import services
from tdconsole.clock.selectors import clock_slow_parts
from tdconsole.tournaments.public import public_url

from ..factories import make_event
from .servers import free_port
from .test_settings import run_manage

BACKEND = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"


def test_the_cache_is_local_memory_unless_a_redis_url_is_given():
    result = run_manage("shell", "--no-imports", "-c", BACKEND, DJANGO_DEBUG="1", DJANGO_CACHE_URL="")
    assert result.stdout.strip() == "django.core.cache.backends.locmem.LocMemCache", result.stderr
    result = run_manage("shell", "--no-imports", "-c", BACKEND, DJANGO_DEBUG="1", DJANGO_CACHE_URL="redis://127.0.0.1:6379/4")
    assert result.stdout.strip() == "django.core.cache.backends.redis.RedisCache", result.stderr


@pytest.fixture
def event(db, cast):
    event = make_event("cached", status="running")
    services.clock_start(event=event, actor=cast["floor"])
    return event


def test_the_clock_keeps_its_slow_parts_in_djangos_cache(event, settings):
    settings.CLOCK_CACHE_SECONDS = 30
    cache.delete(f"clock:slow:{event.pk}")
    parts = clock_slow_parts(event=event)
    assert cache.get(f"clock:slow:{event.pk}")[1] == parts[1]


def test_a_redis_cache_that_is_down_costs_the_screen_nothing(event, client, settings):
    settings.CLOCK_CACHE_SECONDS = 30
    # Nothing listens on this port: every cache call fails at once.
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}
    for name in ("clock:feed", "clock:screen_state"):
        response = client.get(public_url(event, name, absolute=False))
        assert response.status_code == 200
    assert client.get(public_url(event, "clock:feed", absolute=False)).json()["status"] == "running"
