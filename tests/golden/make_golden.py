"""Add golden saves: finished games that every later turbine must load and replay.

Golden saves are a promise, so this script never rewrites a file that exists:
it only adds the games of ``GAMES`` that have no golden save under the rules
versions installed now, in the save format of the turbine that runs it, and
records each game's outcome in ``MANIFEST.json``.  A game whose rules version
was bumped gets a second file, named with its versions (``NAME.barrage1-leeghwater2.json``).
A change that makes one of them replay differently must bump the rules version
of the game it changes (see docs/save-format.md), never regenerate the file.

    python tests/golden/make_golden.py          # from the repository root
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from turbine.core import Game, Registry, Seat, default_registry
from turbine.core.savefile import FORMAT_VERSION

HERE = Path(__file__).parent
MANIFEST = HERE / "MANIFEST.json"

# (name, variant, expansions, options, seat kinds, seed)
GAMES: list[tuple[str, str, list[str], dict[str, object], list[str], int]] = []
for players, kinds in ((2, ["greedy", "random"]), (4, ["greedy", "random", "greedy", "greedy"])):
    GAMES += [
        (f"power_grid-russia-{players}p", "power_grid", [], {"map": "russia"}, kinds[:players], 11),
        (f"power_grid-japan-{players}p", "power_grid", [], {"map": "japan"}, kinds[:players], 12),
        (f"power_grid-subsidy-{players}p", "power_grid", ["subsidy"], {}, kinds[:players], 13),
        (f"barrage-intro-{players}p", "barrage", [], {"mode": "intro"}, kinds[:players], 14),
        (f"barrage-full-{players}p", "barrage", [], {"mode": "full"}, kinds[:players], 15),
        (f"barrage-leeghwater-{players}p", "barrage", ["leeghwater"], {}, kinds[:players], 16),
        (
            f"sparks-{players}p",
            "sparks",
            [],
            {},
            (["thrifty", "random", "thrifty", "thrifty"])[:players],
            17,
        ),
    ]


FOUR = ["greedy", "random", "greedy", "greedy"]

# Games played under an older rules version its game still plays, chosen because today's
# rules end them differently: they hold each kept version to its own outcome.
# (name, variant, expansions, options, seat kinds, seed, rules versions)
KEPT: list[tuple[str, str, list[str], dict[str, object], list[str], int, dict[str, int]]] = [
    ("power_grid-russia-4p-kept", "power_grid", [], {"map": "russia"}, FOUR, 11, {"power_grid": 1}),
    ("barrage-full-4p-kept", "barrage", [], {"mode": "full"}, FOUR, 0, {"barrage": 1}),
    (
        "barrage-leeghwater-4p-kept",
        "barrage",
        ["leeghwater"],
        {},
        FOUR,
        1,
        {"barrage": 1, "leeghwater": 2},
    ),
    (  # L-5.12.4 under reward_red_frame=false: Leeghwater 3 built EW-T4's powerhouse free
        "barrage-leeghwater-4p-red-frame-kept",
        "barrage",
        ["leeghwater"],
        {"reward_red_frame": False},
        FOUR,
        3,
        {"leeghwater": 3},
    ),
]


def main() -> int:
    registry = default_registry()
    manifest = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}
    folder = HERE / f"format{FORMAT_VERSION}"
    folder.mkdir(exist_ok=True)
    for name, variant, expansions, options, kinds, seed in GAMES:
        add(registry, manifest, folder, name, variant, expansions, options, kinds, seed, None)
    for name, variant, expansions, options, kinds, seed, versions in KEPT:
        add(registry, manifest, folder, name, variant, expansions, options, kinds, seed, versions)
    MANIFEST.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    return 0


def add(
    registry: Registry,
    manifest: dict[str, dict[str, object]],
    folder: Path,
    name: str,
    variant: str,
    expansions: list[str],
    options: dict[str, object],
    kinds: list[str],
    seed: int,
    kept: dict[str, int] | None,
) -> None:
    """Play the game (under the ``kept`` rules versions, else today's) and save it, unless
    a golden save of it under those versions exists."""
    versions = {variant: registry.variant(variant).rules_version} | {
        e: registry.expansions[e].rules_version for e in expansions
    }
    versions |= kept or {}
    held = [
        k
        for k, entry in manifest.items()
        if k.startswith(f"{folder.name}/{name}.") and entry["rules_versions"] == versions
    ]
    if held:
        return
    path = folder / f"{name}.json"
    if path.exists():  # an earlier rules version holds the plain name
        tag = "-".join(f"{k}{v}" for k, v in sorted(versions.items()))
        path = folder / f"{name}.{tag}.json"
    key = f"{folder.name}/{path.name}"
    seats = [Seat(f"{kind.capitalize()} bot {i + 1}", kind) for i, kind in enumerate(kinds)]
    game = Game(
        registry,
        variant,
        players=len(seats),
        seed=seed,
        options=options,
        expansions=expansions,
        seats=seats,
        rules_versions=kept,
    )
    bots = game.make_bots()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.play(bots[seat].choose(game.state, game.legal()))
    game.save(str(path))
    manifest[key] = {
        "variant": variant,
        "expansions": expansions,
        "players": len(seats),
        "rules_versions": game.rules_versions,
        "actions": len(game.log),
        "scores": game.rules.scores(game.state),
        "winners": [s + 1 for s in game.rules.winner(game.state)],
    }
    if kept:
        manifest[key]["kept"] = True
    print(f"added {key}: {len(game.log)} actions, scores {manifest[key]['scores']}")


if __name__ == "__main__":
    sys.exit(main())
