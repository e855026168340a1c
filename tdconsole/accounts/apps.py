from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tdconsole.accounts"
    label = "accounts"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the lock-out audit record)
