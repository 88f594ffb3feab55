"""Phrases the decisions' refusals and menus share (names of seats, costs, supplies)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import BLOCKED
from ..tables import NEUTRAL

if TYPE_CHECKING:
    from ..api import BarrageGame
    from ..state import State


def who(game: BarrageGame, state: State, seat: int) -> str:
    """A seat as its company's name (``seat N`` before the draft)."""
    company = game.company(state, seat)
    return company.name if company.id else f"seat {seat + 1}"


def owner_text(game: BarrageGame, state: State, owner: int, seat: int) -> str:
    """Whose a piece on the map is, as the player ``seat`` reads it."""
    if owner == seat:
        return "you"
    if owner == NEUTRAL:
        return "a neutral dam"
    if owner == BLOCKED:
        return "blocking engineers"
    return who(game, state, owner)


def needs_text(needs: tuple[tuple[int, int], ...]) -> str:
    """Machinery requirements, e.g. ``2 excavators + 1 mixers or 3 mixers``."""

    def one(e: int, m: int) -> str:
        parts = [f"{e} excavators" if e else "", f"{m} mixers" if m else ""]
        return " + ".join(p for p in parts if p) or "no machinery"

    return " or ".join(one(e, m) for e, m in needs)


def supply(state: State, seat: int) -> str:
    p = state.players[seat]
    return f"you have {p.excavators} excavators, {p.mixers} mixers and {p.credits} credits"


def site_kind(structure: int) -> str:
    """The kind of map space a structure goes on (base and elevation: a dam space)."""
    return ("dam", "dam", "conduit", "powerhouse")[structure]
