"""``--backend ray``: the seed chunks as Ray tasks give the local backend's games.

The tests that need Ray run where it is installed (``pip install 'turbine-games[ray]'``; CI
installs it), on a Ray of this machine with two CPUs; those of bad input run everywhere.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import socket
import tempfile

import pytest
from bots_helpers import assert_one_line, main, read_csv, without_seconds
from turbine.cli.common import CliError
from turbine.cli.games import ERROR, FINISHED, Plan, chunks, run_games
from turbine.cli.ray_backend import _gather, play_checked_chunk, versions
from turbine.cli.simulate import run_simulation
from turbine.cli.tournament import run_tournament
from turbine.core import Seat

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason="Ray is not installed: pip install 'turbine-games[ray]' to run the Ray backend's tests",
)
QUIET = {"include_dashboard": False, "log_to_driver": False}


@pytest.fixture(scope="module", autouse=True)
def _ray_sessions_in_a_short_folder():
    """Ray keeps its sockets under its temporary folder, and a socket's path may not pass
    107 bytes: pytest's folder (the tests' TMPDIR) is too deep for them once its run
    number grows, so Ray gets a short folder of its own (``RAY_TMPDIR``), removed after."""
    folder = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_TMPDIR", folder)
        yield
    shutil.rmtree(folder, ignore_errors=True)


@needs_ray
def test_simulate_on_ray_writes_the_local_backends_rows(cli, capsys, tmp_path):
    import ray

    common = ("simulate", "power_grid", "-n", "4", "-p", "3", "--bots", "greedy,random,greedy", "-s", "20")
    code, _, _ = main(capsys, *common, "--rows", str(tmp_path / "local.csv"))
    assert code == 0
    code, out, err = main(
        capsys, *common, "--backend", "ray", "--jobs", "2", "--rows", str(tmp_path / "ray.csv")
    )
    assert code == 0, err
    assert "4 of 4 games finished" in " ".join(out.split())
    assert err.strip() == ""  # Ray's own messages stay in its logs
    on_ray, local = (
        without_seconds(read_csv(tmp_path / "ray.csv")),
        without_seconds(read_csv(tmp_path / "local.csv")),
    )
    assert on_ray == local
    assert [row["seed"] for row in on_ray] == ["20", "21", "22", "23"]  # in seed order
    assert all(row["status"] == "finished" and int(row["decisions"]) > 0 for row in on_ray)
    assert not ray.is_initialized()  # the Ray it started is shut down


@pytest.fixture(scope="module")
def local_ray():
    """One Ray of two CPUs for the tests below, which use it as a program's own connection."""
    ray = pytest.importorskip("ray", reason="pip install 'turbine-games[ray]'")
    ray.init(address="local", num_cpus=2, **QUIET)
    yield ray
    ray.shutdown()


@needs_ray
def test_a_programs_own_ray_is_used_and_kept(local_ray, registry, tmp_path):
    seats = [Seat("a", "random"), Seat("b", "thrifty")]
    kwargs = {"games": 9, "seats": seats, "seed": 5, "options": {}, "expansions": []}
    on_ray = run_simulation(registry, "sparks", backend="ray", rows=tmp_path / "ray.csv", **kwargs)
    local = run_simulation(registry, "sparks", jobs=2, rows=tmp_path / "local.csv", **kwargs)
    assert local_ray.is_initialized()
    assert without_seconds(read_csv(tmp_path / "ray.csv")) == without_seconds(
        read_csv(tmp_path / "local.csv")
    )
    for summary in (on_ray, local):
        summary.pop("seconds")
        summary.pop("rows")
    assert on_ray == local and on_ray["finished"] == 9


@needs_ray
def test_tournament_on_ray_rates_as_the_local_backend(local_ray, registry):
    kwargs = {"bots": ["random", "thrifty"], "games": 6, "players": 2, "seed": 3, "options": {}}
    on_ray = run_tournament(registry, "sparks", expansions=[], backend="ray", **kwargs)
    local = run_tournament(registry, "sparks", expansions=[], **kwargs)
    assert on_ray["standings"] == local["standings"] and on_ray["finished"] == 6


