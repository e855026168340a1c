"""The money of a club night, per player: what each one bought, what was paid out to them, and who
knocked out whom for a bounty.

Every amount is a `Decimal` in the event's currency, whole cents (quantized by the services through
`core.money.quantize_money`, the one place money is rounded). A purchase is never deleted: a mistake is
voided by the cashier with a reason, and every total counts only purchases that are not voided.
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Bust, Entry, Event, Player

ZERO = Decimal("0")


class MoneyRules(models.Model):
    """An event's club-money rules: rebuys, add-ons, staff add-on, bonus chips, bounties, staff share.

    An event without a row has the defaults: no rebuys, no add-on, no bounty, nothing kept for staff.
    """

    class RebuyCondition(models.TextChoices):
        AT_OR_BELOW_START = "stack", _("At or below the starting stack")
        BUSTED = "busted", _("Only when busted")

    class BountyKind(models.TextChoices):
        NONE = "none", _("No bounty")
        FIXED = "fixed", _("Fixed bounty")
        PROGRESSIVE = "pko", _("Progressive knockout")

    class BountySplit(models.TextChoices):
        # TDA rules say nothing about sharing a bounty: these are house rules, chosen per event.
        EQUAL = "equal", _("Shared equally by the winners of the pot")
        FIRST = "first", _("All to the first eliminator named")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="money_rules")
    # Rebuys: from the start until the end of blind level `rebuy_until_level` (None: no rebuys).
    rebuy_until_level = models.PositiveSmallIntegerField(_("rebuys until the end of level"), null=True, blank=True)
    rebuy_condition = models.CharField(_("rebuy allowed"), max_length=6, choices=RebuyCondition.choices,
                                       default=RebuyCondition.AT_OR_BELOW_START)
    max_rebuys = models.PositiveSmallIntegerField(_("rebuys per player"), null=True, blank=True,
                                                  help_text=_("Empty: no limit. A double rebuy counts as two."))
    double_rebuy = models.BooleanField(_("double rebuy allowed"), default=False)
    rebuy_prize = models.DecimalField(_("rebuy: to the prize pool"), max_digits=12, decimal_places=2, default=ZERO,
                                      validators=[MinValueValidator(ZERO)])
    rebuy_fee = models.DecimalField(_("rebuy: fee"), max_digits=12, decimal_places=2, default=ZERO,
                                    validators=[MinValueValidator(ZERO)])
    rebuy_chips = models.PositiveIntegerField(_("rebuy chips"), default=0)
    # Add-on: sold during the break that follows blind level `addon_break_after_level` (None: no add-on).
    addon_break_after_level = models.PositiveSmallIntegerField(_("add-on at the break after level"),
                                                               null=True, blank=True)
    max_addons = models.PositiveSmallIntegerField(_("add-ons per player"), default=1,
                                                  validators=[MinValueValidator(1)])
    addon_prize = models.DecimalField(_("add-on: to the prize pool"), max_digits=12, decimal_places=2, default=ZERO,
                                      validators=[MinValueValidator(ZERO)])
    addon_fee = models.DecimalField(_("add-on: fee"), max_digits=12, decimal_places=2, default=ZERO,
                                    validators=[MinValueValidator(ZERO)])
    addon_chips = models.PositiveIntegerField(_("add-on chips"), default=0)
    # Staff add-on: bonus chips for a fee that goes to the staff, not to the pool (one per entry; 0: none).
    staff_addon_price = models.DecimalField(_("staff add-on price"), max_digits=12, decimal_places=2, default=ZERO,
                                            validators=[MinValueValidator(ZERO)])
    staff_addon_chips = models.PositiveIntegerField(_("staff add-on chips"), default=0)
    # Free bonus chips (e.g. for being seated on time): one per entry, until the end of `bonus_until_level`.
    bonus_chips = models.PositiveIntegerField(_("bonus chips"), default=0)
    bonus_until_level = models.PositiveSmallIntegerField(_("bonus chips until the end of level"),
                                                         null=True, blank=True)
    # Bounties: part of every entry (and rebuy) price goes on the player's head.
    bounty_kind = models.CharField(_("bounty"), max_length=5, choices=BountyKind.choices, default=BountyKind.NONE)
    bounty = models.DecimalField(_("bounty per entry"), max_digits=12, decimal_places=2, default=ZERO,
                                 validators=[MinValueValidator(ZERO)])
    rebuy_bounty = models.DecimalField(_("bounty per rebuy"), max_digits=12, decimal_places=2, default=ZERO,
                                       validators=[MinValueValidator(ZERO)])
    pko_cash_percent = models.DecimalField(
        _("progressive knockout: share paid at once (%)"), max_digits=5, decimal_places=2, default=Decimal("50"),
        validators=[MinValueValidator(ZERO), MaxValueValidator(Decimal("100"))])
    bounty_unit = models.DecimalField(_("smallest bill paid"), max_digits=10, decimal_places=2,
                                      default=Decimal("1"), validators=[MinValueValidator(Decimal("0.01"))])
    bounty_split = models.CharField(_("a bounty won by several players"), max_length=5, choices=BountySplit.choices,
                                    default=BountySplit.EQUAL)
    # Part of the prize pool kept for the staff (e.g. 3%), shown on the payout sheet.
    staff_percent = models.DecimalField(
        _("staff deduction from the prize pool (%)"), max_digits=5, decimal_places=2, default=ZERO,
        validators=[MinValueValidator(ZERO), MaxValueValidator(Decimal("100"))])

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(pko_cash_percent__lte=100) & Q(staff_percent__lte=100),
                                   name="money_rules_percent_at_most_100"),
            models.CheckConstraint(condition=Q(bounty_unit__gt=0), name="money_rules_bounty_unit_positive"),
        ]
        verbose_name = _("money rules")
        verbose_name_plural = _("money rules")

    def __str__(self) -> str:
        return f"money rules of {self.event_id}"


class Purchase(models.Model):
    """One thing a player bought (or was given) for an entry: its price split into parts, and its chips."""

    class Kind(models.TextChoices):
        ENTRY = "entry", _("Entry")
        REENTRY = "reentry", _("Re-entry")
        REBUY = "rebuy", _("Rebuy")
        DOUBLE_REBUY = "double", _("Double rebuy")
        ADDON = "addon", _("Add-on")
        STAFF_ADDON = "staff", _("Staff add-on")
        BONUS = "bonus", _("Bonus chips")

    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        PIX = "pix", _("PIX")
        CARD = "card", _("Card")
        CREDIT = "credit", _("On credit")
        # A satellite's ticket paid the buy-in: no money at this desk (the satellite's pool paid it).
        TICKET = "ticket", _("Ticket")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="purchases")
    # Empty once the entry is cancelled at the registration desk (the entry row goes; its purchases stay,
    # voided) or once the player is merged into another (the entry moves; count players through `entry`).
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="purchases")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="purchases")
    # Numbered per event from 1, for the receipt; never given twice (voided purchases keep theirs).
    number = models.PositiveIntegerField(_("receipt number"))
    kind = models.CharField(_("kind"), max_length=7, choices=Kind.choices)
    prize = models.DecimalField(_("to the prize pool"), max_digits=12, decimal_places=2, default=ZERO)
    fee = models.DecimalField(_("fee"), max_digits=12, decimal_places=2, default=ZERO)
    bounty = models.DecimalField(_("bounty"), max_digits=12, decimal_places=2, default=ZERO)
    staff = models.DecimalField(_("staff"), max_digits=12, decimal_places=2, default=ZERO)
    chips = models.PositiveBigIntegerField(_("chips"), default=0)
    method = models.CharField(_("payment method"), max_length=6, choices=Method.choices, default=Method.CASH)
    sold_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    void_reason = models.CharField(_("reason for voiding"), max_length=200, blank=True)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="purchase_number_unique"),
            # One buy-in per entry, one staff add-on and one bonus per entry (voided ones aside).
            models.UniqueConstraint(fields=["entry"],
                                    condition=Q(kind__in=["entry", "reentry"], voided_at__isnull=True),
                                    name="purchase_one_buy_in_per_entry"),
            models.UniqueConstraint(fields=["entry", "kind"], condition=Q(kind__in=["staff", "bonus"],
                                                                          voided_at__isnull=True),
                                    name="purchase_one_staff_addon_and_bonus_per_entry"),
            models.CheckConstraint(condition=Q(prize__gte=0) & Q(fee__gte=0) & Q(bounty__gte=0) & Q(staff__gte=0),
                                   name="purchase_parts_not_negative"),
            models.CheckConstraint(condition=Q(voided_at__isnull=True) | ~Q(void_reason=""),
                                   name="purchase_void_has_reason"),
            # Only a voided purchase may lose its entry (the entry cancelled: its purchases are voided first).
            models.CheckConstraint(condition=Q(entry__isnull=False) | Q(voided_at__isnull=False),
                                   name="purchase_in_force_has_entry"),
        ]
        # (event, entry): a player's purchases (the limits on rebuys and add-ons) and an entry's (its head)
        # are read at every sale and bust; without it SQLite reads every purchase of the event for them.
        indexes = [models.Index(fields=["event", "kind"], name="purchase_event_kind"),
                   models.Index(fields=["entry", "kind"], name="purchase_entry_kind"),
                   models.Index(fields=["event", "entry"], name="purchase_event_entry")]
        verbose_name = _("purchase")
        verbose_name_plural = _("purchases")

    def __str__(self) -> str:
        return f"{self.event_id}#{self.number} {self.kind} {self.total}"

    @property
    def total(self) -> Decimal:
        """What the player paid for it (a bonus is free: 0)."""
        return self.prize + self.fee + self.bounty + self.staff


class CashTally(models.Model):
    """An event's running totals of the purchases beyond the buy-ins (rebuys, add-ons, staff add-ons, bonus
    chips) not voided: what the chips in play, the average stack and the prize pool add to the entries.

    Kept by the cashier's services in the transaction of each sale and each void, the row locked
    (`cashier.tally`), so reading them costs one small row whatever the size of the field. Created with the
    event's first sale; an event without one has sold nothing beyond its buy-ins.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="cash_tally")
    extra_chips = models.PositiveBigIntegerField(_("extra chips"), default=0)
    extra_prize = models.DecimalField(_("extra prize money"), max_digits=14, decimal_places=2, default=ZERO)
    rebuys = models.PositiveIntegerField(_("rebuys sold"), default=0)  # a double rebuy counting two
    addons = models.PositiveIntegerField(_("add-ons sold"), default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(extra_prize__gte=0), name="cash_tally_prize_not_negative"),
        ]
        verbose_name = _("cash desk tally")
        verbose_name_plural = _("cash desk tallies")

    def __str__(self) -> str:
        return f"tally of {self.event_id}: {self.extra_chips} chips, {self.extra_prize}"


