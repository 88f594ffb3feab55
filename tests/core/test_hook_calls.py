"""The core calls the game hooks itself, and refuses implementations of hooks that do not exist.

``turbine_setup`` is called by the phase machine as round 1 begins and
``turbine_render_extra`` by :meth:`Game.render`, so an expansion works under any
game without that game remembering to ask.  A misspelt hook would otherwise be
silently ignored by pluggy: building the game's plugin manager refuses it, in
one line that names the plugin and the nearest real hook.
"""

from __future__ import annotations

import types
from typing import Any

import pytest
from turbine.core import ExpansionSpec, Game, ParseError, PluginError, PluginInfo, Registry, bots, hookimpl
from turbine.core.savefile import Seat
from turbine_sparks import plugin as sparks


def expansion(**hooks: Any) -> types.SimpleNamespace:
    """A Sparks expansion named ``bonus`` implementing ``hooks``."""

    @hookimpl
    def turbine_expansions() -> list[ExpansionSpec]:
        return [ExpansionSpec("bonus", "sparks", "Bonus")]

    return types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("bonus_plugin", "1.0", ("sparks",)),
        turbine_expansions=turbine_expansions,
        **hooks,
    )


def registry_with(plugin: types.SimpleNamespace) -> Registry:
    return Registry([("core", bots), ("sparks", sparks), ("bonus_plugin", plugin)])


def test_turbine_setup_is_called_by_the_core_before_round_1():
    seen: list[int] = []

    @hookimpl
    def turbine_setup(rules: Any, state: Any) -> None:
        seen.append(state.flow.round)
        state.deck.remove(7)
        state.deck.append(7)  # the top card: the first auction's offer
        state.players[0].coins += 5

    reg = registry_with(expansion(turbine_setup=turbine_setup))
    plain = Game(reg, "sparks", players=3, seed=4)
    game = Game(reg, "sparks", players=3, seed=4, expansions=["bonus"])
    assert seen == [0]  # once, before the machine began round 1
    assert game.state.flow.round == 1
    assert game.state.offer == 7  # revealed by round 1's first phase, after the hook
    assert game.state.players[0].coins == plain.state.players[0].coins + 5
    game.rewind(0)  # a rebuilt game is set up again
    assert seen == [0, 0]
    assert game.state.offer == 7


def test_turbine_render_extra_lines_follow_the_board():
    @hookimpl
    def turbine_render_extra(rules: Any, state: Any, seat: int | None) -> str | None:
        return None if seat == 1 else f"Bonus board for {seat}"

    reg = registry_with(expansion(turbine_render_extra=turbine_render_extra))
    game = Game(reg, "sparks", players=2, seed=1, expansions=["bonus"])
    board = game.rules.render(game.state, 0)
    assert game.render(0) == board + "\nBonus board for 0"
    assert game.render(1) == game.rules.render(game.state, 1)  # None adds nothing
    plain = Game(reg, "sparks", players=2, seed=1)
    assert plain.render(None) == plain.rules.render(plain.state, None)


def test_an_expansion_s_views_follow_the_game_s_and_never_replace_them():
    """``turbine_views`` and ``turbine_render_view``, asked by :meth:`Game.views` and
    :meth:`Game.render_view`: a name the game itself uses stays the game's."""

    @hookimpl
    def turbine_views(rules: Any) -> dict[str, str]:
        return {"bonus": "the bonus board", "market": "the bonus market"}

    @hookimpl
    def turbine_render_view(rules: Any, state: Any, seat: int | None, name: str, arg: str) -> str | None:
        return (
            f"{name} of the bonus for {seat}{' ' + arg if arg else ''}"
            if name in ("bonus", "market")
            else None
        )

    reg = registry_with(expansion(turbine_views=turbine_views, turbine_render_view=turbine_render_view))
    game = Game(reg, "sparks", players=2, seed=1, expansions=["bonus"])
    game.rules.views = lambda: {"market": "the game's market"}
    game.rules.render_view = lambda state, seat, name, arg="": f"the game's {name}"
    assert game.views() == {"market": "the game's market", "bonus": "the bonus board"}
    assert game.render_view(1, "market") == "the game's market"
    assert game.render_view(1, "bonus", "2") == "bonus of the bonus for 1 2"
    with pytest.raises(ParseError, match="'nothing' is not a view"):
        game.render_view(1, "nothing")
    plain = Game(reg, "sparks", players=2, seed=1)
    assert plain.views() == {}


def test_an_unknown_hook_is_refused_in_one_line():
    @hookimpl
    def turbine_round_ends(rules: Any, state: Any) -> None:
        raise AssertionError("never called")

    reg = registry_with(expansion(turbine_round_ends=turbine_round_ends))
    Game(reg, "sparks", players=2, seed=1)  # games without the expansion are not affected
    with pytest.raises(PluginError) as info:
        Game(reg, "sparks", players=2, seed=1, expansions=["bonus"])
    message = str(info.value)
    assert message == (
        "plugin 'bonus_plugin' implements turbine_round_ends, which is no hook of sparks games "
        "(did you mean turbine_round_end?); mark it @hookimpl(optionalhook=True) if it is meant "
        "for another game"
    )


def test_an_optional_hook_of_another_game_is_accepted():
    calls: list[str] = []

    @hookimpl(optionalhook=True)
    def barrage_end_of_round(game: Any, state: Any, round_no: int) -> None:
        calls.append("barrage")

    @hookimpl
    def turbine_round_end(rules: Any, state: Any) -> None:
        calls.append("round")

    reg = registry_with(
        expansion(barrage_end_of_round=barrage_end_of_round, turbine_round_end=turbine_round_end)
    )
    seats = [Seat("a", "random"), Seat("b", "random")]
    game = Game(reg, "sparks", players=2, seed=1, expansions=["bonus"], seats=seats)
    bot = game.make_bots()
    while not game.is_over:
        game.play(bot[game.to_move].choose(game.state, game.legal()))
    assert calls and set(calls) == {"round"}  # accepted, and never called in Sparks


def test_a_misspelt_barrage_hook_is_refused():
    from turbine.core.plugins import default_registry

    reg = default_registry()

    @hookimpl
    def barrage_end_round(game: Any, state: Any, round_no: int) -> None:
        raise AssertionError("never called")

    typo = types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("typo", "1.0", ("barrage",)),
        turbine_expansions=hookimpl(lambda: [ExpansionSpec("typo", "barrage", "Typo")]),
        barrage_end_round=barrage_end_round,
    )
    mine = Registry([*((n, p.module) for n, p in reg.plugins.items()), ("typo", typo)])
    with pytest.raises(
        PluginError,
        match=r"^plugin 'typo' implements barrage_end_round, .*"
        r"\(did you mean barrage_end_of_round\?\)",
    ):
        Game(mine, "barrage", players=2, seed=1, expansions=["typo"])
