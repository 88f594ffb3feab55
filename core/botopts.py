"""Bot options: ``NAME.KEY=VALUE`` settings for the bots that declare an options model.

A bot kind takes options by naming a pydantic model in its
:attr:`~turbine.core.specs.BotSpec.options`; its factory is then called with
``options=`` an instance of that model (the model's defaults when none are given).
Options are not part of a game: a save records the bots' kinds, not their budgets,
so they are given again to each command that lets bots move
(``turbine simulate --bot-option mcts.seconds=1``).

Rather than threading the options through every place that builds bots, they are
bound into the bot specs of a copy of the registry (:func:`with_bot_options`): a game
made on that copy builds its bots with them, and every other game is unaffected.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import BadOptions, bool_as_number, said_by_validator
from .plugins import Registry
from .specs import BotSpec

__all__ = ["parse_bot_options", "with_bot_options"]


def parse_bot_options(registry: Registry, variant: str, pairs: Sequence[str]) -> dict[str, BaseModel]:
    """``NAME.KEY=VALUE`` strings to each named bot's validated options model.

    A value is read as JSON where it parses (``200``, ``0.5``, ``null``), as a string
    otherwise.  Raises :class:`BadOptions` in one line for a malformed pair, a bot
    that does not play ``variant`` or takes no options, or a value its model refuses.
    """
    raw: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        name_key, sep, text = pair.partition("=")
        name, dot, key = name_key.strip().partition(".")
        if not (sep and dot and name and key):
            raise BadOptions(f"--bot-option expects BOT.KEY=VALUE (e.g. mcts.seconds=1); got {pair!r}")
        spec = registry.bot(name, variant)
        if spec.options is None:
            raise BadOptions(f"bot {name!r} takes no options")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        raw.setdefault(name, {})[key.strip()] = value
    out: dict[str, BaseModel] = {}
    for name, values in raw.items():
        model = registry.bot(name, variant).options
        assert model is not None
        for key, value in values.items():
            field = model.model_fields.get(key)
            if field is not None and bool_as_number(field.annotation, value):
                raise BadOptions(f"bad option {name}.{key}: give a number, not {str(value).lower()}")
        try:
            out[name] = model.model_validate(values)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(part) for part in error["loc"])
            if error["type"] == "extra_forbidden":
                known = ", ".join(model.model_fields)
                raise BadOptions(f"bot {name!r} has no option {where!r}; its options: {known}") from None
            raise BadOptions(f"bad option {name}.{where}: {said_by_validator(error)}") from None
    return out


def with_bot_options(registry: Registry, options: Mapping[str, BaseModel]) -> Registry:
    """A shallow copy of ``registry`` whose bots named in ``options`` are built with them
    (``registry`` itself is unchanged; with no options it is returned as it is)."""
    if not options:
        return registry
    return registry.with_bots(
        {
            name: [
                replace(spec, factory=functools.partial(_factory(spec), options=options[name]))
                if name in options and spec.options is not None and isinstance(options[name], spec.options)
                else spec
                for spec in specs
            ]
            for name, specs in registry.bots.items()
        }
    )


def _factory(spec: BotSpec) -> Any:
    """The factory of a bot that declares options: it takes them as ``options=`` too."""
    return spec.factory
