from django.db.models import QuerySet

from .models import AuditEntry


def audit_entries_for_event(*, event_id: int, action: str = "", actor: str = "") -> QuerySet[AuditEntry]:
    """An event's audit trail, newest first, optionally filtered by action and staff member.

    A filter holding a NUL character matches nothing: no action or staff name has one, and
    PostgreSQL refuses NUL in a query (it would answer an error, not an empty trail).
    """
    if "\x00" in action or "\x00" in actor:
        return AuditEntry.entries.none()
    qs = AuditEntry.entries.filter(event_id=event_id)
    if action:
        qs = qs.filter(action=action)
    if actor:
        qs = qs.filter(actor_name=actor)
    return qs.order_by("-created_at", "-id")


def audit_filter_choices(*, event_id: int) -> tuple[list[str], list[str]]:
    """The distinct actions and staff names of an event's trail, for the filter menus."""
    base = AuditEntry.entries.filter(event_id=event_id)
    actions = sorted(set(base.values_list("action", flat=True)))
    actors = sorted(set(base.values_list("actor_name", flat=True)))
    return actions, actors
