"""The example expansion (examples/turbine-grid-subsidy) changes Power Grid through hooks only."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip(
    "turbine_grid_subsidy",
    reason="the example expansion is not installed: pip install ./examples/turbine-grid-subsidy",
)

from turbine.core import Game, Seat, default_registry
from turbine.core.testing import check_variant

SEATS = [Seat("a", "greedy"), Seat("b", "greedy"), Seat("c", "greedy")]


def play_to_first_unequal_round_end(expansions: list[str]) -> Game:
    """A greedy 3-player game on Russia, played until a round ends with unequal networks.

    Until then nobody qualifies for the subsidy, so the same moves are legal
    with and without the expansion.
    """
    game = Game(default_registry(), "power_grid", players=3, seed=11, seats=SEATS, expansions=expansions)
    bots = game.make_bots()
    while True:
        this_round = game.rules.round_number(game.state)
        while game.rules.round_number(game.state) == this_round:
            game.play(bots[game.to_move].choose(game.state, game.legal()))
        cities = [len(p.cities) for p in game.state.players]
        if min(cities) < max(cities):
            return game


def test_only_games_that_choose_it_hold_the_plugin():
    registry = default_registry()
    plain = {name for name, _ in registry.game_plugin_manager("power_grid").list_name_plugin()}
    chosen = {name for name, _ in registry.game_plugin_manager("power_grid", ["subsidy"]).list_name_plugin()}
    assert plain == {"power_grid"}
    assert chosen == {"power_grid", "grid_subsidy"}


@pytest.mark.parametrize(("options", "amount"), [({}, 5), ({"subsidy": {"amount": 8}}, 8)])
def test_fewest_cities_get_the_subsidy_after_bureaucracy(options, amount):
    base = play_to_first_unequal_round_end([])
    with_subsidy = Game(
        default_registry(),
        "power_grid",
        players=3,
        seed=11,
        seats=SEATS,
        expansions=["subsidy"],
        options=options,
    )
    for entry in base.log:  # the same moves: only the subsidy differs
        with_subsidy.play(with_subsidy.rules.action_from_data(entry.action))
    cities = [len(p.cities) for p in base.state.players]
    for seat, count in enumerate(cities):
        extra = amount if count == min(cities) else 0
        assert with_subsidy.state.players[seat].money == base.state.players[seat].money + extra


def test_conformance_with_the_expansion():
    report = check_variant("power_grid", players=[3], seeds=[0], expansions=["subsidy"])
    assert report.games == 1


def test_the_cli_shows_the_expansion(tmp_path):
    save = tmp_path / "g.json"
    cmd = [
        sys.executable,
        "-m",
        "turbine.cli",
        "new",
        "power_grid",
        "--with",
        "subsidy",
        "--seats",
        "human,greedy",
        "--out",
        str(save),
    ]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    shown = subprocess.run(
        [sys.executable, "-m", "turbine.cli", "show", str(save)], check=True, capture_output=True, text=True
    )
    assert "Catch-up subsidy: 5 Elektro" in shown.stdout


def test_expansion_options_are_checked_and_saved(tmp_path):
    from turbine.core import BadOptions

    with pytest.raises(BadOptions, match=r"option subsidy.amount: Input should be greater than or equal"):
        Game(
            default_registry(),
            "power_grid",
            players=3,
            seed=1,
            expansions=["subsidy"],
            options={"subsidy": {"amount": 0}},
        )
    with pytest.raises(BadOptions, match="unknown option subsidy"):
        Game(default_registry(), "power_grid", players=3, seed=1, options={"subsidy": {"amount": 3}})
    game = Game(
        default_registry(),
        "power_grid",
        players=3,
        seed=1,
        expansions=["subsidy"],
        options={"subsidy": {"amount": "7"}},
    )
    assert game.options["subsidy"] == {"amount": 7}
    path = tmp_path / "g.json"
    game.save(str(path))
    assert Game.load(default_registry(), str(path)).rules.options.subsidy.amount == 7


def test_expansion_option_through_the_cli(tmp_path):
    save = tmp_path / "g.json"
    cmd = [
        sys.executable,
        "-m",
        "turbine.cli",
        "new",
        "power_grid",
        "--with",
        "subsidy",
        "--option",
        "subsidy.amount=9",
        "--seats",
        "human,greedy",
        "--out",
        str(save),
    ]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    shown = subprocess.run(
        [sys.executable, "-m", "turbine.cli", "show", str(save)], check=True, capture_output=True, text=True
    )
    assert "Catch-up subsidy: 9 Elektro" in shown.stdout
