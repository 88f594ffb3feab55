"""Perft-style anchors: the number of legal moves along seeded random games.

``perft_counts.json`` holds, for each map and player count, the size of the
legal list at each of the first 40 decisions of a seeded random game.  A change
in any rule that affects move generation changes these numbers.  Regenerate
with ``python tests/power_grid/test_pg_perft.py`` after an intended rule change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pg_helpers import rules
from turbine.core.rng import Rng

COUNTS = Path(__file__).with_name("perft_counts.json")
CASES = [("russia", 2), ("russia", 4), ("russia", 6), ("japan", 3), ("japan", 5)]
DEPTH = 40


def counts(board: str, players: int, seed: int = 7) -> list[int]:
    r = rules(players, map=board, regions=None)
    s = r.initial_state(seed)
    rng = Rng.from_seed(seed, 3)
    out = []
    # prefer cheap moves so that the game gets beyond round 1 within DEPTH decisions
    while r.to_move(s) is not None and len(out) < DEPTH:
        legal = r.legal_actions(s)
        out.append(len(legal))
        r.apply(s, legal[rng.below(min(len(legal), 3))] if len(legal) > 3 else legal[-1], legal)
    return out


def test_perft_counts():
    expected = json.loads(COUNTS.read_text())
    for board, players in CASES:
        assert counts(board, players) == expected[f"{board}-{players}"], (board, players)


if __name__ == "__main__":
    rows = [f'  "{b}-{p}": {json.dumps(counts(b, p))}' for b, p in CASES]
    COUNTS.write_text("{\n" + ",\n".join(rows) + "\n}\n")
