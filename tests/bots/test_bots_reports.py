"""What the reports of ``simulate`` and ``tournament`` say: the settings a study was made
with, whether timing made it, games numbered from 1, the games that pit a kind against
itself, and where ``--rows`` goes."""

from __future__ import annotations

import csv
import gzip
import io
import json

import pytest
from bots_helpers import assert_one_line, main, read_csv
from turbine.cli.games import UNFINISHED, GameResult, Plan
from turbine.cli.simulate import print_problems, run_simulation, unfinished_entries
from turbine.cli.tournament import run_tournament, single_kind_games
from turbine.core import Seat


def simulate(registry, **kwargs):
    settings = {"games": 2, "seed": 0, "options": {}, "expansions": [], **kwargs}
    return run_simulation(registry, "sparks", seats=[Seat("a", "mcts"), Seat("b", "random")], **settings)


def test_the_json_records_the_bot_settings(registry):
    report = simulate(registry, bot_options=["mcts.iterations=5"], options={"rounds": 2})
    assert {
        key: report[key] for key in ("options", "expansions", "bot_options", "bot_seconds", "timing")
    } == {
        "options": {"rounds": 2},
        "expansions": [],
        "bot_options": ["mcts.iterations=5"],
        "bot_seconds": None,
        "timing": [],  # an iteration budget: the same games on any machine
    }


def test_a_time_budget_is_named_as_what_makes_the_results_depend_on_timing(registry):
    report = simulate(registry, bot_options=["mcts.seconds=0.01"], bot_seconds=30.0)
    assert (report["bot_seconds"], report["timing"]) == (30.0, ["--bot-seconds 30", "mcts.seconds=0.01"])
    tournament = run_tournament(
        registry,
        "sparks",
        bots=["mcts", "random"],
        games=2,
        players=2,
        seed=0,
        options={},
        expansions=[],
        bot_options=["mcts.seconds=0.01"],
    )
    assert (tournament["bot_options"], tournament["bot_seconds"]) == (["mcts.seconds=0.01"], None)
    assert tournament["timing"] == ["mcts.seconds=0.01"]


def test_the_text_heading_says_the_settings_and_warns_of_timing(cli, capsys):
    args = ("-n", "2", "--option", "rounds=2", "--bot-option", "mcts.iterations=5", "--bot-seconds", "30")
    code, out, _ = main(capsys, "simulate", "sparks", "--bots", "mcts,random", *args)
    assert code == 0
    said = " ".join(out.split())
    assert said.startswith(
        "sparks · 2 players (mcts, random) · seeds 0–1 · options rounds=2 · bot options mcts.iterations=5 "
        "· bot seconds 30 Timed bots (--bot-seconds 30): the results depend on timing and may differ "
        "between runs and --jobs values. 2 of 2 games finished"
    )
    code, out, _ = main(capsys, "tournament", "sparks", "--bots", "mcts,random", *args)
    assert code == 0
    said = " ".join(out.split())
    assert said.startswith(
        "sparks · 2 players · mcts, random in rotation · seeds 0–1 · options rounds=2 · bot options "
        "mcts.iterations=5 · bot seconds 30 Timed bots (--bot-seconds 30): the results depend on timing"
    )


def test_a_heading_without_settings_is_as_it_was(cli, capsys):
    code, out, _ = main(capsys, "simulate", "sparks", "-n", "2")
    assert code == 0
    assert out.splitlines()[0] == "sparks · 2 players (random, random) · seeds 0–1"
    assert "Timed bots" not in out


def test_unfinished_games_are_numbered_from_1_as_the_text_says(capsys):
    """``"game": 0`` in the JSON was "game 1" in the text and the file names."""
    result = GameResult(4, 9, ["random", "random"], UNFINISHED, decisions=7)
    entries = unfinished_entries([result])
    assert entries == [{"game": 5, "seed": 9, "decisions": 7}]
    print_problems({"unfinished": entries, "errors": []})
    said = " ".join(capsys.readouterr().out.split())
    assert said == "not finished: game 5 (seed 9) stopped at the decision bound, 7 decisions"


# -- tournaments that seat one kind alone ---------------------------------------------------------


