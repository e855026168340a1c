"""Forms of the cash desk: they parse what staff type and pick; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tdconsole.tournaments.forms import RegistrationForm

from .models import Purchase


class PaymentMethodField(forms.ChoiceField):
    """How a purchase is paid: radio buttons (arrow keys move between them), cash when nothing is sent."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("label", _("Paid by"))
        kwargs.setdefault("choices", Purchase.Method.choices)
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.RadioSelect)
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        return value or Purchase.Method.CASH


class PaidRegistrationForm(RegistrationForm):
    """The registration desk's form: the player, and how the buy-in is paid (the method last used stays
    picked, so a clerk typing names one after the other never has to pick it again)."""

    method = PaymentMethodField()

    def __init__(self, *args, offer_ticket: bool = True, **kwargs) -> None:
        """`offer_ticket`: show "Ticket" among the methods (when some player holds a ticket to the event)."""
        super().__init__(*args, **kwargs)
        if not offer_ticket:
            self.fields["method"].choices = [c for c in Purchase.Method.choices if c[0] != Purchase.Method.TICKET]
