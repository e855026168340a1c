from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tdconsole.tournaments"
    label = "tournaments"
