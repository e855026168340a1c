from datetime import timedelta

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Event

from .maths import ClockTimes


class ClockState(models.Model):
    """An event's blind clock, stored as timestamps only (see clock/maths.py).

    `level_position` is the structure position that was current when the desk last
    touched the clock; `level_started_at` is when that level started; `banked` is the
    time spent in finished pauses since then; `paused_at` is set while paused. The
    current level and the time left are computed, never stored.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="clock")
    level_position = models.PositiveIntegerField(_("level position"), null=True, blank=True)
    level_started_at = models.DateTimeField(_("level started at"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    banked = models.DurationField(_("time banked in pauses"), default=timedelta(0))
    # The director shows the players' live page as a QR code in a corner of the projected screen.
    show_live_qr = models.BooleanField(_("live page QR code on the screen"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(level_position__isnull=True, level_started_at__isnull=True, paused_at__isnull=True)
                | Q(level_position__isnull=False, level_started_at__isnull=False),
                name="clock_started_fields_together",
            ),
        ]
        verbose_name = _("clock")
        verbose_name_plural = _("clocks")

    def __str__(self) -> str:
        return f"clock of {self.event_id}"

    def times(self) -> ClockTimes:
        return ClockTimes(
            position=self.level_position,
            started_at=self.level_started_at,
            paused_at=self.paused_at,
            banked=self.banked,
        )

    def set_times(self, times: ClockTimes) -> None:
        self.level_position = times.position
        self.level_started_at = times.started_at
        self.paused_at = times.paused_at
        self.banked = times.banked

    def as_dict(self) -> dict:
        """The stored fields, for the audit trail."""
        return {
            "level_position": self.level_position,
            "level_started_at": self.level_started_at,
            "paused_at": self.paused_at,
            "banked_seconds": self.banked.total_seconds(),
        }


class ScreenMessage(models.Model):
    """A line the director writes for the projected screen ("Dinner at 22:00"); active ones rotate there."""

    MAX_LENGTH = 140

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="screen_messages")
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    position = models.PositiveIntegerField(_("position"))
    active = models.BooleanField(_("shown on the screen"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["position", "id"]
        indexes = [models.Index(fields=["event", "position"], name="clock_message_event_position")]
        verbose_name = _("screen message")
        verbose_name_plural = _("screen messages")

    def __str__(self) -> str:
        return self.text

    def as_dict(self) -> dict:
        """The stored fields, for the audit trail."""
        return {"text": self.text, "position": self.position, "active": self.active}
