"""In-process checks of the command line: plugin commands, internal errors, option parsing."""

from __future__ import annotations

import sys
import types
from typing import Literal

import pytest
from pydantic import BaseModel, Field
from turbine.cli import app as cli_app
from turbine.cli.common import CliError, parse_options, parse_seats
from turbine.core import PluginInfo, Registry, bots, hookimpl


def _hello(name: str = "world") -> None:
    """Say hello (a plugin's command)."""
    print(f"hello {name}")


def _plugin_with_commands() -> types.ModuleType:
    module = types.ModuleType("hello_plugin")
    module.PLUGIN_INFO = PluginInfo(name="hello", version="1.0")

    @hookimpl
    def turbine_cli_commands() -> list[tuple[str, object]]:
        return [("hello", _hello), ("show", _hello)]

    module.turbine_cli_commands = turbine_cli_commands
    return module


def test_plugin_commands_are_added_but_never_replace_builtins(monkeypatch, capsys):
    registry = Registry([("core", bots), ("hello", _plugin_with_commands())])
    monkeypatch.setattr(cli_app, "registry", lambda: registry)
    monkeypatch.setattr(cli_app, "_plugin_commands_added", False)
    monkeypatch.setattr(cli_app, "plugin_command_problems", [])
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(["hello", "--name", "turbine"])
    assert exit_info.value.code in (0, None)
    assert "hello turbine" in capsys.readouterr().out
    assert cli_app.plugin_command_problems == ["plugin command 'show' ignored: the name is taken"]


def test_a_command_its_plugin_did_not_declare_is_still_found(monkeypatch):
    """The plugin declares a variant and no command: listing the commands imports only the
    plugins that declare one, but asking for a command none of those has imports every
    plugin, so a missing declaration never hides a command (only costs the imports)."""
    from importlib.metadata import EntryPoint

    monkeypatch.setitem(sys.modules, "hello_plugin", _plugin_with_commands())
    point = EntryPoint(name="hello", value="hello_plugin", group="turbine.plugins")
    registry = Registry([("core", bots)], entry_points=[point], declared={"variant": {"hi": "hello"}})
    assert registry.commands() == []
    assert [name for name, _ in registry.commands("hello")] == ["hello", "show"]


def test_an_internal_error_exits_1_with_a_traceback(monkeypatch, capsys):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_app, "load_game", broken)
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(["legal", "whatever.json"])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert "internal error" in err and "RuntimeError: boom" in err


class _Options(BaseModel):
    rounds: int = Field(4, ge=1)
    map: str = "europe"
    mode: Literal[2, 3] = 2
    fast: bool = False
    plants: list[int] = Field(default_factory=list)


def test_option_values_are_read_for_their_type():
    options = parse_options(_Options, ["rounds=3", "map=123", "mode=3", "fast=yes", "plants=[1, 2]"])
    assert options == {"rounds": 3, "map": "123", "mode": 3, "fast": True, "plants": [1, 2]}
    assert parse_options(_Options, ["rounds=lots"]) == {"rounds": "lots"}  # the core explains the error
    assert parse_options(_Options, ["rounds=true"]) == {"rounds": True}  # not 1: the core refuses it
    with pytest.raises(CliError):
        parse_options(_Options, ["rounds"])


def test_seats():
    assert [s.kind for s in parse_seats(None, None, 2)] == ["human", "human"]
    assert [s.kind for s in parse_seats("random", 3, 2)] == ["random"] * 3
    assert [s.name for s in parse_seats("human,random", None, 2)] == ["Player 1", "Random bot 2"]
    with pytest.raises(CliError, match="--seats lists 2 seats but --players is 3"):
        parse_seats("human,random", 3, 2)
    with pytest.raises(CliError, match="--bots lists 3 seats but --players is 2"):
        parse_seats("greedy,greedy,greedy", 2, 2, "--bots")


def test_plugins_reports_load_errors(monkeypatch, capsys):
    errors = {"broken": "failed to import broken.plugin: ImportError: nope"}
    registry = Registry([("core", bots)], errors=errors)
    monkeypatch.setattr(cli_app, "registry", lambda: registry)
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(["plugins"])
    assert exit_info.value.code in (0, None)
    out = capsys.readouterr().out
    assert "core" in out and "0.1.0" in out
    assert "broken: failed to import broken.plugin: ImportError: nope" in out


@pytest.mark.parametrize("command", ["new", "move"])
def test_bots_stopped_by_the_decision_bound_are_a_bug_of_the_game(monkeypatch, capsys, tmp_path, command):
    """Bots that reach the game's decision bound stop there (its rules may never end): the
    game is saved, and the command says so and exits 1, not 0 as if a person were to move."""
    sparks = pytest.importorskip("turbine_sparks.game")
    path = tmp_path / "g.json"
    seats = "human,random,random" if command == "move" else "random,random"
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    if command == "move":
        with pytest.raises(SystemExit) as made:
            cli_app.main(["new", "sparks", "--seats", seats, "--out", str(path)])
        assert made.value.code in (0, None)
    bound = 1 if command == "move" else 3  # after the person's move, two bots are to move
    monkeypatch.setattr(sparks.SparksRules, "decision_bound", lambda self: bound)
    args = (
        ["new", "sparks", "--seats", seats, "--out", str(path)]
        if command == "new"
        else ["move", str(path), "1"]
    )
    with pytest.raises(SystemExit) as exit_info:
        cli_app.main(args)
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert f"the bots did not finish within {bound} decisions" in err and err.count("\n") == 1
    assert path.exists()


def test_a_setup_is_named_with_its_expansions_and_the_options_that_are_not_defaults():
    from turbine.cli.output import setup_name
    from turbine.core import Game, default_registry

    japan = Game(default_registry(), "power_grid", players=2, seed=0, options={"map": "japan"})
    assert setup_name(japan) == "Power Grid: Russia & Japan (map japan)"
    plain = Game(default_registry(), "barrage", players=2, seed=0, expansions=["leeghwater"])
    assert setup_name(plain) == "Barrage with The Leeghwater Project"
