"""``turbine plugin new``: a new game or an expansion as a package of its own.

The generated package is loaded here from its folder (no pip) and held to the same
checks its own tests make; ``.ci/run`` installs both kinds and runs their tests.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from cli_helpers import assert_one_line_error
from turbine.core import Registry
from turbine.core.testing import assert_refused, check_variant, make_game


@pytest.fixture
def load(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """``load(folder, module)``: the generated package's plugin module, imported from its folder."""
    loaded: list[str] = []

    def _load(folder: Path, module: str) -> ModuleType:
        monkeypatch.syspath_prepend(str(folder / "src"))
        loaded.append(module)
        return importlib.import_module(f"{module}.plugin")

    yield _load
    for name in [n for n in sys.modules if n.split(".")[0] in loaded]:
        del sys.modules[name]


def test_a_new_game(run, tmp_path, load):
    result = run("plugin", "new", "kit-tally")
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "kit-tally"
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == [
        "README.md",
        "pyproject.toml",
        "src/kit_tally/__init__.py",
        "src/kit_tally/game.py",
        "src/kit_tally/options.py",
        "src/kit_tally/plugin.py",
        "src/kit_tally/py.typed",
        "tests/test_kit_tally.py",
    ]
    project = tomllib.loads((folder / "pyproject.toml").read_text())
    assert project["project"]["name"] == "kit-tally"
    assert project["project"]["entry-points"]["turbine.plugins"] == {"kit_tally": "kit_tally.plugin"}
    assert "pip install -e ./kit-tally" in (folder / "README.md").read_text()
    tests = (folder / "tests" / "test_kit_tally.py").read_text()
    for kit in ("make_game", "assert_refused", "play_until", "check_variant"):
        assert kit in tests
    assert "Next: pip install -e ./kit-tally && pytest ./kit-tally" in result.stdout

    plugin = load(folder, "kit_tally")
    registry = Registry.discover(extra=[("kit_tally", plugin)])
    assert registry.variants["kit_tally"].name == "Kit Tally"
    report = check_variant("kit_tally", players=[2, 4], seeds=range(2), registry=registry)
    assert report.games == 4
    game = make_game("kit_tally", options={"target": 5}, registry=registry)
    game.play(game.find("add 3"))
    game.play(game.find("add 3"))
    assert_refused(game, "add 3", rule="R-1", reason="you need exactly 2")  # the one rule
    assert_refused(game, "add 4", rule="R-1", reason="you may add from 1 to 3, not 4")


@pytest.mark.parametrize(
    ("variant", "hook", "field"),
    [("power_grid", "turbine_phase_end", "money"), ("barrage", "barrage_end_of_round", "credits")],
)
def test_an_expansion_through_the_games_public_hooks(run, tmp_path, load, variant, hook, field):
    name = f"kit-{variant.replace('_', '-')}-bonus"
    module = name.replace("-", "_")
    result = run("plugin", "new", name, "--expands", variant, "--dir", "plugins")
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "plugins" / name
    assert (folder / "tests" / f"test_{module}.py").is_file()
    project = tomllib.loads((folder / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["turbine.plugins"] == {module: f"{module}.plugin"}

    plugin = load(folder, module)
    assert plugin.PLUGIN_INFO.requires == (variant,)
    assert hasattr(plugin, hook)
    registry = Registry.discover(extra=[(module, plugin)])
    assert registry.expansions[module].variant == variant
    check_variant(variant, players=[2], seeds=range(1), expansions=[module], registry=registry)
    game = make_game(variant, expansions=[module], options={module: {"amount": 4}}, registry=registry)
    before = [getattr(p, field) for p in game.state.players]
    if hook == "turbine_phase_end":
        plugin.turbine_phase_end(rules=game.rules, state=game.state, phase="bureaucracy")
    else:
        plugin.barrage_end_of_round(game=game.rules, state=game.state, round_no=1)
    assert [getattr(p, field) for p in game.state.players] == [b + 4 for b in before]
    assert "(X-1)" in game.render(None)


def test_an_existing_folder_is_left_alone(run, tmp_path):
    (tmp_path / "kit-taken").mkdir()
    (tmp_path / "kit-taken" / "mine.txt").write_text("keep")
    result = run("plugin", "new", "kit-taken")
    assert_one_line_error(result, "kit-taken already exists")
    assert [p.name for p in (tmp_path / "kit-taken").iterdir()] == ["mine.txt"]


def test_a_folder_of_the_same_package_spelled_otherwise_is_refused(run, tmp_path):
    (tmp_path / "kit_twin").mkdir()
    result = run("plugin", "new", "kit-twin")
    assert_one_line_error(result, "kit_twin already holds the package kit_twin; choose another NAME or --dir")
    assert not (tmp_path / "kit-twin").exists()


def test_an_unknown_variant_lists_the_installed_ones(run, tmp_path):
    result = run("plugin", "new", "kit-nothing", "--expands", "chess")
    assert_one_line_error(result, "unknown variant 'chess'", "installed: ", "barrage", "power_grid")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("9lives", "not a valid plugin name"),
        ("kit game", "not a valid plugin name"),
        ("kit--game", "not a valid plugin name"),
        ("class", "reserved in Python"),
        ("tests", "tests is reserved in Python or by turbine"),
        ("barrage", "already the name of an installed game"),
        ("json", "a module named 'json' is already importable"),
    ],
)
def test_a_bad_name_is_refused_and_nothing_written(run, tmp_path, name, why):
    assert_one_line_error(run("plugin", "new", name), why)
    assert list(tmp_path.iterdir()) == []
