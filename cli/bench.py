"""``turbine bench``: how fast a variant runs.

Four timed runs share the ``seconds`` budget equally (each still completes at
least one full game or one cycle), timed with :func:`time.perf_counter`:

* **decisions per second**: ``legal_actions`` + ``apply`` on the rules directly,
  random bots choosing, games played back to back (seeds 0, 1, 2…);
  **games per second** and **ms per game** come from the same run;
* **replay actions per second**: saved games rebuilt from their log through
  :meth:`Game.from_save` (which checks every action and digest);
* **save+load per second**: a finished game's save file written atomically
  and read back (decoded and validated, not replayed);
* **clones per second**: deep copies of states met along those games (every
  tenth decision), what a searching bot pays for each playout.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text
from turbine.core import Game, Registry, Seat, savefile

from . import output
from .simulate import play_bot_game

REPLAY_GAMES = 3
"""How many different saved games the replay and save+load measurements cycle through."""


def run_bench(
    registry: Registry,
    variant: str,
    *,
    players: int,
    seconds: float,
    options: Mapping[str, Any],
    expansions: Sequence[str],
) -> dict[str, Any]:
    """Run the four measurements; the result is what ``turbine bench --json`` prints."""
    seats = [Seat(f"Random bot {i + 1}", "random") for i in range(players)]

    def new_game(seed: int) -> Game:
        return Game(
            registry, variant, players=players, seed=seed, options=options, expansions=expansions, seats=seats
        )

    template = new_game(0)
    share = seconds / 4
    decisions, games, play_time = _decisions(registry, template, share)

    saves = []
    for seed in range(REPLAY_GAMES):
        game = new_game(seed)
        play_bot_game(game)
        saves.append(game.to_save())
    replayed, replay_time = _replay(registry, saves, share)
    cycles, save_time = _save_load(saves, share)
    clones, clone_time = _clones(template, saves, share)
    return {
        "variant": variant,
        "players": players,
        "seconds": seconds,
        "decisions": decisions,
        "games": games,
        "decisions_per_s": round(decisions / play_time, 1),
        "games_per_s": round(games / play_time, 3),
        "ms_per_game": round(1000 * play_time / games, 3) if games else None,
        "mean_decisions": round(decisions / games, 1) if games else None,
        "replay_actions_per_s": round(replayed / replay_time, 1),
        "save_load_per_s": round(cycles / save_time, 1),
        "clones_per_s": round(clones / clone_time, 1),
    }


def _decisions(registry: Registry, game: Game, seconds: float) -> tuple[int, int, float]:
    """Random games on the bare rules: (decisions, finished games, elapsed seconds)."""
    rules = game.rules
    factory = registry.bot("random", game.spec.id).factory
    bound = rules.decision_bound()
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while True:
        state = rules.initial_state(seed)
        bots = [factory(rules, seat, seed) for seat in range(game.players)]
        count = 0
        while count < bound:
            seat = rules.to_move(state)
            if seat is None:
                games += 1
                break
            legal = rules.legal_actions(state)
            rules.apply(state, bots[seat].choose(state, legal), legal)
            count += 1
        decisions += count
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games:
            return decisions, games, elapsed
        if elapsed >= max(seconds, 1.0) * 20:  # no game ever ends: report what was seen
            return decisions, games, elapsed


def _replay(registry: Registry, saves: list[savefile.SaveFile], seconds: float) -> tuple[int, float]:
    actions = 0
    index = 0
    start = time.perf_counter()
    while True:
        save = saves[index % len(saves)]
        Game.from_save(registry, save)
        actions += len(save.log)
        index += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return actions, elapsed


def _save_load(saves: list[savefile.SaveFile], seconds: float) -> tuple[int, float]:
    cycles = 0
    with tempfile.TemporaryDirectory(prefix="turbine-bench-") as tmp:
        path = Path(tmp) / "game.json"
        start = time.perf_counter()
        while True:
            savefile.save(path, saves[cycles % len(saves)])
            savefile.load(path)
            cycles += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return cycles, elapsed


def _clones(game: Game, saves: list[savefile.SaveFile], seconds: float) -> tuple[int, float]:
    """Clones of the states every tenth decision of the saved games (their replays)."""
    rules = game.rules
    states = []
    for save in saves:
        state = rules.initial_state(save.seed)
        for index, entry in enumerate(save.log):
            if index % 10 == 0:
                states.append(rules.clone(state))
            rules.apply(state, rules.action_from_data(entry.action))
    clones = 0
    start = time.perf_counter()
    while True:
        for state in states:
            rules.clone(state)
        clones += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return clones, elapsed


def print_bench(result: dict[str, Any]) -> None:
    """The measurements as a table."""
    output.out.print(
        Text(
            f"{result['variant']} · {result['players']} players · about {result['seconds']} s in all",
            style="bold",
        )
    )
    table = Table(box=None, pad_edge=False, header_style="dim")
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("decisions per second (legal + apply)", result["decisions_per_s"]),
        ("full games per second", result["games_per_s"]),
        ("ms per game", result["ms_per_game"]),
        ("decisions per game", result["mean_decisions"]),
        ("replayed actions per second", result["replay_actions_per_s"]),
        ("save + load per second", result["save_load_per_s"]),
        ("state clones per second", result["clones_per_s"]),
    ]
    for name, value in rows:
        table.add_row(name, f"{value:,}" if isinstance(value, int | float) else "-")
    output.out.print(table)
