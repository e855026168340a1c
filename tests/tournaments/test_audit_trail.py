"""The audit trail page: filters by action and staff member, whatever is typed into the query string."""

import pytest
from django.db import transaction
from django.urls import reverse

from tdconsole.audit.selectors import audit_entries_for_event
from tdconsole.audit.services import audit_record
from tests.factories import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def trail(cast):
    event = make_event()
    with transaction.atomic():
        audit_record(actor=cast["floor"], action="clock.start", event=event, summary="Clock started")
        audit_record(actor=cast["director"], action="event.update", event=event, summary="Event changed")
    return event


def test_the_filters_pick_the_action_and_the_staff_member(trail, client_as):
    url = reverse("audit:event_audit", kwargs={"slug": trail.slug})
    page = client_as("viewer").get(url, {"action": "clock.start"}).content.decode()
    assert 'data-action="clock.start"' in page
    assert 'data-action="event.update"' not in page
    page = client_as("viewer").get(url, {"actor": "director"}).content.decode()
    assert 'data-action="event.update"' in page
    assert 'data-action="clock.start"' not in page


@pytest.mark.parametrize("field", ["action", "actor"])
@pytest.mark.parametrize("value", ["\x00", "clock.start\x00", "\x00floor"])
def test_a_nul_in_a_filter_is_an_empty_trail_not_an_error(trail, client_as, field, value):
    url = reverse("audit:event_audit", kwargs={"slug": trail.slug})
    response = client_as("viewer").get(url, {field: value}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    page = response.content.decode()
    assert "data-action=" not in page
    assert "No record matches these filters." in page


def test_the_selector_matches_nothing_for_a_nul(trail):
    assert list(audit_entries_for_event(event_id=trail.pk, action="clock.start\x00")) == []
    assert list(audit_entries_for_event(event_id=trail.pk, actor="\x00")) == []
    assert len(audit_entries_for_event(event_id=trail.pk)) == 2
