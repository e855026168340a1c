"""python manage.py bench_rules [PATH ...]: speed of the rules engine on a PHH corpus."""

from __future__ import annotations

import importlib.util
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tdconsole.rules import Hand, PHHError, parse_phh
from tdconsole.rules.cards import EVAL7_CARDS, evaluate_cards
from tdconsole.rules.corpus import iter_phh_files

DEFAULT_CORPUS = Path(settings.BASE_DIR).parent / "shared" / "corpus" / "phh"


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def explained_ruling_seconds(names: list[str], *, lang: str = "pt-br") -> float:
    """CPU seconds of one pass of ``adjudicate --jsonl``'s own code over the files, start-up excluded.

    The command's loop runs in this process on the given files (reading them, parsing, replaying, building
    the ruling with its explanation, encoding and writing each JSON line to a throwaway file), with the
    tables it fills as it goes (action lines read, names, templates, chip counts) emptied first, as in a
    fresh ``adjudicate`` run.
    """
    from tdconsole.rules.ruling import clear_caches

    from .adjudicate import Command as Adjudicate

    clear_caches()
    with tempfile.TemporaryFile("w", encoding="utf-8") as sink:
        command = Adjudicate(stdout=sink)
        start_cpu = time.process_time()
        try:
            command.handle(*names, jsonl=True, json=False, lang=lang, paths=names)
        except CommandError:
            pass  # an unusable file is one line; the figure still counts the time
        return time.process_time() - start_cpu


def explained_ruling_rate(names: list[str], *, rounds: int = 3, lang: str = "pt-br") -> float:
    """Hands per second of CPU time through ``adjudicate --jsonl``'s own code: the best of ``rounds`` passes."""
    return _rate(len(names), min(explained_ruling_seconds(names, lang=lang) for _ in range(max(1, rounds))))


def pokerkit_seconds(texts: list[str]) -> float:
    """CPU seconds of one pass of pokerkit over the texts: ``HandHistory.loads`` and every state it goes through."""
    from pokerkit import HandHistory

    start_cpu = time.process_time()
    for text in texts:
        for _state in HandHistory.loads(text):
            pass
    return time.process_time() - start_cpu


def evaluations_per_second(iterations: int = 200_000) -> float:
    """Measure raw seven-card evaluations per second of CPU time (best of three, for the benchmark)."""
    import random
    import time

    deck = list(EVAL7_CARDS.values())
    rng = random.Random(7)
    hands = [rng.sample(deck, 7) for _ in range(1000)]
    evaluate = evaluate_cards
    rounds = max(1, iterations // len(hands))
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(rounds):
            for h in hands:
                evaluate(h)
        best = min(best, time.process_time() - start)
    return rounds * len(hands) / best if best > 0 else float("inf")



class Command(BaseCommand):
    help = "Benchmark: no-limit hands adjudicated per second from PHH text, evaluations per second, pokerkit."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="*", default=[str(DEFAULT_CORPUS)], metavar="PATH",
                            help="PHH files or folders (default: ../shared/corpus/phh beside the project)")
        parser.add_argument("--rounds", type=int, default=3, help="passes over the corpus; the best is kept")
        parser.add_argument("--pokerkit-sample", type=int, default=0,
                            help="hands replayed by pokerkit for the comparisons (0 = all, the default: about 10 s)")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = [p for p in options["paths"] if not Path(p).exists()]
        if missing:
            raise CommandError(f"not found: {', '.join(missing)}", returncode=2)
        texts = []
        names = []
        for path in iter_phh_files(options["paths"]):
            try:
                text = path.read_text(encoding="utf-8")
                spec = parse_phh(text)
            except (OSError, UnicodeDecodeError, PHHError):
                continue
            if spec.variant == "NT":
                texts.append(text)
                names.append(str(path))
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

        if importlib.util.find_spec("pokerkit") is None:
            self.stdout.write("pokerkit: not installed, no comparison")
            return
        limit = options["pokerkit_sample"]
        chosen = texts if limit <= 0 else texts[:limit]
        chosen_names = names[: len(chosen)]
        start_cpu = time.process_time()
        for text in chosen:
            Hand.replay(parse_phh(text)).finishing_stacks()
        ours_same = _rate(len(chosen), time.process_time() - start_cpu)
        self.stdout.write(f"rules engine on the same hands: {ours_same:,.0f} hands/s of CPU time")

        # The headline: pokerkit and the command, one pass each in turn, so that both see the same load.
        rounds = max(1, options["rounds"])
        theirs_times: list[float] = []
        ours_times: list[float] = []
        for number in range(1, rounds + 1):
            theirs_times.append(pokerkit_seconds(chosen))
            ours_times.append(explained_ruling_seconds(chosen_names))
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
            self.stdout.write(
                f"round {number}: pokerkit {_rate(len(chosen), theirs_times[-1]):,.0f} hands/s, "
                f"explained ruling {_rate(len(chosen), ours_times[-1]):,.0f} hands/s of CPU time: "
                f"{theirs_times[-1] / ours_times[-1]:.1f}x (load average {load:.2f})"
            )
        theirs, ours = _rate(len(chosen), min(theirs_times)), _rate(len(chosen), min(ours_times))
        ratios = sorted(t / o for t, o in zip(theirs_times, ours_times, strict=True))
        self.stdout.write(
            f"pokerkit: {theirs:,.0f} hands/s of CPU time on {len(chosen)} hands (HandHistory.loads + every state; "
            f"best of {rounds} passes)"
        )
        self.stdout.write(f"ratio, bare engine: {ours_same / theirs:.1f}x pokerkit")
        self.stdout.write(
            f"explained ruling through `adjudicate --jsonl` on the same hands: {ours:,.0f} hands/s of CPU time "
            "(read each file, parse, replay, ruling and explanation, JSON line written; cold caches, "
            f"best of {rounds} passes, each right after one of pokerkit's)"
        )
        self.stdout.write(
            f"headline: explained ruling {ours / theirs:.1f}x pokerkit (best against best; round by round "
            f"{ratios[0]:.1f}x to {ratios[-1]:.1f}x, median {ratios[len(ratios) // 2]:.1f}x)"
        )
