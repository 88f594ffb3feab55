"""The conformance kit, run on the example game and shown to catch a broken game."""

from __future__ import annotations

import pytest
from turbine.core import Registry, bots
from turbine.core.testing import ConformanceError, check_variant


def test_sparks_conforms(registry):
    report = check_variant("sparks", players=[2, 3, 4], seeds=range(3), registry=registry)
    assert report.games == 9 and report.actions > 0


def test_kit_catches_an_action_that_changes_state_before_failing(registry, monkeypatch):
    from turbine_sparks import game as sparks_game
    from turbine_sparks import plugin as sparks

    original = sparks_game.SparksRules.apply

    def leaky_apply(self, state, action, legal=None):
        state.players[0].coins += 0 if legal is not None else 1  # mutates before refusing
        return original(self, state, action, legal)

    monkeypatch.setattr(sparks_game.SparksRules, "apply", leaky_apply)
    reg = Registry([("core", bots), ("sparks", sparks)])
    with pytest.raises(ConformanceError, match="changed the state"):
        check_variant("sparks", players=[2], seeds=[0], registry=reg)


def test_kit_catches_notation_that_does_not_round_trip(registry, monkeypatch):
    from turbine_sparks import game as sparks_game

    monkeypatch.setattr(sparks_game.SparksRules, "describe", lambda self, action: "same")
    with pytest.raises(ConformanceError, match=r"does not parse back|not the action written so"):
        check_variant("sparks", players=[2], seeds=[0], registry=registry)


def test_kit_catches_notation_that_read_action_does_not_read_back(registry, monkeypatch):
    """``parse`` matches the text against ``describe`` of the legal moves, so a notation
    that read_action cannot read passes it: a player typing the move shown would only
    learn that it is not a legal move, never why (an illegal one) or that it is."""
    from turbine_sparks import game as sparks_game

    written = sparks_game.SparksRules.describe
    prefixed = lambda self, action: "do " + written(self, action)  # noqa: E731
    monkeypatch.setattr(sparks_game.SparksRules, "describe", prefixed)
    with pytest.raises(ConformanceError, match=r"read_action\('do open 1'\) gives None, not the action"):
        check_variant("sparks", players=[2], seeds=[0], registry=registry)
