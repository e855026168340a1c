from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """One state change made at the desk: who, when, which event, what, before and after.

    Records keep ids and labels instead of foreign keys to the objects they describe,
    so the trail survives when those objects are deleted.
    """

    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(_("staff member"), max_length=150, blank=True)
    event_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    action = models.CharField(_("action"), max_length=64, db_index=True)
    # The message id (English) of the summary, and its parameters: translated when read (`summary_text`).
    # Rows without `summary_args` hold plain text and read as written.
    summary = models.CharField(_("summary"), max_length=300, blank=True)
    summary_args = models.JSONField(null=True, blank=True)
    objects = models.JSONField(default=list, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    entries = models.Manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event_id", "-created_at"], name="audit_event_recent")]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.actor_name} {self.action}"

    @property
    def summary_text(self) -> str:
        """The summary in the reader's (active) language."""
        from .messages import render

        return render(self.summary, self.summary_args)
