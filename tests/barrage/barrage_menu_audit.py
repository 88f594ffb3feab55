"""Every kind of Barrage decision as a player reads it: the question and its menu.

Not a test: ``python tests/barrage/barrage_menu_audit.py [games] [leeghwater]`` plays
that many seeded 4-player full games (default 6), most moves a greedy bot's and the rest
random, with the Leeghwater expansion when ``leeghwater`` is given, and prints for each
decision kind (``turn`` for a turn's placement) a few of the questions asked and a few
of the menus shown, each answer as :meth:`Rules.choice_text` shows it.  Answers shown by their notation alone
(no cost or effect) are counted per kind at the end: the list a reviewer reads to find
a menu that does not yet say what its choices cost and give.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from turbine.core import Game, default_registry
from turbine.plugins.barrage.bots import GreedyBot

MENUS_PER_KIND = 3
ANSWERS_PER_MENU = 8
GREEDY = 0.7
"""The share of moves the greedy bot chooses (the rest are random): enough to build
powerhouses and produce, enough chance to reach the rarer decisions."""


def decisions(expansions: tuple[str, ...], seeds: range) -> Iterator[tuple[Game, str, list[Any]]]:
    """Each decision of seeded 4-player full games as (game, kind, legal answers), the
    greedy bot choosing a :data:`GREEDY` share of the moves, random moves the rest."""
    for seed in seeds:
        g = Game(
            default_registry(),
            "barrage",
            players=4,
            seed=seed,
            options={"mode": "full"},
            expansions=expansions,
        )
        rnd = random.Random(seed)
        bots = [GreedyBot(g.rules, seat, seed) for seat in range(4)]
        while not g.is_over:
            legal = g.legal()
            pending = g.state.flow.pending
            yield g, (str(pending[-1].kind) if pending else "turn"), legal
            seat = g.to_move
            greedy = seat is not None and rnd.random() < GREEDY
            g.play(
                bots[seat].choose(g.rules.view(g.state, seat), legal)
                if greedy
                else legal[rnd.randrange(len(legal))]
            )


def audit(games: int, expansions: tuple[str, ...]) -> None:
    questions: dict[str, list[str]] = defaultdict(list)
    menus: dict[str, list[list[str]]] = defaultdict(list)
    bare: dict[str, set[str]] = defaultdict(set)
    for g, kind, legal in decisions(expansions, range(games)):
        rules = g.rules
        question = rules.question(g.state)
        if question not in questions[kind] and len(questions[kind]) < MENUS_PER_KIND:
            questions[kind].append(question)
        shown = [rules.choice_text(g.state, a) for a in legal]
        for action, text in zip(legal, shown, strict=True):
            if text in (rules.describe(action), rules.describe(action) + "  ()") and text != "skip":
                bare[kind].add(text)
        if len(menus[kind]) < MENUS_PER_KIND and shown not in menus[kind]:
            menus[kind].append(shown)
    for kind in sorted(menus):
        print(f"== {kind}")
        for question in questions[kind]:
            print(f"   ? {question}")
        for menu in menus[kind]:
            print("   ---")
            for text in menu[:ANSWERS_PER_MENU]:
                print(f"     {text}")
            if len(menu) > ANSWERS_PER_MENU:
                print(f"     … {len(menu) - ANSWERS_PER_MENU} more")
    print("\nAnswers shown by their notation alone:")
    for kind in sorted(bare):
        print(f"  {kind}: {len(bare[kind])} e.g. {', '.join(sorted(bare[kind])[:6])}")
    if not bare:
        print("  none")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 6
    audit(count, ("leeghwater",) if "leeghwater" in sys.argv[1:] else ())
