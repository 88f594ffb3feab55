"""A run stopped early (Ctrl-C, SIGTERM) keeps the games that ended: their rows and their
summary, with one line that says so; its workers end with it, however it ends."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bots_helpers import main, read_csv
from turbine.cli import simulate as simulate_module
from turbine.cli.games import Plan, Terminated, run_games, task_size
from turbine.core import Seat


def stop_after(monkeypatch, count: int) -> list:
    """Ctrl-C, as the run's parent takes it, once ``count`` games have come back; the games
    that came back, in the order they did."""
    real = simulate_module.run_games
    came: list = []

    def stopping(registry, plan, games, *, jobs, done, showing):
        def counted(results):
            done(results)
            came.extend(results)
            if len(came) >= count:
                raise KeyboardInterrupt

        return real(registry, plan, games, jobs=jobs, done=counted, showing=showing)

    monkeypatch.setattr(simulate_module, "run_games", stopping)
    return came


def test_ctrl_c_keeps_the_rows_and_summary_of_the_games_finished(cli, capsys, monkeypatch, tmp_path):
    """Stopped after 550 of 2000 games, a run said 'no summary or rows were written': the 550
    are written and summarised, and the last line says so (exit 130)."""
    stop_after(monkeypatch, 3)
    rows, saves = tmp_path / "cc.csv", tmp_path / "games"
    code, out, err = main(
        capsys, "simulate", "sparks", "-n", "40", "--rows", str(rows), "--out", str(saves), "--seed", "7"
    )
    assert code == 130
    assert err.strip().splitlines()[-1] == (
        f"turbine: stopped after 3 of 40 games: the 3 finished are in {rows}, summarised above; "
        f"their saves are in {saves}"
    )
    said = " ".join(out.split())
    assert "sparks · 2 players (random, random) · seeds 7–46" in said
    assert "Stopped by Ctrl-C after 3 of 40 games: the figures below are of those." in said
    assert "3 of 3 games finished in" in said
    assert [row["seed"] for row in read_csv(rows)] == ["7", "8", "9"]
    assert sorted(path.name for path in saves.iterdir()) == [
        "game-0001-seed7.json",
        "game-0002-seed8.json",
        "game-0003-seed9.json",
    ]


def test_ctrl_c_json_report_says_what_was_played(cli, capsys, monkeypatch):
    stop_after(monkeypatch, 2)
    code, out, err = main(capsys, "simulate", "sparks", "-n", "10", "--json")
    assert code == 130
    report = json.loads(out)
    assert (report["games"], report["played"], report["stopped"], report["finished"]) == (10, 2, "Ctrl-C", 2)
    assert sum(report["wins"]) >= 2 and report["rows"] is None
    assert err.strip().splitlines()[-1] == (
        "turbine: stopped after 2 of 10 games: the summary above is of the 2 finished"
    )


def test_ctrl_c_in_a_tournament_keeps_its_rows_and_rates_the_games_finished(
    cli, capsys, monkeypatch, tmp_path
):
    stop_after(monkeypatch, 3)
    rows = tmp_path / "t.csv"
    code, out, err = main(
        capsys, "tournament", "sparks", "--bots", "random,thrifty", "-n", "20", "--rows", str(rows), "--json"
    )
    assert code == 130
    report = json.loads(out)
    assert (report["played"], report["finished"], report["stopped"]) == (3, 3, "Ctrl-C")
    assert sum(standing["seats"] for standing in report["standings"]) == 6  # two seats of three games
    assert [row["seed"] for row in read_csv(rows)] == ["0", "1", "2"]
    assert err.strip().splitlines()[-1] == (
        f"turbine: stopped after 3 of 20 games: the 3 finished are in {rows}, summarised above"
    )


def test_ctrl_c_before_any_game_ended_writes_no_rows(cli, capsys, monkeypatch, tmp_path):
    def at_once(registry, plan, games, *, jobs, done, showing):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "run_games", at_once)
    rows = tmp_path / "cc.csv"
    code, _, err = main(capsys, "simulate", "sparks", "-n", "5", "--rows", str(rows))
    assert code == 130
    assert err.strip().splitlines()[-1] == "turbine: stopped after 0 of 5 games: no game had ended"
    assert not rows.exists()


def test_results_come_back_game_by_game_until_a_game_s_cost_is_known(registry):
    """With --jobs, results came back in chunks of a quarter of a job's games: a Ctrl-C after
    hundreds of games said 0 of them, and lost them.  Each worker's first task is one game,
    and later ones about TASK_SECONDS of play; the results are the same whatever the tasks."""
    plan = Plan("sparks", 3, 2, seats=(Seat("a", "random"), Seat("b", "thrifty")))
    came: list[list] = []
    results = run_games(registry, plan, 30, jobs=2, done=came.append)
    # the first two tasks of each worker hold one game each (whichever order they come back in:
    # a later task, sized by the first game's cost, may overtake one of them on a busy machine)
    first = sorted(tuple(result.index for result in batch) for batch in came if batch[0].index < 4)
    assert first == [(0,), (1,), (2,), (3,)]
    assert sorted(result.index for batch in came for result in batch) == list(range(30))
    alone = run_games(registry, plan, 30)
    assert [(r.seed, r.scores, r.decisions) for r in results] == [
        (r.seed, r.scores, r.decisions) for r in alone
    ]


@pytest.mark.parametrize(
    ("played", "seconds", "size"),
    [(0, 0.0, 1), (10, 1.0, 2), (1000, 0.5, 400), (5, 50.0, 1), (100_000, 1.0, 1000), (3, 0.0, 1000)],
)
def test_a_task_holds_about_a_fifth_of_a_second_of_play(played, seconds, size):
    assert task_size(played, seconds) == size


def test_rows_that_cannot_be_written_at_the_end_leave_the_summary_shown(cli, capsys, monkeypatch, tmp_path):
    """The rows' folder removed during the run: the games' summary was lost with the error."""
    folder = tmp_path / "gone"
    folder.mkdir()
    rows = folder / "g.csv"
    real = simulate_module.run_games

    def removing(*args, **kwargs):
        results = real(*args, **kwargs)
        folder.rmdir()
        return results

    monkeypatch.setattr(simulate_module, "run_games", removing)
    code, out, err = main(capsys, "simulate", "sparks", "-n", "3", "--rows", str(rows))
    assert code == 2
    assert "3 of 3 games finished" in " ".join(out.split()) and "One row per game" not in out
    assert err.strip().splitlines() == [
        f"turbine: error: cannot write the rows to {rows}: No such file or directory "
        "(the summary above is of the games played)"
    ]


def test_a_stopping_worker_ends_its_task_after_the_game_under_way(registry, monkeypatch):
    """Killed at once, a worker could be sending its results, and the pool's reader then
    waited forever for the rest: a stopped run's workers end the game they play and return."""
    from turbine.cli import games

    stopping = multiprocessing.Event()
    monkeypatch.setattr(games, "_stopping", stopping)
    monkeypatch.setattr(games, "_registry", registry)
    real = games.play_game

    def stopped_during(*args):
        result = real(*args)
        stopping.set()  # Ctrl-C in the parent while this game was played
        return result

    monkeypatch.setattr(games, "play_game", stopped_during)
    plan = Plan("sparks", 3, 2, seats=(Seat("a", "random"), Seat("b", "thrifty")))
    assert [result.index for result in games.play_chunk(plan, [0, 1, 2])] == [0]
    assert games.play_chunk(plan, [3]) == []  # a task handed out before the stop plays nothing


