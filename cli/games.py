"""Many bot games, in one process or several: what ``simulate`` and ``tournament`` share.

Game ``i`` (from 0) of a :class:`Plan` uses seed ``S + i`` and seats that depend only on
``i``, and its bots are seeded from its own seed, so a game's result depends on nothing
else: not on the other games, nor on which process played it.  :func:`run_games` with
``jobs=N`` plays chunks of consecutive seeds in ``N`` worker processes
(:class:`~concurrent.futures.ProcessPoolExecutor`) and puts the results back in seed
order, so the results are identical for any ``N``.  A chunk is a plain function of the
plan and its indices (:func:`play_chunk`), so another backend runs the same chunks:
:mod:`turbine.cli.ray_backend` makes each a Ray task.  Locally a chunk holds about
:data:`TASK_SECONDS` of play (one game until a game's cost is known): results come back
that often, so the progress line moves game by game, whatever the chunks, as the results
depend on none of it.  A Ctrl-C loses only the game each worker is playing: its task comes
back with the games before it.

The workers end with the run: Ctrl-C (and SIGTERM, :func:`sigterm_stops`) in the parent
stops them, and a worker whose parent is gone (killed) ends itself rather than wait for
work forever.  While a pool runs, the parent only notes a signal and stops at the next
point where it holds none of the pool's locks (:func:`_signals_noted`): raised wherever
the signal fell, the interrupt could leave a lock of the pool (or of the progress line)
taken, and the run hung instead of stopping.  A stopped worker ends the game it is
playing and returns (:data:`STOP_GRACE_SECONDS`); only one still busy after that is
killed, since a worker killed while it sends its results leaves the pool's reader
waiting forever for the rest.

Every game ends in one of four ways (:attr:`GameResult.status`): ``finished``;
``unfinished`` (stopped at ``rules.decision_bound()``); ``bot failed`` (a bot raised,
answered with an illegal move or went over its time budget: the position before that
decision is kept as a save); ``error`` (the game's rules raised, or the worker process
playing it died).  One game's failure never loses another's result.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turbine.core import Game, Registry, Seat, default_registry, savefile
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.bots import BotFailure, default_seat_name

FINISHED, UNFINISHED, BOT_FAILED, ERROR = "finished", "unfinished", "bot failed", "error"


@dataclass(frozen=True)
class Plan:
    """What every game of a run shares, and how game ``i`` is seated.

    Without ``rotation`` every game has ``seats``.  With it (a tournament), game ``i``
    seats the bot kinds of ``rotation`` in turn from the ``i``-th on, one per seat of
    ``players``: over ``len(rotation)`` games each kind sits in every seat equally often.
    """

    variant: str
    seed: int
    players: int
    seats: tuple[Seat, ...] = ()
    rotation: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    expansions: tuple[str, ...] = ()
    out_dir: str | None = None
    """Keep every game that ended (finished or not) as a save here."""
    bot_seconds: float | None = None
    """A bot that takes longer over one decision fails its game (:class:`BotFailure`)."""
    bot_options: tuple[str, ...] = ()
    """``BOT.KEY=VALUE`` settings (:mod:`turbine.core.botopts`), carried as text so that a
    worker that does not inherit the run's registry (a Ray task) builds its bots with them."""

    def seats_for(self, index: int) -> list[Seat]:
        """The seats of game ``index``."""
        if not self.rotation:
            return list(self.seats)
        kinds = self.rotation
        lineup = [kinds[(index + seat) % len(kinds)] for seat in range(self.players)]
        return [Seat(default_seat_name(seat, kind), kind) for seat, kind in enumerate(lineup)]

    def game(self, registry: Registry, index: int) -> Game:
        """Game ``index`` of the plan, set up (seed ``seed + index``, its seats)."""
        seats = self.seats_for(index)
        game = Game(
            registry,
            self.variant,
            players=len(seats),
            seed=self.seed + index,
            options=self.options,
            expansions=self.expansions,
            seats=seats,
        )
        game.narrate = False  # bots alone: nobody reads what the automatic steps did
        return game


