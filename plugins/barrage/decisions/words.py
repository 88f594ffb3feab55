"""Phrases the decisions' refusals and menus share (names of seats, costs, supplies)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import BLOCKED
from ..tables import AREAS, NEUTRAL, Part

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


def who(game: BarrageGame, state: State, seat: int) -> str:
    """A seat as its company's name (its player's name before the draft)."""
    company = game.company(state, seat)
    return company.name if company.id else game.player_name(seat)


def owner_text(game: BarrageGame, state: State, owner: int, seat: int) -> str:
    """Whose a piece on the map is, as the player ``seat`` reads it."""
    if owner == seat:
        return "you"
    if owner == NEUTRAL:
        return "a neutral dam"
    if owner == BLOCKED:
        return "blocking engineers"
    return who(game, state, owner)


def needs_text(needs: tuple[tuple[int, int], ...], short: bool = False) -> str:
    """Machinery requirements, e.g. ``2 excavators + 1 mixer or 3 mixers``; ``short``:
    ``2 exc + 1 mix or 3 mix``, for a menu of many choices in columns, as the action
    spaces' ``eng`` and ``cr``."""

    def one(e: int, m: int) -> str:
        if short:
            parts = [f"{e} exc" if e else "", f"{m} mix" if m else ""]
        else:
            parts = [
                f"{e} excavator{'s' if e != 1 else ''}" if e else "",
                f"{m} mixer{'s' if m != 1 else ''}" if m else "",
            ]
        return " + ".join(p for p in parts if p) or "no machinery"

    return " or ".join(one(e, m) for e, m in needs)


def supply(state: State, seat: int) -> str:
    p = state.players[seat]
    return f"you have {p.excavators} excavators, {p.mixers} mixers and {p.credits} credits"


def site_kind(structure: int) -> str:
    """The kind of map space a structure goes on (base and elevation: a dam space)."""
    return ("dam", "dam", "conduit", "powerhouse")[structure]


def reward_text(parts: tuple[Part, ...]) -> str:
    """A reward or income in words: ``2 credits + rotate 1``."""
    out = []
    for kind, amount, max_value, areas in parts:
        if kind in ("credits", "excavators", "mixers", "machinery", "energy"):
            out.append(f"{amount} {kind.removesuffix('s') if amount == 1 else kind}")
        elif kind == "vp":
            out.append(f"{amount} VP")
        elif kind == "rotate":
            out.append(f"rotate {amount}")
        elif kind == "water_flows":
            out.append(f"{amount} water (flows)")
        elif kind == "energy_contract":  # SY-8: energy that may fulfil a contract
            out.append(f"{amount} energy for a contract")
        elif kind == "water_delayed":
            out.append(f"{amount} water (phase 3)")
        elif kind.startswith("build_"):
            what = kind.removeprefix("build_")
            text = ("build an " if what == "elevation" else "build a ") + what
            if kind == "build_conduit" and max_value < 5:
                text += f" of value ≤{max_value}"
            if len(areas) < 3:
                text += " in the " + " or ".join(AREAS[a] + "s" for a in areas)
            out.append(text)
        else:
            out.append(f"{amount} {kind}")
    return " + ".join(out)


def contract_text(r: BarrageGame, contract: str) -> str:
    c = r.contracts[contract]
    return f"{contract} ({c.requirement}: {reward_text(c.reward)})"


OBJECTIVE_TEXT = {
    "red_frame_bases_and_powerhouses": "bases and powerhouses on red-framed spaces",
    "dams_linked_by_own_conduit_to_own_powerhouse": "dams linked by own conduits to own powerhouses",
    "structures_in_best_area": "structures in your strongest area",
    "structures_in_worst_area": "structures in your weakest area",
    "basins_with_1_structure": "basins with at least 1 structure",
    "basins_with_3_structures": "basins with at least 3 structures",
}
"""What each objective tile counts, in words (B-21.5): the board, the picture and the final
scoring say ``most …`` with it."""
