from django.core.management.base import BaseCommand

from tdconsole.rulings.sync import rulings_sync


class Command(BaseCommand):
    help = "Load the rulings reference and glossary from tdconsole/rulings/content/ into the database."

    def handle(self, *args, **options):
        counts = rulings_sync()
        self.stdout.write(
            f"rulings: {counts['entries']} entries, {counts['terms']} glossary terms, {counts['removed']} removed"
        )
