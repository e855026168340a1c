from django.apps import AppConfig


class DayendConfig(AppConfig):
    name = "tdconsole.dayend"
    label = "dayend"

    def ready(self) -> None:
        # The clock (a lower app) learns where the day ends through the reader it lets us register.
        from tdconsole.clock.stops import day_plan_reader_register, day_plans_reader_register
        from tdconsole.printing.registry import document_kind_register
        from tdconsole.tournaments.flights import flight_hook_register

        from .flights import flight_shared_copy, flights_stop_sync
        from .pdfs import KINDS
        from .selectors import day_plan_of, day_plans_of

        day_plan_reader_register(day_plan_of)
        day_plans_reader_register(day_plans_of)
        # A flight shares its main event's money rules, prize settings and stop (flights.py).
        flight_hook_register(on="created", hook=flight_shared_copy)
        flight_hook_register(on="stop", hook=flights_stop_sync)
        # The bag slips and the leaderboard go through the print queue like its own documents.
        for kind, label, build, variant in KINDS:
            document_kind_register(kind=kind, label=label, build=build, variant=variant)
