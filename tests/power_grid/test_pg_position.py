"""Power Grid positions set up with the builder: what it sets, what it refuses, and that
the game plays on from there (turbine.core.position, plugins/power_grid/position.py)."""

from __future__ import annotations

import pytest
from pg_helpers import REGISTRY, k
from turbine.core import BadPosition
from turbine.core.testing import make_game, position
from turbine.plugins.power_grid.position import PowerGridPosition, power_grid_position
from turbine.plugins.power_grid.state import STEP3


def new_game(players: int = 3, seed: int = 1, bots: str | None = None):
    return make_game(
        "power_grid", players=players, seed=seed, options={"map": "russia"}, registry=REGISTRY, bots=bots
    )


def moves(g) -> list[str]:
    return [g.rules.describe(a) for a in g.legal()]


def test_the_builder_comes_from_the_game_and_an_untouched_position_builds_the_same_game():
    g = new_game()
    before, legal = g.rules.digest(g.state), moves(g)
    pos = position(g)
    assert isinstance(pos, PowerGridPosition)
    assert pos.build() is g and g.rules.digest(g.state) == before and moves(g) == legal


def test_market_and_deck_order_are_chosen_and_the_replacement_is_the_chosen_top_card():
    """P-2.7 market, P-2.10 deck; P-4.7: the plant bought is replaced by the deck's top card."""
    g = new_game()
    s = g.state
    cards = sorted(s.market + [c for c in s.deck if c != STEP3])
    numbers = [c // 3 for c in cards if c % 3 == 0]
    market, deck = numbers[:8], numbers[8:]
    deck = [deck[-1], *deck[:-1]]  # the highest plant on top
    g = power_grid_position(g).market(*market).deck(*deck).build()
    assert g.state.market == sorted(k(n) for n in market) and g.state.deck[-1] == k(deck[0])
    g.play(g.find(f"auction {market[0]} bid {market[0]}"))
    while g.state.auction is not None:
        g.play(g.find("drop out"))
    assert k(market[0]) in [p for pl in g.state.players for p in pl.plants]
    assert k(deck[0]) in g.state.market  # drawn to replace it (P-4.7)


def test_plants_fuel_houses_and_money_are_set():
    g = new_game()
    city = g.rules.city_names[g.state.in_play[0]]
    pos = power_grid_position(g)
    pos.seat(0).money(7).plants(4, 13, take=True).fuel(coal=3).houses(city)
    g = pos.build()
    me = g.state.players[0]
    assert me.money == 7 and me.plants == [k(4), k(13)] and me.res == [3, 0, 0, 0]
    assert g.state.houses[g.state.in_play[0]] == (0,) and me.cities == [g.state.in_play[0]]
    assert k(4) not in g.state.market
    assert [sum(x) for x in zip(g.state.resources, g.state.reserve, strict=True)] == [
        21,
        24,
        24,
        12,
    ]  # 3 coal held


def test_refusal_names_every_problem_and_leaves_the_game_unchanged():
    g = new_game()
    before = g.rules.digest(g.state)
    outside = next(c for c in range(len(g.rules.city_names)) if not g.state.allowed >> c & 1)
    pos = power_grid_position(g)
    pos.seat(0).plants(3, 4).fuel(coal=9).houses(g.rules.city_names[outside]).money(-1)
    pos.resources(coal=30)
    with pytest.raises(BadPosition) as refused:
        pos.build()
    problems = refused.value.problems
    assert "plant 3 is both in seat 0's plants and in the plant market" in problems  # P-2.7
    assert f"{g.rules.city_names[outside]} has houses but is not in the regions in play (P-2.2)" in problems
    assert "seat 0 has -1 Elektro" in problems
    assert "the market holds 30 coal; its track has 24 spaces (T-5)" in problems
    assert "seat 0's tokens do not fit on its plants (P-5.3)" in problems
    assert g.rules.digest(g.state) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p, g: p.market(*[c // 3 for c in g.state.market[1:]]), "1 plant cards are nowhere"),
        (lambda p, g: p.deck(1000), "plant 1000 is not a plant of this game"),
        (
            lambda p, g: p.seat(0).plants(20, 25, 30, 35, take=True),
            "seat 0 has 4 plants; the most is 3 (T-2)",
        ),
        (lambda p, g: p.seat(0).fuel(uranium=13, from_market=True), "the market holds -"),
        (
            lambda p, g: (
                p.seat(0)
                .houses(g.rules.city_names[g.state.in_play[0]])
                .seat(1)
                .houses(g.rules.city_names[g.state.in_play[0]])
            ),
            f"{'{city}'} has 2 houses; Step 1 opens 1 spaces there (P-6.2)",
        ),
        (  # P-6.8: a player never connects the same city twice (it cited P-6.2, the spaces)
            lambda p, g: p.seat(0).houses(*[g.rules.city_names[g.state.in_play[0]]] * 2),
            f"{'{city}'} has two houses of one seat (P-6.8)",
        ),
    ],
)
def test_inconsistent_positions_are_refused(change, message):
    g = new_game()
    pos = power_grid_position(g)
    change(pos, g)
    message = message.replace("{city}", g.rules.city_names[g.state.in_play[0]])
    with pytest.raises(BadPosition) as refused:
        pos.build()
    assert any(p.startswith(message) for p in refused.value.problems), refused.value.problems


def test_bots_finish_the_game_from_a_built_position_with_every_check_holding():
    """After the build, greedy bots play to the end; after every move the builder's checks
    hold (plant conservation, tokens in the box, houses per city and Step), apart from the
    plant limit while a discard is due (P-4.9)."""
    g = new_game(players=3, seed=4, bots="greedy")
    cities = [g.rules.city_names[c] for c in g.state.in_play[:2]]
    g = (
        power_grid_position(g)
        .seat(1)
        .money(80)
        .plants(10, take=True)
        .fuel(coal=2, from_market=True)
        .houses(*cities)
        .build()
    )
    bots = g.make_bots()
    played = 0
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        g.play(bots[seat].choose(g.state, g.legal()))
        played += 1
        problems = power_grid_position(g).problems()
        if g.state.flow.pending and g.state.flow.pending[-1].kind == "discard":
            problems = [p for p in problems if "(T-2)" not in p]
        assert problems == [], f"after move {played}"
    assert played > 30 and g.rules.winner(g.state)
