from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tdconsole.core"
    label = "core"

    def ready(self) -> None:
        # Make our Celery app the current one so shared_task binds to it.
        from tdconsole.celery import app  # noqa: F401
