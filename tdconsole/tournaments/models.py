import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_public_token() -> str:
    """An unguessable token for an event's public pages (screen, seats, payouts)."""
    return secrets.token_urlsafe(18)


class Venue(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("venue")
        verbose_name_plural = _("venues")

    def __str__(self) -> str:
        return self.name


class Festival(models.Model):
    """A series of events sharing a venue and a player register."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="festivals")

    class Meta:
        ordering = ["name"]
        verbose_name = _("festival")
        verbose_name_plural = _("festivals")

    def __str__(self) -> str:
        return self.name


class ChipSet(models.Model):
    """The house's chips: the denominations on its tables, each with its colour."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    venue = models.ForeignKey(
        Venue, null=True, blank=True, on_delete=models.PROTECT, related_name="chip_sets", verbose_name=_("venue")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("chip set")
        verbose_name_plural = _("chip sets")

    def __str__(self) -> str:
        return self.name


class Chip(models.Model):
    """One denomination of a chip set."""

    chip_set = models.ForeignKey(ChipSet, on_delete=models.CASCADE, related_name="chips")
    value = models.PositiveIntegerField(_("value"), validators=[MinValueValidator(1)])
    colour = models.CharField(_("colour"), max_length=40)
    # The colour as the screen paints it (#rrggbb).
    colour_hex = models.CharField(_("colour code"), max_length=7, default="#888888")

    class Meta:
        ordering = ["chip_set_id", "value"]
        constraints = [
            models.UniqueConstraint(fields=["chip_set", "value"], name="chip_value_unique"),
            models.CheckConstraint(condition=Q(value__gte=1), name="chip_value_positive"),
        ]
        verbose_name = _("chip")
        verbose_name_plural = _("chips")

    def __str__(self) -> str:
        return f"{self.value} ({self.colour})"


class Structure(models.Model):
    """A blind structure: a reusable template, or an event's own copy of one."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    description = models.CharField(_("description"), max_length=300, blank=True)
    is_template = models.BooleanField(_("template"), default=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("blind structure")
        verbose_name_plural = _("blind structures")

    def __str__(self) -> str:
        return self.name


class Level(models.Model):
    """One step of a structure: a blind level or a break."""

    class Kind(models.TextChoices):
        LEVEL = "level", _("Level")
        BREAK = "break", _("Break")

    structure = models.ForeignKey(Structure, on_delete=models.CASCADE, related_name="levels")
    position = models.PositiveIntegerField(_("position"))
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices, default=Kind.LEVEL)
    small_blind = models.PositiveIntegerField(_("small blind"), default=0)
    big_blind = models.PositiveIntegerField(_("big blind"), default=0)
    ante = models.PositiveIntegerField(_("ante"), default=0)
    minutes = models.PositiveIntegerField(_("minutes"), validators=[MinValueValidator(1)])
    color_up = models.PositiveIntegerField(
        _("colour-up chip"), null=True, blank=True, help_text=_("Chip denomination removed at this break.")
    )

    class Meta:
        ordering = ["structure_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["structure", "position"], name="level_position_unique"),
            models.CheckConstraint(
                condition=Q(kind="break") | Q(big_blind__gt=0), name="level_has_big_blind"
            ),
        ]
        verbose_name = _("level")
        verbose_name_plural = _("levels")

    def __str__(self) -> str:
        if self.kind == self.Kind.BREAK:
            return f"{self.structure_id}#{self.position} break {self.minutes}m"
        return f"{self.structure_id}#{self.position} {self.small_blind}/{self.big_blind}/{self.ante}"

    @property
    def is_break(self) -> bool:
        return self.kind == self.Kind.BREAK


class Event(models.Model):
    class Format(models.TextChoices):
        FREEZEOUT = "freezeout", _("Freezeout")
        REENTRY = "reentry", _("Re-entry")

    class AnteType(models.TextChoices):
        BIG_BLIND = "bba", _("Big blind ante")
        TRADITIONAL = "traditional", _("Traditional ante")

    class AdvanceRule(models.TextChoices):
        BEST_STACK = "best_stack", _("Best stack (the other bags are forfeited)")
        CUMULATIVE = "cumulative", _("Cumulative (the bags are added)")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTERING = "registering", _("Registering")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    festival = models.ForeignKey(Festival, on_delete=models.PROTECT, related_name="events")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    date = models.DateField(_("date"))
    currency = models.CharField(_("currency"), max_length=3, default="BRL")
    buy_in_prize = models.DecimalField(
        _("buy-in to prize pool"), max_digits=12, decimal_places=2, validators=[MinValueValidator(Decimal("0"))]
    )
    buy_in_fee = models.DecimalField(
        _("fee"), max_digits=12, decimal_places=2, default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    starting_stack = models.PositiveIntegerField(_("starting stack"), validators=[MinValueValidator(1)])
    seats_per_table = models.PositiveSmallIntegerField(
        _("seats per table"), default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    format = models.CharField(_("format"), max_length=10, choices=Format.choices, default=Format.FREEZEOUT)
    max_entries = models.PositiveSmallIntegerField(
        _("maximum entries per player"), default=1, validators=[MinValueValidator(1)]
    )
    late_registration_level = models.PositiveIntegerField(
        _("late registration closes after level"), null=True, blank=True
    )
    ante_type = models.CharField(_("ante"), max_length=12, choices=AnteType.choices, default=AnteType.BIG_BLIND)
    guarantee = models.DecimalField(_("guarantee"), max_digits=12, decimal_places=2, null=True, blank=True)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.DRAFT)
    structure = models.ForeignKey(Structure, on_delete=models.PROTECT, related_name="events")
    chip_set = models.ForeignKey(
        ChipSet, null=True, blank=True, on_delete=models.PROTECT, related_name="events", verbose_name=_("chip set")
    )
    hand_for_hand = models.BooleanField(_("hand-for-hand"), default=False)
    # The hand-for-hand hand being played (0 before the first one); eliminations of one round tie.
    hand_for_hand_round = models.PositiveIntegerField(_("hand-for-hand round"), default=0)
    # Set when late registration / re-entry closes: busts before it get their places then.
    registration_closed_at = models.DateTimeField(_("registration closed at"), null=True, blank=True)
    # The highest entry number ever cancelled: numbering goes on above it, so a number printed on a
    # receipt or seat card is never given to somebody else.
    entry_numbers_used = models.PositiveIntegerField(_("highest cancelled entry number"), default=0)
    public_token = models.CharField(max_length=32, unique=True, default=new_public_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Starting flights (Dia 1A, 1B...): a flight is an event of its own (clock, tables, registration,
    # seat draw) whose `parent` is the main event; the main event holds the settings below and sums the
    # flights' entries and prize pool (see flights.py). `has_flights` is set once its first flight is made,
    # so the reads of an ordinary event stay as they were.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="flights", verbose_name=_("main event")
    )
    # (Defaults in the database too: rows written by code that predates these columns, such as another app's
    # migration tests run at an older state, still get them.)
    has_flights = models.BooleanField(_("has starting flights"), default=False, db_default=False, editable=False)
    advance_rule = models.CharField(
        _("survivors of several flights"), max_length=12, choices=AdvanceRule.choices, default=AdvanceRule.BEST_STACK,
        db_default=AdvanceRule.BEST_STACK,
    )
    bagged_may_reenter = models.BooleanField(
        _("a player who bagged may enter a later flight"), default=False, db_default=False
    )
    entry_limit_all_flights = models.PositiveSmallIntegerField(
        _("entries per player across all flights"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    stop_level = models.PositiveIntegerField(_("every flight stops after level"), null=True, blank=True)
    stop_time = models.TimeField(_("every flight stops at"), null=True, blank=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(format="reentry") | Q(max_entries=1), name="freezeout_has_one_entry"
            ),
            models.CheckConstraint(condition=~Q(parent=models.F("id")), name="flight_not_its_own_parent"),
        ]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @property
    def buy_in(self) -> Decimal:
        return self.buy_in_prize + self.buy_in_fee


class Table(models.Model):
    """A numbered table of the venue; it serves one event at a time."""

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="tables")
    number = models.PositiveIntegerField(_("number"))
    seats = models.PositiveSmallIntegerField(
        _("seats"), default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    event = models.ForeignKey(Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables")
    # Order in which the floor breaks this event's tables (lower breaks first).
    break_order = models.PositiveIntegerField(_("break order"), null=True, blank=True)
    # The dealer button of the next hand to be dealt here, and the seat of the last hand's small blind
    # (posted or not: under the dead button it says where the button goes next). Empty until the floor
    # records them (balancing, a dispute, the table's page).
    button_seat = models.PositiveSmallIntegerField(_("button seat"), null=True, blank=True)
    small_blind_seat = models.PositiveSmallIntegerField(_("small blind seat"), null=True, blank=True)

    class Meta:
        # The model moved here from the seating app (a table is the venue's furniture, which entries
        # and eliminations name); its rows stay in the database table they were always in.
        db_table = "seating_table"
        ordering = ["venue_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["venue", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(seats__gte=2, seats__lte=10), name="table_seats_2_to_10"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{_('Table')} {self.number}"


class Player(models.Model):
    """A person registered once per festival."""

    festival = models.ForeignKey(Festival, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=60, blank=True)
    document = models.CharField(_("document number"), max_length=40, blank=True)
    # Where the player is from, as results databases list it: a city, and the country's ISO 3166 code.
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(_("country"), max_length=2, blank=True)
    # The name as the desk compares it (names.search_key: no case, accents or punctuation),
    # kept by the services that write the name; searched on SQLite and PostgreSQL alike.
    search_name = models.CharField(_("name for search"), max_length=120, blank=True, editable=False)
    # The nickname reduced the same way, so "ze" finds "Zé" (kept by the same services).
    search_nickname = models.CharField(_("nickname for search"), max_length=60, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["festival", "document"], condition=~Q(document=""), name="player_document_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["festival", "name"], name="player_festival_name"),
            models.Index(fields=["festival", "search_name"], name="player_festival_search"),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """One buy-in of a player into an event."""

    class Status(models.TextChoices):
        ALIVE = "alive", _("Alive")
        BUSTED = "busted", _("Busted")
        # A flight's entry whose bag went on to Day 2 (the player plays on in the main event's Day 2 entry).
        BAGGED = "bagged", _("Through to Day 2")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("entry number"))
    attempt = models.PositiveSmallIntegerField(_("entry of this player"), default=1)
    status = models.CharField(_("status"), max_length=6, choices=Status.choices, default=Status.ALIVE)
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.PROTECT, related_name="entries")
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    chips = models.PositiveBigIntegerField(_("last chip count"), null=True, blank=True)
    place = models.PositiveIntegerField(_("finishing place"), null=True, blank=True)
    # A main event's Day 2 entry made from the player's flight bags (day2 app): no buy-in of its own, so
    # the field's entries count the flights' entries, not this one.
    carried = models.BooleanField(_("carried from the flights"), default=False, db_default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    busted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="entry_number_unique"),
            models.UniqueConstraint(fields=["event", "player", "attempt"], name="entry_attempt_unique"),
            models.UniqueConstraint(
                fields=["event", "player"], condition=Q(status="alive"), name="one_live_entry_per_player"
            ),
            models.UniqueConstraint(
                fields=["table", "seat"], condition=Q(table__isnull=False), name="one_entry_per_seat"
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=True, seat__isnull=True) | Q(table__isnull=False, seat__isnull=False),
                name="entry_table_and_seat_together",
            ),
            models.CheckConstraint(
                condition=Q(status="alive") | Q(table__isnull=True), name="busted_entry_has_no_seat"
            ),
        ]
        indexes = [models.Index(fields=["event", "status"], name="entry_event_status")]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"#{self.number} {self.player}"


class Elimination(models.Model):
    """One hand at one table that busted one or more entries (the unit staff undo)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="eliminations")
    # Increases with each elimination of the event; orders busts for places and undo.
    sequence = models.PositiveIntegerField(_("sequence"))
    # Eliminations sharing a group tie across tables: the sequence of the group's first hand.
    group = models.PositiveIntegerField(_("tie group"))
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="eliminations")
    table_number = models.PositiveIntegerField(_("table"))
    hand_for_hand_round = models.PositiveIntegerField(_("hand-for-hand round"), null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "-sequence"]
        constraints = [
            models.UniqueConstraint(fields=["event", "sequence"], name="elimination_sequence_unique"),
        ]
        indexes = [
            models.Index(fields=["event", "group"], name="elimination_event_group"),
            models.Index(fields=["table", "sequence"], name="elimination_table_sequence"),
        ]
        verbose_name = _("elimination")
        verbose_name_plural = _("eliminations")

    def __str__(self) -> str:
        return f"{self.event_id}#{self.sequence} T{self.table_number}"


class Bust(models.Model):
    """One entry busted in an elimination, with the seat it left and its stack at the start of the hand."""

    elimination = models.ForeignKey(Elimination, on_delete=models.CASCADE, related_name="busts")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="bust")
    seat = models.PositiveSmallIntegerField(_("seat"))
    starting_stack = models.PositiveBigIntegerField(_("stack at the start of the hand"), null=True, blank=True)

    class Meta:
        ordering = ["elimination_id", "seat"]
        verbose_name = _("bust")
        verbose_name_plural = _("busts")

    def __str__(self) -> str:
        return f"{self.elimination} seat {self.seat}"


class ChipCount(models.Model):
    """A chip count of one entry, recorded at a break or at the end of a day."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="chip_counts")
    chips = models.PositiveBigIntegerField(_("chips"))
    recorded_at = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-recorded_at", "-id"]
        verbose_name = _("chip count")
        verbose_name_plural = _("chip counts")

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.chips}"