class BountyAward(models.Model):
    """A bounty won: an eliminator's share of the head of a player they busted.

    Goes with its bust: undoing the elimination deletes the bust and, with it, the award, so every head
    (worked out from the purchases and the awards) is back as it was. `cash` is paid to the eliminator at
    once; `head` (progressive knockout only) goes on the eliminator's own head.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="bounty_awards")
    bust = models.ForeignKey(Bust, on_delete=models.CASCADE, related_name="bounty_awards")
    eliminator = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="bounties_won")
    cash = models.DecimalField(_("paid at once"), max_digits=12, decimal_places=2, default=ZERO)
    head = models.DecimalField(_("added to the eliminator's head"), max_digits=12, decimal_places=2, default=ZERO)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "id"]
        # The awards an entry won (its head) are read at every bust: see Purchase's indexes.
        indexes = [models.Index(fields=["event", "eliminator"], name="bounty_award_event_eliminator")]
        constraints = [
            models.UniqueConstraint(fields=["bust", "eliminator"], name="bounty_award_once_per_eliminator"),
            models.CheckConstraint(condition=Q(cash__gte=0) & Q(head__gte=0), name="bounty_award_not_negative"),
        ]
        verbose_name = _("bounty won")
        verbose_name_plural = _("bounties won")

    def __str__(self) -> str:
        return f"{self.bust_id} -> {self.eliminator_id}: {self.cash} + {self.head}"


class Payout(models.Model):
    """Money handed to a player at the cash desk: a prize, a deal amount or bounty money.

    Recorded when the cashier pays, so nothing is paid twice: the services refuse to pay more than is
    owed. Voided (never deleted) when recorded by mistake.
    """

    class Kind(models.TextChoices):
        PRIZE = "prize", _("Prize")
        BOUNTY = "bounty", _("Bounties")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="cash_payouts")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="cash_payouts")
    kind = models.CharField(_("kind"), max_length=6, choices=Kind.choices)
    amount = models.DecimalField(_("amount"), max_digits=14, decimal_places=2)
    method = models.CharField(_("payment method"), max_length=6, choices=Purchase.Method.choices,
                              default=Purchase.Method.CASH)
    paid_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    paid_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    void_reason = models.CharField(_("reason for voiding"), max_length=200, blank=True)

    class Meta:
        ordering = ["event_id", "paid_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="cash_payout_positive"),
            models.CheckConstraint(condition=Q(voided_at__isnull=True) | ~Q(void_reason=""),
                                   name="cash_payout_void_has_reason"),
        ]
        indexes = [models.Index(fields=["entry", "kind"], name="cash_payout_entry_kind")]
        verbose_name = _("payout to a player")
        verbose_name_plural = _("payouts to players")

    def __str__(self) -> str:
        return f"{self.entry_id} {self.kind} {self.amount}"


class Ticket(models.Model):
    """A seat won in a satellite: it pays the player's buy-in to the target event once.

    Issued when the satellite's prizes are settled (`payouts.services.satellite_tickets_issue`); used by a
    buy-in paid by the method "ticket" at the target event; cancelled or moved to another player by the
    Director while unused. Never deleted.
    """

    class Status(models.TextChoices):
        UNUSED = "unused", _("Unused")
        USED = "used", _("Used")
        CANCELLED = "cancelled", _("Cancelled")

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tickets")
    source_event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="tickets_won")
    # The finisher who won it (one ticket per winning entry); kept when the ticket moves to another player.
    source_entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    target_event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="tickets")
    value = models.DecimalField(_("value"), max_digits=12, decimal_places=2)
    status = models.CharField(_("status"), max_length=9, choices=Status.choices, default=Status.UNUSED)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    used_purchase = models.OneToOneField(Purchase, null=True, blank=True, on_delete=models.PROTECT,
                                         related_name="ticket")
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    cancel_reason = models.CharField(_("reason for cancelling"), max_length=200, blank=True)

    class Meta:
        ordering = ["target_event_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["source_event", "source_entry"], name="ticket_once_per_winner"),
            models.CheckConstraint(condition=Q(value__gt=0), name="ticket_value_positive"),
            models.CheckConstraint(condition=~Q(status="used") | Q(used_purchase__isnull=False),
                                   name="ticket_used_has_purchase"),
            models.CheckConstraint(condition=~Q(status="cancelled") | ~Q(cancel_reason=""),
                                   name="ticket_cancel_has_reason"),
        ]
        indexes = [models.Index(fields=["target_event", "player", "status"], name="ticket_target_player")]
        verbose_name = _("ticket")
        verbose_name_plural = _("tickets")

    def __str__(self) -> str:
        return f"ticket {self.pk} ({self.status})"
