from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class FormSubmission(models.Model):
    """A desk form sent with its one-time token, and the answer it got.

    A second send of the same token with the same fields gets this answer again instead of
    doing the work twice (see `tdconsole.core.once`). Rows are kept for a day.
    """

    token = models.CharField(max_length=64)
    # The page and the fields sent (without the token): the same token with other fields is
    # another action, never a repeat of this one.
    fingerprint = models.CharField(max_length=64)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    path = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    status_code = models.PositiveSmallIntegerField(null=True)
    content_type = models.CharField(max_length=200, blank=True)
    headers = models.JSONField(default=dict, blank=True)
    body = models.BinaryField(blank=True, default=b"")
    # False when the answer could not be kept (streamed, or too large): a repeat is refused instead.
    replayable = models.BooleanField(default=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["token", "fingerprint"], name="core_form_submission_once")]
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")

    def __str__(self) -> str:
        return f"{self.path} {self.token} {self.status_code}"
