"""JSON Schemas of one game's input: its options and its actions, inside its save file.

A play-by-mail server or a web client validates what a player sends against
these before turbine sees it.  :func:`game_schema` gives the save file's schema
(as :func:`turbine.core.savefile.json_schema`) for one variant and its chosen
expansions, with two named definitions filled in where the generic schema says
only "any": ``$defs.options`` (the game's pydantic options model, with each
expansion's model under its id) and ``$defs.action`` (the rules' ``action_type``,
a union of tagged msgspec structs, as saves and ``turbine legal --json`` write
actions).  Validate one action with ``{"$ref": "#/$defs/action", "$defs": …}``.
What loading such a save checks against the variant is said too: the player count
(and so the number of seats) within the variant's range, and each seat's ``kind``
and ``played_by`` ``human`` or a bot that plays the variant.

A third definition, ``$defs.expansion_state``, describes the records the game's
plugins keep in its state (:class:`~turbine.core.state.StatePart`): for each key,
``shared`` (``state.ext.<key>``) and ``seat`` (each ``players[i].ext.<key>``), as
``turbine show --json`` writes the state.  A save holds no state (it is rebuilt by
replaying the log), so nothing in the save refers to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import msgspec

from . import savefile
from .plugins import Registry
from .session import Game, options_model
from .state import StatePart, state_parts

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def action_type(registry: Registry, variant: str, expansions: Iterable[str] = ()) -> Any:
    """The action type of a game of ``variant``: the rules class's ``action_type``
    (a game whose ``rules`` factory is no class is asked through a new game)."""
    spec = registry.variant(variant)
    found = getattr(spec.rules, "action_type", None)
    if found is not None:
        return found
    return Game(registry, variant, players=spec.min_players, seed=0, expansions=expansions).rules.action_type


def game_schema(registry: Registry, variant: str, expansions: Iterable[str] = ()) -> dict[str, Any]:
    """The save file's JSON Schema for a game of ``variant`` with ``expansions``,
    with ``$defs.options`` and ``$defs.action`` (module docstring)."""
    chosen = list(dict.fromkeys(expansions))
    spec = registry.variant(variant)
    registry.active_plugins(variant, chosen)  # refuses an unknown or foreign expansion
    document = savefile.json_schema()
    defs: dict[str, Any] = document["$defs"]

    options = options_model(registry, variant, chosen).model_json_schema(mode="validation")
    _merge(defs, "options", options, prefix="options_")
    actions = msgspec.json.schema(action_type(registry, variant, chosen))
    _merge(defs, "action", actions, prefix="action_")
    parts = state_parts(registry.game_plugin_manager(variant, chosen))
    _merge(defs, "expansion_state", _state_schema(parts), prefix="state_")

    save = defs["SaveFile"]["properties"]
    save["variant"] = {"const": spec.id}
    players = {"minimum": spec.min_players, "maximum": spec.max_players}
    save["players"] = {**save["players"], **players}
    save["seats"] = {**save["seats"], "minItems": spec.min_players, "maxItems": spec.max_players}
    kinds = ["human", *registry.bots_for(spec.id)]
    seat = defs["Seat"]["properties"]
    seat["kind"] = {"enum": kinds, "default": seat["kind"]["default"]}
    seat["played_by"] = {"enum": [*kinds, None], "default": seat["played_by"]["default"]}
    save["expansions"] = {"type": "array", "items": {"enum": chosen}, "uniqueItems": True}
    if not chosen:
        save["expansions"]["maxItems"] = 0
    save["options"] = {"$ref": "#/$defs/options"}
    defs["LogEntry"]["properties"]["action"] = {"$ref": "#/$defs/action"}
    with_text = f" with {', '.join(chosen)}" if chosen else ""
    document["title"] = f"turbine save file of {spec.name}{with_text}, format {savefile.FORMAT_VERSION}"
    document["$schema"] = SCHEMA_DIALECT
    return document


def _state_schema(parts: tuple[StatePart, ...]) -> dict[str, Any]:
    """The schema of ``$defs.expansion_state``: each part's records by key."""
    types = [t for part in parts for t in (part.shared, part.seat) if t is not None]
    schemas, components = msgspec.json.schema_components(types, ref_template="#/$defs/{name}")
    found = iter(schemas)
    records: dict[str, Any] = {}
    for part in parts:
        where = {"shared": f"state.ext.{part.key}", "seat": f"players[i].ext.{part.key}"}
        records[part.key] = {
            "type": "object",
            "description": "where the records are in the state: "
            + ", ".join(where[w] for w in where if getattr(part, w) is not None),
            "properties": {w: next(found) for w in where if getattr(part, w) is not None},
        }
    return {
        "type": "object",
        "description": "the records each plugin keeps in the game's state (turbine_state_parts)",
        "properties": records,
        "$defs": components,
    }


def _merge(defs: dict[str, Any], name: str, schema: dict[str, Any], prefix: str) -> None:
    """Add ``schema`` as ``defs[name]`` and its own definitions beside it.  A nested
    definition whose name is taken by a different one is renamed ``prefix + name``
    (and every reference to it in ``schema``)."""
    schema = json.loads(json.dumps(schema))
    nested: dict[str, Any] = schema.pop("$defs", {})
    renames = {key: prefix + key for key, value in nested.items() if key in defs and defs[key] != value}
    if renames:
        schema, nested = _renamed(schema, renames), _renamed(nested, renames)
        nested = {renames.get(key, key): value for key, value in nested.items()}
    defs.update(nested)
    defs[name] = schema


def _renamed(value: Any, renames: dict[str, str]) -> Any:
    """``value`` with every ``$ref`` to a renamed definition pointing at its new name."""
    if isinstance(value, dict):
        out = {key: _renamed(item, renames) for key, item in value.items()}
        ref = out.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in renames:
            out["$ref"] = "#/$defs/" + renames[ref[8:]]
        return out
    if isinstance(value, list):
        return [_renamed(item, renames) for item in value]
    return value
