"""The live page's QR code in a corner of the projected screen, shown or hidden by the director."""

import pytest
from django.urls import reverse

from tdconsole.audit.models import AuditEntry
from tdconsole.clock import services
from tdconsole.clock.models import ClockState
from tdconsole.tournaments.public import public_url

pytestmark = pytest.mark.django_db


def screen(client, event) -> str:
    return client.get(public_url(event, "clock:screen", absolute=False)).content.decode()


def test_the_screen_shows_no_qr_code_until_the_director_shows_it(client, event, director):
    assert 'data-testid="live-qr"' not in screen(client, event)
    services.clock_live_qr_set(event=event, actor=director, shown=True)
    page = screen(client, event)
    assert 'data-testid="live-qr"' in page
    assert f'src="/events/{event.slug}/screen/qr.svg?k={event.public_token}"' in page
    services.clock_live_qr_set(event=event, actor=director, shown=False)
    assert 'data-testid="live-qr"' not in screen(client, event)


def test_the_screens_refresh_fragment_carries_the_qr_code_so_it_shows_at_the_next_poll(client, event, director):
    url = public_url(event, "clock:screen_state", absolute=False)
    assert 'data-testid="live-qr"' not in client.get(url).content.decode()
    services.clock_live_qr_set(event=event, actor=director, shown=True)
    assert 'data-testid="live-qr"' in client.get(url).content.decode()


def test_showing_the_qr_code_is_audited_and_keeps_the_clock(event, director, floor_user):
    services.clock_start(event=event, actor=floor_user)
    times = ClockState.objects.get(event=event).times()
    services.clock_live_qr_set(event=event, actor=director, shown=True)
    state = ClockState.objects.get(event=event)
    assert state.show_live_qr is True and state.times() == times
    entry = AuditEntry.entries.filter(event_id=event.pk, action="clock.live_qr").get()
    assert (entry.before, entry.after) == ({"show_live_qr": False}, {"show_live_qr": True})


def test_the_qr_code_is_an_svg_of_the_live_page_link_behind_the_public_key(client, event, settings):
    settings.PUBLIC_BASE_URL = "http://192.168.0.10:8000"
    url = public_url(event, "clock:screen_qr", absolute=False)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response["Cache-Control"] == "public, max-age=3600"
    body = response.content.decode()
    assert body.startswith("<svg") and "<path" in body
    assert client.get(reverse("clock:screen_qr", kwargs={"slug": event.slug})).status_code == 404
    assert client.get(reverse("clock:screen_qr", kwargs={"slug": event.slug}) + "?k=wrong").status_code == 404


def test_the_qr_code_encodes_the_absolute_live_link(client, event, settings):
    import io

    import segno

    settings.PUBLIC_BASE_URL = "http://192.168.0.10:8000"
    link = f"http://192.168.0.10:8000/events/{event.slug}/live/?k={event.public_token}"
    expected = io.BytesIO()
    segno.make(link, error="m").save(expected, kind="svg", scale=4, border=2, xmldecl=False,
                                     dark="#000000", light="#ffffff", title=event.name)
    drawn = client.get(public_url(event, "clock:screen_qr", absolute=False)).content
    assert drawn == expected.getvalue()
    other = io.BytesIO()
    segno.make(link + "x", error="m").save(other, kind="svg", scale=4, border=2, xmldecl=False,
                                           dark="#000000", light="#ffffff", title=event.name)
    assert drawn != other.getvalue()


def test_the_director_toggles_the_qr_code_from_the_clock_desk(client_as, event):
    director = client_as("director")
    desk = director.get(reverse("clock:desk", kwargs={"slug": event.slug})).content.decode()
    assert 'data-testid="live-qr-toggle"' in desk and 'value="1"' in desk
    url = reverse("clock:live_qr", kwargs={"slug": event.slug})
    response = director.post(url, {"show": "1"})
    assert response.status_code == 302
    assert ClockState.objects.get(event=event).show_live_qr is True
    desk = director.get(reverse("clock:desk", kwargs={"slug": event.slug})).content.decode()
    assert "Ocultar o QR code" in desk or "Hide the QR code" in desk
    director.post(url, {"show": "0"})
    assert ClockState.objects.get(event=event).show_live_qr is False
    assert director.post(url, {"show": "maybe"}).status_code == 400


def test_floor_cannot_toggle_the_qr_code(client_as, event):
    response = client_as("floor").post(reverse("clock:live_qr", kwargs={"slug": event.slug}), {"show": "1"})
    assert response.status_code == 403
    assert not ClockState.objects.filter(event=event, show_live_qr=True).exists()
