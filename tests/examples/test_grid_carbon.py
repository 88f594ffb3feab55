"""The carbon tax (examples/turbine-grid-subsidy, ``carbon.py``): an expansion that keeps
its own data in the game's state and listens to Power Grid's fuel and income hooks.

Its records (``state.ext.carbon``, each ``player.ext.carbon``) must be the same after a
save is loaded and after an undo as they were when the game got there, and the state's
digest must change when they do.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip(
    "turbine_grid_subsidy.carbon",
    reason="the example expansions are not installed: pip install ./examples/turbine-grid-subsidy",
)

from turbine.core import Game, Seat, default_registry
from turbine.core.schema import game_schema
from turbine.core.testing import check_variant
from turbine_grid_subsidy import carbon

SEATS = [Seat("a", "greedy"), Seat("b", "greedy"), Seat("c", "greedy")]


def new_game(**options: int) -> Game:
    return Game(
        default_registry(),
        "power_grid",
        players=3,
        seed=11,
        seats=SEATS,
        expansions=["carbon"],
        options={"carbon": options} if options else {},
    )


def records(game: Game) -> tuple[carbon.Treasury, list[carbon.Account]]:
    state = game.state
    return carbon.treasury(state), [carbon.account(state, s) for s in range(len(state.players))]


def play_rounds(game: Game, rounds: int) -> list[tuple[int, bytes]]:
    """Greedy moves until ``rounds`` rounds are over; the records' JSON after every move."""
    bots = game.make_bots()
    seen = []
    while not game.is_over and game.rules.round_number(game.state) <= rounds:
        game.play(bots[game.to_move].choose(game.state, game.legal()))
        seen.append((len(game.log), game.rules.encode_state(game.state)))
    return seen


def test_the_records_are_typed_and_set_up_before_round_1():
    game = new_game()
    treasury, accounts = records(game)
    assert type(treasury) is carbon.Treasury and treasury.collected == 0
    assert accounts == [carbon.Account()] * 3
    plain = Game(default_registry(), "power_grid", players=3, seed=11)
    assert not hasattr(plain.state.ext, "carbon")  # only a game with the expansion has them


def test_the_tax_is_each_coal_token_burned_taken_from_the_income():
    game = new_game(rate=2)
    play_rounds(game, 4)
    treasury, accounts = records(game)
    assert sum(a.coal for a in accounts) > 0, "the greedy bots burned no coal: pick another seed"
    for account in accounts:
        assert account.due == 0  # taken with the income (rounds are over)
        assert account.paid <= 2 * account.coal
    assert treasury.collected == sum(a.paid for a in accounts)


def test_the_records_survive_save_load_and_undo(tmp_path):
    game = new_game()
    seen = play_rounds(game, 3)
    path = tmp_path / "carbon.json"
    game.save(str(path))
    loaded = Game.load(default_registry(), str(path))
    assert records(loaded) == records(game)
    assert type(carbon.treasury(loaded.state)) is carbon.Treasury
    assert loaded.rules.digest(loaded.state) == game.rules.digest(game.state)
    assert loaded.state == game.state
    # undo back to a move where tax had been paid: the records are as they were then
    paid_at = next(n for n, data in seen if json.loads(data)["ext"]["carbon"]["collected"])
    loaded.undo(len(loaded.log) - paid_at)
    assert loaded.rules.encode_state(loaded.state) == dict(seen)[paid_at]
    assert carbon.treasury(loaded.state).collected > 0


def test_the_digest_covers_the_records():
    game = new_game()
    play_rounds(game, 2)
    rules, state = game.rules, game.state
    before = rules.digest(state)
    copy = rules.clone(state)
    assert rules.digest(copy) == before and type(copy.ext.carbon) is carbon.Treasury
    carbon.account(copy, 0).paid += 1
    assert rules.digest(copy) != before
    assert rules.decode_state(rules.encode_state(copy)) == copy


def test_the_schema_shows_the_records():
    document = game_schema(default_registry(), "power_grid", ["carbon"])
    part = document["$defs"]["expansion_state"]["properties"]["carbon"]["properties"]
    assert part == {"shared": {"$ref": "#/$defs/Treasury"}, "seat": {"$ref": "#/$defs/Account"}}
    assert set(document["$defs"]["Account"]["properties"]) == {"coal", "due", "paid"}


def test_conformance_with_the_expansion():
    report = check_variant("power_grid", players=[2, 4], seeds=[0], expansions=["carbon"])
    assert report.games == 2
