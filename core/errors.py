"""Exceptions that carry a reason a person can act on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import FunctionType
from typing import Any

from pydantic import TypeAdapter, ValidationError


class TurbineError(Exception):
    """Base of every error turbine reports to a user (CLI exit code 2)."""


class IllegalAction(TurbineError):
    """An action that the rules do not allow now.

    ``reason`` is a sentence for the player; ``rule`` the rule ID (e.g. ``P-4.3``)
    where one applies.  Raising it guarantees the state is unchanged.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class BadOptions(TurbineError):
    """Options, player counts or expansions that a variant refuses."""


class BadPosition(TurbineError):
    """A position a builder refuses (:mod:`turbine.core.position`): what is wrong, one
    clause per problem (``contract SC-3 is both in Italy's hand and in the face-up
    display``), kept in :attr:`problems`."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


class PluginError(TurbineError):
    """A plugin is missing, failed to load or has unmet requirements."""


class BrokenContract(TypeError):
    """A game's code answered what the engine contract does not allow (``why_illegal``
    returned a text, not an :class:`IllegalAction`; a rollout bot's move was illegal): a
    bug, not the user's, raised where the engine finds it and blamed on the plugin whose
    code gave the answer (:attr:`culprit`, the module of that code)."""

    def __init__(self, owner: object, message: str) -> None:
        named = owner if isinstance(owner, type | FunctionType) else type(owner)
        self.culprit: str = named.__module__
        super().__init__(f"{named.__qualname__}.{message}")


class SaveFileError(TurbineError):
    """A save file that cannot be read, or whose game cannot be rebuilt.

    :attr:`replayed`: when its log replayed up to an action that failed (illegal, not
    readable, or a game that differs from the saved digest there), how many actions came
    before that one: the game up to there still rebuilds (``Game.from_save(registry,
    save, upto=replayed)``), so a replay can show it, saying where it stops; ``None``
    when the file cannot be read or its game set up."""

    def __init__(self, message: str = "", *, replayed: int | None = None) -> None:
        super().__init__(message)
        self.replayed = replayed


class ParseError(TurbineError):
    """A move written in notation that does not name exactly one legal move."""


def said_by_validator(error: Mapping[str, Any]) -> str:
    """What a pydantic error says, without the words pydantic puts before a validator's own
    message (``Value error, intro_columns must be distinct …``): the message a game wrote."""
    message = str(error.get("msg", ""))
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message


def bool_as_number(annotation: Any, value: Any) -> bool:
    """``value`` is true or false where ``annotation`` takes it only converted: pydantic
    reads ``true`` as the number 1, so ``max_rounds=true`` would end a game after one round
    and ``mcts.iterations=true`` search once."""
    if not isinstance(value, bool):
        return False
    try:
        TypeAdapter(annotation).validate_python(value, strict=True)
    except (ValidationError, TypeError, ValueError):
        return True
    return False
