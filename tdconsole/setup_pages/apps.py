from django.apps import AppConfig


class SetupPagesConfig(AppConfig):
    """The director's set-up pages; festivals, structures and chip sets live in `tdconsole.tournaments`."""

    name = "tdconsole.setup_pages"
    label = "setup_pages"
    verbose_name = "Set-up"