def test_a_stopped_pool_s_worker_returns_the_games_it_played_rather_than_being_killed(monkeypatch):
    """The stop reaches a worker playing a long task: it returns after the game under way,
    with the games it played, well within the grace it is given before it would be killed."""
    from concurrent.futures import ProcessPoolExecutor

    from turbine.cli import games

    monkeypatch.setattr(games, "STOP_GRACE_SECONDS", 120)
    plan = Plan("sparks", 0, 2, seats=(Seat("a", "random"), Seat("b", "random")))
    stopping = multiprocessing.Event()
    with ProcessPoolExecutor(1, initializer=games._worker_start, initargs=(stopping,)) as pool:
        task = pool.submit(games.play_chunk, plan, range(1_000_000))
        queued = [pool.submit(games.play_chunk, plan, [index]) for index in range(3)]
        time.sleep(1.0)  # some games played
        started, kept = time.monotonic(), []
        games._stop(pool, stopping, [task, *queued], kept.extend)
        assert any(later.cancelled() for later in queued)  # never begun: dropped
        assert time.monotonic() - started < 60
        played = task.result()  # not killed: a killed worker's task raises BrokenProcessPool
    assert len(played) < 1_000_000  # (none, on a machine too busy to start it within the second)
    assert [result.index for result in played] == list(range(len(played)))
    assert kept == played  # and the run keeps them