@dataclass
class GameResult:
    """How one game went (picklable: a worker sends it back whole)."""

    index: int
    seed: int
    bots: list[str]
    status: str
    decisions: int = 0
    seconds: float = 0.0
    scores: list[int] | None = None
    winners: list[int] = field(default_factory=list)
    """The seats ranked first, from 0 (several on a tie)."""
    ranks: list[int] | None = None
    """Each seat's place at the end (1 first; tied seats share a place)."""
    error: str = ""
    where: str = ""
    """Where the game stood when it failed (round, phase, seat to move)."""
    bot: str | None = None
    """The bot kind that failed (status ``bot failed``)."""
    seat: int | None = None
    """Its seat, from 0."""
    position: bytes | None = None
    """The game up to the failing decision, as a save file's bytes."""


def play_bot_game(game: Game, bot_seconds: float | None = None) -> bool:
    """Play ``game`` with its bots to the end or to the decision bound; True if it ended.

    Raises :class:`BotFailure` when a bot fails, leaving ``game`` just before that
    decision."""
    bots = game.make_bots(seconds=bot_seconds)
    bound = game.rules.decision_bound()
    missing = [seat + 1 for seat in range(game.players) if seat not in bots]
    if missing:
        raise ValueError(f"seats {missing} are not bots")
    while not game.is_over:
        if len(game.log) >= bound:
            return False
        seat = game.to_move
        assert seat is not None
        game.play(bots[seat].choose(game.state, game.legal()))
    return True


def play_game(registry: Registry, plan: Plan, index: int) -> GameResult:
    """Play game ``index`` of ``plan``.  Only a game that cannot be set up raises (bad
    options, a missing plugin: the run's own input, not one game's fate)."""
    seed = plan.seed + index
    seats = plan.seats_for(index)
    started = time.perf_counter()
    game = plan.game(registry, index)
    result = GameResult(index, seed, [s.kind for s in seats], ERROR)
    try:
        ended = play_bot_game(game, plan.bot_seconds)
    except BotFailure as exc:
        result.status, result.bot, result.seat = BOT_FAILED, exc.bot, exc.seat
        result.error, result.where = exc.problem, game.where()
        result.position = savefile.encode(game.to_save())
    except Exception as exc:
        result.error, result.where = f"{type(exc).__name__}: {exc}", _where(game)
    else:
        rules, state = game.rules, game.state
        result.status = FINISHED if ended else UNFINISHED
        if ended:
            result.scores = list(rules.scores(state))
            result.winners = list(rules.winner(state))
            keys = [rules.rank_key(state, seat) for seat in range(game.players)]
            result.ranks = [1 + sum(other > key for other in keys) for key in keys]
        if plan.out_dir is not None:
            game.save(str(Path(plan.out_dir) / f"game-{index + 1:04d}-seed{seed}.json"))
    result.decisions = len(game.log)
    result.seconds = time.perf_counter() - started
    return result


def _where(game: Game) -> str:
    """Where a game stood when its rules raised, if its state can still say."""
    try:
        return game.where()
    except Exception:
        return f"after {len(game.log)} decisions"


def bind_bot_options(registry: Registry, plan: Plan) -> Registry:
    """``registry`` with the plan's bot options bound into its bots (raises
    :class:`~turbine.core.errors.BadOptions` for a setting no bot of the variant takes)."""
    return with_bot_options(registry, parse_bot_options(registry, plan.variant, plan.bot_options))


_registry: Registry | None = None
"""The registry of the run in progress, which forked workers inherit; a worker started
afresh (spawn, forkserver) discovers the installed plugins itself."""


_stopping: Any = None
"""In a worker of a pool, the run's stop flag (a :class:`multiprocessing.Event`): once it is
set, a task ends after the game under way, with the games it played."""


def play_chunk(plan: Plan, indices: Sequence[int]) -> list[GameResult]:
    """Play the games ``indices`` of ``plan`` (a worker's task); a pool's worker stops
    early, after the game under way, once its run is stopping."""
    registry = _registry or bind_bot_options(default_registry(), plan)
    results = []
    for index in indices:
        if _stopping is not None and _stopping.is_set():
            break
        results.append(play_game(registry, plan, index))
    return results


