from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    name = "tdconsole.payouts"
    label = "payouts"
