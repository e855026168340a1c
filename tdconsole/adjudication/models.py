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
    # Opened from a table of the event: who sat where when the hand was dealt (seat -> entry id, as
    # strings, the JSON way) and the clock level the hand was played at.
    table_entries = models.JSONField(_("entries at the table"), default=dict, blank=True)
    level_position = models.PositiveIntegerField(_("level"), null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("saved adjudication")
        verbose_name_plural = _("saved adjudications")

    def __str__(self) -> str:
        table = f" T{self.table_number}" if self.table_number else ""
        return f"{self.event}{table} {self.created_at:%Y-%m-%d %H:%M}"


class RulingApplication(models.Model):
    """A saved ruling applied to its event: what it changed, kept so the whole of it can be undone.

    `changes` holds what the undo needs: the elimination made, the chip counts written (and the
    counts they replaced), the floor decision logged and the table's button before and after.
    At most one application of a ruling is live (not undone) at a time.
    """

    adjudication = models.ForeignKey(SavedAdjudication, on_delete=models.PROTECT, related_name="applications")
    event = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="ruling_applications")
    table_number = models.PositiveIntegerField(_("table"))
    elimination = models.ForeignKey("tournaments.Elimination", null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    floor_decision = models.ForeignKey("rulings.FloorDecision", null=True, blank=True, on_delete=models.SET_NULL,
                                       related_name="+")
    changes = models.JSONField(_("changes"), default=dict)
    applied_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    applied_at = models.DateTimeField(_("applied at"), auto_now_add=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)

    class Meta:
        ordering = ["-applied_at", "-id"]
        constraints = [
            # Two floor staff applying the same ruling at once: the second insert fails, whatever the timing.
            models.UniqueConstraint(fields=["adjudication"], condition=models.Q(undone_at__isnull=True),
                                    name="ruling_applied_once"),
        ]
        verbose_name = _("ruling application")
        verbose_name_plural = _("ruling applications")

    def __str__(self) -> str:
        return f"{self.adjudication} T{self.table_number}"
