from django.apps import AppConfig


class SeatingConfig(AppConfig):
    name = "tdconsole.seating"
    label = "seating"
