from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "tdconsole.rulings"
    label = "rulings"
