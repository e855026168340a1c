"""Print the mutation score of `make mutate` from mutmut's results in mutants/ (docs/mutation-testing.md).

Per module: killed / total, where killed counts the mutants a test failed on, those that ran
past mutmut's timeout (a mutant that hangs is noticed too) and those `mypy --strict` rejects (exit 37:
CI type-checks the rules engine, so such a change cannot land). Survivors and mutants no selected test
reaches count against the score; mutants not run yet are shown apart and left out of the total.
Run from the repository root after `mutmut run`; `--survivors` also lists the surviving mutants.
"""

import json
import sys
from collections import Counter
from pathlib import Path

KILLED = {1: "killed", 3: "killed", 37: "type error",
          36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout"}


def outcome(exit_code: int | None) -> str:
    if exit_code is None:
        return "not run"
    if exit_code in KILLED:
        return "killed"
    if exit_code == 0:
        return "survived"
    if exit_code in (5, 33):
        return "no tests"
    return "other"


def main() -> int:
    root = Path("mutants")
    if not root.is_dir():
        print("No mutants/ here: run `make mutate` first.", file=sys.stderr)
        return 1
    per_module: dict[str, Counter] = {}
    survivors: list[str] = []
    for meta in sorted(root.rglob("*.py.meta")):
        module = str(meta.relative_to(root))[: -len(".meta")]
        counts = per_module.setdefault(module, Counter())
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            kind = outcome(code)
            counts[kind] += 1
            if kind in ("survived", "no tests", "other"):
                survivors.append(f"{kind:9} {name}")
    overall: Counter = Counter()
    print(f"{'module':45} {'killed':>7} / {'total':<6} {'score':>6}   survived  no tests  not run")
    for module, counts in per_module.items():
        overall.update(counts)
        print(line(module, counts))
    print(line("overall", overall))
    if "--survivors" in sys.argv:
        print("\n".join(survivors))
    return 0


def line(label: str, counts: Counter) -> str:
    total = sum(counts.values()) - counts["not run"]
    score = f"{100 * counts['killed'] / total:5.1f}%" if total else "   -  "
    return (f"{label:45} {counts['killed']:>7} / {total:<6} {score:>6}   {counts['survived']:>8}  "
            f"{counts['no tests'] + counts['other']:>8}  {counts['not run']:>7}")


if __name__ == "__main__":
    sys.exit(main())
