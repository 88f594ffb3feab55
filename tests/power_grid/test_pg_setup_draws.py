"""Power Grid's setup draws chosen at game creation (options player_order, deck_order)."""

from __future__ import annotations

import msgspec
import pytest
from pg_helpers import REGISTRY, k
from turbine.core import BadOptions, Game
from turbine.core.testing import make_game
from turbine.plugins.power_grid.state import STEP3


def new_game(seed: int = 1, **options):
    return make_game(
        "power_grid", players=3, seed=seed, options={"map": "russia", **options}, registry=REGISTRY
    )


def _rest(state, *fields):
    data = {f: v for f, v in msgspec.structs.asdict(state).items() if f not in fields}
    return msgspec.json.encode(msgspec.to_builtins(data))


def test_player_order_chosen_changes_nothing_else():
    """P-2.4: the first order is the chosen one; the rest is drawn as without the option."""
    plain = new_game()
    chosen = new_game(player_order=[3, 1, 2])
    assert chosen.state.order == [2, 0, 1] and chosen.to_move == 2
    assert _rest(chosen.state, "order", "flow") == _rest(plain.state, "order", "flow")


def test_deck_order_chosen_is_drawn_in_that_order():
    """P-2.10: 13 stays face down on top (P-2.9), the chosen deck under it, the Step 3 card
    at the bottom; the plants left out are the unseen removals (P-2.11)."""
    plain = new_game()
    deck = [c // 3 for c in reversed(plain.state.deck) if c != STEP3][1:]  # under the 13
    head = plain.rules.map.deck.seed_depth + 2  # where U-2 (d) shuffles in 10 and 11
    order = deck[:head][::-1] + deck[head:][::-1]
    chosen = new_game(deck_order=order)
    top_first = list(reversed(chosen.state.deck))
    assert top_first[0] == k(13) and top_first[-1] == STEP3
    assert top_first[1:-1] == [k(n) for n in order]
    assert chosen.state.unseen_removed == plain.state.unseen_removed
    assert _rest(chosen.state, "deck") == _rest(plain.state, "deck")


def test_a_chosen_game_saves_and_replays(tmp_path):
    plain = new_game()
    deck = [c // 3 for c in reversed(plain.state.deck) if c != STEP3][1:]
    g = new_game(deck_order=[deck[1], deck[0], *deck[2:]], player_order=[2, 3, 1])
    g.play(g.legal()[0])
    path = tmp_path / "g.json"
    g.save(str(path))
    again = Game.load(REGISTRY, str(path))
    assert again.rules.digest(again.state) == g.rules.digest(g.state)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"player_order": [1, 1, 2]}, "option player_order: give each seat 1–3 once"),
        ({"deck_order": [3]}, "option deck_order: plant 3 is not in the deck's stack"),
        (
            {"deck_order": [3, 3]},
            "option deck_order: plant 3 is not in the deck's stack; plant 3 is given 2 times",
        ),
        ({"deck_order": [20, 20]}, "plant 20 is given 2 times"),
        ({"deck_order": [20]}, r"give the deck's \d+ plants, top first \(1 given\): the stack's other "),
        (
            {"deck_order": [20]},
            r"plant 10 and plant 11 are set under plant 13 at setup \(U-2, deck_seeding\): give them "
            r"among the deck's first \d+",
        ),
    ],
)
def test_impossible_draws_are_refused(options, message):
    with pytest.raises(BadOptions, match=message):
        new_game(**options)


def test_seeded_plants_stay_where_u_2_shuffles_them():
    """U-2 (d): 10 and 11 are shuffled into the top of the deck; a deck that puts them at
    the bottom is not one the setup can make."""
    plain = new_game()
    deck = [c // 3 for c in reversed(plain.state.deck) if c != STEP3][1:]
    low = [n for n in deck if n not in (10, 11)] + [10, 11]
    with pytest.raises(
        BadOptions, match=r"plant 10 and plant 11 are set .*: give them among the deck's first 5$"
    ):
        new_game(deck_order=low)
