"""``turbine simulate`` and ``turbine bench``."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_line_error, needs_sparks, read_json, run_cli

pytest.importorskip(
    "turbine_sparks", reason="install examples/turbine-sparks: pip install -e examples/turbine-sparks"
)
pytestmark = needs_sparks


def test_simulate_json_is_reproducible(run):
    args = ("simulate", "sparks", "--games", "6", "--players", "3", "--seed", "4", "--json")
    first = json.loads(run(*args).stdout)
    assert first["games"] == 6 and first["finished"] == 6
    assert first["unfinished"] == [] and first["errors"] == []
    assert len(first["wins"]) == 3 and sum(first["wins"]) >= 6
    assert first["mean_decisions"] > 0
    assert len(first["mean_scores"]) == 3
    second = json.loads(run(*args).stdout)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_simulate_text_with_mixed_bots(run):
    result = run("simulate", "sparks", "-n", "4", "--bots", "random,thrifty")
    assert result.returncode == 0, result.stderr
    assert "4 of 4 games finished" in result.stdout
    assert "thrifty" in result.stdout


def test_simulate_out_writes_saves_that_verify(finished_games):
    files = sorted(finished_games.iterdir())
    assert [f.name for f in files] == [
        "game-0001-seed11.json",
        "game-0002-seed12.json",
        "game-0003-seed13.json",
    ]
    assert [read_json(f)["seed"] for f in files] == [11, 12, 13]
    result = run_cli("replay", files[2].name, "--verify", cwd=finished_games)
    assert result.returncode == 0, result.stderr


def test_simulate_refuses_bad_input(run):
    assert_one_line_error(run("simulate", "sparks", "-n", "2", "--option", "rounds=0"), "rounds")
    for seconds in ("0", "-1"):
        assert_one_line_error(
            run("simulate", "sparks", "-n", "2", "--bot-seconds", seconds), "more than 0 seconds"
        )


def test_simulate_where_no_game_finishes_prints_no_empty_figures(run):
    """Every bot over a budget no decision can meet: the games fail (exit 2), and the
    summary has no mean length or mean score to print rather than Python's ``None``."""
    result = run("simulate", "sparks", "-n", "2", "--bot-seconds", "1e-9")
    assert result.returncode == 2
    assert "0 of 2 games finished" in result.stdout and "decisions per game" not in result.stdout
    assert "None" not in result.stdout


def test_bench_json(run):
    result = run("bench", "sparks", "--seconds", "0.05", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    for key in (
        "decisions_per_s",
        "games_per_s",
        "replay_actions_per_s",
        "save_load_per_s",
        "ms_per_game",
        "clones_per_s",
    ):
        assert data[key] > 0, key