def chunks(games: int, jobs: int, most: int | None = None) -> list[list[int]]:
    """Consecutive game indices in about four chunks per job (of at most ``most`` games),
    so that the workers stay busy to the end whatever each game costs (the Ray backend's
    tasks, each of which costs far more to start than a local one)."""
    size = max(1, -(-games // (4 * jobs)))
    if most is not None:
        size = min(size, most)
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


TASK_SECONDS = 0.2
"""About how much play a local task holds: its results, the progress line and what a
Ctrl-C keeps come back at least this often, while a game of milliseconds does not pay a
task's cost (some 0.3 ms) alone."""
MOST_PER_TASK = 1000
"""The most games in one local task, however fast they are."""


def task_size(played: int, seconds: float) -> int:
    """How many games the next local task holds: :data:`TASK_SECONDS` of play at the mean
    cost of the ``played`` games back so far (``seconds`` in all), one before any is back."""
    if played == 0:
        return 1
    if seconds <= 0:
        return MOST_PER_TASK
    return max(1, min(MOST_PER_TASK, int(TASK_SECONDS * played / seconds)))


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``) stopped the run: a :class:`KeyboardInterrupt`, so that every
    place that stops the workers and keeps the games finished on Ctrl-C does so for it too."""


@contextmanager
def sigterm_stops() -> Iterator[None]:
    """While the games run, SIGTERM raises :class:`Terminated` in this process.

    By default SIGTERM ends the process at once, and the workers of its pool, waiting for
    work that never comes, lived on.  Only the first SIGTERM raises (a second one, from a
    process manager killing the whole group, say, would cut the workers' stopping short);
    a process forked before it set its own handler (a worker) ends as by default.  Only the
    main thread can set a handler: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    parent = os.getpid()
    raised = False

    def stop(signum: int, frame: object) -> None:
        nonlocal raised
        if os.getpid() != parent:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        if not raised:
            raised = True
            raise Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _signals_noted() -> Iterator[list[int]]:
    """While a pool runs, Ctrl-C and SIGTERM are only noted, in the list given: the loop
    raises them where it holds no lock (:class:`KeyboardInterrupt`, :class:`Terminated`).

    A signal's exception is raised wherever the main thread is: in the pool's
    ``submit``, in ``wait`` taking each future's lock in turn, in the progress line's
    update.  There it could leave a lock taken that the pool's own thread (or the
    progress line's) needs, and the stopped run waited for that thread forever.  A process
    forked before it set its own handlers (a worker starting) takes SIGTERM as by default
    and leaves Ctrl-C to its parent.  Only the main thread can set handlers: elsewhere
    nothing changes."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    parent = os.getpid()

    def note(signum: int, frame: object) -> None:
        if os.getpid() == parent:
            noted.append(signum)
        elif signum == signal.SIGTERM:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)

    previous = {signum: signal.signal(signum, note) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield noted
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise_noted(noted: list[int]) -> None:
    """Raise the first signal noted by :func:`_signals_noted`, if any."""
    if noted:
        raise Terminated if noted[0] == signal.SIGTERM else KeyboardInterrupt


PARENT_POLL_SECONDS = 0.5
"""How often a worker looks whether the process that started it is still there."""


STOP_GRACE_SECONDS = 2.0
"""How long a stopped run waits for its workers to end the games under way before it
kills those still playing."""
SIGNAL_POLL_SECONDS = 0.1
"""How often a pool's parent looks whether a signal came while no game ended."""


def _worker_start(stopping: Any) -> None:
    """How each worker process starts: Ctrl-C is its parent's to handle (the parent stops
    the workers, through ``stopping``; a worker that took it printed a traceback), SIGTERM
    ends it at once (as the parent kills one still busy), and it ends itself once its
    parent is gone (killed, so that nobody stops it), rather than wait for work forever."""
    global _stopping
    _stopping = stopping
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="turbine-parent-watch", daemon=True).start()


def run_games(
    registry: Registry,
    plan: Plan,
    games: int,
    *,
    jobs: int = 1,
    done: Callable[[list[GameResult]], None] = lambda results: None,
    showing: Callable[[], AbstractContextManager[Any]] = nullcontext,
) -> list[GameResult]:
    """Play ``games`` games of ``plan`` in ``jobs`` processes; the results in seed order.

    ``done(results)`` is given the results of each game (or task of games) as they come
    back; ``showing()`` is entered while they run (a progress display, started only once
    the workers exist, as a process must not fork while a display thread runs).  Ctrl-C
    (:class:`KeyboardInterrupt`, or :class:`Terminated`) stops the workers (:func:`_stop`) and is
    raised again: what ``done`` was given is then every game that ended, which the caller
    keeps."""
    global _registry
    try:
        if jobs == 1:
            results = []
            with showing():
                for index in range(games):
                    result = play_game(registry, plan, index)
                    results.append(result)
                    done([result])
            return results
        _registry = registry
        results = _pooled(plan, range(games), jobs, done, showing)
    finally:
        _registry = None
    return sorted(results, key=lambda result: result.index)


def _stop(
    pool: ProcessPoolExecutor,
    stopping: Any,
    running: list[Future[list[GameResult]]],
    done: Callable[[list[GameResult]], None],
) -> None:
    """Stop a pool whose run was stopped: the tasks not begun are dropped, each worker ends
    the game under way (``stopping``) and its task comes back with the games it played,
    which ``done`` is given; a worker still playing after :data:`STOP_GRACE_SECONDS` is
    killed (a worker may still be starting, too)."""
    stopping.set()
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    while not all(future.done() for future in running) and time.monotonic() < deadline:
        # not wait(running, timeout): it waits out the timeout for a future the pool cancels
        wait([future for future in running if not future.done()], timeout=SIGNAL_POLL_SECONDS)
    ended = [future for future in running if future.done()]
    for _ in range(5):
        workers = [worker for worker in multiprocessing.active_children() if worker.is_alive()]
        if not workers or all(future.done() for future in running):
            break
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=10)
    for future in ended:  # the games played up to the stop are kept too
        if not future.cancelled() and future.exception() is None and (got := future.result()):
            done(got)


