"""``turbine plugin check NAME``: the conformance kit on an installed plugin, variant or
expansion, from the command line."""

from __future__ import annotations

import json

from cli_helpers import assert_one_line_error, needs_sparks

pytestmark = needs_sparks


def test_a_plugin_that_conforms_passes_every_check(run):
    result = run("plugin", "check", "sparks")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Checking sparks: random games (seeds 0–1)")
    assert lines[1].startswith("  plugin sparks: its hooks, options, requirements and entry points · ok (")
    assert lines[2].startswith("  sparks · 2–4 players · 6 games, ")
    assert "bots mcts, random, thrifty · ok (" in lines[2]
    assert lines[-1] == "sparks: all 2 checks passed"


def test_a_variant_alone_is_its_games(run):
    result = run("plugin", "check", "sparks", "--seeds", "1", "--json")
    assert [c["plugin"] for c in json.loads(result.stdout)["checks"]] == ["sparks", None]
    result = run("plugin", "check", "subsidy", "--seeds", "1", "--json")  # an expansion's id
    assert [(c["plugin"], c["variant"]) for c in json.loads(result.stdout)["checks"]] == [
        (None, "power_grid")
    ]
    assert run("plugin", "check", "subsidy", "--seeds", "1").stdout.splitlines()[-1] == (
        "subsidy: the check passed"
    )


def test_an_expansion_is_checked_on_its_base_game_and_the_outcome_is_json(run):
    result = run("plugin", "check", "leeghwater", "--seeds", "1", "--json")
    assert result.returncode == 0, result.stderr
    plugin, check = json.loads(result.stdout)["checks"]
    assert plugin["plugin"] == "leeghwater" and plugin["problem"] is None
    assert check | {"actions": 0, "seconds": 0} == {
        "plugin": None,
        "variant": "barrage",
        "expansions": ["leeghwater"],
        "players": [2, 3, 4],
        "bots_only": False,
        "options": {},
        "games": 3,
        "actions": 0,
        "bots": ["greedy", "mcts", "random"],
        "seconds": 0,
        "problem": None,
    }
    assert check["actions"] > 0


def test_a_plugin_of_bots_alone_has_them_checked_on_every_game(run):
    result = run("plugin", "check", "core", "--seeds", "1", "--json")
    assert result.returncode == 0, result.stderr
    plugin, *checks = json.loads(result.stdout)["checks"]
    assert plugin["plugin"] == "core" and plugin["problem"] is None
    assert {c["variant"] for c in checks} >= {"barrage", "power_grid", "sparks"}
    assert all(c["bots_only"] and {"mcts", "random"} <= set(c["bots"]) and not c["games"] for c in checks)


def test_a_plugin_that_breaks_the_contract_fails_with_the_problem(run, monkeypatch):
    from turbine_sparks import game as sparks_game

    monkeypatch.setattr(sparks_game.SparksRules, "describe", lambda self, action: "same")
    result = run("plugin", "check", "sparks", "--seeds", "1")
    assert_one_line_error(result, "sparks: 1 of 2 checks failed")
    header, _, row, *_ = result.stdout.splitlines()
    assert header.startswith("Checking sparks: random games (seed 0), ")
    assert row.startswith("  sparks · 2–4 players · FAILED: sparks 2p seed 0, decision 0 ")
    assert "read_action('same') gives None, not the action written so" in " ".join(result.stdout.split())


def test_an_unknown_name_is_one_line(run):
    assert_one_line_error(
        run("plugin", "check", "nothing"), "no plugin, variant or expansion 'nothing'; installed: "
    )


def test_a_package_s_name_with_a_dash_is_told_the_plugin_s_name(run):
    """``turbine plugin new grid-carbon`` makes the plugin ``grid_carbon``; the package's
    spelling is answered with the plugin's."""
    assert_one_line_error(
        run("plugin", "check", "grid-carbon"),
        "no plugin, variant or expansion 'grid-carbon'; did you mean 'grid_carbon'?",
    )


def test_a_game_whose_code_raises_fails_its_check_with_where(run, monkeypatch):
    from turbine_sparks import game as sparks_game

    def perform(self, state, action):
        raise KeyError("no such coin")

    monkeypatch.setattr(sparks_game.SparksRules, "perform", perform)
    result = run("plugin", "check", "sparks", "--seeds", "1", "--json")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    _, check = json.loads(result.stdout)["checks"]
    assert check["problem"].startswith("sparks 2p seed 0, decision 0 (round 1, auction, seat 1")
    assert "playing the legal move 'open " in check["problem"]
    assert "raised KeyError: 'no such coin' (at cli/test_cli_plugin_check.py:" in check["problem"]
    assert check["problem"].endswith(" in perform)")


def test_the_games_take_options_checked_before_any_game_is_played(run):
    result = run("plugin", "check", "sparks", "--seeds", "1", "--option", "rounds=2", "--json")
    assert result.returncode == 0, result.stderr
    _, check = json.loads(result.stdout)["checks"]
    assert check["options"] == {"rounds": 2} and check["problem"] is None
    text = run("plugin", "check", "sparks", "--seeds", "1", "-o", "rounds=2").stdout
    assert "  sparks rounds=2 · 2–4 players · 3 games, " in text
    assert_one_line_error(run("plugin", "check", "sparks", "-o", "rounds=99"), "rounds")
    assert_one_line_error(run("plugin", "check", "sparks", "-o", "colour=red"), "unknown option colour")
    # an option group the game has not: plugin check has no --with to suggest
    assert_one_line_error(
        run("plugin", "check", "sparks", "-o", "grid_bonus.amount=5"),
        "--option grid_bonus.amount: the game checked has no option 'grid_bonus'",
    )


def test_options_that_do_not_go_together_or_span_games_are_one_line_before_any_game(run):
    assert_one_line_error(
        run("plugin", "check", "leeghwater", "-o", "mode=intro"),
        "the Leeghwater Project needs Barrage's full game",
    )
    assert_one_line_error(
        run("plugin", "check", "core", "-o", "map=japan"),
        "--option sets up one game, and this check plays barrage, power_grid, sparks",
    )


def test_an_expansion_s_option_is_shown_as_it_is_written(run):
    result = run("plugin", "check", "grid_subsidy", "--seeds", "1", "-o", "subsidy.amount=10", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["checks"][1]["options"] == {"subsidy": {"amount": 10}}
    from turbine.cli.plugin_check import Check

    label = Check(
        "power_grid", (2, 6), ("subsidy",), options={"subsidy": {"amount": 10}, "map": "japan"}
    ).label
    assert label == "power_grid with subsidy map=japan subsidy.amount=10 · 2–6 players"


def test_a_plugin_s_bots_are_the_ones_checked_on_the_games_it_does_not_provide(run):
    checks = json.loads(run("plugin", "check", "core", "--seeds", "1", "--json").stdout)["checks"]
    assert [(c["variant"], c["bots"]) for c in checks[1:]] == [
        ("barrage", ["mcts", "random"]),
        ("power_grid", ["mcts", "random"]),
        ("sparks", ["mcts", "random"]),
    ]


def test_an_option_for_two_games_at_once_is_refused():
    import pytest
    from turbine.cli.common import CliError
    from turbine.cli.plugin_check import Check, with_options
    from turbine.core import default_registry

    checks = [Check("sparks", (2,)), Check("power_grid", (2,))]
    with pytest.raises(CliError, match="this check plays power_grid, sparks"):
        with_options(default_registry(), checks, ["rounds=2"])
