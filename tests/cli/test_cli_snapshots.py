"""Snapshots of the table screens, so that a change to what players see shows in review.

Each game's compact turn screen at a fixed seed (4 players, 100 columns) and the round
summaries (Barrage's end-of-round scoring, B-18; Power Grid's bureaucracy incomes,
P-7.5) are compared with the text files under ``__snapshots__/``.  After a change to
a game's words, regenerate them all (and the README's example screens) and review
the diff:

    pytest tests/cli/test_cli_snapshots.py --snapshot-update
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from table_screens import DECISIONS, SUMMARIES, WIDTH, decision_game, decision_screen, summary_text


class TextSnapshot(SingleFileSnapshotExtension):
    """One plain text file per snapshot, read in review as the terminal shows it."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def snapshot_text(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.mark.parametrize("name", sorted(DECISIONS))
def test_turn_screen(name, snapshot_text):
    text = decision_screen(decision_game(name))
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert text == snapshot_text


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_round_summary(name, snapshot_text):
    text = summary_text(name)
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert text == snapshot_text


README = Path(__file__).parents[2] / "README.md"
BLOCK = re.compile(r"(<!-- screen: (\w+) -->\n)(.*?)(<!-- /screen -->)", re.DOTALL)


def _readme_block(name: str) -> str:
    return f"```text\n{decision_screen(decision_game(name))}```\n"


def test_the_readme_shows_the_screens_as_they_are(request):
    """The README's example screens are the snapshots' screens; ``--snapshot-update``
    writes them there too, so one command regenerates both."""
    text = README.read_text(encoding="utf-8")
    blocks = BLOCK.findall(text)
    assert {name for _, name, _, _ in blocks} >= {"barrage_full_turn", "power_grid_building"}
    fresh = BLOCK.sub(lambda m: m.group(1) + _readme_block(m.group(2)) + m.group(4), text)
    if request.config.getoption("--snapshot-update") and fresh != text:
        README.write_text(fresh, encoding="utf-8")
        return
    assert fresh == text, "the README's screens are out of date: run with --snapshot-update"
