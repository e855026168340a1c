"""The form of a floor decision added to an event's log."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tdconsole.core.bounds import field_max
from tdconsole.rulings.models import RuleEntry

from .decisions import parse_seats
from .exceptions import FloorDecisionError
from .models import FloorDecision, SavedAdjudication


class FloorDecisionForm(forms.Form):
    table_number = forms.IntegerField(label=_("Table"), min_value=1, required=False,
                                      max_value=field_max(FloorDecision, "table_number"),
                                      widget=forms.NumberInput(attrs={"autofocus": True, "inputmode": "numeric"}))
    seats = forms.CharField(label=_("Seats involved"), max_length=60, required=False,
                            help_text=_("Seat numbers separated by commas, e.g. 3, 7"))
    question = forms.CharField(label=_("Question"), widget=forms.Textarea(attrs={"rows": 3}))
    decision = forms.CharField(label=_("Decision"), widget=forms.Textarea(attrs={"rows": 3}))
    entry = forms.ModelChoiceField(label=_("Reference entry"), queryset=RuleEntry.objects.all(), required=False,
                                   to_field_name="slug")
    rule_cited = forms.CharField(label=_("Rule cited"), max_length=120, required=False,
                                 help_text=_("Left empty, the TDA rule of the reference entry is used."))
    adjudication = forms.ModelChoiceField(label=_("Saved adjudication"), queryset=SavedAdjudication.objects.none(),
                                          required=False)

    def __init__(self, *args, event=None, **kwargs):
        super().__init__(*args, **kwargs)
        if event is not None:
            self.fields["adjudication"].queryset = SavedAdjudication.objects.filter(event=event)

    def clean_seats(self):
        value = self.cleaned_data["seats"]
        try:
            parse_seats(value)
        except FloorDecisionError:
            raise forms.ValidationError(_("Seats must be numbers from 1 to 10, separated by commas."))
        return value
