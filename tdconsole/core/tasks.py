"""Background tasks of the core app."""

from celery import shared_task


@shared_task(bind=True)
def worker_ping(self, token: str) -> dict:
    """Answer with who ran the task; tests use it to prove a task crossed the broker."""
    return {"token": token, "eager": bool(self.request.is_eager), "hostname": self.request.hostname or ""}
