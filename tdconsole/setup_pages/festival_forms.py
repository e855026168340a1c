"""Forms of the festival, venue and event-copy pages: they parse what the director types; the services decide."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tdconsole.core.bounds import field_max, whole_number
from tdconsole.tournaments.events import EVENT_YEARS
from tdconsole.tournaments.festivals import MAX_TABLES_AT_ONCE
from tdconsole.tournaments.models import Table, Venue

TABLE_NUMBER_MAX = field_max(Table, "number")
# Tables named in one copy: more than a card room has is a typing mistake (and a long loop).
MAX_TABLES_NAMED = 500
DASHES = re.compile(r"\s*[-–—]\s*")
SEPARATORS = re.compile(r"[,;\s]+")
RANGE = re.compile(r"^([0-9]+)-([0-9]+)$")


def parse_table_numbers(text: str) -> list[int]:
    """Table numbers typed as a list with ranges: "1-12, 15" -> [1, ..., 12, 15] (sorted, once each)."""
    numbers: set[int] = set()
    for token in SEPARATORS.split(DASHES.sub("-", (text or "").strip())):
        if not token:
            continue
        match = RANGE.match(token)
        first, last = (match.group(1), match.group(2)) if match else (token, token)
        low, high = whole_number(first), whole_number(last)
        if low is None or high is None:
            raise forms.ValidationError(_("“%(token)s” is not a table number: type numbers and ranges, for "
                                          "example “1-12, 15”.") % {"token": token[:20]})
        if not (1 <= low <= TABLE_NUMBER_MAX and 1 <= high <= TABLE_NUMBER_MAX):
            raise forms.ValidationError(_("A table number is a whole number from %(low)s to %(high)s.")
                                        % {"low": 1, "high": TABLE_NUMBER_MAX})
        if high < low:
            raise forms.ValidationError(_("“%(token)s”: a range goes from the lower number to the higher.")
                                        % {"token": token[:20]})
        if high - low + 1 > MAX_TABLES_NAMED or len(numbers) + high - low + 1 > MAX_TABLES_NAMED:
            raise forms.ValidationError(_("At most %(n)s tables.") % {"n": MAX_TABLES_NAMED})
        numbers.update(range(low, high + 1))
    return sorted(numbers)


class FestivalForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, widget=forms.TextInput(attrs={"autofocus": True}))
    slug = forms.SlugField(label=_("Short name"), max_length=50, required=False,
                           help_text=_("Used in links; made from the name when left empty."))
    venue = forms.ModelChoiceField(queryset=Venue.objects.order_by("name"), label=_("Venue"), required=False,
                                   empty_label=_("— a new venue —"))
    venue_name = forms.CharField(label=_("or a new venue's name"), max_length=120, required=False,
                                 help_text=_("Typed: the festival's venue is created with it (tables are added "
                                             "on the venue's page)."))

    def __init__(self, *args, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if editing:
            # The short name is in every link to the festival: it stays.
            del self.fields["slug"]


class VenueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, widget=forms.TextInput(attrs={"autofocus": True}))


class TablesAddForm(forms.Form):
    """ "Tables 1 to 12, 9 seats"."""

    first = forms.IntegerField(label=_("From table"), min_value=1, max_value=TABLE_NUMBER_MAX)
    last = forms.IntegerField(label=_("to table"), min_value=1, max_value=TABLE_NUMBER_MAX)
    seats = forms.IntegerField(label=_("Seats each"), min_value=2, max_value=10, initial=9)

    def clean(self):
        data = super().clean()
        first, last = data.get("first"), data.get("last")
        if first is not None and last is not None:
            if last < first:
                self.add_error("last", _("The last table's number comes after the first one's."))
            elif last - first + 1 > MAX_TABLES_AT_ONCE:
                self.add_error("last", _("At most %(n)s tables at once.") % {"n": MAX_TABLES_AT_ONCE})
        return data


class TableForm(forms.Form):
    """A table's number and seats."""

    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=TABLE_NUMBER_MAX)
    seats = forms.IntegerField(label=_("Seats"), min_value=2, max_value=10)


class EventCopyForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, widget=forms.TextInput(attrs={"autofocus": True}))
    slug = forms.SlugField(label=_("Short name"), max_length=50, required=False,
                           help_text=_("Used in links; made from the name and date when left empty."))
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(
        attrs={"type": "date", "min": "2000-01-01", "max": "2100-12-31"}, format="%Y-%m-%d"))
    tables = forms.CharField(label=_("Tables"), max_length=2000, required=False,
                             help_text=_("The venue tables the copy gets, for example “1-12, 15”: those still "
                                         "serving an event that is not finished stay there."))

    def clean_tables(self) -> list[int]:
        return parse_table_numbers(self.cleaned_data.get("tables", ""))

    def clean_date(self):
        date = self.cleaned_data["date"]
        if not EVENT_YEARS[0] <= date.year <= EVENT_YEARS[1]:
            raise forms.ValidationError(_("Give a date between the years %(first)s and %(last)s.")
                                        % {"first": EVENT_YEARS[0], "last": EVENT_YEARS[1]})
        return date
