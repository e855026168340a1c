from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SavedAdjudication(models.Model):
    """A hand replayed through the rules engine and saved to an event with its ruling."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="adjudications")
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    note = models.TextField(_("note"), blank=True)
    phh = models.TextField(_("hand history (PHH)"))
    ruling = models.JSONField(_("ruling"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("saved adjudication")
        verbose_name_plural = _("saved adjudications")

    def __str__(self) -> str:
        table = f" T{self.table_number}" if self.table_number else ""
        return f"{self.event}{table} {self.created_at:%Y-%m-%d %H:%M}"
