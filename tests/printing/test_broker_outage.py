"""A document asked for while the broker is down is kept, says so, and is built once the broker is back."""

import time

import pytest
from django.urls import reverse

from tdconsole.printing import services
from tdconsole.printing.models import Document

UNREACHABLE = "The print service is unreachable; the document will be built when it is back."


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def ask(client, event, kind: str):
    """Ask for a document as the desk's form does (htmx); the answer and how long it took."""
    start = time.monotonic()
    response = client.post(reverse("printing:request", args=[event.slug]), {"kind": kind, "lang": "en"},
                           HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    return response, time.monotonic() - start


@pytest.mark.worker
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_documents_asked_for_during_an_outage_are_built_when_the_broker_is_back(
    make_event, client_as, own_broker, media, monkeypatch
):
    from celery.contrib.testing.worker import start_worker

    from tdconsole.celery import app

    event = make_event(entries=40, alive=12)
    floor = client_as("floor")
    own_broker.start()
    # Sent while the broker is up, but no worker is running: the message waits in Redis...
    response, _ = ask(floor, event, "payouts")
    assert response.status_code == 200
    before = Document.objects.get(kind="payouts")
    assert before.sent_at is not None
    # ...and dies with it: this Redis keeps nothing on disk, like a venue's.
    own_broker.stop()

    response, elapsed = ask(floor, event, "results")
    print(f"asking with the broker down answered {response.status_code} in {elapsed:.2f} s")
    assert response.status_code == 200  # answered, not hung: the time is printed above, not judged
    assert UNREACHABLE in response.content.decode()
    during = Document.objects.get(kind="results")
    assert during.status == Document.Status.QUEUED
    assert during.sent_at is None and during.send_attempts == 1
    assert 'hx-trigger="every 1s"' in response.content.decode()  # the desk keeps watching it

    own_broker.start()
    # The payout sheet's message was lost: it counts as stale after RESEND_AFTER (shortened here).
    monkeypatch.setattr(services, "RESEND_AFTER", services.timedelta(seconds=2))
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        deadline = time.monotonic() + 60
        pending = {before.pk, during.pk}
        while pending and time.monotonic() < deadline:
            for pk in list(pending):
                # The desk's one-second poll is what sends them again.
                floor.get(reverse("printing:status", args=[event.slug, pk]), HTTP_HX_REQUEST="true")
                if not Document.objects.get(pk=pk).is_pending:
                    pending.discard(pk)
            time.sleep(0.3)
    for document in Document.objects.filter(pk__in=[before.pk, during.pk]):
        assert document.status == Document.Status.READY, (document.kind, document.status, document.error)
        assert document.built_by.startswith("worker ")
        assert (media / document.file.name).read_bytes().startswith(b"%PDF")
    during.refresh_from_db()
    assert during.send_attempts >= 2 and during.sent_at is not None


# --- the same rules on the embedded default (SQLite, tasks run in-process) --------------------

def broker_down(monkeypatch):
    """Publishing fails as kombu fails when Redis refuses the connection."""
    from kombu.exceptions import OperationalError

    from tdconsole.printing import tasks

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.document_build, "apply_async", refuse)


