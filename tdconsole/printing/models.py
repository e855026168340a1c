from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.models import Event


def document_path(document: "Document", filename: str) -> str:
    """Files live with their event: events/<slug>/documents/<name>."""
    return f"events/{document.event.slug}/documents/{filename}"


class Document(models.Model):
    """A printed document the desk asked for, built in the background."""

    class Kind(models.TextChoices):
        PAYOUTS = "payouts", _("Payout sheet")
        RECEIPTS = "receipts", _("Payout receipts")
        SEATS = "seats", _("Seat cards")
        DRAW = "draw", _("Table draw")
        RESULTS = "results", _("Final results")
        DEAL = "deal", _("Deal sheet")
        MOVES = "moves", _("Move slips (table break)")
        SATELLITE = "satellite", _("Satellite winners and tickets")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        BUILDING = "building", _("Building")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    PENDING = (Status.QUEUED, Status.BUILDING)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    lang = models.CharField(_("language"), max_length=7, default="pt-br")
    # The paper ("a4", "receipt"); move slips add the table break they print: "receipt-<draw id>".
    variant = models.CharField(_("format"), max_length=24, blank=True)
    # The address the desk asked on, for the QR codes when TDCONSOLE_PUBLIC_URL is not set (the build has no
    # request to read it from).
    base_url = models.CharField(_("site address"), max_length=200, blank=True, default="")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)
    file = models.FileField(_("file"), upload_to=document_path, blank=True)
    error = models.CharField(_("error"), max_length=300, blank=True)
    built_by = models.CharField(_("built by"), max_length=200, blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # Delivery to the broker, kept apart from the build: a document asked for while Redis is
    # down stays queued with `send_failed_at` set, and is sent again once the broker is back.
    sent_at = models.DateTimeField(_("sent to the print service"), null=True, blank=True)
    send_failed_at = models.DateTimeField(_("last failed send"), null=True, blank=True)
    send_attempts = models.PositiveIntegerField(_("send attempts"), default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("printed document")
        verbose_name_plural = _("printed documents")
        ordering = ["-created_at"]
        constraints = [
            # Asking twice while one is being built must not build a second copy.
            models.UniqueConstraint(
                fields=["event", "kind", "lang", "variant"],
                condition=Q(status__in=["queued", "building"]),
                name="one_pending_document",
            ),
            models.CheckConstraint(condition=Q(progress__lte=100), name="document_progress_percent"),
        ]
        verbose_name = _("document")

    def __str__(self) -> str:
        return f"{self.kind} {self.lang} {self.variant} ({self.status})"

    @property
    def kind_label(self) -> str:
        """The kind as the desk names it, a kind another app registered (printing.registry) included."""
        from .registry import extra_kind

        extra = extra_kind(self.kind)
        return str(extra.label) if extra else self.get_kind_display()

    @property
    def is_pending(self) -> bool:
        return self.status in self.PENDING

    @property
    def is_unsent(self) -> bool:
        """Still waiting, and the last attempt to hand it to the print service failed."""
        return self.is_pending and self.send_failed_at is not None

    @property
    def filename(self) -> str:
        suffix = f"-{self.variant}" if self.variant else ""
        return f"{self.event.slug}-{self.kind}{suffix}-{self.lang}.pdf"
