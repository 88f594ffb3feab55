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


def test_kit_names_a_state_or_an_action_that_cannot_be_saved(registry, monkeypatch):
    """A field holding something JSON has no form for fails the kit with what it is, not
    with a TypeError from deep inside a digest."""
    import msgspec
    from turbine_sparks import game as sparks_game

    setup = sparks_game.SparksRules.initial_state

    def with_a_function(self, seed):
        state = setup(self, seed)
        state.players[0].coins = print
        return state

    monkeypatch.setattr(sparks_game.SparksRules, "initial_state", with_a_function)
    with pytest.raises(
        ConformanceError, match="the state cannot be encoded as JSON, which saves and digests"
    ):
        check_variant("sparks", players=[2], seeds=[0], registry=registry)
    monkeypatch.undo()

    class Odd(msgspec.Struct, tag="odd"):
        what: object = print

    legal, read = sparks_game.SparksRules.legal_actions, sparks_game.SparksRules.read_action
    monkeypatch.setattr(
        sparks_game.SparksRules,
        "read_action",
        lambda self, text: Odd() if text == "odd" else read(self, text),
    )
    monkeypatch.setattr(
        sparks_game.SparksRules, "legal_actions", lambda self, state: [Odd(), *legal(self, state)][:1]
    )
    with pytest.raises(ConformanceError, match=r"the action Odd\(.*\) cannot be encoded as JSON"):
        check_variant("sparks", players=[2], seeds=[0], registry=registry)


@pytest.mark.parametrize(
    ("method", "fault", "said"),
    [
        ("turn_view", lambda self, state, seat: 1 / 0, r"turn_view\(seat \d\) raised ZeroDivisionError"),
        ("question", lambda self, state: None, r"question\(\) returned NoneType, not a text"),
        ("choice_text", lambda self, state, action: {}["x"], r"choice_text\(.*\) raised KeyError"),
        (
            "render",
            lambda self, state, seat: "[/bold]",
            r"the board for seat 1 is not valid rich markup \(escape",
        ),
        (
            "render",
            lambda self, state, seat: state.players.append(state.players[0]) or "",
            "changed the state",
        ),
    ],
)
def test_kit_draws_what_the_table_shows(registry, monkeypatch, method, fault, said):
    """A panel, question, choice or board that raises, is no text or changes the state
    stopped ``turbine play`` with a traceback; the kit draws them every few decisions."""
    from turbine_sparks import game as sparks_game

    original = getattr(sparks_game.SparksRules, method)
    calls = {"n": 0}

    def broken(self, state, *args):
        calls["n"] += 1
        return fault(self, state, *args) if calls["n"] > 1 else original(self, state, *args)

    monkeypatch.setattr(sparks_game.SparksRules, method, broken)
    with pytest.raises(ConformanceError, match=said):
        check_variant("sparks", players=[2], seeds=[0], registry=registry, all_bots=False)
