"""A task really crosses the broker to a Celery worker (PostgreSQL + Redis suite only)."""

import uuid

import pytest
from django.conf import settings

from tdconsole.celery import app
from tdconsole.core.tasks import worker_ping


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_task_crosses_the_broker_to_a_real_worker():
    import redis
    from celery.contrib.testing.worker import start_worker

    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    queue = app.conf.task_default_queue
    broker.delete(queue)
    token = uuid.uuid4().hex
    result = worker_ping.delay(token)
    # The message waits in Redis until a worker takes it: nothing ran in-process.
    assert broker.llen(queue) == 1
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        answer = result.get(timeout=20)
    assert answer["token"] == token
    assert answer["eager"] is False
    assert answer["hostname"]
    assert broker.llen(queue) == 0
