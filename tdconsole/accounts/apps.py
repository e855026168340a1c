from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tdconsole.accounts"
    label = "accounts"
