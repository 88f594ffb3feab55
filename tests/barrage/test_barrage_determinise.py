"""Determinisation of a Barrage view (:meth:`BarrageRules.determinise`): the face-down
private contract stacks (B-4.1.9), the Patent Office stacks (B-4.1.12) and, with the
Leeghwater Project, the external-works stacks (L-3.3) dealt again from what a seat has
not seen, for searching bots (an expansion's by turbine's core hooks ``turbine_view`` and
``turbine_determinise``, HP-3)."""

from __future__ import annotations

from collections import Counter

import pytest
from turbine.core import Game, Registry, Rng
from turbine.core.testing import make_game, play_until
from turbine.plugins.barrage.position import barrage_position
from turbine.plugins.barrage.rules import advanced_stacks, contract_ids, seen_ids
from turbine.plugins.barrage.tables import PRIVATE_STACKS
from turbine.plugins.leeghwater import plugin as leeghwater
from turbine.plugins.leeghwater import store
from turbine.plugins.leeghwater.position import leeghwater_position

REGISTRY = Registry.discover(extra=[("leeghwater", leeghwater)])


def _game(moves: int, players: int = 2, seed: int = 2, mode: str = "full", expansions=()) -> Game:
    game = make_game(
        "barrage",
        players=players,
        seed=seed,
        options={"mode": mode},
        expansions=expansions,
        registry=REGISTRY,
    )
    play_until(game, lambda g: len(g.log) >= moves, bots="random")
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [
        _game(0),
        _game(40, players=3),
        _game(30, mode="intro"),
        _game(25, players=3, seed=5, expansions=["leeghwater"]),
    ]


def _with_leeghwater(state) -> bool:
    return getattr(state.ext, "leeghwater", None) is not None


def _stacks(state) -> list[list[str]]:
    """Every face-down stack of ``state``, Leeghwater's external works last."""
    out = [*state.stacks, *state.patent_stacks]
    if _with_leeghwater(state):
        out += store.shared(state).ew_stacks
    return out


def _position(game: Game):
    return leeghwater_position(game) if _with_leeghwater(game.state) else barrage_position(game)


def _kinds(state) -> list[set[str]]:
    """The ids each stack of :func:`_stacks` is made of (B-4.1.9, B-4.1.12, L-3.3)."""
    out = [set(contract_ids("private", colour)) for colour in PRIVATE_STACKS][: len(state.stacks)]
    out += [set(stack) for stack in advanced_stacks()][: len(state.patent_stacks)]
    if _with_leeghwater(state):
        out += [{w.id for w in store.data().external_works.of_stack(name)} for name in "ABC"]
    return out


def test_a_determinisation_agrees_with_the_view_and_deals_each_hidden_item_once(games):
    for game in games:
        rules, state = game.rules, game.state
        for seat in range(game.players):
            view = rules.view(state, seat)
            d = rules.determinise(view, seat, Rng.from_seed(seat))
            assert rules.view(d, seat) == view  # the seat sees exactly what it saw
            in_sight = seen_ids(view)
            dealt = [item for stack in _stacks(d) for item in stack]
            assert all(dealt) and len(set(dealt)) == len(dealt)  # each item once
            assert not in_sight & set(dealt)  # never one the seat can see elsewhere
            # each of its kind: Barrage's ids, or those an expansion put in that stack (HP-2)
            for stack, kind, real in zip(_stacks(d), _kinds(d), _stacks(state), strict=True):
                assert set(stack) <= kind | set(real)
            assert d.rng != view.rng


def test_before_anything_left_the_game_the_stacks_are_the_real_ones_reordered(games):
    """At setup no contract has been discarded (contracts discarded to the hand limit
    leave the game, and the state keeps no record of them) and Barrage takes no tile
    out unseen, so the unseen items of each kind are exactly the real stack's."""
    game = games[0]
    view = game.rules.view(game.state, 0)
    for seed in range(4):
        d = game.rules.determinise(view, 0, Rng.from_seed(seed))
        for dealt, real in zip(_stacks(d), _stacks(game.state), strict=True):
            assert Counter(dealt) == Counter(real)


def test_leeghwater_tiles_removed_unseen_may_be_dealt():
    """L-3.6: AT-B1-AT-B3 join stacks I-III and one random tile leaves each, unseen: a
    determinisation deals each stack from its four candidates, the Leeghwater tile too."""
    game = _game(0, players=3, seed=5, expansions=["leeghwater"])
    view = game.rules.view(game.state, 0)
    dealt = set()
    for seed in range(24):
        d = game.rules.determinise(view, 0, Rng.from_seed(seed))
        dealt |= {tile for stack in d.patent_stacks for tile in stack}
    face_down = {"AT-B1", "AT-B2", "AT-B3"} - seen_ids(view)  # not in the Patent Office display
    assert face_down and face_down <= dealt


def test_the_determinised_stacks_differ_between_rngs_and_repeat_with_one(games):
    for game in games:
        view = game.rules.view(game.state, 0)
        deals = [game.rules.determinise(view, 0, Rng.from_seed(s)) for s in range(6)]
        assert game.rules.determinise(view, 0, Rng.from_seed(0)) == deals[0]
        assert len({str(_stacks(d)) for d in deals}) > 1


def test_leeghwater_external_works_are_dealt_again():
    """L-3.3: the works of stacks A-C face down are hidden by ``turbine_view`` and dealt
    again by ``turbine_determinise``, each from its own stack's works."""
    game = _game(25, players=3, seed=5, expansions=["leeghwater"])
    view = game.rules.view(game.state, 1)
    hidden = store.shared(view).ew_stacks
    assert any(hidden) and all(w == "" for stack in hidden for w in stack)
    dealt = store.shared(game.rules.determinise(view, 1, Rng.from_seed(4))).ew_stacks
    real = store.shared(game.state).ew_stacks
    assert [sorted(s) for s in dealt] == [sorted(s) for s in real]


def test_a_determinisation_is_a_legal_position_that_plays_on(games):
    for game in games:
        d = game.rules.determinise(game.rules.view(game.state, 1), 1, Rng.from_seed(9))
        twin = make_game(
            "barrage",
            players=game.players,
            seed=game.seed,
            options=game.options,
            expansions=game.expansions,
            registry=REGISTRY,
        )
        twin.state = d
        assert _position(twin).problems() == _position(game).problems() == []
        played = play_until(twin, lambda g: g.is_over or len(g.log) >= 120, bots="random")
        assert played > 0
