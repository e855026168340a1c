from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "tdconsole.leagues"
    label = "leagues"
    verbose_name = "Leagues"
