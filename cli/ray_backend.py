"""``--backend ray``: the chunks of :mod:`turbine.cli.games` as Ray tasks, here or on a cluster.

A chunk (consecutive game indices of a :class:`~turbine.cli.games.Plan`) is one plain Ray
task running :func:`~turbine.cli.games.play_chunk`; Ray places the tasks, and the results
come back to this process, which puts them in seed order.  Game ``i`` depends only on the
plan and ``i``, so the results are those of the local backend, whichever node played
which chunk.  That holds only where every node runs the same turbine and game plugins:
each task first compares its node's versions with this machine's (:func:`versions`) and
refuses to play on a mismatch.

Without ``--address`` a Ray of its own is started on this machine (``--jobs`` CPUs, all
of them by default) and shut down at the end; with one, the run joins that cluster as a
driver and leaves it running.  A program that called ``ray.init`` itself (with the
``runtime_env`` its workers need, say) has its connection used as it is, and kept.  Ray
is an optional extra (``turbine-games[ray]``), imported only here and only when asked for.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import socket
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from turbine.core import Registry, TurbineError, default_registry
from turbine.core.session import turbine_version

from .common import CliError
from .games import ERROR, GameResult, Plan, chunks, play_chunk

RAY_HINT = 'pip install "turbine-games[ray]"'
MOST_PER_CHUNK = 1000
"""The most games in one task: a long run reports progress, and a node that is lost costs
at most this many games played again."""
PROBE_SECONDS = 5.0


def _ray(module: str = "ray") -> Any:
    """Ray (or one of its modules), imported when a run asks for it.  Its API is dynamic
    (``ray.remote`` makes a task of any function), so it is used untyped here: the type
    checker neither needs Ray installed nor reads a ``ray`` folder that is not Ray."""
    return importlib.import_module(module)


class NodeMismatch(TurbineError):
    """A node cannot play the games as this machine would: other versions of turbine or
    of the game's plugins, or a plugin missing (raised in a task)."""


def check_backend(backend: str, address: str | None) -> None:
    """Refuse, before any game is played, a backend that cannot run."""
    if backend not in ("local", "ray"):
        raise CliError(f"--backend must be local or ray, not {backend!r}")
    if backend == "local":
        if address is not None:
            raise CliError("--address is for --backend ray")
        return
    if importlib.util.find_spec("ray") is None:
        raise CliError(f"--backend ray needs Ray: {RAY_HINT}")
    if address is not None:
        probe(address)


def versions(registry: Registry, plan: Plan) -> dict[str, str]:
    """What a game's result depends on beside its plan: turbine's version and those of the
    plugins its game runs (what a save file records)."""
    active = registry.active_plugins(plan.variant, plan.expansions)
    return {"turbine": turbine_version(), **registry.plugin_versions(active)}


def play_checked_chunk(plan: Plan, indices: Sequence[int], expected: dict[str, str]) -> list[GameResult]:
    """A task: :func:`play_chunk`, once this node is known to run the versions ``expected``
    (other versions could play other games from the same seeds)."""
    node = socket.gethostname()
    try:
        found = versions(default_registry(), plan)
    except TurbineError as exc:  # a game or plugin this node does not have
        raise NodeMismatch(f"the Ray node {node} cannot play {plan.variant}: {exc}") from None
    if found != expected:
        raise NodeMismatch(
            f"the Ray node {node} runs {_listed(found)}, but this machine "
            f"{_listed(expected)}: install the same versions on every node"
        )
    return play_chunk(plan, indices)


def _listed(found: dict[str, str]) -> str:
    return ", ".join(f"{name} {version}" for name, version in sorted(found.items()))


