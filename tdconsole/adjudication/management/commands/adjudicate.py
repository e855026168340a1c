"""python manage.py adjudicate PATH [--json] [--lang pt-br|en] | PATH [PATH ...] --jsonl"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tdconsole.rules import Hand, PHHError, parse_phh, ruling_text
from tdconsole.rules.corpus import iter_phh_files


class Command(BaseCommand):
    help = "Rule on a PHH hand history: legal actions, pots, showdown, finishing stacks, with the rules applied."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="a .phh file, '-' for standard input, "
                            "or (with --jsonl) files and directories")
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
        parser.add_argument("--jsonl", action="store_true", help="one JSON line per hand, for many files")
        parser.add_argument("--lang", choices=["pt-br", "en"], default="pt-br", help="language of the explanation")

    def handle(self, *args: Any, **options: Any) -> None:
        paths: list[str] = options["paths"]
        lang: str = options["lang"]
        if options["jsonl"]:
            self._jsonl(paths, lang)
            return
        if len(paths) != 1:
            raise CommandError("give one PATH (or use --jsonl for many)", returncode=2)
        path = paths[0]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"{path}: cannot read the file ({exc})", returncode=2) from None
        try:
            spec = parse_phh(text)
        except PHHError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        ruling = Hand.replay(spec).ruling(lang)
        if options["json"]:
            self.stdout.write(json.dumps(ruling, ensure_ascii=False))
        else:
            self.stdout.write(ruling_text(ruling, lang))

    def _jsonl(self, paths: list[str], lang: str) -> None:
        unusable = 0
        write = self.stdout.write
        for path in iter_phh_files(paths):
            name = str(path)
            try:
                text = sys.stdin.read() if name == "-" else path.read_text(encoding="utf-8")
                ruling = Hand.replay(parse_phh(text)).ruling(lang)
            except (OSError, UnicodeDecodeError, PHHError) as exc:
                unusable += 1
                write(json.dumps({"file": name, "status": "unreadable", "message": str(exc)}, ensure_ascii=False))
                continue
            ruling["file"] = name
            write(json.dumps(ruling, ensure_ascii=False))
        if unusable:
            raise CommandError(f"{unusable} file(s) are not usable hand histories", returncode=2)
