"""Power Grid's expansion hooks (plugins/power_grid/hookspecs.py): each is called at its
moment with the seat, plant, resources, cities and money the rules just dealt with.

A recording expansion plays greedy games; every call is checked against what the move
that caused it did to the state (P-4.5 plants bought, P-5 resources bought, P-7.2 fuel
burned, P-7.3 cities powered, P-7.5 income paid).
"""

from __future__ import annotations

import inspect
import types
from collections import defaultdict
from typing import Any

import pytest
from pg_helpers import k, new_state, to_phase_5
from turbine.core import ExpansionSpec, PluginInfo, Registry, Seat, hookimpl
from turbine.core import bots as core_bots
from turbine.core.session import Game
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid import hookspecs as hs
from turbine.plugins.power_grid import plugin
from turbine.plugins.power_grid.data_model import RESOURCES
from turbine.plugins.power_grid.plants import CITIES, FUEL, NEED, NUMBER
from turbine.plugins.power_grid.tables import income

HOOKS = ("plant_bought", "resources_bought", "fuel_burned", "cities_powered", "income_paid")


def recorder(calls: list[tuple[str, dict[str, Any]]]) -> types.SimpleNamespace:
    """An expansion ``recorder`` of Power Grid that notes every call of Power Grid's hooks."""

    def note(name: str, argnames: str) -> Any:
        namespace: dict[str, Any] = {"calls": calls}
        args = ", ".join(argnames.split())
        keep = ", ".join(f"{a!r}: {a}" for a in argnames.split()[2:])  # not rules, state
        exec(f"def {name}({args}):\n    calls.append(({name!r}, {{{keep}}}))\n", namespace)
        return hookimpl(namespace[name])

    @hookimpl
    def turbine_expansions() -> list[ExpansionSpec]:
        return [ExpansionSpec("recorder", "power_grid", "Recorder")]

    return types.SimpleNamespace(
        PLUGIN_INFO=PluginInfo("recorder_plugin", "1.0", ("power_grid",)),
        turbine_expansions=turbine_expansions,
        power_grid_plant_bought=note("power_grid_plant_bought", "rules state seat plant price"),
        power_grid_resources_bought=note(
            "power_grid_resources_bought", "rules state seat resource amount cost"
        ),
        power_grid_fuel_burned=note("power_grid_fuel_burned", "rules state seat plant burned"),
        power_grid_cities_powered=note("power_grid_cities_powered", "rules state seat cities capacity"),
        power_grid_income_paid=note("power_grid_income_paid", "rules state seat cities amount"),
    )


def test_every_hook_is_documented_with_its_arguments():
    specs = dict(inspect.getmembers(hs.PowerGridSpecs, inspect.isfunction))
    assert sorted(specs) == sorted(f"power_grid_{h}" for h in HOOKS)
    for name, fn in specs.items():
        assert "Called" in (inspect.getdoc(fn) or ""), name
        assert list(inspect.signature(fn).parameters)[:4] == ["self", "rules", "state", "seat"], name


@pytest.mark.parametrize(("game_map", "players", "seed"), [("russia", 3, 2), ("japan", 4, 5)])
def test_each_call_reports_what_the_move_did(game_map: str, players: int, seed: int):
    calls: list[tuple[str, dict[str, Any]]] = []
    registry = Registry([("core", core_bots), ("power_grid", plugin), ("recorder_plugin", recorder(calls))])
    seats = [Seat(f"bot {i + 1}", "greedy") for i in range(players)]
    game = Game(
        registry,
        "power_grid",
        players=players,
        seed=seed,
        options={"map": game_map},
        expansions=["recorder"],
        seats=seats,
    )
    bots = game.make_bots()
    seen: dict[str, int] = defaultdict(int)
    while not game.is_over:
        before = [(p.money, list(p.res), list(p.plants)) for p in game.state.players]
        action = bots[game.to_move].choose(game.state, game.legal())
        del calls[:]
        game.play(action)
        check_move(game, action, before, calls)
        for name, _ in calls:
            seen[name] += 1
    assert set(seen) == {f"power_grid_{h}" for h in HOOKS}, seen


