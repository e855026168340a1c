from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "tdconsole.printing"
    label = "printing"
