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
        ordering = ["venue", "number"]
        constraints = [
            models.UniqueConstraint(fields=["venue", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=models.Q(seats__gte=2, seats__lte=10), name="table_seats_2_to_10"),
        ]
        verbose_name = _("table")

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"
