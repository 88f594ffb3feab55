"""A broken installed plugin, seen from the command line (issue 14, item 12).

The plugins are installed as pip leaves a distribution (a module and a
``dist-info`` folder with its entry points) in a folder put on ``sys.path``,
so discovery runs exactly as for a real installation.  ``turbine plugins``
shows each plugin's status and reason; a command that meets the broken plugin
warns in one line and works; using the broken plugin exits 2 with one line
naming it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import needs_sparks
from turbine.cli import app as cli_app
from turbine.cli import common
from turbine.core import plugins

pytestmark = needs_sparks

TAX = """
from turbine.core import ExpansionSpec, PluginInfo, hookimpl

PLUGIN_INFO = PluginInfo("tax", "0.3", ("sparks",))

@hookimpl
def turbine_expansions():
    return [ExpansionSpec("tax", "sparks", "Tax")]

@hookimpl
def turbine_phase_end(rules, state, phse):
    raise AssertionError("never called")
"""

ODDITY = """
from turbine.core import PluginInfo, VariantSpec, hookimpl

PLUGIN_INFO = PluginInfo("oddity", "0.1")

@hookimpl
def turbine_variants():
    return [VariantSpec("oddity", "Oddity", 2, 4, options={"rounds": 3}, rules=object)]
"""

TAX_REASON = (
    "implements turbine_phase_end(rules, state, phse) with a parameter the hook does not have (phse); "
    "turbine_phase_end takes rules, state, phase"
)


def install(folder: Path, name: str, source: str, declare: str = "") -> None:
    """Install the plugin module ``name`` with its entry points into ``folder``."""
    (folder / f"{name}.py").write_text(source)
    info = folder / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    points = f"[turbine.plugins]\n{name} = {name}\n"
    if declare:
        points += f"\n[{declare}]\n{name} = {name}\n"
    (info / "entry_points.txt").write_text(points)


@pytest.fixture
def turbine(tmp_path, monkeypatch, capsys):
    """``turbine(*args)``: the command line in-process, with the broken plugins installed:
    its exit code, stdout and the lines of stderr."""
    site = tmp_path / "site"
    site.mkdir()
    install(site, "tax", TAX, declare="turbine.expansions")
    install(site, "oddity", ODDITY)  # declares nothing: every command imports it
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(plugins, "_default", None)
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    monkeypatch.setattr(common, "_left_out", {})
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> tuple[int, str, list[str]]:
        with pytest.raises(SystemExit) as stop:
            cli_app.main(list(args))
        captured = capsys.readouterr()
        return stop.value.code or 0, captured.out, captured.err.splitlines()

    yield run
    monkeypatch.setattr(plugins, "_default", None)


def test_plugins_lists_each_status_and_reason(turbine):
    code, out, err = turbine("plugins")
    assert code == 0 and err == []
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert rows["tax"][1] == "broken"
    assert rows["oddity"][1] == "broken"
    assert rows["sparks"][1] == "ok" and rows["power_grid"][1] == "ok"
    assert f"  tax: {TAX_REASON}" in out

    code, out, err = turbine("plugins", "--json")
    listed = {row["name"]: row for row in json.loads(out)["plugins"]}
    assert listed["tax"]["status"] == "broken" and listed["tax"]["reason"] == TAX_REASON
    assert listed["tax"]["version"] == "0.3" and listed["tax"]["requires"] == ["sparks"]
    assert listed["oddity"]["reason"] == (
        "gives the variant 'oddity' options that are a dict, not a pydantic model; "
        "give a subclass of pydantic.BaseModel"
    )
    assert listed["sparks"] | {"status": "ok", "reason": None} == listed["sparks"]
    assert listed["core"]["bots"] == ["mcts", "random"] and listed["sparks"]["bots"] == ["thrifty"]
    assert listed["tax"]["bots"] == []  # left out: it provides nothing


def test_the_other_games_work_with_a_one_line_warning(turbine):
    code, out, err = turbine("variants")
    assert code == 0
    assert "sparks" in out and "power_grid" in out and "oddity" not in out
    assert err == [
        "turbine: warning: plugin 'oddity' gives the variant 'oddity' options that are a dict, "
        "not a pydantic model; give a subclass of pydantic.BaseModel; it is left out",
        f"turbine: warning: plugin 'tax' {TAX_REASON}; it is left out",
    ]

    code, out, err = turbine("new", "sparks", "--out", "game.json")
    assert code == 0, err
    assert Path("game.json").is_file()
    assert all(line.startswith("turbine: warning: plugin ") for line in err)


def test_using_a_broken_expansion_exits_2_with_one_line(turbine):
    code, _, err = turbine("new", "sparks", "--with", "tax", "--out", "game.json")
    assert code == 2
    assert [line for line in err if "'tax'" in line] == [f"turbine: error: plugin 'tax' {TAX_REASON}"]
    assert err[-1].startswith("turbine: error: ")  # the other broken plugin: a warning before it
    assert not Path("game.json").exists()


def test_using_a_broken_variant_exits_2_with_one_line(turbine):
    code, _, err = turbine("new", "oddity", "--out", "game.json")
    assert code == 2
    assert err == [
        "turbine: error: plugin 'oddity' gives the variant 'oddity' options that are a dict, "
        "not a pydantic model; give a subclass of pydantic.BaseModel"
    ]


def test_a_declared_broken_plugin_is_not_imported_for_another_game(turbine):
    code, _, err = turbine("new", "power_grid", "--out", "game.json")
    assert code == 0, err
    assert not any("'tax'" in line for line in err)  # declared for Sparks only: never imported
    assert [line for line in err if "'oddity'" in line]  # declares nothing: imported, and warned about


def test_checking_a_broken_plugin_or_its_game_says_why_it_was_left_out(turbine):
    code, _, err = turbine("plugin", "check", "tax")
    assert code == 2 and err[-1] == f"turbine: error: plugin 'tax' {TAX_REASON}"
    code, _, err = turbine("plugin", "check", "oddity")
    assert code == 2 and err[-1] == (
        "turbine: error: plugin 'oddity' gives the variant 'oddity' options that are a dict, "
        "not a pydantic model; give a subclass of pydantic.BaseModel"
    )


LEVY = """
from turbine.core import ExpansionSpec, PluginInfo, hookimpl

