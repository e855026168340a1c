from django.apps import AppConfig


class DeskPagesConfig(AppConfig):
    """The event desk's pages; what they change lives in `tdconsole.tournaments` and `tdconsole.seating`."""

    name = "tdconsole.desk_pages"
    label = "desk_pages"
