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
    assert "games/s" not in result.stdout  # no rate of games that did not finish


def test_simulate_says_what_its_scores_count_and_its_rate_in_plain_figures(run):
    """'mean score' had no unit; a rate of 1000 games a second read '1e+03 games/s'."""
    from turbine.cli.simulate import rate_text

    result = run("simulate", "power_grid", "-n", "2", "--json")
    assert json.loads(result.stdout)["score_name"] == "cities powerable"  # P-9.3
    shown = run("simulate", "power_grid", "-n", "2").stdout
    assert "mean cities powerable" in shown
    assert rate_text(1000, 1.0) == " (1,000 games/s)" and rate_text(5, 2.0) == " (2.5 games/s)"
    assert rate_text(0, 1.0) == ""


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


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("bench", "sparks", "--seconds", "inf"), "--seconds must be a number of seconds from 0 up, not inf"),
        (("bench", "sparks", "--seconds", "nan"), "not nan"),  # typer said 'greater than or equal to 0'
        (("bench", "sparks", "--seconds", "-1"), "not -1.0"),
        (("bench", "sparks", "--players", "0"), "Sparks is for 2–4 players, not 0"),
        (("tournament", "sparks", "--bots", "thrifty,random", "--players", "0"), "for 2–4 players, not 0"),
    ],
)
def test_bench_and_tournament_refuse_what_they_cannot_run(run, args, fragment):
    """An infinite budget never ended; 0 players were taken as not given."""
    assert_one_line_error(run(*args), fragment)


@needs_sparks
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path):
    """``turbine tournament … | head -1``: rich ended with code 1, which says 'a bug of
    turbine', and nothing on stderr; now 141, a shell's code for a closed pipe."""
    import subprocess
    import sys

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "turbine.cli",
            "tournament",
            "sparks",
            "--bots",
            "thrifty,random",
            "--games",
            "60",
        ],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"sparks")  # the heading comes before the games
    process.stdout.close()  # as head does after its line
    code = process.wait(timeout=120)
    assert (code, process.stderr.read()) == (141, b"")