PLUGIN_INFO = PluginInfo("levy", "0.1", ("sparks",))

@hookimpl
def turbine_expansions():
    return [ExpansionSpec("levy", "sparks", "Levy")]
"""


def test_checking_a_plugin_reads_its_entry_points_as_its_tests_would(turbine, tmp_path):
    """A plugin that works but declares its expansion as a variant (so a command looking for
    the expansion imports every plugin first) fails ``plugin check``'s first check."""
    install(tmp_path / "site", "levy", LEVY, declare="turbine.variants")
    code, out, err = turbine("plugin", "check", "levy", "--seeds", "1")
    assert code == 2 and err[-1] == "turbine: error: levy: 1 of 2 checks failed"
    assert (
        "plugin levy: its hooks, options, requirements and entry points · FAILED: plugin 'levy' "
        "declares the variant 'levy' in its turbine.variants entry points, but does not provide it"
    ) in " ".join(out.split())
    assert "sparks with levy · 2–4 players · 3 games, " in out  # the games are checked all the same


def test_checking_a_plugin_that_provides_no_game_says_so(turbine, tmp_path):
    install(
        tmp_path / "site",
        "nada",
        'from turbine.core import PluginInfo\nPLUGIN_INFO = PluginInfo("nada", "0.1")\n',
    )
    code, _, err = turbine("plugin", "check", "nada")
    assert (
        code == 2 and err[-1] == "turbine: error: plugin 'nada' provides no game, expansion or bot to check"
    )
