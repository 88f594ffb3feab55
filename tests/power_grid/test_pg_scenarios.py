"""Seeded whole-game checks: every game ends within the bound, invariants hold, bots finish."""

from __future__ import annotations

import pytest
from pg_helpers import rules
from turbine.core.rng import Rng
from turbine.plugins.power_grid.bots import GreedyBot

TOTALS = [24, 24, 24, 12]


def _check(r, s):
    held = [sum(p.res[i] for p in s.players) for i in range(4)]
    assert [s.resources[i] + s.reserve[i] + held[i] for i in range(4)] == TOTALS  # P-1.3
    assert all(p.money >= 0 for p in s.players)
    assert all(len(p.plants) <= r.max_plants for p in s.players) or s.flow.pending
    for _c, h in enumerate(s.houses):
        assert len(h) == len(set(h)) <= 3  # P-6.8, P-6.9


@pytest.mark.parametrize("board", ["russia", "japan"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_end_within_decision_bound(board, players):
    for seed in range(3):
        r = rules(players, map=board, flow_generator=seed == 1)
        s = r.initial_state(seed)
        rng = Rng.from_seed(seed, 5)
        bound = r.decision_bound()
        n = 0
        while r.to_move(s) is not None:
            legal = r.legal_actions(s)
            assert legal
            r.apply(s, legal[rng.below(len(legal))], legal)
            n += 1
            assert n <= bound
            if n % 7 == 0:
                _check(r, s)
        _check(r, s)
        assert s.ended and r.winner(s)


@pytest.mark.parametrize("board", ["russia", "japan"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_bots_end_by_city_count(board, players):
    for seed in range(2):
        r = rules(players, map=board)
        s = r.initial_state(seed)
        bots = [GreedyBot(r, i, seed) for i in range(players)]
        while r.to_move(s) is not None:
            legal = r.legal_actions(s)
            seat = r.to_move(s)
            r.apply(s, bots[seat].choose(r.view(s, seat), legal), legal)  # a bot sees its seat's view
        # P-9.1: the game ended by the city-count rule, in a realistic number of rounds
        assert r.max_cities(s) >= r.end_cities
        assert 6 <= s.flow.round <= 25


def test_replay_same_seed_same_digest():
    r = rules(4, map="japan")
    digests = []
    for _ in range(2):
        s = r.initial_state(42)
        rng = Rng.from_seed(42, 5)
        while r.to_move(s) is not None:
            legal = r.legal_actions(s)
            r.apply(s, legal[rng.below(len(legal))], legal)
        digests.append(r.digest(s))
    assert digests[0] == digests[1]
