"""``turbine tournament``: bots against each other, rated.

Game ``i`` (from 0) uses seed ``S + i`` and seats the bot kinds in turn from the
``i``-th on (:class:`~turbine.cli.games.Plan`): over as many games as there are
kinds, each kind sits in every seat equally often, so no kind gains from a seat's
advantage.  With fewer kinds than seats a kind sits in several seats of a game; a
kind named several times sits in that many places of the rotation
(``mcts,greedy,greedy,greedy``: one search bot against three greedy ones, in every
seat in turn).

Each finished game updates the kinds' ratings, in seed order, with the
Plackett–Luce model of ``openskill`` (a Bayesian rating of multiplayer rankings,
like TrueSkill): a rating is a mean ``mu`` with an uncertainty ``sigma``, and
kinds are ordered by ``mu - 3 sigma``, a rating the kind is all but sure to have.
Every seat is a player of the game, placed by the variant's ranking (its
tie-breaks included, tied seats sharing a place); a kind in several seats gets
the mean of its seats' new ratings.  Win rates count a shared win as a fraction
(two seats sharing it win half a game each), so the win rates of a game add up
to one and ``1 / players`` is parity; each comes with a 95% Wilson interval.

The ratings depend only on the games' results in seed order, so a tournament is
reproducible for a seed and the same for any ``--jobs`` and ``--backend`` (unless a time
budget makes the bots' moves depend on timing, which the report says).

A kind named more often than the others can fill every seat of some games
(``thrifty,random,random,random`` for two players: half the games are random against
random).  Those games count like the others, in the win rates (a win for the kind
whatever seat wins, pulling its rate towards parity) and in the ratings; a warning says
how many there are, and the report's ``single_kind_games``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from turbine.core import Registry
from turbine.core.layout import plural

from . import output
from .common import CliError
from .games import BOT_FAILED, ERROR, FINISHED, GameResult, Plan
from .ray_backend import check_backend
from .rows import check_writable, to_stdout
from .simulate import (
    error_entry,
    keep_failed_positions,
    play_all,
    print_problems,
    print_run_notes,
    report_console,
    run_facts,
    settings_text,
    unfinished_entries,
)

MODEL = "openskill Plackett-Luce"
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


@dataclass
class Standing:
    """What one bot kind did over the tournament."""

    bot: str
    seats: int = 0
    """Seats it played in finished games."""
    wins: float = 0.0
    """Games won, a shared win counted as a fraction."""
    score_sum: int = 0
    rank_sum: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seats)
        return {
            "bot": self.bot,
            "seats": self.seats,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.seats, 4) if self.seats else None,
            "win_rate_95": [round(low, 4), round(high, 4)] if self.seats else None,
            "mean_score": round(self.score_sum / self.seats, 3) if self.seats else None,
            "mean_place": round(self.rank_sum / self.seats, 3) if self.seats else None,
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "rating": round(self.mu - 3 * self.sigma, 3),
        }


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike p ± 2 s.e.)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_bots(text: str, registry: Registry, variant: str) -> list[str]:
    """``greedy,random`` to the rotation's bot kinds, each checked: at least two different
    ones (a kind may be named again to sit in more seats)."""
    kinds = [k.strip() for k in text.split(",")]
    if any(not k for k in kinds):
        raise CliError(f"--bots expects a comma list such as greedy,random; got {text!r}")
    if len(set(kinds)) < 2:
        raise CliError("a tournament needs at least two different bot kinds, e.g. --bots greedy,random")
    if "human" in kinds:
        raise CliError("a tournament is for bots; 'human' is not a bot kind")
    for kind in kinds:
        registry.bot(kind, variant)
    return kinds


def rating_start() -> tuple[float, float]:
    """Every bot's rating before its first game: the model's own mu and sigma."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    return round(model.mu, 2), round(model.sigma, 2)


def rate(results: Sequence[GameResult], kinds: Sequence[str]) -> dict[str, Standing]:
    """Each kind's standing from the finished games, rated in seed order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {kind: model.rating(name=kind) for kind in kinds}
    standings = {kind: Standing(kind) for kind in kinds}
    for result in results:
        if result.status != FINISHED or result.ranks is None or result.scores is None:
            continue
        share = 1 / len(result.winners)
        for seat, kind in enumerate(result.bots):
            standing = standings[kind]
            standing.seats += 1
            standing.wins += share if seat in result.winners else 0
            standing.score_sum += result.scores[seat]
            standing.rank_sum += result.ranks[seat]
        rated = model.rate([[ratings[kind]] for kind in result.bots], ranks=list(result.ranks))
        updated: dict[str, list[Any]] = {}
        for kind, (rating,) in zip(result.bots, rated, strict=True):
            updated.setdefault(kind, []).append(rating)
        for kind, news in updated.items():
            mu = sum(r.mu for r in news) / len(news)
            sigma = sum(r.sigma for r in news) / len(news)
            ratings[kind] = model.rating(mu=mu, sigma=sigma, name=kind)
    for kind, rating in ratings.items():
        standings[kind].mu, standings[kind].sigma = rating.mu, rating.sigma
    return standings


def single_kind_games(plan: Plan, games: int) -> dict[str, int]:
    """How many of the ``games`` games seat one kind in every seat, by kind.  Game ``i``'s
    seats depend on ``i`` modulo the rotation's length only, so one turn of it tells."""
    turn = len(plan.rotation)
    single: dict[str, int] = {}
    for start in range(min(turn, games)):
        kinds = {seat.kind for seat in plan.seats_for(start)}
        if len(kinds) == 1:
            (kind,) = kinds
            single[kind] = single.get(kind, 0) + len(range(start, games, turn))
    return single