@needs_ray
def test_a_game_that_kills_its_worker_is_named_and_the_others_kept(local_ray, registry):
    plan = Plan("sparks", 40, 2, seats=(Seat("a", "random"), Seat("b", "thrifty")))

    def dies_on_game_3(plan, indices, expected):
        if 3 in indices:
            os._exit(3)  # no exception: the worker process is gone
        return play_checked_chunk(plan, indices, expected)

    task = local_ray.remote(max_retries=0)(dies_on_game_3)
    came = []  # what the progress line and a Ctrl-C's rows are given, chunk by chunk
    results = _gather(task, plan, chunks(6, 1), versions(registry, plan), 2, came.extend)
    results.sort(key=lambda result: result.index)
    assert [r.seed for r in results] == list(range(40, 46))
    assert sorted(r.index for r in came) == list(range(6))
    assert (results[3].status, results[3].error) == (ERROR, "the Ray worker playing it died")
    kept = run_games(registry, plan, 6)
    for index in (0, 1, 2, 4, 5):  # the chunk-mates of game 3 were played again, alone
        assert results[index].status == FINISHED
        assert results[index].scores == kept[index].scores
        assert results[index].decisions == kept[index].decisions


@needs_ray
def test_a_run_stopped_early_cancels_the_chunks_under_way(local_ray, registry):
    """Ctrl-C after the first chunk: the chunks still running on a Ray the run did not start
    (a program's own, a joined cluster) are cancelled, and their CPUs come back at once
    rather than when they would have ended."""
    import time

    plan = Plan("sparks", 0, 2, seats=(Seat("a", "random"), Seat("b", "random")))

    def slow_after_the_first(plan, indices, expected):
        if indices[0] != 0:
            time.sleep(120)
        return play_checked_chunk(plan, indices, expected)

    task = local_ray.remote(max_retries=0)(slow_after_the_first)

    def interrupted(results):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _gather(task, plan, [[0], [1], [2]], versions(registry, plan), 3, interrupted)
    deadline = time.monotonic() + 30
    while local_ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert local_ray.available_resources().get("CPU", 0) == 2


def test_a_cancellation_lost_in_ray_is_made_again_until_the_task_ends(monkeypatch):
    """Ray can lose a cancellation that reaches a worker while it is handed the task (a race
    of the kind of ray-project/ray#24359): a stopped run left such a task holding its CPU to
    its end.  Each task not ended is cancelled again, and one that ends is left alone."""
    from turbine.cli import ray_backend

    class LosesTheFirstCancel:
        """A Ray that loses the first cancellation of each task but ``fast``, as in the race."""

        def __init__(self):
            self.cancelled: list[str] = []
            self.ended: set[str] = set()

        def cancel(self, ref, force):
            assert force
            self.cancelled.append(ref)
            if ref == "fast" or self.cancelled.count(ref) > 1:  # the others' first one is lost
                self.ended.add(ref)

        def wait(self, refs, num_returns, timeout):
            assert num_returns == len(refs)
            return [r for r in refs if r in self.ended], [r for r in refs if r not in self.ended]

    fake = LosesTheFirstCancel()
    monkeypatch.setattr(ray_backend, "_ray", lambda module="ray": fake)
    ray_backend._cancel(["fast", "slow", "also slow"])
    assert fake.cancelled == ["fast", "slow", "also slow", "slow", "also slow"]


def test_a_cancellation_ray_never_honours_is_given_up(monkeypatch):
    """A task Ray will not cancel does not hold the stopped run forever."""
    from turbine.cli import ray_backend

    class NeverCancels:
        def __init__(self):
            self.cancels = 0

        def cancel(self, ref, force):
            self.cancels += 1

        def wait(self, refs, num_returns, timeout):
            return [], refs

    fake = NeverCancels()
    monkeypatch.setattr(ray_backend, "_ray", lambda module="ray": fake)
    ray_backend._cancel(["stuck"])
    assert fake.cancels == ray_backend.CANCEL_ROUNDS


@needs_ray
def test_a_node_with_other_versions_refuses_to_play(local_ray, registry):
    plan = Plan("sparks", 0, 2, seats=(Seat("a", "random"), Seat("b", "random")))
    task = local_ray.remote(max_retries=0)(play_checked_chunk)
    elsewhere = {**versions(registry, plan), "turbine": "0.0.1"}
    with pytest.raises(CliError, match=r"runs .*turbine .*but this machine .*turbine 0\.0\.1.*every node"):
        _gather(task, plan, [[0, 1]], elsewhere, 1, lambda results: None)


