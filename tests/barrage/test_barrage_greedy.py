"""The greedy Barrage bot's values of the management board's spaces (plugins/barrage/bots.py).

Search bots play their rollouts with this bot; these pin how it ranks the spaces, so that
a faster way of scoring them keeps every choice."""

from __future__ import annotations

import pytest
from turbine.core import Game, Seat, default_registry
from turbine.plugins.barrage.actions import Bank, Place


@pytest.fixture
def game():
    """A 4-player full game at its start, and seat 1's greedy bot."""
    registry = default_registry()
    g = Game(registry, "barrage", players=4, seed=0, seats=[Seat(f"b{i}", "random") for i in range(4)])
    bot = registry.bot("greedy", "barrage").factory(g.rules, 0, 0)
    return g.rules, g.rules.initial_state(0), bot


@pytest.mark.parametrize(
    ("space", "expected"),
    [
        ("TS1L", 56),  # production: 50 + 3 × modifier (+2) − credits (0)
        ("TS1R", 53),  # ... 3 credits on the right
        ("TS3L", 50),
        ("TS5L", 44),  # modifier −2
        ("MS1L", 10),  # machinery: 12 − credits (2)
        ("MS3R", 4),  # 12 − 8
        ("WM1L", 5),  # the rest: 5 − credits
        ("WM1R", 2),
        ("WS3R", -3),  # 5 − 8
    ],
)
def test_spaces_of_a_fixed_value(game, space, expected):
    _, s, bot = game
    assert bot._score(s, Place(space)) == expected
    assert bot.fixed[space] == expected  # valued once, for every turn
    assert bot.choose(s, [Bank(12), Place(space)]) == Place(space)  # the Bank with 12 engineers: -9


def test_contract_and_patent_spaces_depend_on_the_seat(game):
    r, s, bot = game
    me = s.players[0]
    assert "CO1L" not in bot.fixed and "PO1" not in bot.fixed
    assert bot._score(s, Place("CO1R")) == 20  # fewer than 3 contracts held
    me.contracts = list(r.contracts)[:3]
    assert bot._score(s, Place("CO1R")) == 1
    me.credits = 7  # the Patent Office costs 5: it wants 3 more to spare
    assert bot._score(s, Place("PO1")) == 1
    me.credits = 8
    assert bot._score(s, Place("PO1")) == 26  # no advanced tile yet: 26 − 4 × 0


def test_the_choice_is_a_best_valued_move(game):
    _, s, bot = game
    legal = [Place("WM1L"), Place("MS1L"), Place("TS2L"), Place("TS1R"), Place("CO1L"), Bank(1)]
    # TS2L (50 + 3 × 1) and TS1R (50 + 3 × 2 − 3) are both worth 53; the bot's draw breaks the tie
    chosen = {bot.choose(s, legal) for _ in range(40)}
    assert chosen == {Place("TS2L"), Place("TS1R")}
