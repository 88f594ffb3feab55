"""``turbine plugin check NAME``: the conformance kit on an installed plugin, from the
command line.

What a plugin's own test suite runs with :func:`turbine.core.testing.check_plugin` and
:func:`~turbine.core.testing.check_variant`, without writing a test: the plugin module as
discovery reads it (hooks, options, requirements, and the entry points that declare its
games), then seeded random games of each variant the plugin provides at
every player count, and of each expansion on its base game, every action checked
against the engine contract; then each bot that plays the game.  A plugin that
provides only bots has them checked on every game they play.  A check fails on the
first broken property, or on an exception the game's code raises, said with where.  ``NAME`` is a plugin
(as ``turbine plugins`` lists it), a variant or an expansion.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from turbine.core import Game, Registry
from turbine.core.session import options_model, validate_options
from turbine.core.testing import ConformanceError, check_bots, check_plugin, check_variant, raised

from . import output
from .common import CliError, parse_options


@dataclass(frozen=True)
class Check:
    """One run of the kit: ``variant`` with ``expansions`` at ``players`` (seeds ``0…seeds-1``),
    or, with ``bots_only``, the bots that play it, one game at the first player count; or,
    with ``plugin``, that plugin's module as discovery reads it (no game)."""

    variant: str = ""
    players: tuple[int, ...] = ()
    expansions: tuple[str, ...] = ()
    bots_only: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    """The options the games are set up with (``--option``), checked already."""
    plugin: str = ""
    bots: tuple[str, ...] = ()
    """With ``bots_only``: the bots to check (the plugin's own that play the game)."""

    @property
    def label(self) -> str:
        if self.plugin:
            return f"plugin {self.plugin}: its hooks, options, requirements and entry points"
        game = self.variant + "".join(f" with {e}" for e in self.expansions)
        game += "".join(f" {key}={value}" for key, value in _flat(self.options))
        if self.bots_only:
            return game
        first, last = self.players[0], self.players[-1]
        return f"{game} · {first} players" if first == last else f"{game} · {first}–{last} players"


