"""The expansion's state is typed records (G-2): registered with the core hook ``turbine_state_parts``,
they survive saves, clones and views as the same msgspec Structs, and the JSON stays
the plain object saves have always held."""

from __future__ import annotations

import msgspec
import pytest
from turbine.core import Game, default_registry
from turbine.core.state import canonical_bytes
from turbine.plugins.barrage.state import NoExt, StatePart, ext_records
from turbine.plugins.leeghwater import store


def game() -> Game:
    """A game past the draft, where every seat has its board extension (L-3.9)."""
    g = Game(
        default_registry(), "barrage", players=3, seed=4, options={"mode": "full"}, expansions=("leeghwater",)
    )
    while any(p.ext.leeghwater is None for p in g.state.players):
        g.play(g.legal()[0])
    return g


def test_records_are_typed_after_a_clone_and_a_decode():
    g = game()
    rules, state = g.rules, g.state
    for copy in (rules.clone(state), rules.decode_state(rules.encode_state(state))):
        assert type(copy.ext.leeghwater) is store.Shared
        assert all(type(p.ext.leeghwater) is store.Seat for p in copy.players)
        assert copy == state


def test_the_json_is_a_plain_object_per_expansion():
    g = game()
    raw = msgspec.json.decode(canonical_bytes(g.state))
    assert sorted(raw["ext"]) == ["leeghwater"]
    assert sorted(raw["ext"]["leeghwater"]) == ["buildings", "ew_display", "ew_stacks", "left", "spaces"]
    seat = raw["players"][0]["ext"]["leeghwater"]
    assert sorted(seat) == [
        "architect",
        "margot",
        "pieces",
        "used",
        "works",
    ]  # simone only once set (L-12.5.3)


def test_a_game_without_the_expansion_has_no_records():
    g = Game(default_registry(), "barrage", players=3, seed=4, options={"mode": "full"})
    assert type(g.state.ext) is NoExt and msgspec.json.encode(g.state.ext) == b"{}"
    with pytest.raises(AttributeError):
        g.state.ext.leeghwater = store.Shared([], [], [], [], [])  # nobody registered it


def test_a_key_registered_twice_or_not_an_identifier_is_refused():
    with pytest.raises(ValueError, match="registered twice: leeghwater"):
        ext_records((store.PART, StatePart("leeghwater", shared=store.Shared)))
    with pytest.raises(ValueError, match="identifiers: my-expansion"):
        ext_records((StatePart("my-expansion", shared=store.Shared),))
