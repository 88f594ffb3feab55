"""``turbine simulate``: bot-only games and their statistics.

Game ``i`` (from 0) uses seed ``S + i``, so a run is reproducible and any one
game can be replayed on its own.  ``--jobs N`` plays the games in ``N`` processes
(:mod:`turbine.cli.games`), and ``--backend ray`` as Ray tasks, here or on the
cluster at ``--address`` (:mod:`turbine.cli.ray_backend`); the summary and ``--rows``
are the same for any ``N`` and either backend, but for the seconds.  A game still
running after ``rules.decision_bound()`` decisions is stopped and counted as not
finished.

Failures are reported game by game; the other games' results are kept:

* a bot that raises, answers with a move that is not legal, or goes over its
  ``--bot-seconds`` budget (a :class:`~turbine.core.bots.BotFailure`) is reported
  with the bot, its seat, the seed and the move number, and the game up to that
  decision is saved (in ``--out DIR``, else in a new temporary folder the report
  names) for ``turbine show`` or ``turbine play``.  The fault is the bot's, often a
  third-party plugin's, and not turbine's: the command ends with one error line
  and exit code 2, as for any bad input;
* a game whose rules raise, or whose worker process dies, is reported with its
  seed: an internal error, exit code 1.

Games are numbered from 1 wherever they are named (the text, the ``game`` of the
``--json`` lists, the files ``game-0001-seed0.json``); game ``N`` has seed ``S + N - 1``.

Ctrl-C (exit 130) or SIGTERM (exit 143) stops the games, workers and all (a worker ends
the game it plays, or is killed after :data:`~turbine.cli.games.STOP_GRACE_SECONDS`); the
games finished by then are kept: their rows are written and their summary said, before
one line that says so.  A time budget (``--bot-seconds``, a bot option ``seconds``) makes
the results depend on timing: the report says so.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text
from turbine.core import Registry, Seat
from turbine.core.botopts import parse_bot_options
from turbine.core.layout import plural

from . import output
from .common import CliError, Interrupted, guard_output, replaceable, saved_game
from .games import (
    BOT_FAILED,
    ERROR,
    FINISHED,
    UNFINISHED,
    GameResult,
    Plan,
    Terminated,
    bind_bot_options,
    play_bot_game,
    run_games,
    sigterm_stops,
)
from .ray_backend import check_backend, run_on_ray
from .rows import check_name, check_writable, to_stdout, write_rows

__all__ = ["exit_code", "play_bot_game", "print_summary", "run_simulation"]


MOST_PROCESSES = 256
"""The most worker processes ``--jobs`` starts on this machine (each is a Python process
with the games loaded: 100,000 of them stalled a machine for minutes)."""


CTRL_C, SIGTERM = "Ctrl-C", "SIGTERM"
"""What stopped a run early (its report's ``stopped``)."""
TERMINATED = 143
"""The exit code of a run SIGTERM stopped (128 + 15, as a shell gives it)."""


@dataclass
class Played:
    """The games of a run that ended, in seed order: all of them, or those that ended
    before Ctrl-C or SIGTERM stopped the run (``stopped``)."""

    results: list[GameResult]
    seconds: float
    stopped: str | None = None
    rows: Path | None = None
    """The rows file written (none when no game ended before the run was stopped)."""
    rows_error: str | None = None
    """Why ``--rows`` could not be written at the end (its folder was removed, say)."""


def play_all(
    registry: Registry,
    plan: Plan,
    games: int,
    jobs: int | None,
    label: str,
    backend: str = "local",
    address: str | None = None,
    rows: Path | None = None,
) -> Played:
    """Every game of ``plan`` with a progress line, its bots built with the plan's bot
    options; the results, also written to ``rows`` (one per game), and the seconds taken.

    Ctrl-C or SIGTERM stops the games; the results are then those of the games that ended
    (written to ``rows`` too), as a study of hours is not lost for its last minutes.  A
    rows file that cannot be written at the end is said in ``rows_error`` rather than
    raised, so that the summary of the games is still shown.  ``jobs`` None is one
    process, or with ``backend="ray"`` as many tasks at once as the Ray cluster takes."""
    if jobs is not None and jobs < 1:
        raise CliError(f"--jobs must be at least 1, not {jobs}")
    if backend != "ray" and jobs is not None and jobs > MOST_PROCESSES:
        raise CliError(
            f"--jobs {jobs} is more processes than a machine should start; give at most {MOST_PROCESSES} "
            f"(this one has {plural(os.cpu_count() or 1, 'CPU')})"
        )
    jobs = None if jobs is None else min(jobs, games)  # a worker without a game only costs its start
    registry = bind_bot_options(registry, plan)
    started = time.perf_counter()
    progress = output.progress_bar(label)
    task = progress.add_task("games", total=games)
    ended: list[GameResult] = []

    def done(results: list[GameResult]) -> None:
        ended.extend(results)
        progress.advance(task, len(results))

    stopped = None
    with sigterm_stops():
        try:
            if backend == "ray":
                run_on_ray(
                    registry, plan, games, jobs=jobs, address=address, done=done, showing=lambda: progress
                )
            else:
                run_games(registry, plan, games, jobs=jobs or 1, done=done, showing=lambda: progress)
        except Terminated:
            stopped = SIGTERM
        except KeyboardInterrupt:
            stopped = CTRL_C
    seconds = time.perf_counter() - started
    played = Played(sorted(ended, key=lambda result: result.index), seconds, stopped)
    if rows is not None and (played.results or stopped is None):
        try:
            write_rows(rows, played.results, plan.players)
            played.rows = rows
        except OSError as exc:
            played.rows_error = f"cannot write the rows to {rows}: {exc.strerror or exc}"
    return played


def timing_reasons(registry: Registry, plan: Plan) -> list[str]:
    """The time budgets the plan's bots play to (``--bot-seconds 0.5``, ``mcts.seconds=1``,
    a bot's own default): with one, a bot's moves, or whether it fails, depend on how fast
    its machine is at the time, so results may differ between runs and ``--jobs``."""
    reasons = [] if plan.bot_seconds is None else [f"--bot-seconds {plan.bot_seconds:g}"]
    chosen = parse_bot_options(registry, plan.variant, plan.bot_options)
    for kind in dict.fromkeys(plan.rotation or [seat.kind for seat in plan.seats]):
        options = chosen.get(kind)
        model = registry.bot(kind, plan.variant).options
        if options is None and model is not None:
            try:
                options = model()
            except ValidationError:  # no defaults to play with: no budget to tell
                continue
        budget = getattr(options, "seconds", None)
        if isinstance(budget, int | float) and not isinstance(budget, bool):
            reasons.append(f"{kind}.seconds={budget:g}")
    return reasons


def run_facts(registry: Registry, plan: Plan, games: int, played: Played) -> dict[str, Any]:
    """What a report of ``simulate`` or ``tournament`` says of how its games were played
    and where they went, beside their results: the settings the games do not record
    (bot options, budgets), whether timing made them, and how the run ended."""
    return {
        "options": dict(plan.options),
        "expansions": list(plan.expansions),
        "bot_options": list(plan.bot_options),
        "bot_seconds": plan.bot_seconds,
        "timing": timing_reasons(registry, plan),
        "games": games,
        "played": len(played.results),
        "stopped": played.stopped,
        "seconds": round(played.seconds, 3),
        "rows": None if played.rows is None else str(played.rows),
        "rows_error": played.rows_error,
    }


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
    jobs: int | None = 1,
    rows: Path | None = None,
    bot_seconds: float | None = None,
    backend: str = "local",
    address: str | None = None,
    bot_options: Sequence[str] = (),
) -> dict[str, Any]:
    """Play ``games`` bot games and return the summary (see ``turbine simulate --json``).

    ``backend`` ``"ray"`` plays them as Ray tasks, on this machine or on the cluster at
    ``address`` (:mod:`turbine.cli.ray_backend`), with the same results."""
    check_backend(backend, address)
    human = [str(i + 1) for i, s in enumerate(seats) if s.kind == "human"]
    if human:
        which = (
            f"seat {human[0]} is" if len(human) == 1 else f"seats {', '.join(human[:-1])} and {human[-1]} are"
        )
        raise CliError(f"simulate needs bots in every seat; {which} human")
    for seat in seats:
        registry.bot(seat.kind, variant)  # an unknown bot: one line, before any game
    if rows is not None:
        check_writable(rows)
    players = len(seats)
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    plan = Plan(
        variant,
        seed,
        players,
        seats=tuple(seats),
        options=dict(options),
        expansions=tuple(expansions),
        out_dir=None if out_dir is None else str(out_dir),
        bot_seconds=bot_seconds,
        bot_options=tuple(bot_options),
    )
    played = play_all(registry, plan, games, jobs, "simulate", backend, address, rows)
    results = played.results
    summary = summarise(results, players)
    failures = keep_failed_positions(results, out_dir)
    summary["errors"] = [
        error_entry(result, failures) for result in results if result.status in (BOT_FAILED, ERROR)
    ]
    facts = run_facts(registry, plan, games, played)
    return {
        "variant": variant,
        "players": players,
        "bots": [s.kind for s in seats],
        "seed": seed,
        **facts,
        **summary,
        "score_name": score_name(registry, plan),
        "out": None if out_dir is None else str(out_dir),
    }


