from django.apps import AppConfig


class Day2Config(AppConfig):
    name = "tdconsole.day2"
    label = "day2"
    verbose_name = "Day 2"

    def ready(self) -> None:
        # Lower apps learn of Day 2 through what they let us register: the main event's late entries
        # and chips in play (tournaments) and the Day 2 seat list PDF (the print queue).
        from tdconsole.printing.registry import document_kind_register
        from tdconsole.tournaments.flights import (
            day2_chips_register,
            main_entry_check_register,
            main_entry_recorder_register,
        )

        from .late import day2_late_entry_check, day2_late_entry_record
        from .pdfs import KINDS
        from .selectors import day2_chips_in_play

        main_entry_check_register(day2_late_entry_check)
        main_entry_recorder_register(day2_late_entry_record)
        day2_chips_register(day2_chips_in_play)
        for kind, label, build, variant in KINDS:
            document_kind_register(kind=kind, label=label, build=build, variant=variant)
