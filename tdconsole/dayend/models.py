"""The end of a day of play: where the clock stops, and the counts the floor types afterwards."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Entry, Event


class DayEnd(models.Model):
    """A day of an event: its name ("Dia 1A"), the blind level whose end closes it and, if set, the
    time that closes it sooner. Once the next day is started the stop no longer holds; an event has
    at most one open day."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="day_ends")
    name = models.CharField(_("name of the day"), max_length=60)
    last_level = models.PositiveSmallIntegerField(_("last level of the day"))
    stop_at = models.DateTimeField(_("stop at"), null=True, blank=True)
    next_started_at = models.DateTimeField(_("next day started at"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event"], condition=models.Q(next_started_at__isnull=True),
                                               name="dayend_one_open_day_per_event")]
        verbose_name = _("end of day")
        verbose_name_plural = _("ends of day")

    def __str__(self) -> str:
        return f"{self.name} (level {self.last_level})"

    def as_dict(self) -> dict:
        """The stored fields, for the audit trail."""
        return {"name": self.name, "last_level": self.last_level,
                "stop_at": self.stop_at.isoformat() if self.stop_at else None,
                "next_started_at": self.next_started_at.isoformat() if self.next_started_at else None}


class BagCount(models.Model):
    """The end-of-day count of one entry's bag: one row per entry and day, corrected in place (last
    write wins); every write also goes through `tournaments.chipcounts` (the entry's last count and
    a `ChipCount`) and the audit trail."""

    day = models.ForeignKey(DayEnd, on_delete=models.CASCADE, related_name="counts")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="bag_counts")
    chips = models.PositiveBigIntegerField(_("chips"))
    typed = models.CharField(_("as typed"), max_length=60, blank=True)
    version = models.PositiveIntegerField(default=1)
    recorded_at = models.DateTimeField(auto_now=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["day", "entry"], name="dayend_one_count_per_entry_and_day")]
        verbose_name = _("bag count")
        verbose_name_plural = _("bag counts")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.chips}"
