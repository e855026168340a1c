from django.apps import AppConfig


class Day2Config(AppConfig):
    name = "tdconsole.day2"
    label = "day2"
    verbose_name = "Day 2"
