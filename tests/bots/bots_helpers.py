"""Bots that misbehave on purpose, and registries that hold them beside the installed games."""

from __future__ import annotations

import csv
import os
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from turbine.cli import app as cli_app
from turbine.core import BotSpec, PluginInfo, Registry, hookimpl


def bot_plugin(*specs: BotSpec, name: str = "test_bots") -> types.ModuleType:
    """A plugin module that registers ``specs``."""
    module = types.ModuleType(name)
    module.PLUGIN_INFO = PluginInfo(name=name, version="1.0")

    @hookimpl
    def turbine_bots() -> list[BotSpec]:
        return list(specs)

    module.turbine_bots = turbine_bots
    return module


def registry_with(*specs: BotSpec) -> Registry:
    """Every installed plugin, and a plugin with ``specs``."""
    return Registry.discover(extra=[("test_bots", bot_plugin(*specs))])


class Spy:
    """Plays the first legal move, and keeps every view it is given (``seen``); every spy
    made is in ``Spy.instances``."""

    instances: ClassVar[list[Spy]] = []

    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.seat = seat
        self.seen: list[Any] = []
        Spy.instances.append(self)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        self.seen.append(view)
        return legal[0]


def failing(after: int, how: Callable[[list[Any]], Any], seeds: tuple[int, ...] = ()) -> type:
    """A bot class that plays the first legal move, then, from its ``after``-th decision on
    (in the games of ``seeds``, or all), answers ``how(legal)`` instead."""

    class Failing:
        def __init__(self, rules: Any, seat: int, seed: int) -> None:
            self.decisions = 0
            self.armed = not seeds or seed in seeds

        def choose(self, view: Any, legal: list[Any]) -> Any:
            self.decisions += 1
            if self.armed and self.decisions >= after:
                return how(legal)
            return legal[0]

    return Failing


def boom(legal: list[Any]) -> Any:
    raise RuntimeError("boom")


def not_a_move(legal: list[Any]) -> Any:
    return "not a move"


PARENT = os.getpid()


def die_in_a_worker(legal: list[Any]) -> Any:
    """Ends the process at once when it is a worker (a crash no ``except`` catches)."""
    if os.getpid() != PARENT:
        os._exit(3)
    return legal[0]


def main(capsys, *args: str) -> tuple[int, str, str]:
    """``turbine ARGS`` in this process (with the ``cli`` fixture): exit code, stdout, stderr."""
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(list(args))
    captured = capsys.readouterr()
    return exit_info.value.code, captured.out, captured.err


def assert_one_line(err: str, *fragments: str) -> None:
    """``err`` is one ``turbine: error:`` line holding every fragment."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("turbine: error: "), err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def without_seconds(rows: list[dict]) -> list[dict]:
    """Rows without ``seconds``, the one column that depends on timing."""
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]
