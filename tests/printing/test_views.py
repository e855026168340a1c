import pytest
from django.urls import reverse

from tdconsole.printing.models import Document

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def test_viewer_sees_the_desk_but_cannot_ask(make_event, client_as):
    event = make_event(entries=10)
    page = client_as("viewer").get(reverse("printing:desk", args=[event.slug])).content.decode()
    assert 'data-testid="documents"' in page
    assert 'data-testid="print-form"' not in page
    response = client_as("viewer").post(reverse("printing:request", args=[event.slug]), {"kind": "payouts"})
    assert response.status_code == 403


def test_htmx_request_returns_a_polling_row_and_status_stops_polling_when_ready(
    make_event, client_as, django_capture_on_commit_callbacks
):
    event = make_event(entries=10)
    floor = client_as("floor")
    url = reverse("printing:request", args=[event.slug])
    response = floor.post(url, {"kind": "payouts", "lang": "pt-br"}, HTTP_HX_REQUEST="true")
    row = response.content.decode()
    document = Document.objects.get()
    assert 'hx-trigger="every 1s"' in row
    assert f'data-testid="doc-{document.pk}"' in row
    status_url = reverse("printing:status", args=[event.slug, document.pk])
    assert floor.get(status_url, HTTP_HX_REQUEST="true").status_code == 200
    from tdconsole.printing.tasks import document_build

    document_build.apply(args=[document.pk])
    done = floor.get(status_url, HTTP_HX_REQUEST="true")
    assert done.status_code == 286  # htmx stops polling
    assert "every 1s" not in done.content.decode()
    download = floor.get(reverse("printing:download", args=[event.slug, document.pk]))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")


def test_asking_twice_from_the_desk_builds_once(make_event, client_as):
    event = make_event(entries=10)
    url = reverse("printing:request", args=[event.slug])
    registration = client_as("registration")
    registration.post(url, {"kind": "seats", "variant": "receipt", "lang": "en"})
    registration.post(url, {"kind": "seats", "variant": "receipt", "lang": "en"})
    assert Document.objects.count() == 1


def test_download_of_a_pending_document_is_404(make_event, client_as):
    event = make_event(entries=10)
    client_as("director").post(reverse("printing:request", args=[event.slug]), {"kind": "draw"})
    document = Document.objects.get()
    assert client_as("director").get(reverse("printing:download", args=[event.slug, document.pk])).status_code == 404
