"""python manage.py adjudicate PATH [--json] [--lang pt-br|en] | PATH [PATH ...] --jsonl"""

from __future__ import annotations

import gc
import json
import json.encoder
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tdconsole.rules import Hand, PHHError, parse_phh, ruling_text
from tdconsole.rules.corpus import iter_phh_texts


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
        encode = _ENCODE
        lines: list[str] = []
        write = self.stdout.write
        # What exists before the first hand (Django, the engine's tables) outlives the run: set it aside, so that
        # the collector's full passes walk the run's objects only. And a hand leaves no reference cycle behind
        # (refcounting frees it: the peak memory of a corpus run is the same with the collector off), so the
        # automatic passes, started by the run's many short-lived objects, are only cost: they are off, and one
        # pass every _COLLECT_EVERY hands bounds what a cycle somewhere could keep. That pass looks at the two young
        # generations only: what outlived the previous one (the action lines remembered from hand to hand) is not
        # walked again each time, and a hand's own objects are all young when it is over.
        gc.freeze()
        was_enabled = gc.isenabled()
        gc.disable()
        hands = 0
        try:
            for name, read in iter_phh_texts(paths):
                hands += 1
                if hands % _COLLECT_EVERY == 0:
                    gc.collect(1)
                try:
                    if read is None:
                        text = sys.stdin.read()
                    elif isinstance(read, str):
                        text = read
                    else:
                        raise read
                    ruling = Hand.replay(parse_phh(text)).ruling(lang)
                except (OSError, UnicodeDecodeError, PHHError) as exc:
                    unusable += 1
                    lines.append(encode({"file": name, "status": "unreadable", "message": str(exc)}))
                    continue
                ruling["file"] = name
                lines.append(encode(ruling))
                if len(lines) >= _BATCH:
                    write("\n".join(lines))
                    lines.clear()
        finally:
            if was_enabled:
                gc.enable()
            gc.unfreeze()
            if lines:
                write("\n".join(lines))
        if unusable:
            raise CommandError(f"{unusable} file(s) are not usable hand histories", returncode=2)


def _line_encoder() -> Callable[[Any], str]:
    """``json.dumps(obj, ensure_ascii=False)`` as one function for the whole run, with the same output.

    ``json.dumps`` builds an encoder for every call, and the encoder builds its C scanner for every call; here
    the C one (when this Python has it) is built once. No circular check: a ruling is a tree of new objects.
    """
    encoder = json.JSONEncoder(ensure_ascii=False, check_circular=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return encoder.encode
    iterencode = make(None, encoder.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True)

    def encode(obj: Any) -> str:
        return "".join(iterencode(obj, 0))

    return encode


# Lines go out in batches (each write ends with a newline, so the bytes are the same as line by line).
_ENCODE = _line_encoder()
_BATCH = 256
_COLLECT_EVERY = 2048
