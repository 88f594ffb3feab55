"""Expansion records in a game's state (``turbine_state_parts``, turbine.core.state).

The core mechanism every game uses (Barrage, Power Grid, Sparks here): a plugin registers
typed records, the game gives them room in ``state.ext`` and each seat's ``ext``, and from
then on they are part of the state — rebuilt by a save's replay, taken back by an undo,
cloned and decoded typed, digested, and described by the game's schema.
"""

from __future__ import annotations

import types
from typing import Any, Generic, TypeVar

import msgspec
import pytest
from turbine.core import (
    BadOptions,
    ExpansionSpec,
    Game,
    PluginInfo,
    Registry,
    Rng,
    Seat,
    StatePart,
    bots,
    hookimpl,
)
from turbine.core.schema import game_schema
from turbine.core.state import NoExt, ext_records
from turbine_sparks import game as sparks_game
from turbine_sparks import plugin as sparks


class Pot(msgspec.Struct):
    """``state.ext.tips``: every coin tipped so far."""

    coins: int = 0


class Tips(msgspec.Struct):
    """Each ``player.ext.tips``: what that seat has been tipped."""

    coins: int = 0


PART = StatePart("tips", shared=Pot, seat=Tips)


def tipping(part: StatePart = PART) -> types.SimpleNamespace:
    """A Sparks expansion ``tips``: at the end of each round, the seat with the fewest
    points is tipped one coin, and its records say so."""

    @hookimpl
    def turbine_expansions() -> list[ExpansionSpec]:
        return [ExpansionSpec("tips", "sparks", "Tips")]

    @hookimpl
    def turbine_state_parts() -> list[StatePart]:
        return [part]

    @hookimpl
    def turbine_setup(rules: Any, state: Any) -> None:
        state.ext.tips = Pot()
        for player in state.players:
            player.ext.tips = Tips()

    @hookimpl
    def turbine_round_end(rules: Any, state: Any) -> None:
        seat = min(range(len(state.players)), key=lambda s: state.players[s].points)
        state.players[seat].coins += 1
        state.players[seat].ext.tips.coins += 1
        state.ext.tips.coins += 1

    return types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("tips_plugin", "1.0", ("sparks",)),
        turbine_expansions=turbine_expansions,
        turbine_state_parts=turbine_state_parts,
        turbine_setup=turbine_setup,
        turbine_round_end=turbine_round_end,
    )


def registry(plugin: types.SimpleNamespace | None = None) -> Registry:
    return Registry([("core", bots), ("sparks", sparks), ("tips_plugin", plugin or tipping())])


def played(reg: Registry, moves: int = 1000) -> Game:
    game = Game(reg, "sparks", players=3, seed=5, expansions=["tips"])
    legal = game.legal
    while not game.is_over and len(game.log) < moves:
        game.play(legal()[-1])
    return game


def test_the_rules_type_the_records_and_the_setup_fills_them():
    game = Game(registry(), "sparks", players=3, seed=5, expansions=["tips"])
    assert game.rules.state_parts == (PART,)
    assert game.state.ext.tips == Pot() and [p.ext.tips for p in game.state.players] == [Tips()] * 3
    plain = Game(registry(), "sparks", players=3, seed=5)
    assert plain.rules.state_parts == () and type(plain.state.ext) is NoExt
    assert msgspec.json.encode(plain.state.ext) == b"{}"  # nothing in the JSON without parts


def test_ext_typed_gives_the_state_type_its_records():
    """``ext_typed``: a state generic in the shared record, or in the shared and the seat
    records, typed by the game's own (what Sparks and a new game's scaffold set)."""
    rules = Game(registry(), "sparks", players=3, seed=5, expansions=["tips"]).rules
    shared, seat = rules.shared_ext, rules.seat_ext
    assert rules.state_type == sparks_game.State[shared, seat] == rules.ext_typed(sparks_game.State)
    assert (shared.__annotations__, seat.__annotations__) == ({"tips": Pot | None}, {"tips": Tips | None})

    X = TypeVar("X")

    class OneRecord(msgspec.Struct, Generic[X]):
        ext: X

    assert rules.ext_typed(OneRecord) == OneRecord[shared]