def check_move(game: Game, action: Any, before: list[Any], calls: list[tuple[str, dict[str, Any]]]) -> None:
    """Every call made while ``action`` was played agrees with what it changed."""
    state = game.state
    spent: dict[int, int] = defaultdict(int)  # Elektro each call says a seat paid (-) or got (+)
    burned: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for name, args in calls:
        seat = args["seat"]
        player = state.players[seat]
        if name == "power_grid_plant_bought":  # P-4.5: paid, and the plant is the seat's
            assert args["plant"] in [NUMBER[p] for p in player.plants]
            assert args["price"] >= args["plant"] or args["plant"] == 33  # P-4.3: bids start at the number
            spent[seat] -= args["price"]
        elif name == "power_grid_resources_bought":  # P-5: the token bought, at its price
            assert type(action) is A.Buy and action.resource == args["resource"] and args["amount"] == 1
            r = RESOURCES.index(args["resource"])
            assert player.res[r] == before[seat][1][r] + 1
            spent[seat] -= args["cost"]
        elif name == "power_grid_fuel_burned":  # P-7.2: what this plant needs, of what it takes
            plant = next(p for p in player.plants if NUMBER[p] == args["plant"])
            assert plant in player.plants
            assert sum(args["burned"].values()) == NEED[plant]
            if FUEL[plant] < 4:
                assert args["burned"] == {RESOURCES[FUEL[plant]]: NEED[plant]}
            elif FUEL[plant] == 4:
                assert set(args["burned"]) <= {"coal", "oil"}
            for kind, n in args["burned"].items():
                burned[seat][RESOURCES.index(kind)] += n
        elif name == "power_grid_cities_powered":  # P-7.3
            assert args["cities"] == player.powered == min(args["capacity"], len(player.cities))
        elif name == "power_grid_income_paid":  # P-7.5
            assert args["amount"] == income(args["cities"]) and args["cities"] == player.powered
            spent[seat] += args["amount"]
    for seat, player in enumerate(state.players):
        if type(action) not in (A.Build, A.Start):  # building costs money, with no hook of its own
            assert player.money - before[seat][0] == spent[seat], (seat, calls)
        if any(name == "power_grid_fuel_burned" for name, _ in calls):
            used = [b - a for a, b in zip(player.res, before[seat][1], strict=True)]
            assert used == burned[seat], (seat, calls)


def test_a_mix_for_two_hybrids_is_shared_in_plant_order_coal_first():
    """P-7.2: plants 5 and 12 (2 coal/oil each) burn 3 coal and 1 oil together: plant 5 is
    reported with 2 coal, plant 12 with the last coal and the oil."""
    r, s = new_state(players=3, seed=1, map="russia")
    to_phase_5(r, s)
    calls: list[tuple[int, dict[str, int]]] = []
    r.on_fuel_burned = lambda **kw: calls.append((kw["plant"], kw["burned"]))
    seat = r.to_move(s)
    me = s.players[seat]
    me.plants, me.res = [k(5), k(12)], [3, 1, 0, 0]
    assert NEED[k(5)] + NEED[k(12)] == 4 and CITIES[k(5)] + CITIES[k(12)] == 3
    r.apply(s, A.Power((k(5), k(12))))
    assert calls == [(5, {"coal": 2}), (12, {"coal": 1, "oil": 1})]
    assert me.res == [0, 0, 0, 0]


def test_a_plant_without_fuel_reports_an_empty_burn():
    """P-7.2: an ecological plant runs without tokens; it is reported with nothing burned."""
    r, s = new_state(players=3, seed=1, map="russia")
    to_phase_5(r, s)
    calls: list[tuple[int, dict[str, int]]] = []
    r.on_fuel_burned = lambda **kw: calls.append((kw["plant"], kw["burned"]))
    seat = r.to_move(s)
    eco = next(p for p in sorted(FUEL) if FUEL[p] == 5)
    s.players[seat].plants = [eco]
    r.apply(s, A.Power((eco,)))
    assert calls == [(NUMBER[eco], {})]
