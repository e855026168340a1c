from django.apps import AppConfig


class DayendConfig(AppConfig):
    name = "tdconsole.dayend"
    label = "dayend"

    def ready(self) -> None:
        # The clock (a lower app) learns where the day ends through the reader it lets us register.
        from tdconsole.clock.stops import day_plan_reader_register
        from tdconsole.printing.registry import document_kind_register

        from .pdfs import KINDS
        from .selectors import day_plan_of

        day_plan_reader_register(day_plan_of)
        # The bag slips and the leaderboard go through the print queue like its own documents.
        for kind, label, build, variant in KINDS:
            document_kind_register(kind=kind, label=label, build=build, variant=variant)
