from django.apps import AppConfig


class Day2Config(AppConfig):
    name = "tdconsole.day2"
    label = "day2"
    verbose_name = "Day 2"

    def ready(self) -> None:
        # Lower apps learn of Day 2 through what they let us register: the main event's late entries
        # (tournaments) and the Day 2 seat list PDF (the print queue).
        from tdconsole.printing.registry import document_kind_register
        from tdconsole.tournaments.flights import main_entry_check_register

        from .late import day2_late_entry_check
        from .pdfs import KINDS

        main_entry_check_register(day2_late_entry_check)
        for kind, label, build, variant in KINDS:
            document_kind_register(kind=kind, label=label, build=build, variant=variant)