def score_name(registry: Registry, plan: Plan) -> str:
    """What the game's scores count (``VP``, ``cities powered``): the mean scores' unit."""
    return plan.game(registry, 0).rules.score_name()


def rate_text(finished: int, seconds: float) -> str:
    """`` (12.5 games/s)``: finished games a second, in plain figures (it said ``1e+03``);
    nothing when no game finished or no time was measured."""
    if not finished or seconds <= 0:
        return ""
    rate = finished / seconds
    return f" ({rate:,.1f} games/s)" if rate < 100 else f" ({rate:,.0f} games/s)"


def summarise(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Wins per seat, mean scores and game lengths over the finished games."""
    finished = [r for r in results if r.status == FINISHED]
    wins = [0] * players
    score_sums = [0] * players
    for result in finished:
        for seat in result.winners:
            wins[seat] += 1
        for seat, score in enumerate(result.scores or ()):
            score_sums[seat] += score
    lengths = [r.decisions for r in finished]
    done = len(finished)
    return {
        "finished": done,
        "unfinished": unfinished_entries(results),
        "errors": [],
        "wins": wins,
        "shared_wins": sum(len(r.winners) > 1 for r in finished),
        "mean_scores": [round(total / done, 3) for total in score_sums] if done else [None] * players,
        "mean_decisions": round(sum(lengths) / done, 2) if done else None,
        "min_decisions": min(lengths, default=None),
        "max_decisions": max(lengths, default=None),
    }


def unfinished_entries(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """The games stopped at the decision bound, as a report lists them (``game`` from 1)."""
    return [
        {"game": r.index + 1, "seed": r.seed, "decisions": r.decisions}
        for r in results
        if r.status == UNFINISHED
    ]


def guard_outputs(out_dir: Path | None, rows: Path | None, force: bool, json_out: bool = False) -> None:
    """Before any game is played: the rows file is no saved game, and the folder holds no
    game a person played under a name a game of this run may take (``game-*.json``:
    games of bots alone are replaced, as by ``demo``); not without ``force``.  ``--rows -``
    (CSV on standard output) is refused beside ``--json``, which writes there too."""
    if rows is not None and to_stdout(rows):
        if json_out:
            raise CliError(
                "--rows - writes the rows to standard output, where --json writes the report; "
                "give --rows FILE"
            )
    elif rows is not None:
        check_name(rows)
        guard_output(rows, "rows", force=force)
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise CliError(f"--out names a folder for the games' saves; {out_dir} is a file")
    if out_dir is None or force or not out_dir.is_dir():
        return
    for path in sorted(out_dir.glob("game-*.json")):
        if not replaceable(path, bots_may_go=True):
            head = saved_game(path)
            holds = (
                head.said() if head is not None and head.later else "holds a saved game with a person's seat"
            )
            raise CliError(f"{path} {holds}; use --force to replace it, or --out another folder")


def keep_failed_positions(results: Sequence[GameResult], out_dir: Path | None) -> dict[int, str]:
    """Save the position of every game a bot failed in (``out_dir``, else a new temporary
    folder); the file of each, by game index."""
    failed = [r for r in results if r.position is not None]
    if not failed:
        return {}
    folder = out_dir if out_dir is not None else Path(tempfile.mkdtemp(prefix="turbine-bot-failures-"))
    files = {}
    for result in failed:
        assert result.position is not None
        path = folder / f"failed-game-{result.index + 1:04d}-seed{result.seed}.json"
        path.write_bytes(result.position)
        files[result.index] = str(path)
    return files


def error_entry(result: GameResult, files: Mapping[int, str]) -> dict[str, Any]:
    """A failed game as the summary lists it (``game`` from 1, as the text says it)."""
    entry: dict[str, Any] = {
        "game": result.index + 1,
        "seed": result.seed,
        "decisions": result.decisions,
        "error": result.error,
        "where": result.where,
    }
    if result.status == BOT_FAILED:
        assert result.seat is not None
        entry |= {"bot": result.bot, "seat": result.seat + 1, "save": files.get(result.index)}
    return entry


def error_text(entry: Mapping[str, Any]) -> str:
    """One failed game in a line: which game, where, what went wrong and, for a bot, where
    the position is kept."""
    game = f"game {entry['game']} (seed {entry['seed']}), move {entry['decisions'] + 1} ({entry['where']})"
    if "bot" not in entry:
        return f"{game}: {entry['error']}"
    bot = f"bot {entry['bot']!r} at seat {entry['seat']}"
    return f"{game}: {bot} {entry['error']}; the position is in {entry['save']}"


def exit_code(summary: Mapping[str, Any]) -> int:
    """1 if a game's rules failed (an internal error), else 2 if a bot failed or the rows
    could not be written, else 0 (a run stopped early ends in :func:`report_bot_failures`)."""
    errors = summary["errors"]
    if any("bot" not in entry for entry in errors):
        return 1
    return 2 if errors or summary.get("rows_error") else 0


def report_bot_failures(summary: Mapping[str, Any]) -> None:
    """The end of a run, after its report was shown: for a run Ctrl-C or SIGTERM stopped,
    the one line that says what was kept (exit 130 or 143, raised here); else the line of
    rows that could not be written and that of a run in which only bots failed (exit 2)."""
    if summary.get("stopped"):
        said = stopped_text(summary)
        if summary["stopped"] == CTRL_C:
            raise Interrupted(said)
        sys.stderr.write(f"turbine: {said}\n")
        sys.stderr.flush()
        raise SystemExit(TERMINATED)
    if summary.get("rows_error"):
        output.error_line(f"{summary['rows_error']} (the summary above is of the games played)")
    failed = [entry for entry in summary["errors"] if "bot" in entry]
    if failed and exit_code(summary) == 2:
        games = summary["games"]
        output.error_line(f"a bot failed in {len(failed)} of {games} games; first: {error_text(failed[0])}")


def stopped_text(summary: Mapping[str, Any]) -> str:
    """What a run stopped early kept: ``stopped after 550 of 2000 games: the 550 finished are
    in cc.csv, summarised above``."""
    played, rows = summary["played"], summary["rows"]
    how = "stopped" if summary["stopped"] == CTRL_C else "terminated (SIGTERM)"
    said = f"{how} after {played} of {plural(summary['games'], 'game')}"
    if not played:
        said += ": no game had ended"
    elif rows is not None:
        where = "the rows on standard output" if to_stdout(Path(rows)) else rows
        said += f": the {played} finished are in {where}, summarised above"
    else:
        said += f": the summary above is of the {played} finished"
    if summary.get("rows_error"):
        said += f"; {summary['rows_error']}"
    if summary.get("out") and played:
        said += f"; their saves are in {summary['out']}"
    return said


def report_console(report: Mapping[str, Any]) -> Console:
    """Where a report's text goes: standard output, or standard error when the rows went to
    standard output (``--rows -``), which then holds CSV alone."""
    rows = report.get("rows")
    return output.err if rows is not None and to_stdout(Path(rows)) else output.out


def settings_text(report: Mapping[str, Any]) -> str:
    """`` · options rounds=3 · with leeghwater · bot options mcts.iterations=400 · bot seconds 2``:
    the settings of a run, those given only, for its heading."""
    parts = []
    if report["options"]:
        parts.append("options " + ", ".join(_flat_options(report["options"])))
    if report["expansions"]:
        parts.append("with " + ", ".join(report["expansions"]))
    if report["bot_options"]:
        parts.append("bot options " + ", ".join(report["bot_options"]))
    if report["bot_seconds"] is not None:
        parts.append(f"bot seconds {report['bot_seconds']:g}")
    return "".join(f" · {part}" for part in parts)


def _flat_options(options: Mapping[str, Any], group: str = "") -> list[str]:
    """``{"rounds": 3, "leeghwater": {"mode": "x"}}`` as ``rounds=3``, ``leeghwater.mode=x``:
    as ``--option`` takes them."""
    said = []
    for key, value in options.items():
        if isinstance(value, Mapping):
            said.extend(_flat_options(value, f"{group}{key}."))
        else:
            said.append(f"{group}{key}={value if isinstance(value, str) else json.dumps(value)}")
    return said


def print_run_notes(report: Mapping[str, Any], console: Console) -> None:
    """The lines under a report's heading that say how far to trust its figures: a run
    stopped early, one made with a time budget."""
    if report["stopped"]:
        games = plural(report["games"], "game")
        console.print(
            Text(
                f"Stopped by {report['stopped']} after {report['played']} of {games}: "
                "the figures below are of those.",
                style="yellow",
            )
        )
    if report["timing"]:
        console.print(
            Text(
                f"Timed bots ({', '.join(report['timing'])}): the results depend on timing and may differ "
                "between runs and --jobs values.",
                style="yellow",
            )
        )


def print_summary(summary: dict[str, Any]) -> None:
    """The summary as text."""
    out = report_console(summary)
    out.print(
        Text(
            f"{summary['variant']} · {summary['players']} players ({', '.join(summary['bots'])}) · "
            f"seeds {summary['seed']}–{summary['seed'] + summary['games'] - 1}{settings_text(summary)}",
            style="bold",
        )
    )
    print_run_notes(summary, out)
    rate = rate_text(summary["finished"], summary["seconds"])
    lengths = (
        f"; mean {summary['mean_decisions']} decisions per game "
        f"(min {summary['min_decisions']}, max {summary['max_decisions']})"
        if summary["finished"]
        else ""
    )
    finished = f"{summary['finished']} of {summary['played']} games finished in {summary['seconds']} s"
    out.print(Text(f"{finished}{rate}{lengths}"))
    table = Table(box=None, pad_edge=False, header_style="dim")
    for column in ("seat", "bot", "wins", f"mean {summary['score_name']}"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for seat in range(summary["players"]):
        table.add_row(
            str(seat + 1),
            summary["bots"][seat],
            str(summary["wins"][seat]),
            "–" if summary["mean_scores"][seat] is None else str(summary["mean_scores"][seat]),
        )
    out.print(table)
    if summary["shared_wins"]:
        out.print(
            Text(
                f"{plural(summary['shared_wins'], 'game')} ended in a shared win (counted for every winner)."
            )
        )
    print_problems(summary, out)
    if summary["out"]:
        out.print(Text(f"Save files in {summary['out']}"))
    if summary["rows"] and not to_stdout(Path(summary["rows"])):
        out.print(Text(f"One row per game in {summary['rows']}"))


def print_problems(summary: Mapping[str, Any], out: Console | None = None) -> None:
    """The games that did not finish and those that failed, a line each."""
    out = out or output.out
    for game in summary["unfinished"]:
        out.print(
            Text(
                f"not finished: game {game['game']} (seed {game['seed']}) stopped at the decision "
                f"bound, {game['decisions']} decisions",
                style="yellow",
            )
        )
    for entry in summary["errors"]:
        label = "bot failed" if "bot" in entry else "error"
        out.print(Text(f"{label}: {error_text(entry)}", style="red"))
