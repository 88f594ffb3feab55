"""Stopping between automatic steps: ``Game(stop_at=...)`` keeps the position at each
chosen phase boundary the automatic steps cross, and never changes the game."""

from __future__ import annotations

import pytest
from turbine.core import BadOptions, Game, Registry, bots
from turbine.core.savefile import Seat
from turbine.core.testing import position
from turbine.plugins.barrage import plugin as barrage
from turbine.plugins.power_grid import plugin as power_grid

REGISTRY = Registry([("core", bots), ("barrage", barrage), ("power_grid", power_grid)])
GAMES = [
    ("barrage", 2, {"mode": "intro"}),
    ("barrage", 3, {"mode": "full"}),
    ("power_grid", 3, {"map": "russia"}),
]


def _played(
    variant: str, players: int, options: dict, seed: int, stop_at: tuple[str, ...]
) -> tuple[Game, list]:
    seats = [Seat(f"bot {i}", "random") for i in range(players)]
    game = Game(REGISTRY, variant, players=players, seed=seed, options=options, seats=seats, stop_at=stop_at)
    chosen = game.make_bots()
    digests = [game.rules.digest(game.state)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.play(chosen[seat].choose(game.state, game.legal()))
        digests.append(game.rules.digest(game.state))
    return game, digests


@pytest.mark.parametrize(("variant", "players", "options"), GAMES)
@pytest.mark.parametrize("seed", [0, 1])
def test_stopping_at_every_phase_never_changes_the_game(variant, players, options, seed):
    plain, plain_digests = _played(variant, players, options, seed, ())
    every = tuple(plain.rules.machine.names)
    stopped, stopped_digests = _played(variant, players, options, seed, every)
    assert stopped_digests == plain_digests
    assert [e.notation for e in stopped.log] == [e.notation for e in plain.log]
    assert stopped.rules.scores(stopped.state) == plain.rules.scores(plain.state)
    assert stopped.checkpoint_digest(final=True) == plain.checkpoint_digest(final=True)


def test_round_scoring_is_seen_before_the_next_income():
    """B-5: scoring, end of round, then the next round's income.  The stop before the
    income shows the round scored and the income not paid yet: USA, with 4 dams built,
    earns 6 credits (its company board's income, B-6.2) only after the stop."""
    seats = [Seat(f"bot {i}", "random") for i in range(2)]
    game = Game(
        REGISTRY,
        "barrage",
        players=2,
        seed=3,
        options={"mode": "intro"},
        seats=seats,
        stop_at=("scoring", "income"),
    )
    assert [(s.round, s.phase) for s in game.stops] == [(1, "income")]  # the setup's automatic steps
    game = position(game).clear_map().seat(0).dam("B1U").dam("B2U").dam("B3U").dam("B4U").build()
    chosen = game.make_bots()
    while game.rules.round_number(game.state) == 1:
        seat = game.to_move
        assert seat is not None
        game.play(chosen[seat].choose(game.state, game.legal()))
    scoring, income = game.stops
    assert (scoring.round, scoring.phase, income.round, income.phase) == (1, "scoring", 2, "income")
    rules = game.rules
    assert rules.phase_name(income.state) == "income" and rules.round_number(income.state) == 2
    assert rules.seat_name(game.state, 0) == "USA"
    # round scoring happened between the stops (this seed: no energy made, 3 VP lost each, B-18.3.2)
    assert [p.vp for p in scoring.state.players] == [10, 10]
    assert [p.vp for p in income.state.players] == [p.vp for p in game.state.players] == [7, 7]
    # the income is paid after the stop
    assert game.state.players[0].credits == income.state.players[0].credits + 6
    assert game.state.players[1].credits == income.state.players[1].credits
    # the stops are copies: changing one changes nothing in the game
    before = rules.digest(game.state)
    income.state.players[0].credits += 100
    assert rules.digest(game.state) == before


def test_a_phase_the_game_does_not_have_is_refused():
    with pytest.raises(BadOptions, match="stop_at: no phase harvest; the phases are income, actions"):
        Game(REGISTRY, "barrage", players=2, seed=0, options={"mode": "intro"}, stop_at=("harvest",))


def test_without_stop_at_nothing_is_kept():
    game = Game(REGISTRY, "power_grid", players=3, seed=0)
    game.play(game.legal()[0])
    assert game.stops == [] and game.stop_at == frozenset()
