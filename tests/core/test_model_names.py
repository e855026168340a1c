"""Every tdconsole model names itself in both languages, plural included (Django's default plural adds
an "s" to the translated singular, which gives "eliminaçãos" in pt-BR)."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import path
from django.utils import translation

from tdconsole.tournaments.models import Elimination

# Names spelt the same in English and pt-BR on purpose.
INTENTIONAL_COGNATES = {"festival", "ticket", "tickets"}  # "ticket" is the word Brazilian poker rooms use



def tdconsole_models():
    return [
        model
        for config in apps.get_app_configs() if config.name.startswith("tdconsole.")
        for model in config.get_models()
    ]


def names(model, language):
    with translation.override(language):
        return str(model._meta.verbose_name), str(model._meta.verbose_name_plural)


def test_the_walk_finds_the_models_of_every_app():
    labels = {m._meta.label for m in tdconsole_models()}
    assert {"tournaments.Elimination", "tournaments.Table", "payouts.Deal", "rulings.GlossaryTerm",
            "clock.ClockState", "adjudication.SavedAdjudication", "audit.AuditEntry"} <= labels


@pytest.mark.parametrize("model", tdconsole_models(),
                         ids=lambda m: m._meta.label)
def test_model_has_translated_singular_and_plural(model):
    options = model._meta.original_attrs
    assert "verbose_name" in options and "verbose_name_plural" in options
    en_singular, en_plural = names(model, "en")
    pt_singular, pt_plural = names(model, "pt-br")
    assert pt_singular != en_singular or en_singular in INTENTIONAL_COGNATES
    assert pt_plural != en_plural or en_plural in INTENTIONAL_COGNATES


def test_some_plurals_in_pt_br():
    got = {label: names(apps.get_model(label), "pt-br")[1]
           for label in ("tournaments.Elimination", "tournaments.Level", "tournaments.Player", "seating.SeatDraw")}
    assert got == {"tournaments.Elimination": "eliminações", "tournaments.Level": "níveis",
                   "tournaments.Player": "jogadores", "seating.SeatDraw": "sorteios de lugares"}


# No tdconsole model is registered on the project's admin site, so the changelist is checked on a
# site of the test's own.
site = admin.AdminSite(name="names_check")
site.register(Elimination)
urlpatterns = [path("names-check/", site.urls)]


@pytest.mark.urls(__name__)
def test_admin_changelist_reads_in_pt_br(admin_client):
    html = admin_client.get("/names-check/tournaments/elimination/", HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "<title>Selecione eliminação para modificar | Site de administração do Django</title>" in html
    assert "&rsaquo; Eliminações" in html and "eliminaçãos" not in html.lower()
