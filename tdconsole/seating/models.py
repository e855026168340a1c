from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    """A numbered table of the venue; it serves one event at a time."""

    venue = models.ForeignKey("tournaments.Venue", on_delete=models.PROTECT, related_name="tables")
    number = models.PositiveIntegerField(_("number"))
    seats = models.PositiveSmallIntegerField(
        _("seats"), default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    event = models.ForeignKey(
        "tournaments.Event", null=True, blank=True, on_delete=models.SET_NULL, related_name="tables"
    )
    # Order in which the floor breaks this event's tables (lower breaks first).
    break_order = models.PositiveIntegerField(_("break order"), null=True, blank=True)

    class Meta:
        ordering = ["venue_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["venue", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=models.Q(seats__gte=2, seats__lte=10), name="table_seats_2_to_10"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"


class SeatDraw(models.Model):
    """A recorded random draw of seats, kept for audit.

    `assignments` lists `[entry_id, entry_number, table_number, seat]` as drawn.
    """

    class Kind(models.TextChoices):
        INITIAL = "initial", _("Initial draw")
        BREAK = "break", _("Table break")
        FINAL = "final", _("Final table draw")

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="seat_draws")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.INITIAL)
    method = models.CharField(_("method"), max_length=60, default="secrets.SystemRandom")
    actor_name = models.CharField(_("drawn by"), max_length=150, blank=True)
    tables = models.JSONField(_("tables"), default=list)
    assignments = models.JSONField(_("assignments"), default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("seat draw")
        verbose_name_plural = _("seat draws")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({len(self.assignments)})"

    @property
    def count(self) -> int:
        return len(self.assignments)
