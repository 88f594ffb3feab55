"""``simulate --jobs N`` and ``--rows FILE``: the same games whatever N, one row per game."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from bots_helpers import assert_one_line, main, read_csv, without_seconds
from turbine.cli import app as cli_app
from turbine.cli.games import Plan, chunks, run_games
from turbine.cli.simulate import run_simulation
from turbine.core import Seat


def simulate(registry, tmp_path: Path, jobs: int, rows: str, variant: str = "power_grid", games: int = 6):
    seats = [Seat(f"s{i}", kind) for i, kind in enumerate(["greedy", "random", "greedy"])]
    return run_simulation(
        registry,
        variant,
        games=games,
        seats=seats,
        seed=20,
        options={},
        expansions=[],
        jobs=jobs,
        rows=tmp_path / rows,
    )


def test_rows_are_the_same_for_one_and_two_jobs(registry, tmp_path):
    one = simulate(registry, tmp_path, 1, "one.csv")
    two = simulate(registry, tmp_path, 2, "two.csv")
    rows_one, rows_two = read_csv(tmp_path / "one.csv"), read_csv(tmp_path / "two.csv")
    assert without_seconds(rows_one) == without_seconds(rows_two)
    assert [row["seed"] for row in rows_one] == [str(seed) for seed in range(20, 26)]  # in seed order
    for summary in (one, two):
        summary.pop("seconds")
        summary.pop("rows")
    assert one == two
    # every row is a whole game: three seats, their bots and scores, the winner among them
    first = rows_one[0]
    assert list(first) == [
        "seed", "seats", "bot_1", "bot_2", "bot_3", "score_1", "score_2", "score_3",
        "winner", "status", "decisions", "seconds", "error",
    ]  # fmt: skip
    assert (first["seats"], first["bot_1"], first["bot_2"], first["status"]) == (
        "3",
        "greedy",
        "random",
        "finished",
    )
    scores = [int(first[f"score_{seat}"]) for seat in (1, 2, 3)]
    winners = [int(w) for w in first["winner"].split()]
    assert winners and all(scores[w - 1] == max(scores) for w in winners)  # P-9.3: most cities powered wins
    assert int(first["decisions"]) > 0 and float(first["seconds"]) > 0 and first["error"] == ""
    assert sum(one["wins"]) >= 6


def test_parquet_rows_hold_the_same_games(registry, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="pip install 'turbine-games[parquet]' (pyarrow)")
    simulate(registry, tmp_path, 2, "games.parquet", variant="barrage", games=3)
    simulate(registry, tmp_path, 1, "games.csv", variant="barrage", games=3)
    table = pq.read_table(tmp_path / "games.parquet")
    assert str(table.schema.field("score_1").type) == "int64"
    from_parquet = [{k: ("" if v is None else str(v)) for k, v in row.items()} for row in table.to_pylist()]
    assert without_seconds(from_parquet) == without_seconds(read_csv(tmp_path / "games.csv"))


def test_parquet_rows_hold_the_largest_seeds(cli, capsys, tmp_path):
    """Seeds run to 2^64 - 1, past a signed 64-bit column: they overflowed it, and the run's
    results were lost with a traceback."""
    pq = pytest.importorskip("pyarrow.parquet", reason="pip install 'turbine-games[parquet]' (pyarrow)")
    rows = tmp_path / "g.parquet"
    top = 2**64 - 1
    code, _, err = main(capsys, "simulate", "sparks", "-n", "2", "--seed", str(top - 1), "--rows", str(rows))
    assert code == 0, err
    assert pq.read_table(rows).column("seed").to_pylist() == [top - 1, top]


def test_chunks_cover_every_game_once_in_order():
    for games, jobs in [(1, 2), (7, 2), (100, 2), (5, 8)]:
        parts = chunks(games, jobs)
        assert [i for part in parts for i in part] == list(range(games))
        assert len(parts) <= 4 * jobs


def test_run_games_puts_results_in_seed_order(registry):
    plan = Plan("sparks", 5, 2, seats=(Seat("a", "random"), Seat("b", "thrifty")))
    results = run_games(registry, plan, 9, jobs=2)
    assert [r.seed for r in results] == list(range(5, 14))
    assert [r.index for r in results] == list(range(9))


def test_parquet_without_pyarrow_is_one_line(cli, capsys, monkeypatch, tmp_path):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a)
    )
    code, _, err = main(capsys, "simulate", "sparks", "-n", "1", "--rows", str(tmp_path / "g.parquet"))
    assert code == 2
    assert_one_line(err, "needs pyarrow", "turbine-games[parquet]")
    assert not (tmp_path / "g.parquet").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--jobs", "0"), "--jobs"),
        (("--bots", "nosuch"), "no bot 'nosuch' for sparks"),
        (("--rows", "/nonexistent-folder/rows.csv"), "does not exist"),
        (("--players", "0"), "Sparks is for 2–4 players, not 0"),  # 0 was taken as not given
        (("--players", "-2"), "Sparks is for 2–4 players, not -2"),
        (("--jobs", "100000"), "more processes than a machine should start; give at most 256"),
        (("-n", "99999999999999999999999"), "give fewer --games"),  # it offered a negative seed
    ],
)
def test_simulate_bad_input_is_one_line(cli, capsys, args, fragment):
    code, _, err = main(capsys, "simulate", "sparks", "-n", "1", *args)
    assert code == 2
    assert_one_line(err, fragment)


def test_simulate_command_writes_rows_and_says_so(cli, capsys, tmp_path):
    rows = tmp_path / "g.csv"
    code, out, _ = main(capsys, "simulate", "sparks", "-n", "3", "--jobs", "2", "--rows", str(rows))
    assert code == 0
    said = " ".join(out.split())  # as one line, however the terminal wrapped it
    assert "3 of 3 games finished" in said and f"One row per game in {rows}" in said
    assert [row["seed"] for row in read_csv(rows)] == ["0", "1", "2"]


def test_a_failing_bot_ends_simulate_with_one_error_line_and_exit_2(monkeypatch, capsys, tmp_path):
    from bots_helpers import boom, failing, registry_with
    from turbine.core import BotSpec

    registry = registry_with(BotSpec("crashy", failing(4, boom, seeds=(1,))))
    monkeypatch.setattr(cli_app, "_plugin_commands_added", True)
    monkeypatch.setattr(cli_app, "registry", lambda: registry)
    code, out, err = main(
        capsys, "simulate", "sparks", "-n", "3", "--bots", "random,crashy", "--out", str(tmp_path)
    )
    assert code == 2
    assert_one_line(
        err, "a bot failed in 1 of 3 games; first: game 2 (seed 1), move", "bot 'crashy' at seat 2"
    )
    assert "raised RuntimeError: boom" in err and "failed-game-0002-seed1.json" in err
    said = " ".join(out.split())
    assert "2 of 3 games finished" in said and "bot failed: game 2 (seed 1)" in said


def test_ctrl_c_stops_the_workers_at_once(registry):
    """With ``--jobs`` the pool waited for every game still queued, and its workers played on
    (a search bot's games for minutes): they are stopped."""
    import contextlib
    import multiprocessing

    slow = (Seat("a", "mcts"), Seat("b", "mcts"))  # a game of minutes
    plan = Plan("power_grid", 0, 2, seats=slow, bot_options=("mcts.iterations=400",))

    @contextlib.contextmanager
    def interrupted():  # a Ctrl-C once the workers play
        raise KeyboardInterrupt
        yield

    others = {p.pid for p in multiprocessing.active_children()}  # another test's, still ending
    ended = []
    with pytest.raises(KeyboardInterrupt):  # raised again, for the caller to keep what ended
        run_games(registry, plan, 4, jobs=2, done=ended.extend, showing=interrupted)
    assert ended == []
    for worker in multiprocessing.active_children():
        if worker.pid not in others:
            # join() may return as the worker's pipe closes, a moment before its exit can be read
            deadline = time.monotonic() + 20
            while worker.is_alive() and time.monotonic() < deadline:
                worker.join(timeout=0.1)
            assert not worker.is_alive()  # it would be playing its first game still
