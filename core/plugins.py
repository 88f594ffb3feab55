"""Plugin discovery, ordering and the per-game plugin manager.

Installed plugins are found through the entry-point group ``turbine.plugins``
(the built-in games use it too).  A plugin that fails to import, or whose
requirements are missing or cyclic, is recorded in :attr:`Registry.errors`
and left out; the others keep working.
"""

from __future__ import annotations

import difflib
import importlib.metadata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pluggy

from . import hookspecs
from .errors import BadOptions, PluginError
from .specs import BotSpec, ExpansionSpec, PluginInfo, VariantSpec

ENTRY_POINT_GROUP = "turbine.plugins"


@dataclass(frozen=True)
class LoadedPlugin:
    info: PluginInfo
    module: Any
    source: str
    """Where it came from: the distribution that installed it, or ``builtin``."""


class Registry:
    """Every plugin that loaded, in dependency order, and what they provide."""

    def __init__(
        self,
        candidates: Iterable[tuple[str, Any]] = (),
        errors: dict[str, str] | None = None,
        sources: dict[str, str] | None = None,
    ) -> None:
        self.errors: dict[str, str] = dict(errors or {})
        self.plugins: dict[str, LoadedPlugin] = {}
        sources = sources or {}
        infos: dict[str, tuple[PluginInfo, Any]] = {}
        for entry_name, module in candidates:
            info = getattr(module, "PLUGIN_INFO", None)
            if not isinstance(info, PluginInfo):
                self.errors[entry_name] = "the plugin has no PLUGIN_INFO (a turbine PluginInfo)"
                continue
            if info.name in infos:
                self.errors[entry_name] = f"a second plugin named {info.name!r}"
                continue
            infos[info.name] = (info, module)
        for name in _topological_order(infos, self.errors):
            info, module = infos[name]
            self.plugins[name] = LoadedPlugin(info, module, sources.get(name, "builtin"))

        self.variants: dict[str, VariantSpec] = {}
        self.variant_plugin: dict[str, str] = {}
        self.expansions: dict[str, ExpansionSpec] = {}
        self.expansion_plugin: dict[str, str] = {}
        self.bots: dict[str, list[BotSpec]] = {}
        """Bot name → its specs: games may each register a bot of the same name (``greedy``)."""
        self.cli_commands: list[tuple[str, Any]] = []
        self._game_pms: dict[tuple[str, tuple[str, ...]], pluggy.PluginManager] = {}
        for name, plugin in list(self.plugins.items()):
            try:
                self._collect(name, plugin.module)
            except Exception as exc:  # a broken plugin must not stop the others
                self.errors[name] = f"{type(exc).__name__}: {exc}"
                del self.plugins[name]

    @classmethod
    def discover(cls, extra: Iterable[tuple[str, Any]] = ()) -> Registry:
        """Load every plugin installed under the ``turbine.plugins`` entry points."""
        candidates: list[tuple[str, Any]] = []
        errors: dict[str, str] = {}
        sources: dict[str, str] = {}
        from . import bots as core_bots

        candidates.append(("core", core_bots))
        eps = sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
        for ep in eps:
            try:
                module = ep.load()
            except Exception as exc:
                errors[ep.name] = f"failed to import {ep.value}: {type(exc).__name__}: {exc}"
                continue
            candidates.append((ep.name, module))
            if ep.dist is not None:
                sources[getattr(module, "PLUGIN_INFO", PluginInfo(ep.name, "")).name] = (
                    f"{ep.dist.name} {ep.dist.version}"
                )
        candidates.extend(extra)
        return cls(candidates, errors, sources)

    def _collect(self, name: str, module: Any) -> None:
        """Ask one plugin, alone, what it provides."""
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs.RegistrySpecs)
        pm.register(module, name=name)

        def only_this(hook: str) -> list[Any]:
            return [item for group in getattr(pm.hook, hook)() for item in (group or [])]

        for spec in only_this("turbine_variants"):
            if spec.id in self.variants:
                owner = self.variant_plugin[spec.id]
                raise PluginError(f"variant {spec.id!r} is already provided by {owner}")
            self.variants[spec.id] = spec
            self.variant_plugin[spec.id] = name
        for spec in only_this("turbine_expansions"):
            self.expansions[spec.id] = spec
            self.expansion_plugin[spec.id] = name
        for spec in only_this("turbine_bots"):
            self.bots.setdefault(spec.name, []).append(spec)
        self.cli_commands.extend(only_this("turbine_cli_commands"))

    # -- one game ---------------------------------------------------------------

    def variant(self, variant_id: str) -> VariantSpec:
        try:
            return self.variants[variant_id]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none"
            hint = ""
            if variant_id in self.errors:
                hint = f" (its plugin failed to load: {self.errors[variant_id]})"
            raise PluginError(f"unknown variant {variant_id!r}{hint}; installed: {known}") from None

    def expansions_for(self, variant_id: str) -> list[ExpansionSpec]:
        return [e for e in self.expansions.values() if e.variant == variant_id]

    def active_plugins(self, variant_id: str, expansions: Iterable[str] = ()) -> list[str]:
        """The plugins a game of ``variant_id`` with ``expansions`` runs, in order."""
        self.variant(variant_id)
        wanted: list[str] = [self.variant_plugin[variant_id]]
        for exp in expansions:
            spec = self.expansions.get(exp)
            if spec is None:
                known = ", ".join(e.id for e in self.expansions_for(variant_id)) or "none"
                raise BadOptions(f"unknown expansion {exp!r} for {variant_id}; available: {known}")
            if spec.variant != variant_id:
                raise BadOptions(f"expansion {exp!r} is for {spec.variant}, not {variant_id}")
            wanted.append(self.expansion_plugin[exp])
        closure: set[str] = set()
        stack = list(wanted)
        while stack:
            name = stack.pop()
            if name in closure or name == "core":
                continue
            closure.add(name)
            stack.extend(self.plugins[name].info.requires)
        return [name for name in self.plugins if name in closure]

    def game_plugin_manager(self, variant_id: str, expansions: Iterable[str] = ()) -> pluggy.PluginManager:
        """A plugin manager holding only the plugins active in a game of this setup.

        Games with the same variant and expansions share one manager (it holds
        no game data); building one costs about a millisecond, too much to pay
        for every game of a simulation.
        """
        key = (variant_id, tuple(expansions))
        pm = self._game_pms.get(key)
        if pm is None:
            pm = self._game_pms[key] = self._new_game_plugin_manager(variant_id, key[1])
        return pm

    def _new_game_plugin_manager(self, variant_id: str, expansions: tuple[str, ...]) -> pluggy.PluginManager:
        spec = self.variant(variant_id)
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs.RegistrySpecs)
        pm.add_hookspecs(hookspecs.GameSpecs)
        for extra in spec.hookspecs:
            pm.add_hookspecs(extra)
        for name in self.active_plugins(variant_id, expansions):
            pm.register(self.plugins[name].module, name=name)
        check_hookimpls(pm, variant_id)
        return pm

    def plugin_versions(self, names: Iterable[str]) -> dict[str, str]:
        return {name: self.plugins[name].info.version for name in names if name in self.plugins}

    def bot(self, name: str, variant_id: str) -> BotSpec:
        """The bot called ``name`` that plays ``variant_id``."""
        for spec in self.bots.get(name, ()):
            if spec.serves(variant_id):
                return spec
        kinds = ", ".join(self.bots_for(variant_id))
        raise BadOptions(f"no bot {name!r} for {variant_id}; bots: {kinds}")

    def bots_for(self, variant_id: str) -> list[str]:
        return [name for name, specs in self.bots.items() if any(s.serves(variant_id) for s in specs)]


