"""Shell completion of the command line's values: variant ids, bot names, expansion
ids and option keys, all read from the registry of installed plugins.

Each function is given to typer as an option's or argument's ``autocompletion``;
typer calls it with the click context (the arguments parsed so far, so that
``turbine new barrage --option <TAB>`` offers Barrage's options) and the word
being completed.  A completion never fails: a broken plugin gives no candidates
rather than a traceback in the user's shell.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from turbine.core import Registry, TurbineError

from .common import registry


def _params(ctx: Any) -> dict[str, Any]:
    """The values parsed so far (``{}`` without a context)."""
    params = getattr(ctx, "params", None)
    return params if isinstance(params, dict) else {}


def _variant(reg: Registry, ctx: Any) -> str | None:
    """The variant named on the command line so far, if it is an installed one."""
    variant = _params(ctx).get("variant")
    return variant if isinstance(variant, str) and variant in reg.variants else None


def _matching(candidates: Iterable[str], incomplete: str, prefix: str = "") -> list[str]:
    return sorted({prefix + c for c in candidates if c.startswith(incomplete)})


def _registry() -> Registry | None:
    try:
        return registry()
    except TurbineError:
        return None


def complete_variant(incomplete: str) -> list[str]:
    """Installed variant ids."""
    reg = _registry()
    return [] if reg is None else _matching(reg.variants, incomplete)


def complete_plugin(incomplete: str) -> list[str]:
    """What ``turbine plugin check`` takes: installed plugins, variants and expansions."""
    reg = _registry()
    return [] if reg is None else _matching({*reg.plugins, *reg.variants, *reg.expansions}, incomplete)


def complete_expansion(ctx: Any, incomplete: str) -> list[str]:
    """Expansion ids: those of the variant given so far, else every installed one."""
    reg = _registry()
    if reg is None:
        return []
    variant = _variant(reg, ctx)
    expansions = reg.expansions_for(variant) if variant else reg.expansions.values()
    return _matching((e.id for e in expansions), incomplete)


def complete_bot(ctx: Any, incomplete: str) -> list[str]:
    """Bot names (those serving the variant given so far), in a comma list too:
    ``random,gr<TAB>`` completes the last one."""
    return _complete_kinds(ctx, incomplete, human=False)


def complete_seat(ctx: Any, incomplete: str) -> list[str]:
    """``--seats``: ``human`` or a bot name, in a comma list."""
    return _complete_kinds(ctx, incomplete, human=True)


def _complete_kinds(ctx: Any, incomplete: str, *, human: bool) -> list[str]:
    reg = _registry()
    if reg is None:
        return []
    variant = _variant(reg, ctx)
    kinds = set(reg.bots_for(variant) if variant else reg.bots)
    if human:
        kinds.add("human")
    done, comma, last = incomplete.rpartition(",")
    return _matching(kinds, last, prefix=done + comma)


def complete_option(ctx: Any, incomplete: str) -> list[str]:
    """Option keys as ``NAME=`` for the variant's options and ``EXPANSION.NAME=`` for
    its expansions' (of the variant given so far, else of every installed one)."""
    reg = _registry()
    if reg is None:
        return []
    variant = _variant(reg, ctx)
    specs = [reg.variants[variant]] if variant else list(reg.variants.values())
    keys = [name for spec in specs for name in spec.options.model_fields]
    for spec in specs:
        for expansion in reg.expansions_for(spec.id):
            if expansion.options is not None:
                keys.extend(f"{expansion.id}.{name}" for name in expansion.options.model_fields)
    return _matching((f"{key}=" for key in keys), incomplete)
