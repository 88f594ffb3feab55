"""Many bot games, in one process or several: what ``simulate`` and ``tournament`` share.

Game ``i`` (from 0) of a :class:`Plan` uses seed ``S + i`` and seats that depend only on
``i``, and its bots are seeded from its own seed, so a game's result depends on nothing
else: not on the other games, nor on which process played it.  :func:`run_games` with
``jobs=N`` plays chunks of consecutive seeds in ``N`` worker processes
(:class:`~concurrent.futures.ProcessPoolExecutor`) and puts the results back in seed
order, so the results are identical for any ``N``.  A chunk is a plain function of the
plan and its indices (:func:`play_chunk`), so another backend runs the same chunks:
:mod:`turbine.cli.ray_backend` makes each a Ray task.

Every game ends in one of four ways (:attr:`GameResult.status`): ``finished``;
``unfinished`` (stopped at ``rules.decision_bound()``); ``bot failed`` (a bot raised,
answered with an illegal move or went over its time budget: the position before that
decision is kept as a save); ``error`` (the game's rules raised, or the worker process
playing it died).  One game's failure never loses another's result.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turbine.core import Game, Registry, Seat, default_registry, savefile
from turbine.core.botopts import parse_bot_options, with_bot_options
from turbine.core.bots import BotFailure

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
        return [Seat(savefile.default_seat_name(seat, kind), kind) for seat, kind in enumerate(lineup)]

    def game(self, registry: Registry, index: int) -> Game:
        """Game ``index`` of the plan, set up (seed ``seed + index``, its seats)."""
        seats = self.seats_for(index)
        return Game(
            registry,
            self.variant,
            players=len(seats),
            seed=self.seed + index,
            options=self.options,
            expansions=self.expansions,
            seats=seats,
        )


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


def play_chunk(plan: Plan, indices: Sequence[int]) -> list[GameResult]:
    """Play the games ``indices`` of ``plan`` (a worker's task)."""
    registry = _registry or bind_bot_options(default_registry(), plan)
    return [play_game(registry, plan, index) for index in indices]


def chunks(games: int, jobs: int, most: int | None = None) -> list[list[int]]:
    """Consecutive game indices in about four chunks per job (of at most ``most`` games),
    so that the workers stay busy to the end whatever each game costs."""
    size = max(1, -(-games // (4 * jobs)))
    if most is not None:
        size = min(size, most)
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def run_games(
    registry: Registry,
    plan: Plan,
    games: int,
    *,
    jobs: int = 1,
    done: Callable[[int], None] = lambda count: None,
    showing: Callable[[], AbstractContextManager[Any]] = nullcontext,
) -> list[GameResult]:
    """Play ``games`` games of ``plan`` in ``jobs`` processes; the results in seed order.

    ``done(count)`` is told after each game (or chunk of games) ends; ``showing()``
    is entered while they run (a progress display, started only once the workers
    exist, as a process must not fork while a display thread runs)."""
    finished = 0

    def counted(count: int) -> None:
        nonlocal finished
        finished += count
        done(count)

    global _registry
    try:
        if jobs == 1:
            results = []
            with showing():
                for index in range(games):
                    results.append(play_game(registry, plan, index))
                    counted(1)
            return results
        _registry = registry
        results = _pooled(plan, chunks(games, jobs), jobs, counted, showing)
    except KeyboardInterrupt:  # Ctrl-C: what is kept, in one line
        from turbine.core.layout import plural

        from .common import Interrupted  # the parent's only: a worker never gets here

        kept = f"; the saves of the games finished are in {plan.out_dir}" if plan.out_dir is not None else ""
        raise Interrupted(
            f"stopped after {finished} of {plural(games, 'game')}: no summary or rows were written{kept}"
        ) from None
    finally:
        _registry = None
    return sorted(results, key=lambda result: result.index)


def _pooled(
    plan: Plan,
    work: list[list[int]],
    jobs: int,
    done: Callable[[int], None],
    showing: Callable[[], AbstractContextManager[Any]],
) -> list[GameResult]:
    """The chunks ``work`` in a pool of ``jobs`` workers.  A worker that dies breaks
    the pool and every chunk not yet back: those games are played again, one per
    task, and then any that breaks it again alone in a pool of its own, so the game
    that kills a worker is named and every other game's result is kept."""
    results: list[GameResult] = []
    lost: list[int] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_chunk, plan, chunk): chunk for chunk in work}
        try:
            with showing():
                for future in as_completed(futures):
                    try:
                        got = future.result()
                    except BrokenProcessPool:
                        lost.extend(futures[future])
                        continue
                    results.extend(got)
                    done(len(got))
        except KeyboardInterrupt:  # the pool would wait for every game still queued
            pool.shutdown(wait=False, cancel_futures=True)
            for _ in range(5):  # and for the games under way (a worker may be starting still)
                workers = multiprocessing.active_children()
                if not workers:
                    break
                for worker in workers:
                    worker.terminate()
                for worker in workers:
                    worker.join(timeout=10)
            raise
    if not lost:
        return results
    if len(work) == 1 and len(work[0]) == 1:  # this game alone broke its pool
        index = work[0][0]
        seats = plan.seats_for(index)
        results.append(
            GameResult(
                index,
                plan.seed + index,
                [s.kind for s in seats],
                ERROR,
                error="the worker process playing it died",
            )
        )
        done(1)
        return results
    if all(len(chunk) == 1 for chunk in work):  # singles already: try each alone
        for index in sorted(lost):
            results.extend(_pooled(plan, [[index]], 1, done, nullcontext))
        return results
    return results + _pooled(plan, [[index] for index in sorted(lost)], jobs, done, nullcontext)
