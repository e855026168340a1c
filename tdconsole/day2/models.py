"""Day 2 of an event played in flights: who advanced, with which bag, and the bags left behind."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Entry, Event, Player


class Advance(models.Model):
    """One player taken from the flights into the main event's Day 2.

    `entry` is the player's Day 2 entry in the main event, its stack the advancing stack under the
    event's rule. `bags` lists every flight entry the player bagged, with its flight, count, whether it
    counts and the seat it left (for an undo): under "best stack" only the biggest counts, the others
    are forfeited and stay on record here.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="advances")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="advance")
    stack = models.PositiveBigIntegerField(_("advancing stack"))
    bags = models.JSONField(_("bags"), default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "-stack", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="advance_once_per_player"),
        ]
        verbose_name = _("advancing player")
        verbose_name_plural = _("advancing players")

    def __str__(self) -> str:
        return f"{self.event_id}: {self.player_id} {self.stack}"

    @property
    def forfeited(self) -> list[dict]:
        return [bag for bag in self.bags if not bag.get("kept")]


class LateEntry(models.Model):
    """A late entry into Day 2 and the starting stack it was given: the stack set on the Day 2 page may change
    after it, and the chips in play count each late entry at its own."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="day2_late")
    stack = models.PositiveBigIntegerField(_("starting stack"))

    class Meta:
        verbose_name = _("late entry into Day 2")
        verbose_name_plural = _("late entries into Day 2")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.stack}"


class Day2Settings(models.Model):
    """What the director decides for Day 2 beyond the flights' settings: whether the main event takes late
    entries into Day 2 (a new paid entry with `late_stack` chips), and until which blind level."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="day2_settings")
    late_entries = models.BooleanField(_("late entries into Day 2 allowed"), default=False)
    late_stack = models.PositiveBigIntegerField(_("starting stack of a late entry into Day 2"), null=True, blank=True)
    late_until_level = models.PositiveSmallIntegerField(_("late entries until level"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Day 2 settings")
        verbose_name_plural = _("Day 2 settings")

    def __str__(self) -> str:
        return f"{self.event_id}: late {self.late_entries} {self.late_stack} {self.late_until_level}"
