"""The login page's answer when django-axes refuses a login (too many failures)."""

import math

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext


def lockout_message() -> str:
    minutes = max(1, math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return ngettext(
        "Too many failed logins for this account or from this device. Wait %(minutes)d minute and try again.",
        "Too many failed logins for this account or from this device. Wait %(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


def login_locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """The desk's login page (also for the admin's login) with the lock-out message: 429, nothing else."""
    username = (credentials or {}).get("username", "") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "locked_out": lockout_message(), "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)
