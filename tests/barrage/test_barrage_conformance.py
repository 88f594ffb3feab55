"""The core conformance kit over the Barrage variant, and whole games."""

from __future__ import annotations

from barrage_setup import INTRO, REGISTRY
from turbine.core import Game
from turbine.core.savefile import Seat
from turbine.core.testing import check_variant


def test_check_variant_random_bot():
    report = check_variant("barrage", players=[2, 3, 4], seeds=range(2), registry=REGISTRY, options=INTRO)
    assert report.games == 6


def test_check_variant_greedy_bot():
    report = check_variant(
        "barrage", players=[2, 4], seeds=range(1), registry=REGISTRY, bot="greedy", options=INTRO
    )
    assert report.games == 2


def test_whole_games_end_after_round_5_with_final_scoring():
    """Rules: B-1.4, B-5.1, B-19.1, B-20.1, B-18.5."""
    for players in (2, 3, 4):
        game = Game(
            REGISTRY,
            "barrage",
            players=players,
            seed=11,
            options=INTRO,
            seats=[Seat(f"g{i}", "greedy") for i in range(players)],
        )
        bots = game.make_bots()
        while not game.is_over:
            game.play(bots[game.to_move].choose(game.state, game.legal()))
        assert game.state.flow.round == 5 and game.state.finished
        assert len(game.log) <= game.rules.decision_bound()
        assert all(p.vp >= 0 for p in game.state.players)
