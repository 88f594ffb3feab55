"""Every published hook is called: seeded bot games on plugin managers that also hold a spy.

A hook specification that nothing calls is a promise no plugin can rely on (an
expansion implementing it would silently never run).  These tests play full
seeded games of every installed variant and expansion (2, 3 and 4 players; for
Barrage the introductory game, the full game and the full game with the
Leeghwater Project), each then shown, asked for every view and drawn for every seat,
on a registry that holds a spy plugin implementing every
hook of the game, and fail naming each core (:mod:`turbine.core.hookspecs`), Barrage
(:mod:`turbine.plugins.barrage.hookspecs`) or Power Grid
(:mod:`turbine.plugins.power_grid.hookspecs`) hook that was never called.

Barrage skips the hooks no plugin implements, so the spy makes them all live;
it returns ``None`` everywhere, which pluggy drops from collected results, a
``firstresult`` hook passes on and :func:`fold_hook` keeps the value unchanged.
Each game is therefore also played without the spy and must go the same way.
"""

from __future__ import annotations

import contextlib
import types
from collections import Counter
from collections.abc import Callable
from typing import Any

import pluggy
import pytest
from turbine.core import Game, ParseError, PluginInfo, Registry, Rng, drawing, hookspecs
from turbine.core.plugins import default_registry
from turbine.core.savefile import Seat
from turbine.plugins.barrage.hookspecs import BarrageSpecs
from turbine.plugins.power_grid.hookspecs import PowerGridSpecs

SPY = "hook-spy"
BOTS = {"barrage": ("greedy", "random"), "power_grid": ("greedy", "random"), "sparks": ("thrifty", "random")}


