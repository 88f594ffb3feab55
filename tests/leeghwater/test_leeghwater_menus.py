"""Leeghwater's decisions at the table: each question in words, each answer with what it
chooses, costs and gives after the notation the player types (the text shown parses
back to the answer), and the turn screen still fits 45 lines of 100 columns."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

from rich.console import Console
from turbine.cli import screen
from turbine.core import Game, default_registry
from turbine.plugins.barrage.bots import GreedyBot

SEEDS = range(8)
"""Enough seeded games to meet the dike, the Design Bureau, the Research Centre and
the architect (the test says which it met)."""


def decisions(seeds: range = SEEDS) -> Iterator[tuple[Game, str]]:
    """Every decision of seeded 4-player full games with the expansion: the greedy bot
    plays most moves (it builds and uses private buildings), random moves the rest."""
    for seed in seeds:
        g = Game(
            default_registry(),
            "barrage",
            players=4,
            seed=seed,
            options={"mode": "full"},
            expansions=("leeghwater",),
        )
        rnd = random.Random(seed)
        bots = [GreedyBot(g.rules, seat, seed) for seat in range(4)]
        while not g.is_over:
            pending = g.state.flow.pending
            yield g, str(pending[-1].kind) if pending else "turn"
            legal = g.legal()
            seat = g.to_move
            greedy = rnd.random() < 0.7
            g.play(
                bots[seat].choose(g.rules.view(g.state, seat), legal)
                if greedy
                else legal[rnd.randrange(len(legal))]
            )


def shown(g: Game) -> list[tuple[object, str, str]]:
    """(answer, notation part, words) of each legal answer, ``skip`` included."""
    out = []
    for action in g.legal():
        text = g.rules.choice_text(g.state, action)
        notation, _, words = text.partition("  (")
        out.append((action, notation, words.removesuffix(")")))
    return out


def check(g: Game, kind: str) -> None:
    """The words of each answer of ``kind`` agree with the state (L-8.1, L-8.2, L-8.3, L-12.4)."""
    state = g.state
    seat = g.to_move
    assert seat is not None
    player = state.players[seat]
    board = g.rules.board
    caps = g.rules.capacities(state)
    for action, notation, words in shown(g):
        assert words, f"{kind}: {notation} says nothing of its cost or effect"
        assert g.rules.parse(notation, state) == action  # the text shown is the text accepted
        if kind == "lw_dam":  # L-8.1: one marker placed, within the capacity
            d = board.site_index[action.site][1]
            held = state.dam_water[d]
            assert words.endswith(f"Z-{board.dams[d].zone}: water {held} → {held + 1} of {caps[d]}"), words
            assert held + 1 <= caps[d]
        elif kind == "lw_sector":  # L-8.2: the tile of that sector, its machinery stays
            i = int(action.arg)
            assert words.startswith(f"tile {player.wheel_tile[i]} back to your supply, "), words
        elif kind == "lw_half":  # L-8.3: half the units, rounded down, in the mix chosen
            i, e = (int(x) for x in action.arg.split(":"))
            half = (player.wheel_exc[i] + player.wheel_mix[i]) // 2
            back = re.search(r": (\d+) excavators? \+ (\d+) mixers? back now$", words)
            assert back is not None, words
            assert (int(back[1]), int(back[2])) == (e, half - e)
        elif kind == "lw_architect" and notation == "skip":  # L-12.4.2: declined, he stays
            assert words == "the engineer placed was an ordinary one: the architect stays for this round"
        elif kind == "lw_architect":  # L-12.4.2
            assert words == "another turn now; the architect is spent until next round"


def screen_lines(g: Game) -> list[str]:
    out = io.StringIO()
    screen.decision(g, Console(file=out, width=100, force_terminal=False))
    return out.getvalue().splitlines()


def test_the_expansion_decisions_say_what_is_chosen_its_cost_and_effect():
    met: set[str] = set()
    questions: dict[str, str] = {}
    for g, kind in decisions():
        check(g, kind)  # every kind, the turn's placements (``x build …``) included
        if kind.startswith("lw_"):
            met.add(kind)
            questions[kind] = g.rules.question(g.state)
    assert {"lw_dam", "lw_sector", "lw_half", "lw_architect", "lw_tile", "lw_pay"} <= met
    assert questions["lw_dam"] in (
        "which dam gets 1 water, placed (Protective Dike, L-8.1)",
        "which other own dam gets 1 water, placed (Netherlands, L-11.3)",
    )
    assert questions["lw_sector"] == "which wheel tile returns to your supply (Design Bureau, L-8.2)"
    assert questions["lw_half"] == "half a wheel sector's machinery back (Research Centre, L-8.3)"
    assert questions["lw_architect"] == "whether the architect takes another turn now (L-12.4.2)"
    assert re.fullmatch(r"which tile builds [A-Z][\w ]+ \(L-6\.2\)", questions["lw_tile"])


def test_the_turn_screen_fits_at_the_expansion_decisions():
    """Every Leeghwater decision, and the construction and production steps, of 4-player games."""
    watched = ("lw_", "structure", "site", "tile", "pay", "produce", "amount", "free_site", "water")
    seen = 0
    for g, kind in decisions(range(4)):
        if not kind.startswith(watched):
            continue
        seen += 1
        lines = screen_lines(g)
        assert len(lines) <= screen.SCREEN_LINES, "\n".join(lines)
        assert max(len(line) for line in lines) <= 100, "\n".join(lines)
    assert seen > 50
