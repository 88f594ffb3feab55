"""Plugin discovery, ordering, failures and per-game isolation."""

from __future__ import annotations

import re
import types

import pytest
from turbine.core import BotSpec, ExpansionSpec, PluginError, PluginInfo, Registry, bots, hookimpl
from turbine.core.errors import BadOptions


def module(name: str, requires: tuple[str, ...] = (), **hooks) -> types.SimpleNamespace:
    return types.SimpleNamespace(PLUGIN_INFO=PluginInfo(name, "1.0", requires), **hooks)


def test_topological_order_is_deterministic():
    plugins = [("c", module("c", ("a",))), ("b", module("b")), ("a", module("a", ("b",)))]
    assert list(Registry(plugins).plugins) == ["b", "a", "c"]
    assert list(Registry(reversed(plugins)).plugins) == ["b", "a", "c"]


def test_missing_requirement_is_reported_and_dependents_left_out():
    reg = Registry([("x", module("x", ("nowhere",))), ("y", module("y", ("x",))), ("z", module("z"))])
    assert list(reg.plugins) == ["z"]
    assert reg.errors["x"] == "requires nowhere, which is not installed"
    said = "requires x, which is installed but left out (requires nowhere, which is not installed)"
    assert reg.errors["y"] == said


def test_cyclic_requirements_are_refused():
    reg = Registry([("p", module("p", ("q",))), ("q", module("q", ("p",)))])
    assert reg.plugins == {}
    assert reg.errors["p"] == "cyclic requirements among: p, q"


def test_module_without_plugin_info_is_an_error():
    reg = Registry([("bare", types.SimpleNamespace())])
    assert "PLUGIN_INFO" in reg.errors["bare"]


def test_broken_hook_does_not_stop_other_plugins(registry):
    @hookimpl
    def turbine_variants():
        raise RuntimeError("boom")

    from turbine_sparks import plugin as sparks

    reg = Registry(
        [("core", bots), ("broken", module("broken", turbine_variants=turbine_variants)), ("sparks", sparks)]
    )
    assert "boom" in reg.errors["broken"]
    assert "sparks" in reg.variants


def _discover_failing(monkeypatch, name: str, module: str, error: Exception) -> Registry:
    """Discovery with one installed plugin, ``name``, whose import raises ``error``."""
    import importlib.metadata as md

    class EP:
        dist = None

        def __init__(self) -> None:
            self.name, self.value = name, module

        def load(self):
            raise error

    monkeypatch.setattr(md, "entry_points", lambda group: [EP()])
    return Registry.discover()


def test_discover_reports_import_failures(monkeypatch):
    missing = ModuleNotFoundError("No module named 'no_such_module_xyz'")
    reg = _discover_failing(monkeypatch, "ghost", "no_such_module_xyz", missing)
    assert (
        reg.errors["ghost"]
        == "failed to import no_such_module_xyz: ModuleNotFoundError: No module named 'no_such_module_xyz'"
    )
    assert "random" in reg.bots


def test_an_import_that_raises_says_where(monkeypatch):
    """Any other error while importing a plugin names the line that raised it."""
    reason = _discover_failing(monkeypatch, "boom", "boom_plugin", RuntimeError("boom")).errors["boom"]
    assert re.fullmatch(
        r"failed to import boom_plugin: RuntimeError: boom \(at test_plugins\.py:\d+\)", reason
    )


def test_game_plugin_manager_holds_only_active_plugins(registry):
    from turbine_sparks import plugin as sparks

    @hookimpl
    def turbine_expansions():
        return [ExpansionSpec("bonus", "sparks", "Bonus")]

    other = module("other")
    expansion = module("bonus_plugin", ("sparks",), turbine_expansions=turbine_expansions)
    reg = Registry([("core", bots), ("sparks", sparks), ("other", other), ("bonus_plugin", expansion)])
    plain = reg.game_plugin_manager("sparks")
    assert [n for n, _ in plain.list_name_plugin()] == ["sparks"]
    with_bonus = reg.game_plugin_manager("sparks", ["bonus"])
    assert sorted(n for n, _ in with_bonus.list_name_plugin()) == ["bonus_plugin", "sparks"]


def test_unknown_variant_and_expansion_messages(registry):
    with pytest.raises(PluginError, match="unknown variant 'chess'; installed: sparks"):
        registry.variant("chess")
    with pytest.raises(BadOptions, match="unknown expansion 'x' for sparks"):
        registry.active_plugins("sparks", ["x"])


def test_two_games_may_each_have_a_bot_of_the_same_name():
    def bots_hook(variant):
        @hookimpl
        def turbine_bots():
            return [BotSpec("greedy", lambda rules, seat, seed: variant, variants=(variant,))]

        return turbine_bots

    reg = Registry(
        [
            ("g1", module("g1", turbine_bots=bots_hook("one"))),
            ("g2", module("g2", turbine_bots=bots_hook("two"))),
        ]
    )
    assert reg.bot("greedy", "one").factory(None, 0, 0) == "one"
    assert reg.bot("greedy", "two").factory(None, 0, 0) == "two"
    assert reg.bots_for("two") == ["greedy"]
    with pytest.raises(BadOptions, match="no bot 'greedy' for three"):
        reg.bot("greedy", "three")