def spec_names(*spec_classes: type) -> set[str]:
    """The hooks that ``spec_classes`` specify."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    for cls in spec_classes:
        pm.add_hookspecs(cls)
    return {name for name, caller in vars(pm.hook).items() if not name.startswith("_") and caller.has_spec()}


def _recorder(name: str, argnames: tuple[str, ...], called: Counter[str]) -> Callable[..., None]:
    """An implementation of hook ``name`` that takes exactly its arguments, counts the call
    and returns ``None`` (pluggy and :func:`fold_hook` pass arguments by these names)."""
    namespace: dict[str, Any] = {"called": called}
    exec(f"def {name}({', '.join(argnames)}):\n    called[{name!r}] += 1\n", namespace)
    return hookspecs.hookimpl(namespace[name])


def spy_for(pm: pluggy.PluginManager, called: Counter[str]) -> types.SimpleNamespace:
    """A plugin implementing every hook specified on ``pm``."""
    spy = types.SimpleNamespace(PLUGIN_INFO=PluginInfo(SPY, "0"))
    for name, caller in vars(pm.hook).items():
        if not name.startswith("_") and caller.has_spec():
            setattr(spy, name, _recorder(name, caller.spec.argnames, called))
    return spy


class SpiedRegistry:
    """A registry found like the default one plus a spy in every game plugin manager."""

    def __init__(self) -> None:
        self.called: Counter[str] = Counter()
        registry_pm = pluggy.PluginManager(hookspecs.PROJECT)
        registry_pm.add_hookspecs(hookspecs.RegistrySpecs)
        self.registry = Registry.discover(extra=[(SPY, spy_for(registry_pm, self.called))])
        assert SPY in self.registry.plugins, self.registry.errors

    def play(
        self, variant: str, players: int, seed: int, options: dict[str, Any], expansions: tuple[str, ...]
    ):
        """Play one bot game with the spy, then show and draw it for every seat; check that the same
        game without the spy goes the same way.  Returns the spied game."""
        pm = self.registry.game_plugin_manager(variant, expansions)
        if pm.get_plugin(SPY) is None:
            pm.register(spy_for(pm, self.called), name=SPY)
        spied = _play(self.registry, variant, players, seed, options, expansions)
        for seat in [*range(players), None]:
            spied.render(seat)
            for name in spied.views():
                with contextlib.suppress(ParseError):  # a view that wants an argument
                    spied.render_view(seat, name)
            view = spied.rules.view(spied.state, seat)
            if seat is not None:
                spied.rules.determinise(view, seat, Rng.from_seed(seed))
            drawing.svg(spied, seat)
        plain = _play(default_registry(), variant, players, seed, options, expansions)
        assert [e.notation for e in spied.log] == [e.notation for e in plain.log]
        assert spied.rules.scores(spied.state) == plain.rules.scores(plain.state)
        return spied


def _play(
    registry: Registry,
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    expansions: tuple[str, ...],
) -> Game:
    kinds = BOTS.get(variant, ("random",))
    seats = [Seat(f"bot {i + 1}", kinds[i % len(kinds)]) for i in range(players)]
    game = Game(
        registry, variant, players=players, seed=seed, options=options, expansions=expansions, seats=seats
    )
    bots = game.make_bots()
    bound = game.rules.decision_bound()
    while not game.is_over and len(game.log) < bound:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    assert game.is_over, f"{variant} {expansions} seed {seed}: not over after {bound} decisions"
    return game


def _missing(called: Counter[str], specs: set[str]) -> list[str]:
    return sorted(name for name in specs if not called[name])


@pytest.fixture(scope="module")
def spied() -> SpiedRegistry:
    return SpiedRegistry()


def test_every_core_hook_is_called(spied: SpiedRegistry) -> None:
    """Every installed variant, alone and with each of its expansions, 2–4 players."""
    reg = spied.registry
    played = 0
    for variant, spec in sorted(reg.variants.items()):
        setups = [(), *((e.id,) for e in reg.expansions_for(variant))]
        for expansions in setups:
            for players in range(max(2, spec.min_players), min(4, spec.max_players) + 1):
                spied.play(variant, players, seed=players, options={}, expansions=expansions)
                played += 1
    assert played >= 15  # Barrage, Power Grid, Sparks; Leeghwater, the subsidy
    missing = _missing(spied.called, spec_names(hookspecs.RegistrySpecs, hookspecs.GameSpecs))
    assert not missing, f"core hooks never called: {', '.join(missing)}"


def test_every_barrage_hook_is_called(spied: SpiedRegistry) -> None:
    """Barrage's hooks over its three setups together: the introductory game, the
    full game, and the full game with the Leeghwater Project; 2–4 players, two seeds."""
    for mode, expansions in (("intro", ()), ("full", ()), ("full", ("leeghwater",))):
        for players in (2, 3, 4):
            for seed in (1, 2):
                game = spied.play("barrage", players, seed, {"mode": mode}, expansions)
                assert game.rules.full == (mode == "full")
    _refuse_a_placement(spied)  # an expansion's own refusal, reached through barrage_action_spaces
    missing = _missing(spied.called, spec_names(BarrageSpecs))
    assert not missing, f"Barrage hooks never called: {', '.join(missing)}"


def test_every_power_grid_hook_is_called(spied: SpiedRegistry) -> None:
    """Power Grid's hooks over both maps, alone and with each installed expansion, 2–4 players."""
    reg = spied.registry
    setups = [(), *((e.id,) for e in reg.expansions_for("power_grid"))]
    for game_map in ("russia", "japan"):
        for expansions in setups:
            for players in (2, 3, 4):
                spied.play("power_grid", players, players, {"map": game_map}, expansions)
    missing = _missing(spied.called, spec_names(PowerGridSpecs))
    assert not missing, f"Power Grid hooks never called: {', '.join(missing)}"


def _refuse_a_placement(spied: SpiedRegistry) -> None:
    """Play a Leeghwater game to its first placement and ask why an unknown work is refused."""
    from turbine.plugins.barrage.actions import Ext

    game = Game(
        spied.registry,
        "barrage",
        players=2,
        seed=1,
        options={"mode": "full"},
        expansions=("leeghwater",),
        seats=[Seat("bot 1", "random"), Seat("bot 2", "random")],
    )
    bots = game.make_bots()
    while game.state.flow.pending:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
    refusal = game.rules.why_illegal(game.state, Ext("work", "EW-T0"))
    assert refusal.rule and refusal.rule.startswith("L-"), refusal
