from django.apps import AppConfig


class CashierPagesConfig(AppConfig):
    """The cash desk's pages; the money itself lives in `tdconsole.cashier`."""

    name = "tdconsole.cashier_pages"
    label = "cashier_pages"
