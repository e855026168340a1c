"""The one helper every desk service calls to record what it changed."""

import json
from collections.abc import Iterable
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, models

from tdconsole.core import plainsql

from .exceptions import AuditOutsideTransaction
from .messages import encode
from .models import AuditEntry


def _plain(value: Any) -> Any:
    """Make a value JSON-safe (Decimal, datetime, UUID become strings)."""
    if value is None:
        return None
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def describe(obj: models.Model) -> dict[str, Any]:
    """A short reference to a model instance for the `objects` list."""
    return {"model": obj._meta.label_lower, "id": obj.pk, "label": str(obj)[:120]}


def audit_record(
    *,
    actor: Any,
    action: str,
    event: Any = None,
    objects: Iterable[models.Model | dict[str, Any]] = (),
    before: Any = None,
    after: Any = None,
    summary: Any = "",
) -> AuditEntry:
    """Record one desk action. Must run inside the service's transaction.

    `summary` is a lazy string or a (message, parameters) pair (see `tdconsole.audit.messages`), so
    that each reader sees it in their own language; a plain string is stored as written.

    The action and its audit entry commit together or not at all: calling this
    outside `transaction.atomic()` is a programming error and raises.
    """
    if not connection.in_atomic_block:
        raise AuditOutsideTransaction(f"audit_record({action!r}) called outside a transaction")
    is_user = actor is not None and getattr(actor, "pk", None) is not None
    actor_name = actor.get_username() if is_user else (str(actor) if actor else "system")
    refs = [o if isinstance(o, dict) else describe(o) for o in objects]
    event_id = event if isinstance(event, int) or event is None else event.pk
    summary_id, summary_args = encode(summary)
    # Every desk action writes one: a plain INSERT (`core.plainsql`), as `AuditEntry.entries.create` would.
    return plainsql.insert(AuditEntry(
        actor=actor if is_user else None,
        actor_name=actor_name,
        event_id=event_id,
        action=action,
        summary=summary_id[:300],
        summary_args=summary_args,
        objects=_plain(refs),
        before=_plain(before),
        after=_plain(after),
    ))
