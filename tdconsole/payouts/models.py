from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Entry, Event


class PrizeSettings(models.Model):
    """How an event's payout table is generated (the add-ons are sold per player at the cash desk: see
    `cashier.MoneyRules` and `cashier.selectors.pool_extras`)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="prize_settings")
    percent_paid = models.DecimalField(
        _("percent of entries paid"), max_digits=5, decimal_places=2, default=Decimal("15"),
        validators=[MinValueValidator(Decimal("0.01"))],
    )
    rounding = models.DecimalField(
        _("rounding unit"), max_digits=10, decimal_places=2, default=Decimal("10"),
        validators=[MinValueValidator(Decimal("0.01"))],
    )
    min_cash_multiple = models.DecimalField(
        _("minimum cash (times the buy-in)"), max_digits=5, decimal_places=2, default=Decimal("1.5"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    # A satellite: the event whose seats it gives away (each seat worth that event's buy-in); empty: cash.
    satellite_target = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.PROTECT, related_name="satellites",
        verbose_name=_("satellite to"),
    )

    class Meta:
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")

    def __str__(self) -> str:
        return f"prize settings of {self.event_id}"


class PayoutTable(models.Model):
    """The payout table an event pays by: generated, then perhaps edited by the Director."""

    class Source(models.TextChoices):
        GENERATED = "generated", _("Generated")
        EDITED = "edited", _("Edited by the Director")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="payout_table")
    prize_pool = models.DecimalField(_("prize pool"), max_digits=14, decimal_places=2)
    entries = models.PositiveIntegerField(_("entries"))
    source = models.CharField(_("source"), max_length=10, choices=Source.choices, default=Source.GENERATED)
    locked_at = models.DateTimeField(_("locked at"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        verbose_name = _("payout table")
        verbose_name_plural = _("payout tables")

    def __str__(self) -> str:
        return f"payout table of {self.event_id}"


class PayoutPlace(models.Model):
    table = models.ForeignKey(PayoutTable, on_delete=models.CASCADE, related_name="places")
    place = models.PositiveIntegerField(_("place"), validators=[MinValueValidator(1)])
    amount = models.DecimalField(_("amount"), max_digits=14, decimal_places=2)
    # A satellite's seat (a ticket to the target event, `amount` its buy-in); false: cash.
    seat = models.BooleanField(_("seat in the target event"), default=False)

    class Meta:
        ordering = ["table", "place"]
        constraints = [
            models.UniqueConstraint(fields=["table", "place"], name="payout_place_unique"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="payout_amount_positive"),
        ]
        verbose_name = _("payout place")
        verbose_name_plural = _("payout places")

    def __str__(self) -> str:
        return f"{self.place}: {self.amount}"


class Deal(models.Model):
    """A deal agreed at the final table: what each remaining player takes."""

    class Method(models.TextChoices):
        ICM = "icm", _("ICM")
        CHIP_CHOP = "chip_chop", _("Chip chop")
        CUSTOM = "custom", _("Custom")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="deals")
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    left_to_play = models.DecimalField(_("left to play for"), max_digits=14, decimal_places=2, default=Decimal("0"))
    distributed = models.DecimalField(_("amount shared"), max_digits=14, decimal_places=2)
    note = models.CharField(_("note"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return f"deal {self.pk} ({self.method})"


class DealShare(models.Model):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="shares")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="deal_shares")
    chips = models.PositiveBigIntegerField(_("chips"))
    icm_amount = models.DecimalField(_("ICM"), max_digits=14, decimal_places=2)
    chip_chop_amount = models.DecimalField(_("chip chop"), max_digits=14, decimal_places=2)
    amount = models.DecimalField(_("agreed amount"), max_digits=14, decimal_places=2)

    class Meta:
        ordering = ["deal", "-chips"]
        constraints = [models.UniqueConstraint(fields=["deal", "entry"], name="deal_share_unique")]
        verbose_name = _("deal share")
        verbose_name_plural = _("deal shares")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.amount}"
