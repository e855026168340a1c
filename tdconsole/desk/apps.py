from django.apps import AppConfig


class DeskConfig(AppConfig):
    name = "tdconsole.desk"
    label = "desk"
