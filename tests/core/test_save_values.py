"""One game's save schema says what loading checks against its variant: a player count in
the variant's range, as many seats, and each seat ``human`` or a bot that plays it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from turbine.core import Game, default_registry, savefile
from turbine.core.schema import game_schema

jsonschema = pytest.importorskip("jsonschema", reason="pip install jsonschema (in turbine's test extra)")


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return game_schema(default_registry(), "power_grid")


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    """A Power Grid save in which a bot took over a person's seat (its ``played_by`` is set)."""
    game = Game(default_registry(), "power_grid", players=2, seed=3)
    game.hand_over(1, "random")
    game.play(game.legal()[0])
    data: dict[str, Any] = json.loads(savefile.encode(game.to_save()))
    return data


def test_the_schema_names_the_player_range_and_the_bots(document):
    registry = default_registry()
    spec = registry.variant("power_grid")
    save = document["$defs"]["SaveFile"]["properties"]
    assert save["players"] == {"type": "integer", "minimum": spec.min_players, "maximum": spec.max_players}
    assert (save["seats"]["minItems"], save["seats"]["maxItems"]) == (spec.min_players, spec.max_players)
    kinds = ["human", *registry.bots_for("power_grid")]
    seat = document["$defs"]["Seat"]["properties"]
    assert seat["kind"] == {"enum": kinds, "default": "human"}
    assert seat["played_by"] == {"enum": [*kinds, None], "default": None}


def test_the_generic_schema_leaves_them_to_each_game():
    """Without a variant there is no range or bot list to name."""
    generic = savefile.json_schema()["$defs"]
    assert generic["SaveFile"]["properties"]["players"] == {"type": "integer"}
    assert generic["Seat"]["properties"]["kind"] == {"type": "string", "default": "human"}


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(players=7, seats=[{"name": f"P{n}", "kind": "human"} for n in range(7)]),
        lambda d: d.update(players=1, seats=d["seats"][:1]),
        lambda d: d["seats"][1].update(kind="bogus"),
        lambda d: d["seats"][1].update(played_by="bogus"),
    ],
    ids=["7 players", "1 player", "unknown kind", "unknown played_by"],
)
def test_what_loading_refuses_the_schema_refuses(document, saved, edit):
    check = jsonschema.Draft202012Validator(document)
    assert check.is_valid(saved)
    bad = json.loads(json.dumps(saved))
    edit(bad)
    assert not check.is_valid(bad)