def check_hookimpls(pm: pluggy.PluginManager, variant_id: str) -> None:
    """Refuse an implementation whose name is no hook of this game, in one line.

    pluggy accepts any ``@hookimpl`` and simply never calls one whose name has no
    spec, so a misspelt hook (``barrage_end_of_round`` written
    ``barrage_end_round``) would be silently ignored.  This is
    :meth:`pluggy.PluginManager.check_pending` with a message that names the
    plugin and the nearest hook; implementations marked
    ``@hookimpl(optionalhook=True)`` (meant for a game that may not be
    present) are accepted.
    """
    for hook_name, caller in vars(pm.hook).items():
        if hook_name.startswith("_") or caller.has_spec():
            continue
        for impl in caller.get_hookimpls():
            if impl.optionalhook:
                continue
            known = [n for n, c in vars(pm.hook).items() if not n.startswith("_") and c.has_spec()]
            close = difflib.get_close_matches(hook_name, known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise PluginError(
                f"plugin {impl.plugin_name!r} implements {hook_name}, which is no hook of a "
                f"{variant_id} game{hint}; mark it @hookimpl(optionalhook=True) if it is meant "
                "for another game"
            )


def _topological_order(infos: dict[str, tuple[PluginInfo, Any]], errors: dict[str, str]) -> list[str]:
    """Plugins ordered so that each comes after what it requires.

    Deterministic: among plugins ready at the same time, alphabetical order.
    Plugins with missing requirements, or in a cycle, are left out with an error.
    """
    requires = {name: set(info.requires) - {"core"} for name, (info, _) in infos.items()}
    changed = True
    while changed:  # drop plugins whose requirements are missing, transitively
        changed = False
        for name in sorted(requires):
            missing = sorted(r for r in requires[name] if r not in requires)
            if missing:
                why = errors.get(missing[0])
                detail = f" ({missing[0]} failed: {why})" if why else ""
                errors[name] = f"requires {', '.join(missing)}, which is not installed{detail}"
                del requires[name]
                changed = True
    order: list[str] = []
    placed: set[str] = set()
    while len(placed) < len(requires):
        ready = sorted(n for n in requires if n not in placed and requires[n] <= placed)
        if not ready:
            cycle = sorted(n for n in requires if n not in placed)
            for name in cycle:
                errors[name] = f"cyclic requirements among: {', '.join(cycle)}"
            break
        order.append(ready[0])
        placed.add(ready[0])
    return order


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of installed plugins, discovered once per process."""
    global _default
    if _default is None:
        _default = Registry.discover()
    return _default
