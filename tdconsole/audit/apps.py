from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "tdconsole.audit"
    label = "audit"