def _flat(options: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Options as ``--option`` writes them: an expansion's under its id (``subsidy.amount``)."""
    out: list[tuple[str, Any]] = []
    for key, value in sorted(options.items()):
        if isinstance(value, Mapping):
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append((prefix + key, value))
    return out


@dataclass
class Outcome:
    check: Check
    seconds: float
    games: int = 0
    actions: int = 0
    bots: list[str] = field(default_factory=list)
    problem: str | None = None


def plan(registry: Registry, name: str) -> list[Check]:
    """The runs that check ``name``: a plugin's games, expansions and bots, or one
    variant or expansion.  An unknown name or a plugin that was left out: one line."""
    registry.load_all()  # a plugin is known to be broken once every plugin is loaded
    broken = registry.problem(name) or registry.broken(name)
    if broken is not None:
        raise CliError(broken)
    variants, expansions = registry.variants, registry.expansions
    if name in registry.plugins:
        mine_v = [v for v, owner in registry.variant_plugin.items() if owner == name]
        mine_e = [e for e, owner in registry.expansion_plugin.items() if owner == name]
        checks = [Check(plugin=name)]  # what discovery checks, and the entry points it declares
        checks += [_variant_check(registry, v) for v in mine_v]
        checks += [_variant_check(registry, expansions[e].variant, e) for e in mine_e]
        covered = set(mine_v) | {expansions[e].variant for e in mine_e}
        bots: dict[str, list[str]] = {}  # the bots of games checked above are checked with them
        for bot in registry.bots_of(name):
            for v in bot.variants or tuple(variants):
                if v in variants and v not in covered:
                    bots.setdefault(v, []).append(bot.name)
        for v, names in sorted(bots.items()):
            checks.append(Check(v, (variants[v].min_players,), bots_only=True, bots=tuple(sorted(names))))
        if len(checks) == 1:
            raise CliError(f"plugin {name!r} provides no game, expansion or bot to check")
        return checks
    if name in variants:
        return [_variant_check(registry, name)]
    if name in expansions:
        return [_variant_check(registry, expansions[name].variant, name)]
    known = sorted({*registry.plugins, *variants, *expansions})
    close = name.replace("-", "_")  # the package's name (turbine plugin new NAME) spells it with -
    if close != name and close in known:
        raise CliError(f"no plugin, variant or expansion {name!r}; did you mean {close!r}?")
    raise CliError(f"no plugin, variant or expansion {name!r}; installed: {', '.join(known)}")


def with_options(registry: Registry, checks: list[Check], pairs: list[str]) -> list[Check]:
    """The checks with ``--option KEY=VALUE`` settings, each read and validated against
    its game's options (an expansion's under its id) before any game is played: a bad
    one is one line."""
    if not pairs:
        return checks
    games = sorted({check.variant for check in checks if not check.plugin})
    if len(games) > 1:
        raise CliError(
            f"--option sets up one game, and this check plays {', '.join(games)}: "
            "check one of them with it (turbine plugin check VARIANT --option …)"
        )
    out = []
    for check in checks:
        if check.plugin:
            out.append(check)
            continue
        model = options_model(registry, check.variant, check.expansions)
        options = parse_options(model, pairs, with_flag=False)
        validate_options(model, options)  # BadOptions: one line, exit 2
        # options the model takes may still not go together (the Leeghwater Project with
        # Barrage's introductory game): a game set up once says so before any is played
        Game(
            registry,
            check.variant,
            players=check.players[0],
            seed=0,
            options=options,
            expansions=check.expansions,
        )
        out.append(dataclasses.replace(check, options=options))
    return out


def _variant_check(registry: Registry, variant: str, expansion: str | None = None) -> Check:
    spec = registry.variant(variant)
    return Check(
        variant, tuple(range(spec.min_players, spec.max_players + 1)), (expansion,) if expansion else ()
    )


def run(
    registry: Registry, checks: list[Check], seeds: int, said: Callable[[Outcome], None]
) -> list[Outcome]:
    """Run each check in turn, telling ``said`` each outcome as it comes."""
    outcomes = []
    for check in checks:
        start = time.perf_counter()
        outcome = Outcome(check, 0.0)
        try:
            if check.plugin:
                check_plugin(registry.plugins[check.plugin].module, registry=registry)
            elif check.bots_only:
                outcome.bots = check_bots(
                    check.variant,
                    players=check.players[0],
                    options=check.options,
                    bots=check.bots,
                    registry=registry,
                )
            else:
                report = check_variant(
                    check.variant,
                    players=check.players,
                    seeds=range(seeds),
                    options=check.options,
                    expansions=check.expansions,
                    registry=registry,
                )
                outcome.games, outcome.actions, outcome.bots = report.games, report.actions, report.bots
        except ConformanceError as exc:
            outcome.problem = str(exc)
        except Exception as exc:  # the game's own code raised: that is the check's finding
            outcome.problem = raised(exc)
        outcome.seconds = time.perf_counter() - start
        outcomes.append(outcome)
        said(outcome)
    return outcomes


def say(outcome: Outcome) -> None:
    """One line per check: what was played, and ``ok`` or the first problem."""
    parts = [outcome.check.label]
    if outcome.games:
        parts.append(f"{outcome.games} games, {outcome.actions:,} actions")
    if outcome.bots:
        parts.append(f"bots {', '.join(outcome.bots)}")
    verdict = "ok" if outcome.problem is None else f"FAILED: {outcome.problem}"
    line = f"{' · '.join(parts)} · {verdict} ({outcome.seconds:.1f} s)"
    for part in output.wrap(line, output.out.width, indent="  "):
        output.out.print(Text(part, style="red" if outcome.problem else ""), no_wrap=True)


def as_json(outcome: Outcome) -> dict[str, Any]:
    check = outcome.check
    return {
        "plugin": check.plugin or None,
        "variant": check.variant or None,
        "expansions": list(check.expansions),
        "players": list(check.players),
        "bots_only": check.bots_only,
        "options": dict(check.options),
        "games": outcome.games,
        "actions": outcome.actions,
        "bots": outcome.bots,
        "seconds": round(outcome.seconds, 3),
        "problem": outcome.problem,
    }
