from django.apps import AppConfig


class SetupConfig(AppConfig):
    name = "tdconsole.setup"
    label = "setup"
    verbose_name = "Set-up"