def test_games_that_seat_one_kind_alone_are_counted():
    plan = Plan("sparks", 0, 2, rotation=("thrifty", "random", "random", "random"))
    assert single_kind_games(plan, 4) == {"random": 2}  # games 2 and 3
    assert single_kind_games(plan, 7) == {"random": 4}  # and 6 and 7
    assert single_kind_games(plan, 1) == {}
    pairs = Plan("sparks", 0, 2, rotation=("a", "a", "b", "b"))
    assert single_kind_games(pairs, 4) == {"a": 1, "b": 1}
    one_against_three = Plan("sparks", 0, 4, rotation=("mcts", "greedy", "greedy", "greedy"))
    assert single_kind_games(one_against_three, 8) == {}  # the documented use: no warning


def test_a_tournament_with_games_of_one_kind_warns_and_counts_them(cli, capsys):
    code, out, err = main(
        capsys,
        "tournament",
        "sparks",
        "--bots",
        "thrifty,random,random,random",
        "-p",
        "2",
        "-n",
        "4",
        "--json",
    )
    assert code == 0
    assert err.strip().splitlines() == [
        "turbine: warning: 2 of 4 games seat one bot kind in every seat (random against itself in 2); they "
        "count in the win rates and ratings like any other (name a kind fewer times, or give more "
        "--players, to avoid them)"
    ]
    report = json.loads(out)
    assert report["single_kind_games"] == 2
    assert {s["bot"]: s["seats"] for s in report["standings"]} == {"thrifty": 2, "random": 6}
    code, _, err = main(capsys, "tournament", "sparks", "--bots", "thrifty,random", "-n", "2")
    assert (code, err) == (0, "")


# -- where the rows go --------------------------------------------------------------------------------


def test_rows_dash_writes_csv_to_standard_output_and_the_summary_to_stderr(cli, capsys):
    """``--rows -`` wrote a file named '-'."""
    code, out, err = main(capsys, "simulate", "sparks", "-n", "2", "--rows", "-")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["seed"], row["status"]) for row in rows] == [("0", "finished"), ("1", "finished")]
    assert "2 of 2 games finished" in " ".join(err.split()) and "One row per game" not in err
    code, out, err = main(
        capsys, "tournament", "sparks", "--bots", "random,thrifty", "-n", "2", "--rows", "-"
    )
    assert code == 0
    assert [row["bot_1"] for row in csv.DictReader(io.StringIO(out))] == ["random", "thrifty"]
    assert "2 of 2 games finished" in " ".join(err.split())


def test_rows_dash_with_json_is_one_line(cli, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = main(capsys, "simulate", "sparks", "-n", "2", "--rows", "-", "--json")
    assert (code, out) == (2, "")
    assert_one_line(err, "--rows - writes the rows to standard output, where --json writes the report")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "ending"),
    [("g.xlsx", ".xlsx"), ("g.csv.bz2", ".bz2"), ("g.parquet.gz", ".parquet.gz"), ("g.tsv", ".tsv")],
)
def test_rows_named_as_another_format_are_refused(cli, capsys, tmp_path, name, ending):
    """``--rows g.csv.bz2`` held plain CSV."""
    rows = tmp_path / name
    for command in (("simulate", "sparks"), ("tournament", "sparks", "--bots", "random,thrifty")):
        code, _, err = main(capsys, *command, "-n", "1", "--rows", str(rows))
        assert code == 2
        assert_one_line(
            err,
            f"--rows {rows}: rows are written as CSV (a name in .csv or .csv.gz, or - for standard output) "
            f"or as Parquet (.parquet); {ending} is neither",
        )
    assert not rows.exists()


def test_rows_in_csv_gz_are_compressed_csv(cli, capsys, tmp_path):
    rows = tmp_path / "g.csv.gz"
    code, _, _ = main(capsys, "simulate", "sparks", "-n", "2", "--rows", str(rows))
    assert code == 0
    with gzip.open(rows, "rt", newline="", encoding="utf-8") as handle:
        assert [row["seed"] for row in csv.DictReader(handle)] == ["0", "1"]


def test_rows_in_pq_are_parquet(cli, capsys, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="pip install 'turbine-games[parquet]' (pyarrow)")
    code, _, _ = main(capsys, "simulate", "sparks", "-n", "2", "--rows", str(tmp_path / "g.pq"))
    assert code == 0
    assert pq.read_table(tmp_path / "g.pq").column("seed").to_pylist() == [0, 1]
    code, _, _ = main(capsys, "simulate", "sparks", "-n", "2", "--rows", str(tmp_path / "g.csv"))
    assert [row["seed"] for row in read_csv(tmp_path / "g.csv")] == ["0", "1"]
