"""Bots see what their seat sees: the view, never the state (issue: hidden deck order
and face-down stacks).

A spy bot keeps every view the table hands it; each must be what ``rules.view`` shows
its seat, with the hidden parts hidden, and never the game's own state.
"""

from __future__ import annotations

import pytest
from bots_helpers import Spy, registry_with
from turbine.core import BotSpec, Game, Rng, Seat
from turbine.core.rules import Rules
from turbine.core.testing import play_until
from turbine.plugins.power_grid.state import HIDDEN

SPY = BotSpec("spy", Spy, "keeps what it is shown")


@pytest.fixture(scope="module")
def spy_registry():
    return registry_with(SPY)


def spy_game(registry, variant, players, *, seed=3, options=None, expansions=(), decisions=400):
    """A game with the spy in seat 1 and random bots elsewhere, played by the table's bots
    for ``decisions`` decisions; the game, and each view the spy got with the state it was
    taken from (a copy made just before the spy was asked)."""
    Spy.instances.clear()
    seats = [Seat("spy", "spy")] + [Seat(f"r{i}", "random") for i in range(1, players)]
    game = Game(
        registry, variant, players=players, seed=seed, options=options, expansions=expansions, seats=seats
    )
    bots = game.make_bots()
    asked: list[tuple[object, object]] = []  # (the state as it was, the game's state object)
    while not game.is_over and len(game.log) < decisions:
        seat = game.to_move
        assert seat is not None
        if seat == 0:
            asked.append((game.rules.clone(game.state), game.state))
        game.play(bots[seat].choose(game.state, game.legal()))
    (spy,) = Spy.instances
    assert len(spy.seen) == len(asked) > 0
    return game, list(zip(spy.seen, asked, strict=True))


def test_power_grid_bot_never_sees_the_deck_order(spy_registry):
    """P-2.10/P-2.11: the deck below the known cards is face down; a bot sees it as a
    player does: the same length, hidden cards where the deck order is secret."""
    game, views = spy_game(spy_registry, "power_grid", 3)
    rules = game.rules
    hidden_seen = 0
    for view, (state, live) in views:
        assert view is not live
        assert view == rules.view(state, 0)  # exactly what the seat may see
        assert len(view.deck) == len(state.deck)
        assert view.rng == Rng(0) and state.rng != view.rng  # the game's generator is secret too
        secret = [i for i, (a, b) in enumerate(zip(view.deck, state.deck, strict=True)) if a != b]
        assert all(view.deck[i] == HIDDEN for i in secret)  # a card shown is the true card
        hidden_seen += len(secret)
        # what is shown is true: every card not hidden, the market, every player's plants and money
        assert view.market == state.market and view.players == state.players
    assert hidden_seen > 0  # the spy was asked while the deck held secret cards


def test_barrage_bot_never_sees_the_face_down_stacks(spy_registry):
    """B-4: the tile and contract stacks (and Leeghwater's external-works stacks,
    L-5.4) lie face down; a bot sees their sizes only."""
    game, views = spy_game(spy_registry, "barrage", 3, expansions=("leeghwater",), decisions=150)
    rules = game.rules
    for view, (state, live) in views:
        assert view is not live
        assert view == rules.view(state, 0)
        assert [len(s) for s in view.stacks] == [len(s) for s in state.stacks]
        assert all(card == "" for stack in view.stacks for card in stack)
        assert all(card == "" for stack in view.patent_stacks for card in stack)
        assert any(card for stack in state.stacks for card in stack)  # there was something to hide
        assert view.players == state.players  # a seat's own pieces and everyone's board are public
        works = view.ext.leeghwater.ew_stacks if view.ext.leeghwater else []
        assert all(card == "" for stack in works for card in stack)


def test_a_bot_in_a_game_without_secrets_gets_a_copy(spy_registry, monkeypatch):
    """A game whose view hides nothing still never hands a bot the state itself: what
    the bot does to its view cannot change the game."""
    from turbine_sparks.game import SparksRules

    monkeypatch.setattr(SparksRules, "view", Rules.view)

    class Vandal(Spy):
        def choose(self, view, legal):
            view.players[0].coins += 1000  # a bot that scribbles on what it is shown
            return super().choose(view, legal)

    registry = registry_with(BotSpec("vandal", Vandal))
    Spy.instances.clear()
    game = Game(registry, "sparks", players=2, seed=1, seats=[Seat("v", "vandal"), Seat("r", "random")])
    bots = game.make_bots()
    while not game.is_over:
        seat = game.to_move
        before = game.rules.clone(game.state)
        action = bots[seat].choose(game.state, game.legal())
        assert game.state == before  # the bot's scribbles stayed on its copy
        game.play(action)
    assert Spy.instances[0].seen and all(v is not game.state for v in Spy.instances[0].seen)


def test_a_blind_bot_is_spared_the_view(spy_registry):
    """``BotSpec.blind``: the random bot never reads its view, and is given none."""
    registry = registry_with(BotSpec("blind_spy", Spy, blind=True))
    Spy.instances.clear()
    game = Game(registry, "sparks", players=2, seed=0, seats=[Seat("b", "blind_spy"), Seat("r", "random")])
    play_until(game, lambda g: g.is_over, bots=None)
    assert Spy.instances[0].seen and set(map(type, Spy.instances[0].seen)) == {type(None)}
    assert registry.bot("random", "sparks").blind


def test_play_until_shows_a_test_s_own_bot_the_view(spy_registry):
    """``play_until`` holds a bot object a test passes as the table holds one: it too gets
    the seat's view, not the state."""
    game = Game(spy_registry, "power_grid", players=2, seed=5)
    spy = Spy(game.rules, 0, 0)
    play_until(game, lambda g: len(g.log) >= 30, bots=spy)
    assert len(spy.seen) == 30
    assert all(HIDDEN in view.deck for view in spy.seen)
