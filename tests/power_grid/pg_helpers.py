"""Helpers for the Power Grid rule tests: build games and states quickly."""

from __future__ import annotations

from turbine.core import bots as core_bots
from turbine.core.plugins import Registry
from turbine.core.rng import Rng
from turbine.plugins.power_grid import actions as A
from turbine.plugins.power_grid import plugin
from turbine.plugins.power_grid.data_model import MapData, members
from turbine.plugins.power_grid.game import PowerGrid
from turbine.plugins.power_grid.maps import INF, all_pairs
from turbine.plugins.power_grid.options import PowerGridOptions

REGISTRY = Registry([("core", core_bots), ("power_grid", plugin)])


def rules(players: int = 4, **options) -> PowerGrid:
    return PowerGrid(PowerGridOptions(**options), players, None)


def k(number: int) -> int:
    """Sort key of plant ``number``."""
    return 3 * number


def act(r: PowerGrid, state, text: str) -> None:
    """Apply the legal move whose notation is ``text``."""
    r.apply(state, r.parse(text, state))


def notations(r: PowerGrid, state) -> list[str]:
    return [r.describe(a) for a in r.legal_actions(state)]


def random_playout(r: PowerGrid, state, seed: int, limit: int | None = None) -> int:
    rng = Rng.from_seed(seed, 99)
    n = 0
    while r.to_move(state) is not None and (limit is None or n < limit):
        legal = r.legal_actions(state)
        r.apply(state, legal[rng.below(len(legal))], legal)
        n += 1
    return n


def default_choice(r: PowerGrid, state):
    """A dull but legal policy: pass or open the cheapest plant at its number, drop out,
    buy nothing, build nothing, power nothing."""

    legal = r.legal_actions(state)
    for a in legal:
        if type(a) in (A.Pass, A.DropOut, A.Done):
            return a
    opens = [a for a in legal if type(a) is A.OpenAuction]
    if opens:
        return min(opens, key=lambda a: (a.plant, a.bid))
    powers = [a for a in legal if type(a) is A.Power]
    if powers:
        return powers[0]
    return legal[0]


def play_until(r: PowerGrid, state, phase: str, round_: int | None = None, limit: int = 10_000) -> None:
    """Play the dull policy until ``phase`` (of ``round_``) is reached with a decision pending."""
    for _ in range(limit):
        if r.phase_name(state) == phase and (round_ is None or state.flow.round == round_):
            return
        r.apply(state, default_choice(r, state))
    raise AssertionError("phase not reached")


def new_state(players: int = 4, seed: int = 1, **options):
    r = rules(players, **options)
    return r, r.initial_state(seed)


def is_reachable(m: MapData, allowed: int) -> bool:
    """Every city of the play area ``allowed`` reaches every other inside it, by the rules'
    own link table (``maps.all_pairs``): no cost inside the area is infinite."""
    cities = members(allowed)
    table = all_pairs(m, allowed)
    return all(table[a][b] < INF for a in cities for b in cities)


REGIONS = ["pink", "green", "brown", "purple"]
"""Four connected Russian regions the table-view tests play in."""


def to_phase_5(r, s) -> None:
    """Round 1 played so that every player has a plant, two tokens and a city: the
    dull policy to Phase 3, then each buys what it can up to two tokens and builds once."""
    play_until(r, s, "resources")
    while r.phase_name(s) == "resources":
        seat = r.to_move(s)
        buys = [a for a in r.legal_actions(s) if isinstance(a, A.Buy)]
        r.apply(s, buys[0] if buys and sum(s.players[seat].res) < 2 else A.DONE)
    while r.phase_name(s) == "building":
        seat = r.to_move(s)
        builds = [a for a in r.legal_actions(s) if isinstance(a, A.Build)]
        r.apply(s, builds[0] if builds and not s.players[seat].cities else A.DONE)
    assert r.phase_name(s) == "bureaucracy" and s.flow.round == 1
