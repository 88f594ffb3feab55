"""Keep a seeded random sample of a cosmic-ray session's mutants; skip the rest.

A full run of every mutant takes hours on two cores; a seeded sample gives a
kill rate to within a few points in minutes, the same sample every time.
Mutants inside type annotations are skipped before sampling: every module
starts with ``from __future__ import annotations``, so annotations are never
evaluated and such mutants are equivalent by construction.

    python tests/mutation/sample.py SESSION.sqlite --keep 80 --seed 1
"""

from __future__ import annotations

import argparse
import ast
import functools
import random
import sys
from pathlib import Path

from cosmic_ray.work_db import use_db
from cosmic_ray.work_item import WorkerOutcome, WorkResult


@functools.cache
def annotation_spans(module: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """``((line, col), (end_line, end_col))`` of every annotation in a module."""
    spans = []
    for node in ast.walk(ast.parse(Path(module).read_text())):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.arg):
            found.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
        for ann in found:
            if ann is not None:
                spans.append(((ann.lineno, ann.col_offset), (ann.end_lineno, ann.end_col_offset)))
    return spans


def mutant_key(item: object) -> tuple[str, tuple[int, int], str, int]:
    """Where and what a mutant is: the same for the same code at every ``cosmic-ray init``."""
    mutation = item.mutations[0]  # type: ignore[attr-defined]
    return (
        str(mutation.module_path),
        tuple(mutation.start_pos),
        mutation.operator_name,
        mutation.occurrence,
    )


def in_annotation(item: object) -> bool:
    mutation = item.mutations[0]  # type: ignore[attr-defined]
    start = tuple(mutation.start_pos)
    return any(low <= start < high for low, high in annotation_spans(str(mutation.module_path)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("session")
    parser.add_argument("--keep", type=int, required=True, help="how many mutants to run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with use_db(args.session) as db:
        pending = sorted(db.pending_work_items, key=mutant_key)  # job ids are random: sort by place
        annotations = [item.job_id for item in pending if in_annotation(item)]
        if annotations:
            db.set_multiple_results(
                annotations,
                WorkResult(output="in a type annotation", worker_outcome=WorkerOutcome.SKIPPED),
            )
        pending = [item for item in pending if item.job_id not in set(annotations)]
        keep = set(random.Random(args.seed).sample(range(len(pending)), min(args.keep, len(pending))))
        skipped = [item.job_id for i, item in enumerate(pending) if i not in keep]
        if skipped:
            db.set_multiple_results(
                skipped, WorkResult(output="not in the sample", worker_outcome=WorkerOutcome.SKIPPED)
            )
        print(
            f"{len(pending) - len(skipped)} of {len(pending)} mutants kept "
            f"({len(annotations)} in type annotations left out)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
