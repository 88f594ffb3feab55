"""``turbine.core.schema``: the JSON Schema of one game's saves, with its options
(``$defs.options``) and its action union (``$defs.action``) filled in, checked with
the independent ``jsonschema`` validator against real seeded games of every variant."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from turbine.core import Game, default_registry, savefile
from turbine.core.schema import game_schema
from turbine.core.testing import make_game, play_until

jsonschema = pytest.importorskip("jsonschema", reason="pip install jsonschema (in turbine's test extra)")

SETUPS = [
    ("power_grid", (), {}),
    ("power_grid", ("subsidy",), {"subsidy": {"amount": 7}}),
    ("barrage", (), {"mode": "intro"}),
    ("barrage", (), {"mode": "full"}),
    ("barrage", ("leeghwater",), {}),
    ("barrage", ("grants",), {}),
    ("sparks", (), {}),
]


def _setups() -> list[Any]:
    registry = default_registry()
    out = []
    for variant, expansions, options in SETUPS:
        missing = [e for e in expansions if e not in registry.expansions]
        if variant not in registry.variants or missing:
            reason = f"install the example plugin providing {variant} {' '.join(expansions)}".strip()
            out.append(pytest.param(variant, expansions, options, marks=pytest.mark.skip(reason=reason)))
        else:
            name = "+".join((variant, *expansions, *(str(v) for v in options.values() if isinstance(v, str))))
            out.append(pytest.param(variant, expansions, options, id=name))
    return out


def saved(game: Game) -> dict[str, Any]:
    """The game's save file as JSON data, as a server receives it."""
    data: dict[str, Any] = json.loads(savefile.encode(game.to_save()))
    return data


def validator(document: dict[str, Any], definition: str | None = None) -> Any:
    """A validator of the whole save, or of one of its named definitions."""
    schema = document if definition is None else {"$ref": f"#/$defs/{definition}", "$defs": document["$defs"]}
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize(("variant", "expansions", "options"), _setups())
def test_every_logged_action_and_the_save_validate(variant, expansions, options):
    document = game_schema(default_registry(), variant, expansions)
    game = make_game(variant, seed=11, options=options, expansions=expansions, bots="random")
    play_until(game, lambda g: g.is_over or len(g.log) >= 400)
    actions = validator(document, "action")
    save = saved(game)
    kinds = set()
    for entry in save["log"]:
        errors = list(actions.iter_errors(entry["action"]))
        assert not errors, (entry["notation"], entry["action"], errors[0].message)
        kinds.add(entry["action"]["type"])
    assert len(kinds) >= 2
    validator(document, "options").validate(save["options"])
    validator(document).validate(save)


@pytest.mark.parametrize(("variant", "expansions", "options"), _setups())
def test_a_bad_action_or_option_fails_validation(variant, expansions, options):
    document = game_schema(default_registry(), variant, expansions)
    game = make_game(variant, seed=11, options=options, expansions=expansions, bots="random")
    play_until(game, lambda g: len(g.log) >= 3)
    save = saved(game)
    good = save["log"][-1]["action"]
    actions = validator(document, "action")
    assert actions.is_valid(good)
    assert not actions.is_valid({**good, "type": "no such action"})
    assert not actions.is_valid({key: value for key, value in good.items() if key != "type"})
    assert not actions.is_valid("pass")
    for key, value in good.items():  # each field of the wrong type
        if key != "type":
            assert not actions.is_valid({**good, key: {"not": value}}), key
    options_schema = validator(document, "options")
    assert not options_schema.is_valid({**save["options"], "no_such_option": 1})
    bad = copy.deepcopy(save)
    bad["log"][-1]["action"] = {"type": "no such action"}
    assert not validator(document).is_valid(bad)
    assert not validator(document).is_valid({**save, "variant": "another game"})


def test_the_generic_save_schema_is_unchanged_in_shape():
    """Without a variant the save's options and actions stay free-form (any game)."""
    from turbine.core import savefile

    generic = savefile.json_schema()
    assert generic["$defs"]["LogEntry"]["properties"]["action"] == {}
    assert "action" not in generic["$defs"]


def test_options_with_an_expansion_sit_under_its_id():
    document = game_schema(default_registry(), "power_grid", ["subsidy"])
    options = document["$defs"]["options"]
    assert "subsidy" in options["properties"]
    check = validator(document, "options")
    assert check.is_valid({"subsidy": {"amount": 8}})
    assert not check.is_valid({"subsidy": {"amount": 0}})  # ge=1 in the expansion's model
    plain = validator(game_schema(default_registry(), "power_grid"), "options")
    assert not plain.is_valid({"subsidy": {"amount": 8}})  # not an option without the expansion


def test_an_unknown_expansion_is_refused():
    from turbine.core import BadOptions

    with pytest.raises(BadOptions, match="unknown expansion 'nope' for power_grid"):
        game_schema(default_registry(), "power_grid", ["nope"])