@pytest.mark.parametrize(
    ("signum", "raised"), [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Terminated)]
)
def test_a_signal_while_the_pool_runs_is_raised_where_the_loop_looks(signum, raised):
    """Raised wherever it fell (inside the pool's submit, or wait holding a future's lock),
    a signal could leave a lock taken that the pool's thread needed, and the stopped run
    hung: it is noted, and raised where the loop looks for it."""
    from turbine.cli.games import _raise_noted, _signals_noted

    before = signal.getsignal(signum)
    with _signals_noted() as noted:
        os.kill(os.getpid(), signum)
        time.sleep(0.05)  # the handler runs: nothing is raised here
        assert noted == [signum]
        with pytest.raises(raised):
            _raise_noted(noted)
    assert signal.getsignal(signum) is before
    _raise_noted([])  # none noted: nothing raised


# -- signals, in a process of its own ----------------------------------------------------------


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a process still running (an exited one waiting to be reaped is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def start_run(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, list[int]]:
    """``turbine simulate sparks --jobs 2 ARGS`` in a process of its own, once its two workers
    play, with their process ids."""
    process = subprocess.Popen(
        [sys.executable, "-m", "turbine.cli", "simulate", "sparks", "--jobs", "2", *args],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.1)
        workers = children(process.pid)
    assert len(workers) == 2, process.communicate()
    time.sleep(1.5)  # some games played
    return process, workers


def assert_gone(workers: list[int]) -> None:
    deadline = time.monotonic() + 20
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in workers if running(pid)] == []


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes in /proc")


@needs_proc
@pytest.mark.parametrize(
    ("signum", "code", "said"),
    [(signal.SIGINT, 130, "stopped"), (signal.SIGTERM, 143, "terminated (SIGTERM)")],
)
def test_a_signal_to_the_parent_stops_its_workers_and_keeps_the_games_finished(tmp_path, signum, code, said):
    """``kill -TERM PID`` with --jobs 2 left the workers waiting for work forever; Ctrl-C said
    0 games when hundreds had ended.  Both end the workers, write the rows of every game that
    came back and say how many, as the rows file holds them."""
    process, workers = start_run(tmp_path, "-n", "1000000", "--rows", "cc.csv")
    os.kill(process.pid, signum)
    out, err = process.communicate(timeout=120)
    assert process.returncode == code, err
    assert_gone(workers)
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1, lines
    rows = read_csv(tmp_path / "cc.csv")
    assert len(rows) > 0
    assert lines[0] == (
        f"turbine: {said} after {len(rows)} of 1000000 games: the {len(rows)} finished are in cc.csv, "
        "summarised above"
    )
    assert f"{len(rows)} of {len(rows)} games finished" in " ".join(out.decode().split())


@needs_proc
def test_workers_end_when_their_parent_is_killed(tmp_path):
    """SIGKILL gives the parent no time to stop them: each worker sees it gone and ends."""
    process, workers = start_run(tmp_path, "-n", "1000000")
    process.kill()
    process.communicate(timeout=60)
    assert_gone(workers)
