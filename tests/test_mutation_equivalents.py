"""The equivalent mutants listed in ``tests/mutation/EQUIVALENT.md`` stay true to the code:
each names a file that exists and a line that is in it, so an entry left behind by a change
to its line is noticed here (a stale entry would let ``score.py`` count a live mutant of the
new line's twin as equivalent, or silently stop leaving the old one out)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTATION = ROOT / "tests" / "mutation"


def listed() -> set[tuple[str, str, str]]:
    """The entries, read by the scoring script's own reader."""
    spec = importlib.util.spec_from_file_location("mutation_score", MUTATION / "score.py")
    assert spec is not None and spec.loader is not None
    score = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(score)
    return score.equivalent_keys(MUTATION / "EQUIVALENT.md")


def test_every_equivalent_mutant_names_a_line_of_its_file():
    entries = listed()
    bullets = [
        line for line in (MUTATION / "EQUIVALENT.md").read_text().splitlines() if line.startswith("- `")
    ]
    assert len(entries) == len(bullets)  # every bullet is read as an entry
    stale = []
    for path, line, _operator in sorted(entries):
        file = ROOT / path
        if not file.is_file() or line not in {text.strip() for text in file.read_text().splitlines()}:
            stale.append(f"{path}: {line}")
    assert not stale, "entries whose line is no longer in their file:\n" + "\n".join(stale)


def test_every_mutated_module_is_one_a_config_names():
    """An entry names a module the configs mutate, so that its mutants are ever scored."""
    configs = "".join(path.read_text() for path in MUTATION.glob("*.toml"))
    outside = sorted({path for path, _, _ in listed() if f'"{path}"' not in configs})
    assert not outside, outside