def test_the_records_survive_a_save_a_load_and_an_undo(tmp_path):
    reg = registry()
    game = played(reg)
    tipped = sparks_game.ROUNDS - 1  # the last round ends the game before its round end
    assert game.is_over and game.state.ext.tips.coins == tipped
    assert sum(p.ext.tips.coins for p in game.state.players) == tipped
    path = tmp_path / "tips.json"
    game.save(str(path))
    loaded = Game.load(reg, str(path))
    assert loaded.state == game.state and type(loaded.state.ext.tips) is Pot
    assert loaded.rules.digest(loaded.state) == game.rules.digest(game.state)
    halfway = played(reg, moves=len(game.log) // 2)
    loaded.rewind(len(halfway.log))
    assert loaded.state.ext.tips == halfway.state.ext.tips
    assert [p.ext.tips for p in loaded.state.players] == [p.ext.tips for p in halfway.state.players]
    assert loaded.state.ext.tips.coins < game.state.ext.tips.coins


def test_clones_and_decodes_keep_the_records_typed_and_the_digest_covers_them():
    game = played(registry(), moves=40)
    rules, state = game.rules, game.state
    for copy in (rules.clone(state), rules.decode_state(rules.encode_state(state))):
        assert type(copy.ext.tips) is Pot and all(type(p.ext.tips) is Tips for p in copy.players)
        assert copy == state
    copy = rules.clone(state)
    copy.players[1].ext.tips.coins += 1
    assert rules.digest(copy) != rules.digest(state)


def test_the_schema_describes_the_records():
    document = game_schema(registry(), "sparks", ["tips"])
    records = document["$defs"]["expansion_state"]["properties"]["tips"]
    assert records["properties"] == {"shared": {"$ref": "#/$defs/Pot"}, "seat": {"$ref": "#/$defs/Tips"}}
    assert "state.ext.tips" in records["description"]
    assert document["$defs"]["Pot"]["properties"]["coins"]["type"] == "integer"
    plain = game_schema(registry(), "sparks")
    assert plain["$defs"]["expansion_state"]["properties"] == {}


def test_a_game_without_room_for_the_records_is_refused_in_one_line():
    class Bare(msgspec.Struct):
        totals: list[int]

    class NoRoom(sparks_game.SparksRules):
        def __init__(self, options: Any, players: int, pm: Any) -> None:
            super().__init__(options, players, pm)
            self.state_type = Bare

    spec = sparks.turbine_variants()[0]
    variant = types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("sparks", "1.0"),
        turbine_variants=lambda: [spec.__class__(**{**spec.__dict__, "rules": NoRoom})],
    )
    variant.turbine_variants = hookimpl(variant.turbine_variants)
    reg = Registry([("core", bots), ("sparks", variant), ("tips_plugin", tipping())])
    with pytest.raises(
        BadOptions, match=r"no room for shared records \(tips\) and seat records \(tips\)"
    ) as refused:
        Game(reg, "sparks", players=2, seed=1, expansions=["tips"])
    assert str(refused.value).endswith(
        "the game declares no `ext` field typed by `rules.shared_ext` in its state, nor one "
        "typed by `rules.seat_ext` in its seat records"
    )
    Game(reg, "sparks", players=2, seed=1)  # without the expansion it needs none


def test_two_plugins_with_one_key_are_refused():
    with pytest.raises(ValueError, match="registered twice: tips"):
        ext_records((PART, StatePart("tips", shared=Tips)))


class Sealed(msgspec.Struct):
    """``player.ext.sealed``: a seat's sealed bids, which only that seat may read."""

    bids: list[int] = msgspec.field(default_factory=list)


SEALED = StatePart("sealed", seat=Sealed)
HIDDEN_BID = -1