def warn_single_kind(single: Mapping[str, int], games: int) -> None:
    """The one line that says, before any game, that some games pit a kind against itself."""
    if not single:
        return
    alone = ", ".join(f"{kind} against itself in {count}" for kind, count in single.items())
    output.warn(
        f"{sum(single.values())} of {plural(games, 'game')} seat one bot kind in every seat ({alone}); "
        "they count in the win rates and ratings like any other (name a kind fewer times, or give "
        "more --players, to avoid them)"
    )


def run_tournament(
    registry: Registry,
    variant: str,
    *,
    bots: Sequence[str],
    games: int,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    expansions: Sequence[str],
    jobs: int | None = 1,
    rows: Path | None = None,
    bot_seconds: float | None = None,
    backend: str = "local",
    address: str | None = None,
    bot_options: Sequence[str] = (),
) -> dict[str, Any]:
    """Play the tournament and return its report (see ``turbine tournament --json``);
    ``backend`` and ``address`` as for :func:`~turbine.cli.simulate.run_simulation`."""
    check_backend(backend, address)
    spec = registry.variant(variant)
    if not spec.min_players <= players <= spec.max_players:
        raise CliError(f"{spec.name} is for {spec.min_players}–{spec.max_players} players, not {players}")
    if rows is not None:
        check_writable(rows)
    plan = Plan(
        variant,
        seed,
        players,
        rotation=tuple(bots),
        options=dict(options),
        expansions=tuple(expansions),
        bot_seconds=bot_seconds,
        bot_options=tuple(bot_options),
    )
    single = single_kind_games(plan, games)
    warn_single_kind(single, games)
    played = play_all(registry, plan, games, jobs, "tournament", backend, address, rows)
    results = played.results
    standings = rate(results, list(dict.fromkeys(bots)))
    ordered = sorted(standings.values(), key=lambda s: (-(s.mu - 3 * s.sigma), s.bot))
    files = keep_failed_positions(results, None)
    return {
        "variant": variant,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        **run_facts(registry, plan, games, played),
        "single_kind_games": sum(single.values()),
        "finished": sum(r.status == FINISHED for r in results),
        "unfinished": unfinished_entries(results),
        "errors": [error_entry(r, files) for r in results if r.status in (BOT_FAILED, ERROR)],
        "model": MODEL,
        "rating_start": list(rating_start()),
        "parity": round(1 / players, 4),
        "standings": [s.as_dict() for s in ordered],
    }


def print_tournament(report: Mapping[str, Any]) -> None:
    """The report as text: the standings, best rated first."""
    out = report_console(report)
    last = report["seed"] + report["games"] - 1
    out.print(
        Text(
            f"{report['variant']} · {report['players']} players · {', '.join(report['bots'])} "
            f"in rotation · seeds {report['seed']}–{last}{settings_text(report)}",
            style="bold",
        )
    )
    print_run_notes(report, out)
    out.print(Text(f"{report['finished']} of {report['played']} games finished in {report['seconds']} s"))
    table = Table(box=None, pad_edge=False, header_style="dim")
    for column in ("bot", "rating", "mu ± sigma", "win % [95%]", "wins/seats", "mean place", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in report["standings"]:
        if s["seats"]:
            low, high = s["win_rate_95"]
            rate_text = f"{s['win_rate']:.1%} [{100 * low:.0f}–{100 * high:.0f}]"
            wins = f"{s['wins']:g}/{s['seats']}"
            place, score = f"{s['mean_place']:.2f}", f"{s['mean_score']:.2f}"
        else:
            rate_text, wins, place, score = "-", "0/0", "-", "-"
        table.add_row(
            s["bot"], f"{s['rating']:.2f}", f"{s['mu']:.2f} ± {s['sigma']:.2f}", rate_text, wins, place, score
        )
    out.print(table)
    out.print(
        Text(
            f"rating: mu − 3·sigma of the {report['model']} model (every bot starts at mu "
            f"{report['rating_start'][0]:g}, sigma {report['rating_start'][1]:g}), games rated in seed "
            "order, a bot's seats in one game as one update, so that the "
            f"order can differ from the win rates; win parity {report['parity']:.1%} (a shared win "
            "counts as a fraction); 95% Wilson intervals over seats, as if each seat were a game of "
            "its own (two seats of one bot in a game cannot both win, so for such a bot the interval "
            "is, if anything, wider than the truth)",
            style="dim",
        )
    )
    print_problems(report, out)
    if report["rows"] and not to_stdout(Path(report["rows"])):
        out.print(Text(f"One row per game in {report['rows']}"))