# transaction=True: the build is sent when the request's transaction really commits, as in production.
@pytest.mark.django_db(transaction=True)
def test_the_print_desk_answers_normally_on_the_embedded_default(make_event, client_as):
    event = make_event(entries=10)
    response, _ = ask(client_as("floor"), event, "payouts")
    assert response.status_code == 200
    document = Document.objects.get()
    assert document.status == Document.Status.READY
    assert document.built_by.startswith("in-process")
    assert document.sent_at is not None and document.send_failed_at is None and document.send_attempts == 1
    assert UNREACHABLE not in response.content.decode()
    assert f'data-testid="download-{document.pk}"' in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_asking_while_the_broker_is_down_keeps_the_document_and_says_so(make_event, client_as, monkeypatch):
    event = make_event(entries=10)
    floor = client_as("floor")
    broker_down(monkeypatch)
    response = floor.post(reverse("printing:request", args=[event.slug]), {"kind": "draw", "lang": "en"},
                          HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 200
    assert "O serviço de impressão está fora do ar; o documento será gerado quando ele voltar." in (
        response.content.decode())
    document = Document.objects.get()
    assert (document.status, document.sent_at, document.send_attempts) == (Document.Status.QUEUED, None, 1)
    assert document.send_failed_at is not None
    # Without htmx: back to the desk, which says it too (a message, and on the document's row).
    response = floor.post(reverse("printing:request", args=[event.slug]), {"kind": "draw", "lang": "en"},
                          HTTP_ACCEPT_LANGUAGE="en", follow=True)
    page = response.content.decode()
    assert page.count(UNREACHABLE) == 2
    assert Document.objects.count() == 1
    document.refresh_from_db()
    assert document.send_attempts == 2  # asking again tried to send it again

    monkeypatch.undo()  # the broker is back: asking again sends it, and it is built
    floor.post(reverse("printing:request", args=[event.slug]), {"kind": "draw", "lang": "en"}, HTTP_HX_REQUEST="true")
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    assert (document.send_attempts, document.send_failed_at) == (3, None)
    assert Document.objects.count() == 1


@pytest.mark.django_db
def test_the_status_poll_sends_a_document_the_broker_missed(make_event, client_as, monkeypatch):
    from django.utils import timezone

    event = make_event(entries=10)
    broker_down(monkeypatch)
    document, _ = services.document_request(event=event, kind="results", lang="en", actor=None)
    services.document_send(document_id=document.pk)
    url = reverse("printing:status", args=[event.slug, document.pk])
    floor = client_as("floor")
    assert floor.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    document.refresh_from_db()
    assert document.send_attempts == 1  # tried a moment ago: not again on every poll
    Document.objects.filter(pk=document.pk).update(send_failed_at=timezone.now() - services.timedelta(seconds=6))
    response = floor.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert UNREACHABLE in response.content.decode()  # still down
    monkeypatch.undo()
    Document.objects.filter(pk=document.pk).update(send_failed_at=timezone.now() - services.timedelta(seconds=6))
    response = floor.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 286  # built: the poll stops
    document.refresh_from_db()
    assert document.status == Document.Status.READY
    assert document.send_attempts == 3


@pytest.mark.django_db
def test_printing_resend_sends_what_is_due_and_nothing_else(make_event):
    from io import StringIO

    from django.core.management import call_command
    from django.utils import timezone

    event = make_event(entries=10)
    now = timezone.now()
    ago = lambda seconds: now - services.timedelta(seconds=seconds)  # noqa: E731
    cases = {  # (kind, lang): (fields, due)
        ("payouts", "en"): ({"send_failed_at": ago(10), "send_attempts": 1}, True),  # broker was down
        ("payouts", "pt-br"): ({"send_failed_at": ago(1), "send_attempts": 1}, False),  # just tried
        ("results", "en"): ({"sent_at": ago(120), "send_attempts": 1}, True),  # message lost
        ("results", "pt-br"): ({"sent_at": ago(10), "send_attempts": 1}, False),  # on its way
        ("draw", "en"): ({"created_at": ago(60)}, True),  # the asking process died before sending
        ("draw", "pt-br"): ({"status": "building", "sent_at": ago(400), "started_at": ago(360)}, True),  # worker died
        ("receipts", "en"): ({"status": "building", "sent_at": ago(70), "started_at": ago(60)}, False),  # building
        ("receipts", "pt-br"): ({"status": "ready", "sent_at": ago(400)}, False),
    }
    for (kind, lang), (fields, _due) in cases.items():
        document = Document.objects.create(event=event, kind=kind, lang=lang)
        Document.objects.filter(pk=document.pk).update(**fields)
    out = StringIO()
    call_command("printing_resend", stdout=out)
    assert "4 sent, 0 not sent" in out.getvalue()
    for document in Document.objects.all():
        fields, due = cases[(document.kind, document.lang)]
        if due:
            assert document.status == Document.Status.READY, (document.kind, document.lang)
            assert document.sent_at > now
        else:
            assert document.status == fields.get("status", "queued"), (document.kind, document.lang)
    out = StringIO()
    call_command("printing_resend", stdout=out, verbosity=2)
    assert "0 sent, 0 not sent" in out.getvalue()


@pytest.mark.django_db
def test_a_build_claimed_by_a_dead_worker_is_taken_over_but_a_live_one_is_left_alone(make_event):
    from django.utils import timezone

    from tdconsole.printing.tasks import document_build

    event = make_event(entries=10)
    document = Document.objects.create(event=event, kind="payouts")
    Document.objects.filter(pk=document.pk).update(status="building", started_at=timezone.now())
    assert document_build.apply(args=[document.pk]).get() == "skipped"
    Document.objects.filter(pk=document.pk).update(started_at=timezone.now() - services.STALE_BUILD * 1.1)
    assert document_build.apply(args=[document.pk]).get() == "ready"
    assert document_build.apply(args=[document.pk]).get() == "skipped"
    assert document_build.acks_late and document_build.ignore_result


@pytest.mark.django_db
def test_a_broker_that_never_answers_costs_seconds_not_a_hung_request(silent_broker):
    import threading

    from tdconsole.celery import app
    from tdconsole.printing.tasks import document_build

    outcome = {}

    def publish():
        start = time.monotonic()
        try:
            document_build.apply_async((1,))
        except services.BROKER_ERRORS as exc:
            outcome["error"] = exc
        outcome["elapsed"] = time.monotonic() - start

    # In a thread, so that an unbounded wait fails this test instead of hanging the suite.
    thread = threading.Thread(target=publish, daemon=True)
    eager, app.conf.task_always_eager = app.conf.task_always_eager, False
    try:
        thread.start()
        thread.join(timeout=15)
    finally:
        app.conf.task_always_eager = eager
    assert not thread.is_alive(), "publishing to a silent broker is not bounded"
    print(f"publishing to a broker that never answers gave up after {outcome['elapsed']:.2f} s")
    assert "error" in outcome
    # What bounds the wait (the hang guard above catches an unbounded one): one quick retry and
    # socket timeouts, set in tdconsole/celery.py.
    assert app.conf.task_publish_retry_policy["max_retries"] <= 1
    assert app.conf.broker_transport_options["socket_timeout"] <= 2
