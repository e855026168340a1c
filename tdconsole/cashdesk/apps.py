from django.apps import AppConfig


class CashdeskConfig(AppConfig):
    name = "tdconsole.cashdesk"
    label = "cashdesk"
