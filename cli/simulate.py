"""``turbine simulate``: bot-only games and their statistics.

Game ``i`` (from 0) uses seed ``S + i``, so a run is reproducible and any one
game can be replayed on its own.  A game still running after
``rules.decision_bound()`` decisions is stopped and counted as not finished;
a game whose rules or bots raise is reported with its seed and counted as an
error (the command then exits with code 1).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text
from turbine.core import Game, Registry, Seat

from . import output
from .common import CliError


def play_bot_game(game: Game) -> bool:
    """Play ``game`` with its bots to the end or to the decision bound; True if it ended."""
    bots = game.make_bots()
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


def run_simulation(
    registry: Registry,
    variant: str,
    *,
    games: int,
    seats: Sequence[Seat],
    seed: int,
    options: Mapping[str, Any],
    expansions: Sequence[str],
    out_dir: Path | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games and return the summary (see ``turbine simulate --json``)."""
    human = [i + 1 for i, s in enumerate(seats) if s.kind == "human"]
    if human:
        raise CliError(f"simulate needs bots in every seat; seats {human} are human")
    players = len(seats)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    wins = [0] * players
    score_sums = [0] * players
    decisions_finished: list[int] = []
    unfinished: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    shared = 0
    started = time.perf_counter()
    progress = Progress(
        TextColumn("[bold]simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=output.err,
        transient=True,
        disable=not output.err.is_interactive,  # no cursor control on a dumb terminal or a pipe
    )
    with progress:
        task = progress.add_task("games", total=games)
        for index in range(games):
            game_seed = seed + index
            game = Game(
                registry,
                variant,
                players=players,
                seed=game_seed,
                options=options,
                expansions=expansions,
                seats=list(seats),
            )
            try:
                finished = play_bot_game(game)
            except Exception as exc:
                errors.append(
                    {
                        "game": index,
                        "seed": game_seed,
                        "decisions": len(game.log),
                        "error": f"{type(exc).__name__}: {exc}",
                    }
                )
                finished = None
            if finished:
                decisions_finished.append(len(game.log))
                winners = game.rules.winner(game.state)
                shared += len(winners) > 1
                for seat in winners:
                    wins[seat] += 1
                for seat, score in enumerate(game.rules.scores(game.state)):
                    score_sums[seat] += score
            elif finished is False:
                unfinished.append({"game": index, "seed": game_seed, "decisions": len(game.log)})
            if out_dir is not None and finished is not None:
                game.save(str(out_dir / f"game-{index + 1:04d}-seed{game_seed}.json"))
            progress.advance(task)
    done = len(decisions_finished)
    return {
        "variant": variant,
        "players": players,
        "bots": [s.kind for s in seats],
        "seed": seed,
        "options": dict(options),
        "expansions": list(expansions),
        "games": games,
        "finished": done,
        "unfinished": unfinished,
        "errors": errors,
        "wins": wins,
        "shared_wins": shared,
        "mean_scores": [round(total / done, 3) for total in score_sums] if done else [None] * players,
        "mean_decisions": round(sum(decisions_finished) / done, 2) if done else None,
        "min_decisions": min(decisions_finished, default=None),
        "max_decisions": max(decisions_finished, default=None),
        "seconds": round(time.perf_counter() - started, 3),
        "out": None if out_dir is None else str(out_dir),
    }


def print_summary(summary: dict[str, Any]) -> None:
    """The summary as text."""
    out = output.out
    out.print(
        Text(
            f"{summary['variant']} · {summary['players']} players ({', '.join(summary['bots'])}) · "
            f"seeds {summary['seed']}–{summary['seed'] + summary['games'] - 1}",
            style="bold",
        )
    )
    out.print(
        Text(
            f"{summary['finished']} of {summary['games']} games finished in {summary['seconds']} s; "
            f"mean {summary['mean_decisions']} decisions per game "
            f"(min {summary['min_decisions']}, max {summary['max_decisions']})"
        )
    )
    table = Table(box=None, pad_edge=False, header_style="dim")
    for column in ("seat", "bot", "wins", "mean score"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for seat in range(summary["players"]):
        table.add_row(
            str(seat + 1),
            summary["bots"][seat],
            str(summary["wins"][seat]),
            str(summary["mean_scores"][seat]),
        )
    out.print(table)
    if summary["shared_wins"]:
        out.print(Text(f"{summary['shared_wins']} games ended in a shared win (counted for every winner)."))
    for game in summary["unfinished"]:
        out.print(
            Text(
                f"not finished: game {game['game'] + 1} (seed {game['seed']}) stopped at the decision "
                f"bound, {game['decisions']} decisions",
                style="yellow",
            )
        )
    for game in summary["errors"]:
        out.print(
            Text(
                f"error: game {game['game'] + 1} (seed {game['seed']}) after {game['decisions']} "
                f"decisions: {game['error']}",
                style="red",
            )
        )
    if summary["out"]:
        out.print(Text(f"Save files in {summary['out']}"))
