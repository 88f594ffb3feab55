"""Start-up cost: ``turbine --version`` answers without importing the app or any game,
``--help`` without importing any game, and a command imports only the game it plays
(the ``turbine.variants`` and ``turbine.expansions`` entry points say which plugin
provides what before it is imported)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from turbine.cli import launch
from turbine.core.session import turbine_version


def imported_modules(*args: str) -> tuple[str, set[str]]:
    """Run ``python -X importtime -m turbine.cli ARGS``: its stdout and the modules it imported."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "turbine.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    modules = {
        line.rpartition("|")[2].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return result.stdout, modules


def test_version_imports_no_game_nor_the_app():
    stdout, modules = imported_modules("--version")
    assert stdout == f"turbine {turbine_version()}\n"
    assert "turbine.cli.launch" in modules  # the listing is real
    heavy = sorted(
        m
        for m in modules
        if m.startswith(("turbine.plugins", "turbine.core", "turbine.cli.app", "typer", "rich", "pydantic"))
    )
    assert heavy == []


def test_a_command_still_loads_the_app_and_the_games():
    stdout, modules = imported_modules("variants", "--json")
    assert "turbine.cli.app" in modules
    assert any(m.startswith("turbine.plugins.") for m in modules)
    assert '"id"' in stdout


def test_fast_version_is_the_core_version():
    assert launch._version() == turbine_version()


def test_launch_main_version_in_process(capsys):
    with pytest.raises(SystemExit) as stop:
        launch.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"turbine {turbine_version()}\n"


def test_plugin_commands_are_loaded_only_where_they_can_be_reached(monkeypatch):
    from turbine.cli.app import needs_plugin_commands

    monkeypatch.delenv("_TURBINE_COMPLETE", raising=False)
    assert not needs_plugin_commands(["--version"])
    assert not needs_plugin_commands(["new", "--help"])
    assert not needs_plugin_commands(["legal", "game.json", "--json"])
    assert needs_plugin_commands([])  # the help lists the plugins' commands
    assert needs_plugin_commands(["--help"])
    assert needs_plugin_commands(["hello", "--name", "x"])
    assert needs_plugin_commands(["plugins"])  # it reports commands that could not be added
    monkeypatch.setenv("_TURBINE_COMPLETE", "complete_bash")
    assert needs_plugin_commands(["new"])


def test_a_builtin_command_help_imports_no_game():
    stdout, modules = imported_modules("new", "--help")
    assert "--out" in stdout
    assert not any(m.startswith("turbine.plugins") for m in modules)


def games_imported(modules: set[str]) -> set[str]:
    """The plugin packages among ``modules``: ``turbine.plugins.X`` and the examples' ``turbine_X``."""
    games = {m.split(".")[2] for m in modules if m.startswith("turbine.plugins.")}
    return games | {m.split(".")[0] for m in modules if m.startswith("turbine_")}


def test_help_imports_no_game():
    stdout, modules = imported_modules("--help")
    assert "new" in stdout and "variants" in stdout
    assert "turbine.cli.app" in modules  # the listing is real
    assert games_imported(modules) == set()


def test_a_new_power_grid_game_imports_power_grid_alone(tmp_path):
    out = tmp_path / "pg.json"
    stdout, modules = imported_modules("new", "power_grid", "--out", str(out), "--seats", "human,greedy")
    assert out.is_file() and "saved to" in stdout
    assert games_imported(modules) == {"power_grid"}
    assert not any(m.startswith(("turbine.plugins.barrage", "turbine.plugins.leeghwater")) for m in modules)


def test_an_expansion_imports_its_game_and_itself(tmp_path):
    out = tmp_path / "lw.json"
    _, modules = imported_modules("new", "barrage", "--with", "leeghwater", "--out", str(out))
    assert out.is_file()
    assert games_imported(modules) == {"barrage", "leeghwater"}