def _pooled(
    plan: Plan,
    indices: Sequence[int],
    jobs: int,
    done: Callable[[list[GameResult]], None],
    showing: Callable[[], AbstractContextManager[Any]],
    *,
    singly: bool = False,
) -> list[GameResult]:
    """The games ``indices`` in a pool of ``jobs`` workers, in tasks of consecutive games
    (:func:`task_size`; one each if ``singly``), at most two per worker handed out at a time.

    A worker that dies breaks the pool and every task not yet back: those games are played
    again, one per task, and then any that breaks it again alone in a pool of its own, so
    the game that kills a worker is named and every other game's result is kept."""
    results: list[GameResult] = []
    lost: list[int] = []
    waiting = deque(indices)
    running: dict[Future[list[GameResult]], list[int]] = {}
    played, seconds = 0, 0.0
    stopping = multiprocessing.Event()
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(stopping,))
    with _signals_noted() as noted, pool:

        def hand_out() -> None:
            while waiting and len(running) < 2 * jobs:
                size = 1 if singly else task_size(played, seconds)
                task = [waiting.popleft() for _ in range(min(size, len(waiting)))]
                try:
                    running[pool.submit(play_chunk, plan, task)] = task
                except BrokenProcessPool:  # a worker died: nothing more is taken
                    lost.extend(task)
                    lost.extend(waiting)
                    waiting.clear()

        try:
            hand_out()  # the workers start with the first task, before any display thread
            with showing():
                while running:
                    ended, _ = wait(running, timeout=SIGNAL_POLL_SECONDS, return_when=FIRST_COMPLETED)
                    _raise_noted(noted)
                    for future in ended:
                        task = running.pop(future)
                        try:
                            got = future.result()
                        except BrokenProcessPool:
                            lost.extend(task)
                            continue
                        results.extend(got)
                        played += len(got)
                        seconds += sum(result.seconds for result in got)
                        done(got)
                    hand_out()
        except KeyboardInterrupt:  # the pool would wait for every game still queued
            _stop(pool, stopping, list(running), done)
            raise
    _raise_noted(noted)  # one that came as the pool closed
    if not lost:
        return results
    if singly and len(indices) == 1:  # this game alone broke its pool
        index = indices[0]
        seats = plan.seats_for(index)
        died = GameResult(
            index,
            plan.seed + index,
            [s.kind for s in seats],
            ERROR,
            error="the worker process playing it died",
        )
        done([died])
        return [*results, died]
    if singly:  # singles already: try each alone
        for index in sorted(lost):
            results.extend(_pooled(plan, [index], 1, done, nullcontext, singly=True))
        return results
    return results + _pooled(plan, sorted(lost), jobs, done, nullcontext, singly=True)
