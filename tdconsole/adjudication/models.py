from django.conf import settings
from django.db import models
from django.utils import timezone
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


class FloorDecision(models.Model):
    """A ruling given at a table during an event, kept for the record (the event's floor-decision log).

    It lived in the rulings app until adjudication/0005: its database table keeps that app's name.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="floor_decisions")
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    seats = models.CharField(_("seats involved"), max_length=60, blank=True)
    question = models.TextField(_("question"))
    decision = models.TextField(_("decision"))
    rule_cited = models.CharField(_("rule cited"), max_length=120, blank=True)
    entry = models.ForeignKey(
        "rulings.RuleEntry", null=True, blank=True, on_delete=models.SET_NULL, related_name="decisions",
        verbose_name=_("reference entry"),
    )
    adjudication = models.ForeignKey(
        SavedAdjudication, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="floor_decisions", verbose_name=_("saved adjudication"),
    )
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), default=timezone.now)
    created_at = models.DateTimeField(auto_now_add=True)
    search_text = models.TextField(blank=True)

    class Meta:
        db_table = "rulings_floordecision"
        ordering = ["-decided_at", "-id"]
        verbose_name = _("floor decision")
        verbose_name_plural = _("floor decisions")

    def __str__(self) -> str:
        table = f" T{self.table_number}" if self.table_number else ""
        return f"{self.event}{table} {self.decided_at:%Y-%m-%d %H:%M}"

    def seat_list(self) -> list[int]:
        return [int(s) for s in self.seats.split(",") if s.strip().isdigit()]


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
    floor_decision = models.ForeignKey(FloorDecision, null=True, blank=True, on_delete=models.SET_NULL,
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
