"""The Celery application: eager and in-process by default, Redis in production and CI."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tdconsole.settings")

app = Celery("tdconsole")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Publishing must fail fast when Redis is down: a web request that sends a task waits for it.
# Defaults only (a CELERY_* setting of the same name wins):
# - one quick retry, enough to replace a pooled connection that died with a restarted Redis;
# - bounded connect and socket timeouts, so a broker that vanished without closing the
#   connection (a venue network dropping) costs seconds, not a TCP timeout.
app.add_defaults({
    "task_publish_retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2,
                                  "interval_max": 0.2},
    "broker_connection_timeout": 2,
    "broker_transport_options": {"socket_connect_timeout": 1, "socket_timeout": 2},
})
app.autodiscover_tasks()
