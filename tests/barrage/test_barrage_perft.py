"""Perft-style anchors: the number of legal actions along the first 40 decisions
of fixed-seed games (random bot), for 2, 3 and 4 players.  A change in the
rules that changes any legal list shows up here.

Regenerate after a deliberate rules change with
``python tests/barrage/test_barrage_perft.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from barrage_setup import REGISTRY
from turbine.core.testing import legal_counts

COUNTS = Path(__file__).with_name("perft_counts.json")
DECISIONS = 40
CASES = [(2, 1), (3, 2), (4, 3), (4, 7)]


def counts(players: int, seed: int) -> list[int]:
    return legal_counts(
        "barrage",
        players=players,
        seed=seed,
        decisions=DECISIONS,
        options={"mode": "intro"},
        registry=REGISTRY,
    )


def test_perft_counts_match_the_committed_anchors():
    expected = json.loads(COUNTS.read_text())
    for players, seed in CASES:
        assert counts(players, seed) == expected[f"{players}p seed {seed}"], (players, seed)


if __name__ == "__main__":
    data = {f"{p}p seed {s}": counts(p, s) for p, s in CASES}
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    COUNTS.write_text("{\n" + body + "\n}\n")
