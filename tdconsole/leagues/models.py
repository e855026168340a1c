"""Leagues: events of one or several festivals scored by the director's formula."""

from decimal import Decimal

from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Event, new_public_token


class League(models.Model):
    """A ranking over events: points per result by `formula`, plus participation points."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    # Checked by leagues.formula.check when saved (services only): every place of every field scores.
    formula = models.CharField(_("points formula"), max_length=300)
    participation_points = models.DecimalField(
        _("participation points"), max_digits=8, decimal_places=2, default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    # Only a player's best N events count; null counts every event.
    best_events = models.PositiveSmallIntegerField(_("best events counted"), null=True, blank=True)
    public_token = models.CharField(max_length=32, unique=True, default=new_public_token, editable=False)
    events = models.ManyToManyField(Event, through="LeagueEvent", related_name="leagues")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class LeagueEvent(models.Model):
    """One event counted in a league."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="league_events")
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="league_events")

    class Meta:
        ordering = ["league_id", "event__date", "event_id"]
        constraints = [models.UniqueConstraint(fields=["league", "event"], name="league_event_unique")]
        verbose_name = _("league event")
        verbose_name_plural = _("league events")

    def __str__(self) -> str:
        return f"{self.league_id}: {self.event_id}"
