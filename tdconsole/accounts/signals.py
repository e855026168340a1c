"""An audit record when django-axes locks a login out."""

from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.dispatch import receiver
from django.utils.translation import gettext_lazy

from tdconsole.audit.services import audit_record


@receiver(user_locked_out, dispatch_uid="tdconsole.accounts.login_locked_out")
def record_lockout(sender, request=None, username=None, ip_address=None, **kwargs) -> None:
    """Record the failure that started a lock-out (tries during the lock-out are not new records)."""
    failures = getattr(request, "axes_failures_since_start", None)
    if failures is None:
        return
    user = get_user_model().objects.filter(username=username).first() if username else None
    account = {"model": "auth.user", "id": user.pk if user else None, "label": username or ""}
    with transaction.atomic():
        audit_record(
            actor=ip_address or "unknown address",
            action="login.locked_out",
            objects=[account],
            after={"username": username, "ip_address": ip_address, "failures": failures,
                   "cooloff_minutes": settings.AXES_COOLOFF_TIME.total_seconds() / 60,
                   "path": getattr(request, "path", "")},
            summary=(gettext_lazy("Login locked after %(failures)s failed attempts: account “%(username)s” from "
                                  "%(address)s"),
                     {"failures": failures, "username": username or "", "address": ip_address}),
        )
