"""Plugin discovery, ordering, checking and the per-game plugin manager.

Installed plugins are found through the entry-point group ``turbine.plugins``
(the built-in games use it too).  A plugin is imported only when something it
provides is asked for: the groups ``turbine.variants``, ``turbine.expansions``
and ``turbine.commands`` name, before any import, the plugin module that
provides each variant, expansion and command (docs/writing-plugins.md, "How
turbine finds a plugin").  A plugin that declares nothing there is imported on
the first question, and a question no declared plugin answers imports every
plugin before it is answered, so the answers never depend on what happened to
be imported already: laziness only saves time.

Each plugin is checked as it is loaded (:mod:`.plugin_checks`: its hooks'
names and parameters, its options models and their defaults, its declared
requirements).  A plugin that fails to import, fails a check, or whose
requirements are missing or cyclic, is recorded in :attr:`Registry.errors` and
left out; the others keep working, and using it raises :class:`PluginError`
with the plugin's name and the reason.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import graphlib
import heapq
import importlib.metadata
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pluggy

from . import hookspecs
from .errors import BadOptions, PluginError
from .plugin_checks import (
    PluginProblem,
    check_bot_spec,
    check_cli_command,
    check_expansion_spec,
    check_hook_names,
    check_registration,
    check_signatures,
    check_state_parts,
    check_variant_spec,
    hook_implementations,
    listed,
    spec_manager,
    unknown_hook_reason,
)
from .specs import BotSpec, ExpansionSpec, PluginInfo, VariantSpec

ENTRY_POINT_GROUP = "turbine.plugins"
DECLARATION_GROUPS = {
    "variant": "turbine.variants",
    "expansion": "turbine.expansions",
    "command": "turbine.commands",
}
"""What a plugin provides, declared before it is imported: entry point name = the id
(variant, expansion or command name), value = the plugin's module, as in
``turbine.plugins``."""


class EntryPoint(Protocol):
    """What the registry uses of an :class:`importlib.metadata.EntryPoint`."""

    name: str
    value: str

    def load(self) -> Any: ...


@dataclass(frozen=True)
class LoadedPlugin:
    info: PluginInfo
    module: Any
    source: str
    """Where it came from: the distribution that installed it, or ``builtin``."""


@dataclass(frozen=True)
class _Provided:
    """What one plugin provides, checked, before it is added to the registry."""

    variants: list[VariantSpec]
    expansions: list[ExpansionSpec]
    bots: list[BotSpec]
    commands: list[tuple[str, Any]]


class Registry:
    """The plugins loaded so far, in dependency order, and what they provide.

    ``Registry(candidates)`` loads the given plugin modules at once;
    :meth:`discover` finds the installed ones and imports each when it is needed.
    The attributes (:attr:`plugins`, :attr:`variants`, :attr:`errors`, …) describe
    every installed plugin, so reading one imports them all; the methods
    (:meth:`variant`, :meth:`expansion`, :meth:`bot`, :meth:`game_plugin_manager`,
    :meth:`commands`) import only what their answer needs.
    """

    def __init__(
        self,
        candidates: Iterable[tuple[str, Any]] = (),
        errors: dict[str, str] | None = None,
        sources: dict[str, str] | None = None,
        *,
        entry_points: Iterable[EntryPoint] = (),
        declared: dict[str, dict[str, str]] | None = None,
    ) -> None:
        self._errors: dict[str, str] = {}
        self._lines: dict[str, str] = {}
        """The sentence for each broken plugin: ``plugin 'NAME' REASON``."""
        self._infos: dict[str, PluginInfo] = {}
        """Every plugin whose PLUGIN_INFO was read, broken ones too (``turbine plugins``)."""
        self._watchers: list[Callable[[str, str], None]] = []
        self._sources: dict[str, str] = dict(sources or {})
        self._candidates: dict[str, tuple[PluginInfo, Any]] = {}
        self._loaded: dict[str, LoadedPlugin] = {}
        self._order: list[str] = []
        self._broken_ids: dict[str, str] = {}
        """Variant and expansion ids a broken plugin provides or declares → that plugin."""
        self._variants: dict[str, VariantSpec] = {}
        self._variant_plugin: dict[str, str] = {}
        self._expansions: dict[str, ExpansionSpec] = {}
        self._expansion_plugin: dict[str, str] = {}
        self._bots: dict[str, list[BotSpec]] = {}
        self._plugin_bots: dict[str, list[BotSpec]] = {}
        self._cli_commands: list[tuple[str, Any]] = []
        self._game_pms: dict[tuple[str, tuple[str, ...]], pluggy.PluginManager] = {}

        self._pending: dict[str, EntryPoint] = {}
        self._declared: dict[str, dict[str, str]] = {kind: {} for kind in DECLARATION_GROUPS}
        for kind, ids in (declared or {}).items():
            self._declared[kind].update(ids)
        candidates = list(candidates)
        given = {entry_name for entry_name, _ in candidates}
        for ep in entry_points:
            if ep.name in given:  # a module given here replaces the installed one
                continue
            if ep.name in self._pending:
                self._fail(f"{ep.name} ({ep.value})", f"is a second entry point named {ep.name!r}")
                continue
            self._pending[ep.name] = ep
        declaring = {name for ids in self._declared.values() for name in ids.values()}
        self._undeclared = sorted(name for name in self._pending if name not in declaring)
        for name, why in (errors or {}).items():
            self._fail(name, why)
        required = [r for _, module in candidates for r in _requires(module)]
        self._add(self._gather(required, candidates))

    @classmethod
    def discover(cls, extra: Iterable[tuple[str, Any]] = ()) -> Registry:
        """The plugins installed under the ``turbine.plugins`` entry points (and ``extra``).

        Only the core plugin and the ``(name, module)`` pairs of ``extra`` (each in
        place of an installed entry point of the same name) are loaded here; the
        installed plugins are imported when something they provide is asked for.
        """
        from . import bots as core_bots

        eps = sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
        by_value = {ep.value: ep.name for ep in reversed(eps)}
        declared: dict[str, dict[str, str]] = {kind: {} for kind in DECLARATION_GROUPS}
        twice: set[tuple[str, str]] = set()
        for ep in _declarations(eps):
            kind = next(k for k, group in DECLARATION_GROUPS.items() if group == ep.group)
            plugin = by_value.get(ep.value)
            if plugin is None:  # declared for a module that is no plugin: ignored
                continue
            if declared[kind].setdefault(ep.name, plugin) != plugin:
                twice.add((kind, ep.name))
        for kind, ident in twice:  # two plugins declare it: the answer needs them all
            del declared[kind][ident]
        sources = {
            ep.name: f"{dist.name} {dist.version}"
            for ep in eps
            if (dist := getattr(ep, "dist", None)) is not None
        }
        extra = list(extra)
        core = [] if any(name == "core" for name, _ in extra) else [("core", core_bots)]
        return cls([*core, *extra], sources=sources, entry_points=eps, declared=declared)

    # -- loading ---------------------------------------------------------------------

    def load_all(self) -> None:
        """Import every installed plugin not imported yet."""
        if self._pending:
            self._load(sorted(self._pending))

    def _load(self, names: Iterable[str]) -> None:
        """Import the pending entry points ``names``, the plugins they require, and every
        plugin that declares nothing; then order, check and add them."""
        queue = [*self._undeclared, *names]
        self._undeclared = []
        if any(name in self._pending for name in queue):
            self._add(self._gather(queue))

    def _gather(self, queue: list[str], given: Iterable[tuple[str, Any]] = ()) -> list[tuple[str, Any]]:
        """``given`` and the pending entry points named in ``queue``, imported with the
        plugins they require, as ``(entry name, module)``.

        A requirement is a plugin name (``PluginInfo.name``), normally also its
        entry point's name; one that no pending entry point has imports them all.
        """
        batch = list(given)
        provided = set(self._candidates) | {
            info.name
            for _, module in batch
            if isinstance(info := getattr(module, "PLUGIN_INFO", None), PluginInfo)
        }
        queue = list(queue)
        while queue:
            ep = self._pending.pop(queue.pop(0), None)
            if ep is None:
                continue
            module = self._import(ep)
            if module is None:
                continue
            batch.append((ep.name, module))
            info = getattr(module, "PLUGIN_INFO", None)
            if isinstance(info, PluginInfo):
                provided.add(info.name)
            queue.extend(r for r in _requires(module) if r in self._pending)
        unmet = {r for _, module in batch for r in _requires(module) if r != "core" and r not in provided}
        if unmet and self._pending:  # required by a name no entry point has: ask every plugin
            for name in sorted(self._pending):
                module = self._import(self._pending.pop(name))
                if module is not None:
                    batch.append((name, module))
        return batch

    def _import(self, ep: EntryPoint) -> Any:
        try:
            return ep.load()
        except Exception as exc:
            self._fail(ep.name, f"failed to import {ep.value}: {type(exc).__name__}: {exc}{_raised_at(exc)}")
            for kind in ("variant", "expansion"):
                for ident, plugin in self._declared[kind].items():
                    if plugin == ep.name:
                        self._broken_ids.setdefault(ident, ep.name)
            return None

    def _add(self, batch: list[tuple[str, Any]]) -> None:
        """Order the new plugins with the loaded ones, then check and add each."""
        for entry_name, module in batch:
            info = getattr(module, "PLUGIN_INFO", None)
            if not isinstance(info, PluginInfo):
                self._fail(entry_name, "has no PLUGIN_INFO (a turbine PluginInfo)")
                continue
            if info.name in self._candidates or info.name in self._loaded:
                self._fail(entry_name, f"is a second plugin named {info.name!r}")
                continue
            self._candidates[info.name] = (info, module)
            self._infos.setdefault(info.name, info)
            if entry_name != info.name and entry_name in self._sources:
                self._sources.setdefault(info.name, self._sources[entry_name])
        errors: dict[str, str] = {}
        order = _topological_order(self._candidates, errors, self._errors)
        for name, why in errors.items():
            self._fail(name, why)
        for name in order:
            if name in self._loaded:
                continue
            info, module = self._candidates[name]
            broken = next((r for r in info.requires if r != "core" and r not in self._loaded), None)
            try:
                if broken is not None:
                    why = self._errors.get(broken, "")
                    state = f"which is installed but left out ({why})" if why else "which is not installed"
                    raise PluginProblem(f"requires {broken}, {state}")
                provided = self._provided(name, info, module)
            except PluginProblem as problem:
                del self._candidates[name]
                self._fail(name, problem.reason)
                continue
            self._commit(name, LoadedPlugin(info, module, self._sources.get(name, "builtin")), provided)
        self._order = [name for name in order if name in self._loaded]

    def _provided(self, name: str, info: PluginInfo, module: Any) -> _Provided:
        """Ask one plugin, alone, what it provides, and check it (:mod:`.plugin_checks`).

        Raises :class:`PluginProblem` with the first reason to leave it out; the
        variants and expansions it offered are remembered as its, so that asking
        for one names the plugin and the reason.
        """
        impls = hook_implementations(module, name)
        registry_specs = spec_manager([hookspecs.RegistrySpecs])
        check_signatures(impls, registry_specs)
        try:
            registry_specs.register(module, name=name)
        except pluggy.PluginValidationError as exc:
            raise PluginProblem(f"is refused by pluggy: {exc}") from None

        def answers(hook: str) -> list[Any]:
            try:
                groups = getattr(registry_specs.hook, hook)()
            except Exception as exc:  # a broken plugin must not stop the others
                raise PluginProblem(f"failed in {hook}: {type(exc).__name__}: {exc}") from None
            return [item for group in groups for item in listed(group, hook)]

        variants, expansions = answers("turbine_variants"), answers("turbine_expansions")
        try:
            provided = _Provided(
                variants=[check_variant_spec(s) for s in variants],
                expansions=[check_expansion_spec(s) for s in expansions],
                bots=[check_bot_spec(s) for s in answers("turbine_bots")],
                commands=[check_cli_command(c) for c in answers("turbine_cli_commands")],
            )
            self._check_game_hooks(name, info, module, impls, provided)
        except PluginProblem:
            for spec in [*variants, *expansions]:
                if isinstance(getattr(spec, "id", None), str):
                    self._broken_ids.setdefault(spec.id, name)
            raise
        return provided

    def _check_game_hooks(
        self, name: str, info: PluginInfo, module: Any, impls: dict[str, Any], provided: _Provided
    ) -> None:
        """Its variants are new, its expansions' games reachable, and each game hook it
        implements is a hook of a game it can reach (its own, or one it requires)."""
        for spec in provided.variants:
            declarer = self._declared["variant"].get(spec.id)
            if declarer is not None and declarer not in (name, info.name):
                # the plugin that declares the id owns it, whichever of the two a command loads first
                raise PluginProblem(
                    f"provides the variant {spec.id!r}, which {declarer} declares and provides"
                )
            if spec.id in self._variants:
                owner = self._variant_plugin[spec.id]
                raise PluginProblem(f"provides the variant {spec.id!r}, which {owner} already provides")
        reachable = {spec.id: spec for spec in provided.variants}
        for required in self._requirement_closure(info):
            for variant_id, owner in self._variant_plugin.items():
                if owner == required:
                    reachable[variant_id] = self._variants[variant_id]
        for exp in provided.expansions:
            if exp.variant not in reachable:
                raise PluginProblem(
                    f"provides the expansion {exp.id!r} of {exp.variant}, a variant neither it nor a plugin "
                    f"it requires provides; add that plugin to its PluginInfo.requires"
                )
        try:
            game_specs = spec_manager(
                [
                    hookspecs.RegistrySpecs,
                    hookspecs.GameSpecs,
                    *(source for spec in reachable.values() for source in spec.hookspecs),
                ]
            )
        except ValueError as exc:  # two games specify a hook of the same name
            raise PluginProblem(f"reaches games whose hook specifications clash: {exc}") from None
        where = f"{' or '.join(sorted(reachable))} games" if reachable else "turbine (it requires no game)"
        check_signatures(impls, game_specs)
        check_hook_names(impls, game_specs, where)
        check_registration(module, name, game_specs)
        check_state_parts(impls)

    def _requirement_closure(self, info: PluginInfo) -> list[str]:
        """The loaded plugins ``info`` requires, directly or not."""
        seen: list[str] = []
        stack = [r for r in info.requires if r != "core"]
        while stack:
            name = stack.pop()
            if name in seen or name not in self._loaded:
                continue
            seen.append(name)
            stack.extend(self._loaded[name].info.requires)
        return seen

    def _commit(self, name: str, plugin: LoadedPlugin, provided: _Provided) -> None:
        self._loaded[name] = plugin
        for spec in provided.variants:
            self._variants[spec.id] = spec
            self._variant_plugin[spec.id] = name
        for exp in provided.expansions:
            self._expansions[exp.id] = exp
            self._expansion_plugin[exp.id] = name
        for bot in provided.bots:
            self._bots.setdefault(bot.name, []).append(bot)
        self._plugin_bots[name] = list(provided.bots)
        self._cli_commands.extend(provided.commands)

    def _fail(self, name: str, reason: str, line: str | None = None) -> None:
        """Record that plugin ``name`` is left out, and why."""
        if self._errors.get(name) == reason:
            return
        self._errors[name] = reason
        self._lines[name] = line or (
            f"plugin {name!r} is in a cycle of requirements: {reason.partition(': ')[2]}"
            if reason.startswith("cyclic requirements")
            else f"plugin {name!r} {reason}"
        )
        for watcher in self._watchers:
            watcher(name, self._lines[name])

    def watch(self, watcher: Callable[[str, str], None]) -> None:
        """Call ``watcher(name, sentence)`` for each plugin left out, now and whenever
        another is (the command line's warnings)."""
        if watcher not in self._watchers:
            self._watchers.append(watcher)
        for name, line in list(self._lines.items()):
            watcher(name, line)

    def problem(self, name: str) -> str | None:
        """Why plugin ``name`` was left out, as a sentence that names it (``None``: it was not)."""
        return self._lines.get(name)

    def broken(self, ident: str) -> str | None:
        """Why the variant or expansion ``ident`` is not available, if its plugin was
        left out: the sentence naming the plugin (``None``: no such plugin)."""
        plugin = self._broken_ids.get(ident, ident if ident in self._errors else None)
        return None if plugin is None else self._lines.get(plugin)

    # -- everything installed ----------------------------------------------------------

    @property
    def plugins(self) -> dict[str, LoadedPlugin]:
        """Every plugin that loaded, in dependency order (imports every plugin)."""
        self.load_all()
        return {name: self._loaded[name] for name in self._order}

    @property
    def errors(self) -> dict[str, str]:
        """Plugin → why it was left out (imports every plugin)."""
        self.load_all()
        return self._errors

    @property
    def variants(self) -> dict[str, VariantSpec]:
        self.load_all()
        return self._variants

    @property
    def variant_plugin(self) -> dict[str, str]:
        self.load_all()
        return self._variant_plugin

    @property
    def expansions(self) -> dict[str, ExpansionSpec]:
        self.load_all()
        return self._expansions

    @property
    def expansion_plugin(self) -> dict[str, str]:
        self.load_all()
        return self._expansion_plugin

    @property
    def bots(self) -> dict[str, list[BotSpec]]:
        """Bot name → its specs: games may each register a bot of the same name (``greedy``)."""
        self.load_all()
        return self._bots

    def bots_of(self, plugin: str) -> list[BotSpec]:
        """The bots plugin ``plugin`` provides (none for a plugin that did not load)."""
        self.load_all()
        return list(self._plugin_bots.get(plugin, []))

    def with_bots(self, bots: dict[str, list[BotSpec]]) -> Registry:
        """A copy of this registry whose bot specs are ``bots`` (every plugin is loaded
        first, so the copy never imports one on its own; ``self`` is unchanged): how
        :func:`turbine.core.botopts.with_bot_options` binds a run's bot options."""
        self.load_all()
        bound = copy.copy(self)
        bound._bots = bots
        return bound

    @property
    def cli_commands(self) -> list[tuple[str, Any]]:
        self.load_all()
        return self._cli_commands

    def infos(self) -> dict[str, PluginInfo]:
        """The PLUGIN_INFO of every plugin that has one, left out or not (imports every plugin)."""
        self.load_all()
        return dict(self._infos)

    def source(self, name: str) -> str | None:
        """The distribution that installed plugin ``name``, loaded or not (``None``: none did)."""
        return self._sources.get(name)

    def commands(self, wanted: str | None = None) -> list[tuple[str, Any]]:
        """The plugins' ``turbine NAME`` commands: imports only the plugins that declare
        one, and those that declare nothing; every plugin when the command ``wanted``
        is none of those (a command its plugin did not declare is still found)."""
        self._load(sorted(set(self._declared["command"].values())))
        if wanted is not None and all(name != wanted for name, _ in self._cli_commands):
            self.load_all()
        return list(self._cli_commands)

    # -- one game ---------------------------------------------------------------

    def find_variant(self, variant_id: str) -> VariantSpec | None:
        """The variant ``variant_id``, importing only its plugin if it was declared."""
        return self._find(variant_id, "variant", self._variants)

    def find_expansion(self, expansion_id: str) -> ExpansionSpec | None:
        """The expansion ``expansion_id``, importing only its plugin if it was declared."""
        return self._find(expansion_id, "expansion", self._expansions)

    def _find(self, ident: str, kind: str, found: dict[str, Any]) -> Any:
        if ident not in found:
            plugin = self._declared[kind].get(ident)
            self._load([plugin] if plugin else [])
        if ident not in found and ident not in self._broken_ids:  # known to be broken: say so
            self.load_all()
        return found.get(ident)

    def variant(self, variant_id: str) -> VariantSpec:
        spec = self.find_variant(variant_id)
        if spec is not None:
            return spec
        broken = self.broken(variant_id)
        if broken is not None:
            raise PluginError(broken)
        known = ", ".join(sorted(self._variants)) or "none"
        expansion = self._expansions.get(variant_id)
        if expansion is not None:  # `--expands leeghwater`, `turbine new leeghwater`
            raise PluginError(
                f"{variant_id!r} is an expansion of the variant {expansion.variant!r}, not a variant; "
                f"variants: {known}"
            )
        close = difflib.get_close_matches(variant_id, sorted(self._variants), n=1)
        guess = f" (did you mean {close[0]!r}?)" if close else ""
        raise PluginError(f"unknown variant {variant_id!r}{guess}; installed: {known}")

    def expansion(self, expansion_id: str, variant_id: str) -> ExpansionSpec:
        """The expansion ``expansion_id`` of ``variant_id``."""
        spec = self.find_expansion(expansion_id)
        if spec is None:
            broken = self.broken(expansion_id)
            if broken is not None:
                raise PluginError(broken)
            known = ", ".join(e.id for e in self.expansions_for(variant_id)) or "none"
            raise BadOptions(f"unknown expansion {expansion_id!r} for {variant_id}; available: {known}")
        if spec.variant != variant_id:
            raise BadOptions(f"expansion {expansion_id!r} is for {spec.variant}, not {variant_id}")
        return spec

    def expansions_for(self, variant_id: str) -> list[ExpansionSpec]:
        return [e for e in self.expansions.values() if e.variant == variant_id]

    def active_plugins(self, variant_id: str, expansions: Iterable[str] = ()) -> list[str]:
        """The plugins a game of ``variant_id`` with ``expansions`` runs, in order."""
        self.variant(variant_id)
        wanted: list[str] = [self._variant_plugin[variant_id]]
        for exp in expansions:
            wanted.append(self._expansion_plugin[self.expansion(exp, variant_id).id])
        closure: set[str] = set()
        stack = list(wanted)
        while stack:
            name = stack.pop()
            if name in closure or name == "core":
                continue
            closure.add(name)
            stack.extend(self._loaded[name].info.requires)
        return [name for name in self._order if name in closure]

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
            try:
                pm.register(self._loaded[name].module, name=name)
            except pluggy.PluginValidationError as exc:
                raise PluginError(
                    f"plugin {name!r} is refused by pluggy: {' '.join(str(exc).split())}"
                ) from None
        check_hookimpls(pm, variant_id)
        return pm

    def plugin_versions(self, names: Iterable[str]) -> dict[str, str]:
        return {name: self._loaded[name].info.version for name in names if name in self._loaded}

    def bot(self, name: str, variant_id: str) -> BotSpec:
        """The bot called ``name`` that plays ``variant_id``."""
        self.find_variant(variant_id)
        for spec in self._bots.get(name, ()):  # the plugins loaded so far
            if spec.serves(variant_id):
                return spec
        for spec in self.bots.get(name, ()):  # every plugin
            if spec.serves(variant_id):
                return spec
        kinds = ", ".join(self.bots_for(variant_id))
        raise BadOptions(f"no bot {name!r} for {variant_id}; bots: {kinds}")

    def bots_for(self, variant_id: str) -> list[str]:
        """The bot kinds that play ``variant_id``, by name (the same whichever plugins a
        command happened to import first)."""
        return sorted(name for name, specs in self.bots.items() if any(s.serves(variant_id) for s in specs))


def check_hookimpls(pm: pluggy.PluginManager, variant_id: str) -> None:
    """Refuse an implementation whose name is no hook of this game, in one line.

    pluggy accepts any ``@hookimpl`` and simply never calls one whose name has no
    spec, so a misspelt hook (``barrage_end_of_round`` written
    ``barrage_end_round``) would be silently ignored.  Discovery already leaves
    out a plugin with a hook no game it can reach specifies; this is the same
    check on one game's plugin manager (:meth:`pluggy.PluginManager.check_pending`
    with a message that names the plugin and the nearest hook).  Implementations
    marked ``@hookimpl(optionalhook=True)`` (meant for a game that may not be
    present) are accepted.
    """
    known = [n for n, c in vars(pm.hook).items() if not n.startswith("_") and c.has_spec()]
    for hook_name, caller in vars(pm.hook).items():
        if hook_name.startswith("_") or caller.has_spec():
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook:
                reason = unknown_hook_reason(hook_name, known, f"{variant_id} games")
                raise PluginError(f"plugin {impl.plugin_name!r} {reason}")


def _topological_order(
    infos: dict[str, tuple[PluginInfo, Any]], errors: dict[str, str], known_errors: dict[str, str]
) -> list[str]:
    """Plugins ordered so that each comes after what it requires.

    Deterministic: the lexicographically smallest such order (among plugins
    ready at the same time, the alphabetically first goes next), so a subset
    that holds what it requires is ordered as it is within the whole.  Plugins
    with missing requirements, or in a cycle, are left out with an error in
    ``errors`` (``known_errors`` explains requirements that failed earlier).
    """
    requires = {name: set(info.requires) - {"core"} for name, (info, _) in infos.items()}
    changed = True
    while changed:  # drop plugins whose requirements are missing, transitively
        changed = False
        for name in sorted(requires):
            missing = sorted(r for r in requires[name] if r not in requires)
            if missing:
                why = errors.get(missing[0]) or known_errors.get(missing[0])
                state = f"which is installed but left out ({why})" if why else "which is not installed"
                errors[name] = f"requires {', '.join(missing)}, {state}"
                del requires[name]
                changed = True
    sorter = graphlib.TopologicalSorter(requires)
    with contextlib.suppress(graphlib.CycleError):  # the cycle is reported below, with
        sorter.prepare()  # what it blocks; get_ready still gives every plugin outside it
    ready = list(sorter.get_ready())
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        name = heapq.heappop(ready)
        order.append(name)
        sorter.done(name)
        for follower in sorter.get_ready():
            heapq.heappush(ready, follower)
    if len(order) < len(requires):
        cycle = sorted(set(requires) - set(order))
        for name in cycle:
            errors[name] = f"cyclic requirements among: {', '.join(cycle)}"
    return order


def _declarations(eps: Iterable[Any]) -> list[Any]:
    """The declaration entry points (:data:`DECLARATION_GROUPS`) of the distributions that
    install ``eps``: a plugin declares what it provides in its own ``pyproject.toml``.

    Read from those few distributions rather than by asking
    :func:`importlib.metadata.entry_points` for each group, which reads the entry
    points of every installed distribution each time.
    """
    found: list[Any] = []
    seen: set[str] = set()
    groups = set(DECLARATION_GROUPS.values())
    for ep in eps:
        dist = getattr(ep, "dist", None)
        if dist is None or dist.name in seen:
            continue
        seen.add(dist.name)
        found.extend(e for e in dist.entry_points if e.group in groups)
    return found


def declared_ids(module_name: str) -> dict[str, set[str]] | None:
    """The ids the installed plugin module ``module_name`` declares, by kind (``variant``,
    ``expansion``, ``command``); ``None`` if no ``turbine.plugins`` entry point names it."""
    eps = [ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.value == module_name]
    if not eps:
        return None
    kinds = {group: kind for kind, group in DECLARATION_GROUPS.items()}
    found: dict[str, set[str]] = {kind: set() for kind in DECLARATION_GROUPS}
    for ep in _declarations(eps):
        if ep.value == module_name:
            found[kinds[ep.group]].add(ep.name)
    return found


def _raised_at(exc: BaseException) -> str:
    """`` (at plugin.py:12)``: the innermost line of the traceback, where the import failed
    (a SyntaxError names its own line in its message, an ImportError the module missing)."""
    if isinstance(exc, (SyntaxError, ImportError)):
        return ""
    frames = list(traceback.walk_tb(exc.__traceback__))
    if not frames:
        return ""
    frame, line = frames[-1]
    return f" (at {Path(frame.f_code.co_filename).name}:{line})"


def _requires(module: Any) -> tuple[str, ...]:
    """The plugins a plugin module requires (none if it has no PLUGIN_INFO)."""
    info = getattr(module, "PLUGIN_INFO", None)
    return info.requires if isinstance(info, PluginInfo) else ()


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of installed plugins, discovered once per process."""
    global _default
    if _default is None:
        _default = Registry.discover()
    return _default