def probe(address: str) -> None:
    """Refuse in seconds an address where nothing listens: Ray itself retries one for
    minutes before it gives up."""
    if address == "auto":
        address = os.environ.get("RAY_ADDRESS") or address
    if address in ("auto", "local"):
        return  # Ray finds (or fails to find) a cluster on this machine at once
    host, colon, port = address.split("://", 1)[-1].rpartition(":")
    if not colon or not port.isdigit():
        raise CliError(f"--address expects HOST:PORT (of the Ray head node) or auto, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=PROBE_SECONDS) as link:
            speaks = os.environ.get("RAY_USE_TLS", "0") not in ("0", "") or _speaks_grpc(link)
    except OSError as exc:
        raise CliError(f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}") from None
    if not speaks:  # a web server or another program: Ray would retry it for minutes
        raise CliError(
            f"cannot reach a Ray cluster at {address}: something listens there, but not a Ray head "
            "node (its port is the one 'ray start --head' printed, 6379 unless given)"
        )


HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
"""What an HTTP/2 client says first (RFC 9113, 3.4): the preface and an empty SETTINGS frame."""


def _speaks_grpc(link: socket.socket) -> bool:
    """Whether the server on ``link`` answers as a gRPC server does, as Ray's head node (its
    GCS) is one: with an HTTP/2 SETTINGS frame (type 4) to the client's preface.  A web
    server answers with HTML, a silent program not at all (within :data:`PROBE_SECONDS`)."""
    link.settimeout(PROBE_SECONDS)
    link.sendall(HTTP2_PREFACE)
    head = b""
    try:
        while len(head) < 9:  # a frame's header: length (3 bytes), type, flags, stream (4)
            chunk = link.recv(9 - len(head))
            if not chunk:
                return False
            head += chunk
    except TimeoutError:
        return False
    return head[3] == 4


def connect(address: str | None, jobs: int | None) -> None:
    """Start a Ray on this machine (``address`` None) or join the cluster at ``address``.

    No dashboard, and Ray's own messages only when they are errors; the tasks' output
    stays in Ray's logs, as a game's outcome comes back in its result."""
    ray = _ray()

    quiet: dict[str, Any] = {
        "include_dashboard": False,
        "logging_level": logging.ERROR,
        "log_to_driver": False,
    }
    if address is None or address == "local":
        ray.init(address="local", num_cpus=jobs, **quiet)
        return
    try:
        ray.init(address=address, **quiet)
    except ConnectionError as exc:
        raise CliError(f"cannot reach a Ray cluster at {address}: {exc}") from None


def run_on_ray(
    registry: Registry,
    plan: Plan,
    games: int,
    *,
    jobs: int | None,
    address: str | None,
    done: Callable[[list[GameResult]], None],
    showing: Callable[[], AbstractContextManager[Any]],
) -> list[GameResult]:
    """Play ``games`` games of ``plan`` as Ray tasks; the results in seed order.

    The games are cut into chunks of consecutive seeds, about four per CPU (``jobs``,
    else the cluster's) and at most :data:`MOST_PER_CHUNK` games each.  With ``jobs``
    at most that many tasks run at once; without, every task is handed to Ray at once.
    ``done`` is given each chunk's results as it ends (those kept on Ctrl-C, which is
    raised again once the Ray this run started is shut down)."""
    ray = _ray()

    expected = versions(registry, plan)
    joined = ray.is_initialized()  # a program's own Ray (its runtime_env, its cluster): kept
    if joined and address is not None:
        raise CliError("this process is connected to Ray already; leave out the address")
    if not joined:
        connect(address, jobs)
    try:
        cpus = jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
        work = chunks(games, cpus, most=MOST_PER_CHUNK)
        task = ray.remote(max_retries=0)(play_checked_chunk)
        with showing():
            results = _gather(task, plan, work, expected, jobs or len(work), done)
    finally:
        if not joined:
            ray.shutdown()
    return sorted(results, key=lambda result: result.index)


def _gather(
    task: Any,
    plan: Plan,
    work: list[list[int]],
    expected: dict[str, str],
    limit: int,
    done: Callable[[list[GameResult]], None],
) -> list[GameResult]:
    """Run the chunks ``work``, at most ``limit`` at once; ``done`` is given each chunk's
    results as it ends.

    A chunk whose worker dies (or whose node is lost) is played again in halves, down
    to the one game that kills its worker, which is reported as an error; a game's
    own failure is already in its result, so an exception raised by a task is the run's
    (a bad setup, a node with other versions) and ends it.  Whatever ends the run early
    (that, Ctrl-C, SIGTERM) cancels the chunks under way: on a Ray the run did not start
    nothing else would stop them."""
    ray = _ray()
    task_error = _ray("ray.exceptions").RayTaskError
    lost = _lost_errors()
    waiting = list(work)
    running: dict[Any, list[int]] = {}
    results: list[GameResult] = []
    try:
        while waiting or running:
            while waiting and len(running) < limit:
                chunk = waiting.pop(0)
                running[task.remote(plan, chunk, expected)] = chunk
            (ready,), _ = ray.wait(list(running), num_returns=1)
            chunk = running.pop(ready)
            try:
                got = ray.get(ready)
            except task_error as exc:
                raise _task_error(exc) from None
            except lost:
                if len(chunk) > 1:
                    half = len(chunk) // 2
                    waiting[:0] = [chunk[:half], chunk[half:]]
                    continue
                got = [_died(plan, chunk[0])]
            results.extend(got)
            done(got)
    except BaseException:
        _cancel(list(running))
        raise
    return results


CANCEL_ROUNDS, CANCEL_SECONDS = 5, 1.0
"""How many times a stopped run cancels a task that has not ended, and how long it waits for
the tasks to end between times."""


def _cancel(refs: list[Any]) -> None:
    """Cancel the tasks ``refs``, again and again until they have ended (at most
    :data:`CANCEL_ROUNDS` times): Ray can lose a cancellation that reaches a worker while
    it is being handed the task (a race of the kind of ray-project/ray#24359), and a run
    stopped so left a task playing on, holding its CPU, to its end."""
    ray = _ray()
    for _ in range(CANCEL_ROUNDS):
        if not refs:
            return
        for ref in refs:
            with contextlib.suppress(Exception):  # one that has just ended cannot be cancelled
                ray.cancel(ref, force=True)  # a game in C code or asleep stops too
        try:
            _, refs = ray.wait(refs, num_returns=len(refs), timeout=CANCEL_SECONDS)
        except Exception:  # Ray itself is going: what stopped the run is what to say
            return


def _lost_errors() -> tuple[type[BaseException], ...]:
    """Ray's errors for a task whose process or node is gone: its chunk can be played again."""
    exceptions = _ray("ray.exceptions")
    return (
        exceptions.WorkerCrashedError,
        exceptions.NodeDiedError,
        exceptions.LocalRayletDiedError,
        exceptions.ObjectLostError,
        exceptions.OutOfMemoryError,
    )


def _task_error(exc: Any) -> BaseException:
    """What to raise for a task that raised (``exc``, a ``RayTaskError``): the node's own
    error, as the local backend would raise it; a node that cannot play as this machine
    would, or cannot import turbine at all, as one line."""
    cause = exc.cause
    if isinstance(cause, NodeMismatch):
        return CliError(str(cause))
    if isinstance(cause, RuntimeError) and "failed to import" in str(cause):
        where = getattr(exc, "ip", None) or "?"
        return CliError(f"the Ray node at {where} cannot import turbine: install it and the games there")
    return cause if isinstance(cause, BaseException) else exc


def _died(plan: Plan, index: int) -> GameResult:
    """The result of a game whose worker died while playing it alone."""
    seats = plan.seats_for(index)
    return GameResult(
        index, plan.seed + index, [s.kind for s in seats], ERROR, error="the Ray worker playing it died"
    )