@needs_ray
def test_a_node_without_the_game_refuses_to_play(local_ray):
    plan = Plan("nosuch", 0, 2, seats=(Seat("a", "random"), Seat("b", "random")))
    task = local_ray.remote(max_retries=0)(play_checked_chunk)
    with pytest.raises(CliError, match=r"the Ray node .* cannot play nosuch: .*nosuch"):
        _gather(task, plan, [[0]], {}, 1, lambda results: None)


@needs_ray
def test_a_node_that_cannot_import_the_task_is_one_line(local_ray, tmp_path, monkeypatch):
    (tmp_path / "only_on_this_machine.py").write_text("def play(plan, indices, expected):\n    return []\n")
    monkeypatch.syspath_prepend(str(tmp_path))  # on this process's path, not on the workers'
    from only_on_this_machine import play

    plan = Plan("sparks", 0, 2, seats=(Seat("a", "random"), Seat("b", "random")))
    task = local_ray.remote(max_retries=0)(play)
    with pytest.raises(CliError, match=r"the Ray node at .* cannot import turbine: install it"):
        _gather(task, plan, [[0]], {}, 1, lambda results: None)


def test_ray_backend_without_ray_is_one_line(cli, capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a)
    )
    code, _, err = main(capsys, "simulate", "sparks", "-n", "1", "--backend", "ray")
    assert code == 2
    assert_one_line(err, "--backend ray needs Ray", 'pip install "turbine-games[ray]"')


def test_an_address_without_the_ray_backend_is_one_line(cli, capsys):
    code, _, err = main(capsys, "tournament", "sparks", "--bots", "random,thrifty", "--address", "auto")
    assert code == 2
    assert_one_line(err, "--address is for --backend ray")


@needs_ray
def test_an_address_nothing_listens_on_is_one_line(cli, capsys):
    with socket.socket() as sock:  # a port of this machine that was free a moment ago
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    address = f"127.0.0.1:{port}"
    code, _, err = main(capsys, "simulate", "sparks", "-n", "1", "--backend", "ray", "--address", address)
    assert code == 2
    assert_one_line(err, f"cannot reach a Ray cluster at {address}")
    code, _, err = main(capsys, "simulate", "sparks", "-n", "1", "--backend", "ray", "--address", "head")
    assert code == 2
    assert_one_line(err, "--address expects HOST:PORT")


def _server(answer: bytes | None) -> tuple[socket.socket, int]:
    """A listener on this machine that answers each connection with ``answer`` (``None``:
    says nothing), in a thread; the socket (to close) and its port."""
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                link, _ = listener.accept()
                link.recv(64)
                if answer is not None:
                    link.sendall(answer)
                threading.Timer(2, link.close).start()

    threading.Thread(target=serve, daemon=True).start()
    return listener, listener.getsockname()[1]


@pytest.mark.parametrize(
    ("answer", "speaks"),
    [
        (bytes([0, 0, 0x18, 4, 0, 0, 0, 0, 0]), True),  # a gRPC server's SETTINGS frame, as Ray's head sends
        (b"HTTP/1.0 400 Bad request\r\n\r\n<html>", False),  # a web server
        (None, False),  # a program that says nothing
    ],
)
def test_the_probe_tells_a_ray_head_from_another_listener(monkeypatch, answer, speaks):
    """Ray retried a web server's port for minutes, printing its warnings: the probe now
    opens an HTTP/2 conversation, as a gRPC client (Ray's own) does, and refuses in seconds
    a server that does not answer as one."""
    from turbine.cli import ray_backend

    monkeypatch.setattr(ray_backend, "PROBE_SECONDS", 0.5)
    listener, port = _server(answer)
    with listener, socket.create_connection(("127.0.0.1", port)) as link:
        assert ray_backend._speaks_grpc(link) is speaks
    if not speaks:
        with _server(answer)[0] as other:
            address = f"127.0.0.1:{other.getsockname()[1]}"
            with pytest.raises(CliError, match="something listens there, but not a Ray head node"):
                ray_backend.probe(address)
