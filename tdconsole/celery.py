"""The Celery application: eager and in-process by default, Redis in production and CI."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tdconsole.settings")

app = Celery("tdconsole")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
