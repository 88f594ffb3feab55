"""Whole games with the expansion: the conformance kit for 2, 3 and 4 players, perft-style
anchors from fixed seeds (committed in ``leeghwater_perft.json``), greedy games that use
external works and buildings.

Barrage reaches the expansion's placements and decisions through ``barrage_action_spaces``
and ``barrage_decisions`` (``plugins/barrage/HOOKS.md``).  Regenerate the anchors after a
deliberate rules change with ``python tests/leeghwater/test_leeghwater_play.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from turbine.core.plugins import Registry
from turbine.core.session import Game, Seat
from turbine.core.testing import check_variant, legal_counts
from turbine.plugins.barrage.actions import Ext
from turbine.plugins.leeghwater import plugin

REGISTRY = Registry.discover(extra=[("leeghwater", plugin)])
COUNTS = Path(__file__).with_name("leeghwater_perft.json")
DECISIONS = 60
CASES = [(2, 1), (3, 2), (4, 3), (4, 7)]


def counts(players: int, seed: int) -> list[int]:
    return legal_counts(
        "barrage",
        players=players,
        seed=seed,
        decisions=DECISIONS,
        options={},
        expansions=["leeghwater"],
        registry=REGISTRY,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_with_the_expansion(players):
    """The core contract (determinism, notation round trip, views, bounds) with --with leeghwater."""
    report = check_variant(
        "barrage", players=[players], seeds=range(2), expansions=["leeghwater"], registry=REGISTRY
    )
    assert report.games == 2


def test_perft_counts_match_the_committed_anchors():
    expected = json.loads(COUNTS.read_text())
    for players, seed in CASES:
        assert counts(players, seed) == expected[f"{players}p seed {seed}"], (players, seed)


def greedy_game(players: int, seed: int) -> Game:
    """A Leeghwater game between greedy bots (seats ``g0``, ``g1`` …)."""
    return Game(
        REGISTRY,
        "barrage",
        players=players,
        seed=seed,
        options={},
        expansions=["leeghwater"],
        seats=[Seat(f"g{i}", "greedy") for i in range(players)],
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_finish_and_use_the_expansion(players):
    used = {"work": 0, "build": 0, "use": 0}
    for seed in range(3):
        game = greedy_game(players, seed)
        bots = game.make_bots()
        while not game.is_over:
            action = bots[game.to_move].choose(game.state, game.legal())
            if type(action) is Ext and action.name in used:
                used[action.name] += 1
            game.play(action)
    assert all(used.values()), used


if __name__ == "__main__":
    data = {f"{p}p seed {s}": counts(p, s) for p, s in CASES}
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    COUNTS.write_text("{\n" + body + "\n}\n")
