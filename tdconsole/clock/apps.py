from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "tdconsole.clock"
    label = "clock"
