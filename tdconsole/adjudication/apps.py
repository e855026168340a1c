from django.apps import AppConfig


class AdjudicationConfig(AppConfig):
    name = "tdconsole.adjudication"
    label = "adjudication"
