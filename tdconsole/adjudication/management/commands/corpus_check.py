"""python manage.py corpus_check [PATH ...]: replay a PHH corpus against its recorded finishing stacks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tdconsole.rules.corpus import check_file, iter_phh_files

# Outcomes that fail the run: the engine disagrees with the record or cannot finish a hand.
FAILURES = ("mismatched", "invalid", "unfinished", "unreadable")

DEFAULT_CORPUS = Path(settings.BASE_DIR).parent / "shared" / "corpus" / "phh"


class Command(BaseCommand):
    help = "Replay every supported hand of a PHH corpus and compare with its finishing_stacks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="*", default=[str(DEFAULT_CORPUS)], metavar="PATH",
                            help="PHH files or folders (default: ../shared/corpus/phh beside the project)")
        parser.add_argument("--list", action="store_true", help="list every hand that did not simply match")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = [p for p in options["paths"] if not Path(p).exists()]
        if missing:
            raise CommandError(f"not found: {', '.join(missing)}", returncode=2)
        counts: Counter[str] = Counter()
        problems = []
        noted = []
        for path in iter_phh_files(options["paths"]):
            result = check_file(path)
            counts[result.outcome] += 1
            if result.outcome in FAILURES:
                problems.append(result)
            elif result.outcome in ("half_chip", "no_record"):
                noted.append(result)
        total = sum(counts.values())
        if not total:
            raise CommandError("no .phh files found", returncode=2)
        self.stdout.write(f"hands: {total}")
        self.stdout.write(f"matched: {counts['matched']}")
        self.stdout.write(f"mismatched: {counts['mismatched']}")
        self.stdout.write(f"skipped (other variants): {counts['skipped']}")
        self.stdout.write(f"known half-chip hands: {counts['half_chip']}")
        self.stdout.write(f"replayed, no finishing_stacks recorded: {counts['no_record']}")
        self.stdout.write(f"illegal action found: {counts['invalid']}")
        self.stdout.write(f"unfinished: {counts['unfinished']}")
        self.stdout.write(f"unreadable: {counts['unreadable']}")
        if options["list"]:
            for result in noted:
                self.stdout.write(f"  {result.outcome}: {result.path} {list(result.got or ())}")
        for result in problems:
            detail = result.detail or f"expected {list(result.expected or ())}, got {list(result.got or ())}"
            self.stderr.write(f"  {result.outcome}: {result.path}: {detail}")
        if problems:
            raise CommandError(f"{len(problems)} unexpected result(s)", returncode=1)