def sealing() -> types.SimpleNamespace:
    """A Sparks expansion ``sealed``: each seat writes three sealed bids at setup; a view
    hides the other seats' bids (``turbine_view``) and a determinisation deals them again
    from the bids the seat cannot see (``turbine_determinise``)."""

    @hookimpl
    def turbine_expansions() -> list[ExpansionSpec]:
        return [ExpansionSpec("sealed", "sparks", "Sealed bids")]

    @hookimpl
    def turbine_state_parts() -> list[StatePart]:
        return [SEALED]

    @hookimpl
    def turbine_setup(rules: Any, state: Any) -> None:
        for seat, player in enumerate(state.players):
            player.ext.sealed = Sealed([10 * seat + 1, 10 * seat + 2, 10 * seat + 3])

    @hookimpl
    def turbine_view(rules: Any, state: Any, seat: int | None) -> None:
        for other, player in enumerate(state.players):
            if other != seat:
                player.ext.sealed.bids = [HIDDEN_BID] * len(player.ext.sealed.bids)

    @hookimpl
    def turbine_determinise(rules: Any, state: Any, seat: int, rng: Any) -> None:
        unseen = [
            b
            for other in range(len(state.players))
            if other != seat
            for b in range(10 * other + 1, 10 * other + 4)
        ]
        dealt = rng.sample(unseen, len(unseen))
        for other, player in enumerate(state.players):
            if other != seat:
                player.ext.sealed.bids = [dealt.pop() for _ in player.ext.sealed.bids]

    return types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("sealed_plugin", "1.0", ("sparks",)),
        turbine_expansions=turbine_expansions,
        turbine_state_parts=turbine_state_parts,
        turbine_setup=turbine_setup,
        turbine_view=turbine_view,
        turbine_determinise=turbine_determinise,
    )


def test_an_expansion_hides_its_records_from_a_seat_and_deals_them_again():
    """The core's ``view`` asks the expansion after the game's own hiding, on a copy; its
    ``determinise`` deals what the expansion hid again, the same for the same generator."""
    reg = Registry([("core", bots), ("sparks", sparks), ("sealed_plugin", sealing())])
    seats = [Seat(f"Bot {i}", "thrifty") for i in range(3)]
    game = Game(reg, "sparks", players=3, seed=5, expansions=["sealed"], seats=seats)
    rules, state = game.rules, game.state
    view = rules.view(state, 1)
    assert [p.ext.sealed.bids for p in view.players] == [[-1] * 3, [11, 12, 13], [-1] * 3]
    assert all(d == 0 for d in view.deck)  # the game's own hiding still happens first
    assert [p.ext.sealed.bids for p in state.players] == [[1, 2, 3], [11, 12, 13], [21, 22, 23]]
    assert rules.view(view, 1) == view  # a view of a view is the same view
    spectator = rules.view(state, None)
    assert all(p.ext.sealed.bids == [-1] * 3 for p in spectator.players)
    dealt = rules.determinise(view, 1, Rng.from_seed(3))
    assert dealt.players[1].ext.sealed.bids == [11, 12, 13]
    assert sorted(b for s in (0, 2) for b in dealt.players[s].ext.sealed.bids) == [1, 2, 3, 21, 22, 23]
    assert rules.determinise(view, 1, Rng.from_seed(3)) == dealt
    assert view.players[0].ext.sealed.bids == [-1] * 3  # determinise never changes the view
    seen: list[Any] = []
    bot = game.make_bot(1)
    original = bot.bot.choose
    bot.bot.choose = lambda shown, legal: seen.append(shown) or original(shown, legal)
    bot.choose(state, game.legal())
    assert [p.ext.sealed.bids for p in seen[0].players] == [[-1] * 3, [11, 12, 13], [-1] * 3]


def test_an_expansion_hides_on_a_copy_even_when_its_game_hides_nothing(monkeypatch):
    """A game whose ``hide`` returns the state itself: the core copies it before the
    expansion hides anything, so the table's state keeps every bid."""
    reg = Registry([("core", bots), ("sparks", sparks), ("sealed_plugin", sealing())])
    game = Game(reg, "sparks", players=2, seed=5, expansions=["sealed"])
    monkeypatch.setattr(game.rules, "hide", lambda state, seat: state)
    view = game.rules.view(game.state, 0)
    assert view is not game.state and view.deck == game.state.deck  # nothing of the game's hidden
    assert view.players[1].ext.sealed.bids == [HIDDEN_BID] * 3
    assert game.state.players[1].ext.sealed.bids == [11, 12, 13]
