"""python manage.py bench_rules [PATH ...]: speed of the rules engine on a PHH corpus."""

from __future__ import annotations

import os
import platform
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tdconsole.rules import Hand, PHHError, parse_phh
from tdconsole.rules.cards import evaluations_per_second
from tdconsole.rules.corpus import iter_phh_files

DEFAULT_CORPUS = Path(settings.BASE_DIR).parent / "shared" / "corpus" / "phh"


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


class Command(BaseCommand):
    help = "Benchmark: no-limit hands adjudicated per second from PHH text, evaluations per second, pokerkit."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="*", default=[str(DEFAULT_CORPUS)], metavar="PATH",
                            help="PHH files or folders (default: ../shared/corpus/phh beside the project)")
        parser.add_argument("--rounds", type=int, default=3, help="passes over the corpus; the best is kept")
        parser.add_argument("--pokerkit-sample", type=int, default=1000,
                            help="hands replayed by pokerkit for the comparison (0 = all; it is slow)")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = [p for p in options["paths"] if not Path(p).exists()]
        if missing:
            raise CommandError(f"not found: {', '.join(missing)}", returncode=2)
        texts = []
        for path in iter_phh_files(options["paths"]):
            try:
                text = path.read_text(encoding="utf-8")
                spec = parse_phh(text)
            except (OSError, UnicodeDecodeError, PHHError):
                continue
            if spec.variant == "NT":
                texts.append(text)
        if not texts:
            raise CommandError("no no-limit hold'em (NT) hands found", returncode=2)
        load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
        self.stdout.write(
            f"machine: {os.cpu_count()} CPU(s), {platform.machine()}, Python {platform.python_version()} "
            f"({platform.python_implementation()}), load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
        )
        self.stdout.write(f"NT hands: {len(texts)}")

        best = best_cpu = float("inf")
        for _ in range(max(1, options["rounds"])):
            start, start_cpu = time.perf_counter(), time.process_time()
            for text in texts:
                Hand.replay(parse_phh(text)).finishing_stacks()
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
        self.stdout.write(
            f"rules engine: {_rate(len(texts), best):,.0f} hands/s wall clock, "
            f"{_rate(len(texts), best_cpu):,.0f} hands/s of CPU time "
            "(parse PHH + replay + pots + showdown + finishing stacks; best of "
            f"{max(1, options['rounds'])} passes)"
        )

        sample = texts[: min(len(texts), 2000)]
        start = time.perf_counter()
        for text in sample:
            Hand.replay(parse_phh(text)).ruling("en")
        full = _rate(len(sample), time.perf_counter() - start)
        self.stdout.write(f"rules engine, full ruling with explanation: {full:,.0f} hands/s ({len(sample)} hands)")

        evals = evaluations_per_second()
        self.stdout.write(f"7-card evaluations: {evals:,.0f} /s of CPU time (eval7)")

        try:
            from pokerkit import HandHistory
        except ImportError:
            self.stdout.write("pokerkit: not installed, no comparison")
            return
        limit = options["pokerkit_sample"]
        chosen = texts if limit <= 0 else texts[:limit]
        start_cpu = time.process_time()
        for text in chosen:
            for _state in HandHistory.loads(text):
                pass
        theirs = _rate(len(chosen), time.process_time() - start_cpu)
        start_cpu = time.process_time()
        for text in chosen:
            Hand.replay(parse_phh(text)).finishing_stacks()
        ours_same = _rate(len(chosen), time.process_time() - start_cpu)
        self.stdout.write(
            f"pokerkit: {theirs:,.0f} hands/s of CPU time on {len(chosen)} hands (HandHistory.loads + every state)"
        )
        self.stdout.write(f"rules engine on the same hands: {ours_same:,.0f} hands/s of CPU time")
        self.stdout.write(f"ratio: {ours_same / theirs:.1f}x pokerkit")
