from django.db import models
from django.utils.translation import gettext_lazy as _


class SeatDraw(models.Model):
    """A recorded random draw of seats, kept for audit.

    `assignments` lists `[entry_id, entry_number, table_number, seat]` as drawn; a table
    break also keeps where each player came from in `moves`, `[entry_id, entry_number,
    from_table, from_seat, to_table, to_seat]`, for the move list and the move slips.
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
    moves = models.JSONField(_("moves"), default=list, blank=True)
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
