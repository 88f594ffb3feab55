"""The kill rate of a cosmic-ray session's sample, and each surviving mutant's diff.

    python tests/mutation/score.py SESSION.sqlite [--diffs] [--equivalent tests/mutation/EQUIVALENT.md]

Mutants listed as equivalent (same behaviour, so no test can kill them) are
left out of the rate; they are named in EQUIVALENT.md by file, line and
operator, each with the reason.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from cosmic_ray.work_db import use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome


def equivalent_keys(path: Path | None) -> set[tuple[str, int, str]]:
    """``(file, line, operator)`` of every mutant listed as ``- `file:line` operator — reason``."""
    if path is None or not path.exists():
        return set()
    keys = set()
    for match in re.finditer(r"^- `([^`:]+):(\d+)` (\S+)", path.read_text(), re.MULTILINE):
        keys.add((match[1], int(match[2]), match[3]))
    return keys


def main(argv: list[str] | None = None) -> int:
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
            key = (str(mutation.module_path), mutation.start_pos[0], mutation.operator_name)
            if result is None:
                pending += 1
            elif key in equivalent:
                skipped_equivalent += 1
            elif result.test_outcome == TestOutcome.SURVIVED:
                survived += 1
                survivors.append((key, result.diff or ""))
            else:
                killed += 1
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
