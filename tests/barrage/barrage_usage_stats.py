"""How often the greedy bots use each officer and each advanced tile in full games.

Not a test: ``python tests/barrage/barrage_usage_stats.py [games]`` plays that many
full games (default 200) per player count with greedy bots and prints, per
player count, how many games drafted each officer, how many games saw its
ability change an outcome (``barrage_ability_used``), Mahiri's copies by
officer, and how many games used each advanced tile (and Anton's copies of
them) in a construction (``barrage_after_build``).  It listens through
Barrage's own hooks, as any plugin would.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from barrage_setup import REGISTRY
from turbine.core import Game
from turbine.core.hookspecs import hookimpl
from turbine.core.savefile import Seat


class Listener:
    def __init__(self) -> None:
        self.abilities: set[str] = set()
        self.copies: set[str] = set()
        self.tiles: set[str] = set()

    @hookimpl
    def barrage_ability_used(self, game: Any, state: Any, seat: int, ability: str, detail: str) -> None:
        self.abilities.add(ability)
        if detail.startswith("copies "):
            self.copies.add(detail.removeprefix("copies "))

    @hookimpl
    def barrage_after_build(
        self, game: Any, state: Any, seat: int, structure: str, target: Any, tile: Any
    ) -> None:
        if tile:
            if tile.startswith("anton="):
                self.abilities.add("EO-AK")
            self.tiles.add(tile.rpartition("=")[2])


def run(players: int, games: int) -> dict[str, Counter[str]]:
    listener = Listener()
    out = {
        "drafted": Counter[str](),
        "used": Counter[str](),
        "copied": Counter[str](),
        "tiles": Counter[str](),
    }
    registered = False
    for seed in range(games):
        game = Game(
            REGISTRY,
            "barrage",
            players=players,
            seed=seed,
            options={"mode": "full"},
            seats=[Seat(f"g{i}", "greedy") for i in range(players)],
        )
        if not registered:
            game.rules.pm.register(listener, name="usage-stats")
            registered = True
            game = Game(  # rebuilt so the rules look the listener's hooks up
                REGISTRY,
                "barrage",
                players=players,
                seed=seed,
                options={"mode": "full"},
                seats=[Seat(f"g{i}", "greedy") for i in range(players)],
            )
        listener.abilities, listener.copies, listener.tiles = set(), set(), set()
        bots = game.make_bots()
        while not game.is_over:
            game.play(bots[game.to_move].choose(game.state, game.legal()))
        out["drafted"].update({p.officer for p in game.state.players})
        out["used"].update(listener.abilities)
        out["copied"].update(listener.copies)
        out["tiles"].update(listener.tiles)
    game.rules.pm.unregister(name="usage-stats")
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    officers = ("EO-WA", "EO-GD", "EO-VF", "EO-JM", "EO-SJ", "EO-AK", "EO-MS")
    tiles = [f"AT-{lvl}-{k}" for lvl in ("I", "II", "III") for k in "BECPW"]
    for players in (2, 3, 4):
        got = run(players, games)
        print(f"\n{players} players, {games} games (games in which it happened)")
        print("  officer  drafted  ability used  copied by Mahiri")
        for o in officers:
            print(f"  {o:7}  {got['drafted'][o]:7}  {got['used'][o]:12}  {got['copied'][o]:16}")
        print("  tile      used")
        for t in tiles:
            print(f"  {t:8}  {got['tiles'][t]:4}")


if __name__ == "__main__":
    main()
