from django.apps import AppConfig


class DayendConfig(AppConfig):
    name = "tdconsole.dayend"
    label = "dayend"

    def ready(self) -> None:
        # The clock (a lower app) learns where the day ends through the reader it lets us register.
        from tdconsole.clock.stops import day_plan_reader_register

        from .selectors import day_plan_of

        day_plan_reader_register(day_plan_of)
