"""Where a longer search leaves the greedy bot's move: ``mcts`` at two iteration budgets on
the same Power Grid positions, each answer compared with the greedy bot's own.

    python docs/strength/deviation.py 2 170,560 150   # players, budgets, positions
    python docs/strength/deviation.py 4 90,300 100

The positions are every seventh decision with more than one legal move of greedy-only
games on Russia (seeds 5000 onwards, as many games as it takes); position *i* is searched
with seed 77 + *i*.  An iteration budget makes the moves reproducible, so the output is
the same on any machine; the budgets above are about what 0.3 s and 1 s a decision give
on a 2-core machine (docs/bots.md, "Strength").  Prints, per budget, how many answers
differ from the greedy bot's, by the kind of move the greedy bot made.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from turbine.cli.common import registry
from turbine.core import Game, Seat
from turbine.core.mcts import MctsBot, MctsOptions


def positions(players: int, count: int) -> tuple[Any, list[tuple[Any, int, Any, list[Any]]]]:
    """The rules, and ``count`` positions: (state, seat to move, greedy's move, legal moves)."""
    reg = registry()
    seats = [Seat(f"Greedy bot {i + 1}", "greedy") for i in range(players)]
    game = Game(reg, "power_grid", players=players, seed=0, options={"map": "russia"}, seats=seats)
    rules = game.rules
    greedy = reg.bot("greedy", game.spec.id).factory
    out: list[tuple[Any, int, Any, list[Any]]] = []
    seed = 5000
    while len(out) < count:
        state = rules.initial_state(seed)
        bots = [greedy(rules, seat, seed) for seat in range(players)]
        decision = 0
        while (seat := rules.to_move(state)) is not None:
            legal = rules.legal_actions(state)
            move = bots[seat].choose(rules.view(state, seat), legal)
            if len(legal) > 1 and decision % 7 == 0:
                out.append((rules.clone(state), seat, move, legal))
            decision += 1
            rules.apply(state, move, legal)
        seed += 1
    return rules, out[:count]


def main() -> None:
    players, budgets, count = int(sys.argv[1]), [int(b) for b in sys.argv[2].split(",")], int(sys.argv[3])
    rules, found = positions(players, count)
    for budget in budgets:
        differ: Counter[str] = Counter()
        seen: Counter[str] = Counter()
        for i, (state, seat, greedy_move, legal) in enumerate(found):
            bot = MctsBot(rules, seat, 77 + i, MctsOptions(iterations=budget))
            kind = type(greedy_move).__name__
            seen[kind] += 1
            differ[kind] += bot.choose(rules.clone(state), legal) != greedy_move
        kinds = ", ".join(f"{kind} {differ[kind]}/{seen[kind]}" for kind in sorted(seen))
        print(f"{budget} playouts: {sum(differ.values())} of {count} differ ({kinds})")


if __name__ == "__main__":
    main()
