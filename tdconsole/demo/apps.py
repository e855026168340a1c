from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "tdconsole.demo"
    label = "demo"
