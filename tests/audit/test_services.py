"""The audit helper: who, when, what, before/after; atomic with the action it records."""

import pytest
from django.db import transaction
from django.urls import reverse

from tdconsole.audit.exceptions import AuditOutsideTransaction
from tdconsole.audit.models import AuditEntry
from tdconsole.audit.services import audit_record
from tests.factories import make_event


@pytest.mark.django_db
def test_it_records_who_what_and_the_values_before_and_after(cast):
    event = make_event()
    with transaction.atomic():
        entry = audit_record(
            actor=cast["floor"], action="event.rename", event=event, objects=[event],
            before={"name": "Old"}, after={"name": "New", "buy_in": event.buy_in}, summary="Renamed",
        )
    entry.refresh_from_db()
    assert entry.actor_name == "floor"
    assert entry.event_id == event.pk
    assert entry.objects == [{"model": "tournaments.event", "id": event.pk, "label": str(event)}]
    assert entry.before == {"name": "Old"}
    assert entry.after == {"name": "New", "buy_in": "550.00"}
    assert entry.created_at is not None


@pytest.mark.django_db(transaction=True)
def test_it_refuses_to_record_outside_a_transaction(cast):
    with pytest.raises(AuditOutsideTransaction):
        audit_record(actor=cast["floor"], action="x.y")
    assert AuditEntry.entries.count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_failed_action_leaves_no_audit_record(cast):
    event = make_event()
    with pytest.raises(RuntimeError), transaction.atomic():
        event.name = "Changed"
        event.save()
        audit_record(actor=cast["floor"], action="event.rename", event=event)
        raise RuntimeError("the service failed after auditing")
    event.refresh_from_db()
    assert event.name != "Changed"
    assert AuditEntry.entries.count() == 0


@pytest.mark.django_db
def test_trail_page_lists_newest_first_and_filters(client_as, cast):
    event = make_event()
    other = make_event("other")
    with transaction.atomic():
        audit_record(actor=cast["floor"], action="clock.pause", event=event, summary="first")
        audit_record(actor=cast["director"], action="entry.eliminate", event=event, summary="second")
        audit_record(actor=cast["director"], action="clock.pause", event=other, summary="elsewhere")
    client = client_as("viewer")
    url = reverse("audit:event_audit", args=[event.slug])
    body = client.get(url).content.decode()
    assert body.index("second") < body.index("first")
    assert "elsewhere" not in body
    filtered = client.get(url, {"action": "clock.pause"}).content.decode()
    assert "first" in filtered and "second" not in filtered
    by_actor = client.get(url, {"actor": "director"}, HTTP_HX_REQUEST="true")
    assert "<html" not in by_actor.content.decode()
    assert "second" in by_actor.content.decode() and "first" not in by_actor.content.decode()
