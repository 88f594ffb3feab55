"""Barrage's own hookspecs: documented, mapped from HP-1…HP-18 (HOOKS.md), usable with pluggy."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pluggy
import pytest
from turbine.core.hookspecs import PROJECT
from turbine.plugins.barrage import hookspecs as hs

SPECS = {name: fn for name, fn in inspect.getmembers(hs.BarrageSpecs, inspect.isfunction)}


def _hooks_md() -> str:
    path = Path(__file__).resolve().parents[2] / "plugins" / "barrage" / "HOOKS.md"
    return path.read_text(encoding="utf-8")


def test_every_hook_is_named_barrage_and_documented():
    # every one called by the rules (test_barrage_hooks_called.py); barrage_state_parts,
    # barrage_view and barrage_determinise became the core hooks turbine_state_parts,
    # turbine_view and turbine_determinise that every game's expansions use
    assert len(SPECS) == 22
    for name, fn in SPECS.items():
        assert name.startswith("barrage_"), name
        doc = inspect.getdoc(fn) or ""
        assert re.match(r"HP-\d+", doc), f"{name}: docstring must start with its hook point"
        assert "Called" in doc or "called" in doc or "Folded" in doc, f"{name}: say when it is called"


def test_HOOKS_md_maps_every_hook_point_and_names_only_real_hooks():
    text = _hooks_md()
    rows = {int(m.group(1)): m.group(0) for m in re.finditer(r"^\| HP-(\d+) \|.*$", text, re.M)}
    assert sorted(rows) == list(range(1, 19))
    named = set(re.findall(r"`(barrage_\w+)`", text))
    assert named <= set(SPECS), named - set(SPECS)
    assert set(SPECS) <= named, set(SPECS) - named  # every hook serves some hook point


def test_firstresult_hooks():
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hs.BarrageSpecs)
    first = sorted(name for name in SPECS if getattr(pm.hook, name).spec.opts.get("firstresult"))
    assert first == [
        "barrage_bonus_tile_count",
        "barrage_bot_value",
        "barrage_company_income",
        "barrage_contract_policy",
        "barrage_resolve_reward_part",
    ]


class _Base:
    @hs.hookimpl(trylast=True)
    def barrage_hand_limit(self, limit):
        return None  # Barrage's default: keep 3


class _Simone:
    @hs.hookimpl
    def barrage_hand_limit(self, seat, limit):
        return 4 if seat == 1 else None


class _Greedy:
    @hs.hookimpl(tryfirst=True)
    def barrage_hand_limit(self, limit):
        return limit + 1


def test_HP_11_fold_hook_threads_the_value_in_call_order():
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hs.BarrageSpecs)
    for plugin in (_Base(), _Simone(), _Greedy()):
        pm.register(plugin)
    hook = pm.hook.barrage_hand_limit
    # _Greedy runs first (tryfirst): 3 -> 4; _Simone then replaces it with 4 for seat 1 only.
    assert hs.fold_hook(hook, "limit", 3, game=None, state=None, seat=0) == 4
    assert hs.fold_hook(hook, "limit", 3, game=None, state=None, seat=1) == 4
    pm.unregister(next(p for p in pm.get_plugins() if isinstance(p, _Greedy)))
    assert hs.fold_hook(hook, "limit", 3, game=None, state=None, seat=0) == 3
    assert hs.fold_hook(hook, "limit", 3, game=None, state=None, seat=1) == 4


def test_unknown_hook_argument_is_rejected():
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hs.BarrageSpecs)

    class Bad:
        @hs.hookimpl
        def barrage_dam_capacity(self, dam):  # not an argument of the spec
            return 1

    with pytest.raises(pluggy.PluginValidationError):
        pm.register(Bad())
