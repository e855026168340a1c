"""Documents asked for at the desk and built by the Celery task (eager, or a real worker)."""

import time

import pytest

from tdconsole.printing import tasks
from tdconsole.printing.exceptions import PrintingError
from tdconsole.printing.models import Document
from tdconsole.printing.services import document_request


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.mark.django_db
def test_asking_twice_while_pending_returns_the_same_document(make_event, director):
    event = make_event(entries=30)
    first, created = document_request(event=event, kind="payouts", lang="pt-br", actor=director)
    again, created_again = document_request(event=event, kind="payouts", lang="pt-br", actor=director)
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk
    assert Document.objects.count() == 1
    other, _ = document_request(event=event, kind="payouts", lang="en", actor=director)
    assert other.pk != first.pk


@pytest.fixture
def eager():
    """Run tasks in-process even when the suite has a real broker configured."""
    from tdconsole.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.mark.django_db
def test_eager_task_builds_after_commit_and_keeps_the_file_with_the_event(
    make_event, director, django_capture_on_commit_callbacks, media, eager
):
    event = make_event(entries=30)
    with django_capture_on_commit_callbacks(execute=True):
        document, _ = document_request(event=event, kind="results", lang="en", actor=director)
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    assert document.progress == 100
    assert document.built_by.startswith("in-process")
    assert document.file.name == f"events/{event.slug}/documents/{event.slug}-results-en.pdf"
    path = media / document.file.name
    assert path.read_bytes().startswith(b"%PDF")


@pytest.mark.django_db
def test_task_delivered_twice_builds_once(make_event, director):
    event = make_event(entries=10)
    document, _ = document_request(event=event, kind="payouts", lang="pt-br", actor=director)
    assert tasks.document_build.apply(args=[document.pk]).get() == "ready"
    assert tasks.document_build.apply(args=[document.pk]).get() == "skipped"


@pytest.mark.django_db
def test_failed_build_is_reported_on_the_document(make_event, director, monkeypatch):
    event = make_event(entries=10)
    document, _ = document_request(event=event, kind="draw", lang="pt-br", actor=director)

    def broken(*args, **kwargs):
        raise RuntimeError("printer on fire")

    monkeypatch.setattr(tasks, "build", broken)
    assert tasks.document_build.apply(args=[document.pk]).get() == "failed"
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert "printer on fire" in document.error
    # A failed document is no longer pending: asking again queues a fresh one.
    fresh, created = document_request(event=event, kind="draw", lang="pt-br", actor=director)
    assert created and fresh.pk != document.pk


@pytest.mark.django_db
def test_unknown_kind_or_format_is_refused(make_event, director):
    event = make_event(entries=10)
    with pytest.raises(PrintingError):
        document_request(event=event, kind="menu", lang="pt-br", actor=director)
    with pytest.raises(PrintingError):
        document_request(event=event, kind="seats", lang="pt-br", variant="poster", actor=director)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_document_is_built_by_a_real_worker(make_event, director, media):
    import redis
    from celery.contrib.testing.worker import start_worker
    from django.conf import settings

    from tdconsole.celery import app

    # Messages left by earlier runs would only be skipped, but start from an empty queue.
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(app.conf.task_default_queue)
    event = make_event(entries=300, alive=300)
    document, created = document_request(event=event, kind="payouts", lang="pt-br", actor=director)
    assert created
    document.refresh_from_db()
    # The message waits in the broker: nothing was built in-process.
    assert document.status == Document.Status.QUEUED
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            document.refresh_from_db()
            if not document.is_pending:
                break
            time.sleep(0.2)
    assert document.status == Document.Status.READY, document.error
    assert document.built_by.startswith("worker ")  # not "in-process (eager)"
    assert (media / document.file.name).read_bytes().startswith(b"%PDF")
