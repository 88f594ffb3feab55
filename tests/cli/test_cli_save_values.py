"""Values in a save that no game of this variant could have: refused by every command in
one line, exit 2, nothing written, even when the editor recomputed the log digest.  And the
values that look odd but that a turbine writes (a negative seed, two seats of one name, a
seat without a name: the Python API takes them), which every command must go on loading."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from cli_helpers import assert_one_line_error
from turbine.core import Game, Seat, default_registry, savefile

COMMANDS = [
    ("show", "{file}"),
    ("replay", "{file}", "--verify"),
    ("replay", "{file}", "--html", "page.html"),
    ("export", "{file}", "--out", "rows.csv"),
    ("upgrade", "{file}"),
    ("move", "{file}", "1"),
]
"""Commands that read a save, those that would write it again or write a file from it included."""


def _power_grid_save(path: Path, **setup: Any) -> Path:
    """A Power Grid game of two seats (``setup``: :class:`Game`'s own arguments), one move played."""
    game = Game(default_registry(), "power_grid", **{"players": 2, "seed": 3, **setup})
    game.play(game.legal()[0])
    game.save(str(path))
    return path


def _forged(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """``edit`` the save at ``path`` and recompute its log digest, as someone who means the
    edit to pass ``--verify`` would (the digest is a checksum, not a signature)."""
    data = json.loads(path.read_text())
    edit(data)
    data["log_digest"] = savefile.log_digest(msgspec.convert(data, savefile.SaveFile))
    path.write_text(json.dumps(data))


def _seven_players(data: dict[str, Any]) -> None:
    data["players"] = 7
    data["seats"] = [{"name": f"Player {n}", "kind": "human"} for n in range(1, 8)]


def _one_player(data: dict[str, Any]) -> None:
    data["players"] = 1
    data["seats"] = data["seats"][:1]
    data["log"] = []  # its move may be seat 2's, which the seat count alone would refuse
    data["checkpoints"] = []


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (_seven_players, "{name} is for 2–6 players, not 7"),
        (_one_player, "{name} is for 2–6 players, not 1"),
        (lambda d: d["seats"][1].update(kind="bogus"), "no bot 'bogus' for power_grid; bots: {bots}"),
        (lambda d: d["seats"][0].update(kind=""), "no bot '' for power_grid; bots: {bots}"),
        (lambda d: d["seats"][1].update(played_by="bogus"), "no bot 'bogus' for power_grid; bots: {bots}"),
    ],
    ids=["7 players", "1 player", "unknown bot kind", "empty kind", "unknown played_by"],
)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:1] + c[2:3]))
def test_a_value_no_game_of_the_variant_has_is_refused_and_nothing_is_written(
    run, tmp_path, edit, said, command
):
    path = _power_grid_save(tmp_path / "g.json")
    _forged(path, edit)
    before = path.read_bytes()
    result = run(*(part.format(file="g.json") for part in command))
    assert_one_line_error(result)
    registry = default_registry()
    bots = ", ".join(registry.bots_for("power_grid"))
    said = said.format(name=registry.variant("power_grid").name, bots=bots)
    assert result.stderr == f"turbine: error: g.json: the saved game cannot be set up: {said}\n"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no page, no rows, no leftover


@pytest.mark.parametrize(
    "setup",
    [
        {"seed": -1},
        {"seed": -(2**63)},
        {"seats": [Seat("Ann"), Seat("Ann")]},
        {"seats": [Seat(""), Seat(" ")]},
    ],
    ids=["seed -1", "smallest seed JSON holds", "two seats of one name", "seats without a name"],
)
def test_a_save_the_python_api_writes_loads_and_verifies(run, tmp_path, setup):
    """``--seed`` takes 0 to 2^64 - 1 today, but a save from before that limit holds any seed
    (turbine.core.rng.SEED_MAX), as does one made with ``Game(seed=...)``; a seat's name is
    any text without a control character (docs/python.md).  A save is a promise: these load."""
    _power_grid_save(tmp_path / "g.json", **setup)
    result = run("replay", "g.json", "--verify", "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Verified: ")
    assert run("show", "g.json").returncode == 0
