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


def sheet_path(sheet: "LeagueSheet", filename: str) -> str:
    """Files live with their league: leagues/<slug>/<name>."""
    return f"leagues/{sheet.league.slug}/{filename}"


class LeagueSheet(models.Model):
    """The standings as a PDF, built in the background once per table: `fingerprint` is the table's own
    (a digest of the standings as `league_standings --json` prints them, and the language), so the
    same table is built once and served again, and any change of a result asks for a new build."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        BUILDING = "building", _("Building")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="sheets")
    lang = models.CharField(_("language"), max_length=7)
    fingerprint = models.CharField(max_length=64)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    file = models.FileField(_("file"), upload_to=sheet_path, blank=True)
    error = models.CharField(_("error"), max_length=300, blank=True)
    built_by = models.CharField(_("built by"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    send_failed_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # Two readers asking for the same table at the same moment build it once.
            models.UniqueConstraint(fields=["league", "lang", "fingerprint"], name="league_sheet_once"),
        ]
        verbose_name = _("standings sheet")
        verbose_name_plural = _("standings sheets")

    def __str__(self) -> str:
        return f"{self.league_id} {self.lang} ({self.status})"

    @property
    def filename(self) -> str:
        return f"{self.league.slug}-standings-{self.lang}.pdf"
