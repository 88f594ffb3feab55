"""``turbine tournament``: seats rotate, ratings come with their uncertainty, and a seed
gives the same tournament for any number of jobs."""

from __future__ import annotations

import json

import pytest
from bots_helpers import main
from turbine.cli.games import FINISHED, GameResult, Plan
from turbine.cli.tournament import rate, run_tournament, wilson


def tournament(registry, jobs: int = 1, games: int = 8, seed: int = 0):
    return run_tournament(
        registry,
        "power_grid",
        bots=["greedy", "random"],
        games=games,
        players=4,
        seed=seed,
        options={},
        expansions=[],
        jobs=jobs,
    )


def test_seats_rotate_so_each_kind_sits_everywhere():
    plan = Plan("power_grid", 0, 4, rotation=("greedy", "random", "mcts"))
    lineups = [[seat.kind for seat in plan.seats_for(i)] for i in range(3)]
    assert lineups == [
        ["greedy", "random", "mcts", "greedy"],
        ["random", "mcts", "greedy", "random"],
        ["mcts", "greedy", "random", "mcts"],
    ]
    for seat in range(4):  # over three games every kind sits in every seat
        assert sorted(lineup[seat] for lineup in lineups) == ["greedy", "mcts", "random"]


def test_a_kind_named_again_sits_in_more_seats(registry):
    """One bot against three of another, each seat in turn (how the search bot's strength
    is measured against three greedy bots)."""
    report = run_tournament(
        registry,
        "sparks",
        bots=["thrifty", "random", "random", "random"],
        games=4,
        players=4,
        seed=0,
        options={},
        expansions=[],
    )
    seats = {s["bot"]: s["seats"] for s in report["standings"]}
    assert seats == {"thrifty": 4, "random": 12}
    assert report["bots"] == ["thrifty", "random", "random", "random"]
    plan = Plan("sparks", 0, 4, rotation=("thrifty", "random", "random", "random"))
    assert [[seat.kind for seat in plan.seats_for(i)].index("thrifty") for i in range(4)] == [0, 3, 2, 1]


def test_greedy_is_rated_above_random_with_its_uncertainty(registry):
    report = tournament(registry)
    assert report["finished"] == 8 and report["errors"] == []
    best, worst = report["standings"]
    assert (best["bot"], worst["bot"]) == ("greedy", "random")
    assert best["seats"] == worst["seats"] == 16  # two seats each in every 4-player game
    assert best["mu"] > worst["mu"] and 0 < best["sigma"] < 25 / 3  # sure of more than at the start
    assert best["rating"] == pytest.approx(best["mu"] - 3 * best["sigma"], abs=1e-2)
    assert best["win_rate"] > report["parity"] == 0.25  # greedy wins more than its share
    low, high = best["win_rate_95"]
    assert low <= best["win_rate"] <= high
    assert pytest.approx(best["wins"] + worst["wins"]) == 8  # one win per game, shared or not
    assert best["mean_place"] < worst["mean_place"]


def test_a_seed_gives_the_same_tournament_for_any_jobs(registry):
    one, two = tournament(registry, jobs=1, games=6, seed=3), tournament(registry, jobs=2, games=6, seed=3)
    one.pop("seconds")
    two.pop("seconds")
    assert one == two
    other = tournament(registry, games=6, seed=4)
    other.pop("seconds")
    assert other != one


def result(bots, ranks, winners, scores=None):
    scores = scores or [10 - r for r in ranks]
    return GameResult(0, 0, bots, FINISHED, scores=scores, winners=winners, ranks=ranks)


def test_shared_wins_count_as_fractions_and_duplicates_share_an_update():
    results = [
        result(["a", "b", "a"], [1, 1, 3], winners=[0, 1]),  # a and b share the win
        result(["b", "a", "b"], [1, 3, 2], winners=[0]),  # a last
    ]
    standings = rate(results, ["a", "b"])
    assert standings["a"].wins == pytest.approx(0.5) and standings["b"].wins == pytest.approx(1.5)
    assert standings["a"].seats == standings["b"].seats == 3
    assert standings["b"].mu > 25 > standings["a"].mu


def test_unfinished_games_are_not_rated():
    results = [GameResult(0, 0, ["a", "b"], "unfinished", decisions=100)]
    standings = rate(results, ["a", "b"])
    assert standings["a"].seats == 0 and standings["a"].mu == pytest.approx(25)


def test_wilson_interval():
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))


def test_tournament_command(cli, capsys, tmp_path):
    rows = tmp_path / "t.csv"
    code, out, _ = main(
        capsys, "tournament", "sparks", "--bots", "random,thrifty", "-n", "6", "--rows", str(rows), "--json"
    )
    assert code == 0
    report = json.loads(out)
    assert report["players"] == 2 and report["finished"] == 6
    assert sorted(s["bot"] for s in report["standings"]) == ["random", "thrifty"]
    lines = rows.read_text().splitlines()
    assert lines[0].startswith("seed,seats,bot_1,bot_2,") and len(lines) == 7
    assert lines[1].split(",")[2:4] == ["random", "thrifty"] and lines[2].split(",")[2:4] == [
        "thrifty",
        "random",
    ]
    code, out, _ = main(capsys, "tournament", "sparks", "--bots", "random,thrifty", "-n", "4", "-p", "3")
    assert code == 0
    said = " ".join(out.split())
    assert "sparks · 3 players · random, thrifty in rotation · seeds 0–3" in said
    assert "win parity 33.3%" in said and "thrifty" in said
    four = "random,thrifty,random,thrifty"  # as many names as the game's most seats: one each
    code, out, _ = main(capsys, "tournament", "sparks", "--bots", four, "-n", "1")
    assert code == 0 and "sparks · 4 players" in " ".join(out.split())
    three = "random,thrifty,random"
    code, out, _ = main(capsys, "tournament", "sparks", "--bots", three, "-n", "3", "-p", "2")
    assert code == 0  # more names than seats, with --players: they rotate through the seats
    assert "sparks · 2 players · random, thrifty, random in rotation" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--bots", "random"), "at least two different bot kinds"),
        (("--bots", "random,random"), "at least two different bot kinds"),
        (("--bots", "random,nosuch"), "no bot 'nosuch' for sparks"),
        (("--bots", "random,thrifty", "--jobs", "0"), "--jobs"),
        (("--bots", "random,thrifty", "-p", "7"), "2–4 players, not 7"),
        (("--bots", "random,thrifty,random,thrifty,random"), "names 5 bots and Sparks is for at most 4"),
    ],
)
def test_tournament_bad_input_is_one_line(cli, capsys, args, fragment):
    code, _, err = main(capsys, "tournament", "sparks", "-n", "2", *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("turbine: error: ") and fragment in lines[0], err
