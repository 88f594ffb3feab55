"""The kill rate of a cosmic-ray session's sample, and each surviving mutant's diff.

    python tests/mutation/score.py SESSION.sqlite [--diffs] [--equivalent tests/mutation/EQUIVALENT.md]

Mutants listed as equivalent (same behaviour, so no test can kill them) are
left out of the rate; they are named in EQUIVALENT.md by file, the source line
they change (so that the list survives edits elsewhere in the file) and the
operator (``*``: any), each with the reason.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

Key = tuple[str, str, str]
"""(file, the changed source line stripped, operator or ``*``)."""


def equivalent_keys(path: Path | None) -> set[Key]:
    """Every mutant listed as ``- `FILE` `SOURCE LINE` OPERATOR — reason``."""
    if path is None or not path.exists():
        return set()
    pattern = re.compile(r"^- `([^`]+)` `([^`]+)` (\S+) ", re.MULTILINE)
    return {(m[1], m[2].strip(), m[3]) for m in pattern.finditer(path.read_text())}


def changed_line(diff: str) -> str:
    """The original source line a mutant's diff replaces."""
    for line in diff.splitlines():
        if line.startswith("-") and not line.startswith("---"):
            return line[1:].strip()
    return ""


def is_equivalent(module: str, diff: str, operator: str, listed: set[Key]) -> bool:
    line = changed_line(diff)
    return (module, line, operator) in listed or (module, line, "*") in listed


def main(argv: list[str] | None = None) -> int:
    from cosmic_ray.work_db import use_db  # the development extra's; the list above reads without it
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("session")
    parser.add_argument("--diffs", action="store_true", help="print each survivor's diff")
    parser.add_argument("--equivalent", type=Path, default=Path(__file__).parent / "EQUIVALENT.md")
    args = parser.parse_args(argv)
    equivalent = equivalent_keys(args.equivalent)
    killed = survived = pending = skipped_equivalent = 0
    survivors = []
    with use_db(args.session) as db:
        results = dict(db.results)
        for item in db.work_items:
            result = results.get(item.job_id)
            if result is not None and result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            mutation = item.mutations[0]
            module, operator = str(mutation.module_path), mutation.operator_name
            if result is None:
                pending += 1
            elif result.test_outcome != TestOutcome.SURVIVED:
                killed += 1
            elif is_equivalent(module, result.diff or "", operator, equivalent):
                skipped_equivalent += 1
            else:
                survived += 1
                survivors.append(((module, mutation.start_pos[0], operator), result.diff or ""))
    run = killed + survived
    rate = f"{100 * killed / run:.1f}%" if run else "-"
    print(
        f"killed {killed} of {run} non-equivalent mutants ({rate}); "
        f"{skipped_equivalent} equivalent; {pending} pending"
    )
    for (module, line, operator), diff in sorted(survivors):
        print(f"survived: {module}:{line} {operator}")
        if args.diffs:
            print("\n".join("    " + d for d in diff.splitlines()[2:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
