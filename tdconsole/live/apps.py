from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "tdconsole.live"
    label = "live"
