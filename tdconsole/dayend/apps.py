from django.apps import AppConfig


class DayendConfig(AppConfig):
    name = "tdconsole.dayend"
    label = "dayend"
