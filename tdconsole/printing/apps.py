from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "tdconsole.printing"
    label = "printing"

    def ready(self) -> None:
        # The table tents go through the queue as a registered kind: a new Document.Kind would be a migration.
        from .registry import document_kind_register
        from .tent import KIND, LABEL, build_tents, tent_variant

        document_kind_register(kind=KIND, label=LABEL, build=build_tents, variant=tent_variant)
