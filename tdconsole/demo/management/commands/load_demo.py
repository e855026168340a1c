from django.core.management.base import BaseCommand

from tdconsole.demo.services import demo_staff_load, demo_tournament_load


class Command(BaseCommand):
    help = "Load the demo data (staff accounts and the demo tournament); running it twice changes nothing."

    def handle(self, *args, **options):
        users, password = demo_staff_load()
        self.stdout.write(self.style.SUCCESS(f"Demo staff accounts (password for all: {password}):"))
        for spec in users:
            self.stdout.write(f"  {spec['role']:<13} {spec['username']}")
        event, created = demo_tournament_load()
        state = "created" if created else "already there, unchanged"
        self.stdout.write(f"Demo event '{event.slug}' ({event.name}): {event.entries.count()} entries, {state}.")
        self.stdout.write(f"Log in at http://127.0.0.1:8000/accounts/login/ as diretor / {password}")
