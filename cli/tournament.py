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
reproducible for a seed and the same for any ``--jobs`` and ``--backend``.
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

from . import output
from .common import CliError
from .games import BOT_FAILED, ERROR, FINISHED, UNFINISHED, GameResult, Plan
from .ray_backend import check_backend
from .rows import check_writable
from .simulate import error_entry, keep_failed_positions, play_all, print_problems

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
    results, seconds = play_all(registry, plan, games, jobs, "tournament", backend, address, rows)
    standings = rate(results, list(dict.fromkeys(bots)))
    ordered = sorted(standings.values(), key=lambda s: (-(s.mu - 3 * s.sigma), s.bot))
    files = keep_failed_positions(results, None)
    return {
        "variant": variant,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "options": dict(options),
        "expansions": list(expansions),
        "games": games,
        "finished": sum(r.status == FINISHED for r in results),
        "unfinished": [
            {"game": r.index, "seed": r.seed, "decisions": r.decisions}
            for r in results
            if r.status == UNFINISHED
        ],
        "errors": [error_entry(r, files) for r in results if r.status in (BOT_FAILED, ERROR)],
        "model": MODEL,
        "rating_start": list(rating_start()),
        "parity": round(1 / players, 4),
        "standings": [s.as_dict() for s in ordered],
        "seconds": round(seconds, 3),
        "rows": None if rows is None else str(rows),
    }


def print_tournament(report: Mapping[str, Any]) -> None:
    """The report as text: the standings, best rated first."""
    out = output.out
    last = report["seed"] + report["games"] - 1
    out.print(
        Text(
            f"{report['variant']} · {report['players']} players · {', '.join(report['bots'])} "
            f"in rotation · seeds {report['seed']}–{last}",
            style="bold",
        )
    )
    out.print(Text(f"{report['finished']} of {report['games']} games finished in {report['seconds']} s"))
    table = Table(box=None, pad_edge=False, header_style="dim")
    for column in ("bot", "rating", "mu ± sigma", "win % [95%]", "wins/seats", "mean place", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in report["standings"]:
        if s["seats"]:
            low, high = s["win_rate_95"]
            rate_text = f"{s['win_rate']:.1%} [{100 * low:.0f}–{100 * high:.0f}]"
            wins = f"{s['wins']:g}/{s['seats']}"
            place, score = str(s["mean_place"]), str(s["mean_score"])
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
    print_problems(report)
    if report["rows"]:
        out.print(Text(f"One row per game in {report['rows']}"))
